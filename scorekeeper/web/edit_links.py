"""Edit links (a game's, a table's): the page that takes one (the address is made by
``scorekeeper/addresses.py``), and the header that keeps both out of every cache. The games, tables and API blueprints use
these; the token a browser keeps lives in ``scorekeeper.web.remembered``."""
from __future__ import annotations

from flask import abort, flash, make_response, redirect, request
from flask_babel import lazy_gettext as _l
from wtforms import StringField, SubmitField
from wtforms.validators import DataRequired, Length

from .forms import PageForm


class EditLinkForm(PageForm):
    """The edit token, posted by the edit link's page (it reads it from the link's ``#token=``
    part, which browsers never send to a server) or pasted by hand: the whole link or the token."""

    token = StringField(_l("Edit link or token"), validators=[DataRequired(_l("Paste the edit link or its token.")),
                                                                Length(max=400)])
    submit = SubmitField(_l("Keep score on this phone"))

    def edit_token(self) -> str:
        value = (self.token.data or "").strip()
        return value.rsplit("token=", 1)[-1].split("&")[0] if "token=" in value else value


def no_store(response):
    """A page that holds an edit token (or takes one) is kept by no cache: not the browser's, not
    a proxy's, not the service worker's (static/sw.js stores no ``no-store`` answer)."""
    response = make_response(response)
    response.headers["Cache-Control"] = "no-store"
    return response


def take_edit_link(matches, keep, opened: str, joined: str, invalid: str, page):
    """An edit link's page (a game's or a table's): the token comes posted (read after ``#`` by
    static/js/edit_link.js, or pasted) or, from an older link, as ``?token=``; if it ``matches``,
    ``keep`` it and go to ``opened``; else show the ``page`` again with ``invalid``. Never stored."""
    form = EditLinkForm()
    token = request.args.get("token") if request.method == "GET" else None
    if token is None and form.validate_on_submit():
        token = form.edit_token()
    if token is not None:
        if matches(token):
            keep(token)
            flash(joined, "ok")
            return no_store(redirect(opened))
        if request.method == "GET":
            abort(403, invalid)
        form.token.errors = [invalid]
    form.token.data = ""  # (a wrong token is not shown back)
    status = 403 if form.token.errors else 400 if form.errors else 200
    return no_store(make_response(page(form), status))
