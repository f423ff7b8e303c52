"""Views of the house variant pages: the form (new and edit), share, QR code, TOML, import."""
from __future__ import annotations

from importlib import resources

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.rules import house as rules_house
from scorekeeper.rules.errors import RulesInputError
from scorekeeper.rules.variants import Variant, get_variant
from scorekeeper.services import house, house_import
from scorekeeper.services.errors import Conflict, ServiceError

from .. import remembered
from ..qr import qr_response
from .. import access
from .. import table_access as tables_access
from scorekeeper.rules import house_settings

from .forms import (MAX_ROUNDS, POINT_KEYS, POINT_LABELS, HouseForm, ImportForm, changes_from_form, hint_words,
                    input_for, label_of, values_of)

bp = Blueprint("house", __name__)


def _variant_or_404(variant_id: str) -> Variant:
    try:
        return house.find_variant(variant_id)
    except RulesInputError as err:
        abort(404, _("Variant: %(error)s", error=err.message))


def _form_page(form: HouseForm, base: Variant, start: Variant, values: dict[str, str], errors: dict[str, list[str]],
               preview: Variant | None, row=None, status: int = 200, table=None):
    shown = preview or start
    diffs = rules_house.differences(base, shown) if shown is not base else []
    base_values = values_of(base)
    rounds_shown = max([len(base.rounds), len(shown.rounds) + 1] +
                       [i for i in range(1, MAX_ROUNDS + 1) if values.get(f"rounds-{i}-sets", "0") not in ("0", "")
                        or values.get(f"rounds-{i}-runs", "0") not in ("0", "")])
    return render_template(
        "house/form.html", form=form, base=base, start=start, values=values, base_values=base_values,
        errors=errors, diffs=diffs, summary=rules_house.describe_differences(base, shown) if diffs else None,
        preview=preview, row=row, sections=house_settings.sections_for(base.kind), rows=house_settings.rows,
        point_keys=POINT_KEYS, point_labels=POINT_LABELS, rounds_shown=min(rounds_shown, MAX_ROUNDS), max_rounds=MAX_ROUNDS,
        label_of=label_of, hint_words=hint_words(), table=table), status


def _submitted(form: HouseForm, base: Variant, row=None, table=None):
    """Check the inputs; save when asked. Returns (preview variant or None, errors, saved row or None)."""
    parsed = changes_from_form(request.form, base)
    errors = dict(parsed.errors)
    if errors:
        return None, errors, None
    name = form.name.data
    try:
        preview = rules_house.apply_all_rules(base, parsed.changes, id=row.id if row else "h-preview", name=name)
    except RulesInputError as err:
        where = input_for(err.field, values_of(base))
        errors.setdefault(where, []).append(_("%(field)s: %(error)s", field=label_of(where) if where != "_form" else err.field,
                                             error=err.message))
        return None, errors, None
    if not form.save.data:
        return preview, errors, None
    try:
        if row is None:
            saved = house.create(base.id, name, parsed.changes, table_id=table.id if table else None, all_rules=True)
            remembered.remember("house", saved.row.id, saved.edit_token)
            return preview, errors, saved.row
        return preview, errors, house.update(row, name, parsed.changes, request.form.get("version"), all_rules=True)
    except ServiceError as err:
        errors.setdefault("_form", []).append(err.message)
        return None, errors, None


@bp.route("/rules/<variant_id>/house", methods=["GET", "POST"])
def new(variant_id: str):
    """Make a house version of a variant (built-in, example or another family's): the form starts
    from its rules."""
    start = _variant_or_404(variant_id)
    base = get_variant(start.based_on) if start.based_on else start
    # The table it is saved under (``?table=<id>``, from the table's page): its edit rights are needed.
    table = access.editable("table", request.args["table"]) if request.args.get("table") else None
    form = HouseForm()
    if request.method == "GET":
        form.name.data = _("%(name)s (our rules)", name=start.name) if not start.based_on else start.name
        return _form_page(form, base, start, values_of(start), {}, None, table=table)
    return _posted(form, base, start, table=table)


def _posted(form: HouseForm, base: Variant, start: Variant, row=None, table=None):
    """The form posted: checked and shown again (a preview, or the errors by their inputs), or saved
    when asked (a new house variant, or a new version of ``row``) and its rules page shown."""
    preview = saved = None
    if form.validate_on_submit():
        preview, errors, saved = _submitted(form, base, row, table)
    else:
        errors = {"_form": [_("%(field)s: %(error)s", field=label_of(k), error=" ".join(map(str, v)))
                            for k, v in form.errors.items()]}
    if saved is not None:
        flash(_("Saved. This phone may change these rules; share them from the Share page.") if row is None else
              _("Saved as version %(version)s. Games started before keep the rules they started with.",
                version=saved.version), "ok")
        return redirect(url_for("rules.variant_page", variant_id=saved.id))
    return _form_page(form, base, start, dict(request.form), errors, preview, row=row,
                      status=400 if errors else 200, table=table)


@bp.route("/rules/<variant_id>/edit", methods=["GET", "POST"])
def edit(variant_id: str):
    """Change a house variant (this browser needs its edit token: the maker's phone, or an edit link)."""
    row = house.find_row(variant_id)
    if row is None:
        abort(404, _("There is no house variant at this address."))
    token = request.args.get("token")
    if token:
        if not house.token_matches(row, token):
            abort(403, _("This edit link is not valid for these rules."))
        remembered.remember("house", row.id, token)
        return redirect(url_for("house.edit", variant_id=row.id))
    if not remembered.can_edit("house", row) and not (row.table_id and tables_access.can_edit(access.load("table", row.table_id))):
        abort(403, _("Only a phone with the edit link (of these rules or of their table) may change these rules."))
    start = house.variant_of_row(row)
    base = get_variant(row.based_on)
    form = HouseForm()
    if request.method == "GET":
        form.name.data = row.name
        return _form_page(form, base, start, values_of(start), {}, None, row=row)
    return _posted(form, base, start, row=row)


@bp.get("/rules/<variant_id>/share")
def share(variant_id: str):
    v = _variant_or_404(variant_id)
    if not v.based_on:
        abort(404, _("Only house variants have a share page."))
    row = house.find_row(v.id)
    edit_url = None
    if row is not None and remembered.can_edit("house", row):
        edit_url = url_for("house.edit", variant_id=row.id, token=remembered.token("house", row.id), _external=True)
    return render_template("house/share.html", v=v, row=row, edit_url=edit_url,
                           link=url_for("rules.variant_page", variant_id=v.id, _external=True))


@bp.get("/rules/<variant_id>/qr.svg")
def qr(variant_id: str):
    v = _variant_or_404(variant_id)
    return qr_response(url_for("rules.variant_page", variant_id=v.id, _external=True))


@bp.get("/rules/<variant_id>/rules.toml")
def toml(variant_id: str):
    """The variant as a TOML file (a house variant; a built-in one gives its own file)."""
    v = _variant_or_404(variant_id)
    row = house.find_row(v.id)
    text = row.rules_toml if row is not None else rules_house.to_toml(v) if v.based_on else None
    if text is None:
        text = resources.files("scorekeeper.rules").joinpath("variants", f"{v.id}.toml").read_text("utf-8")
    name = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in v.name).strip("-").lower() or "variant"
    response = make_response(text)
    response.mimetype = "application/toml"
    response.headers["Content-Disposition"] = f'attachment; filename="{name}.toml"'
    return response


MAX_FILE = 100_000


@bp.route("/rules/import", methods=["GET", "POST"])
def import_file():
    """Import a house variant file (an exported .toml), checked exactly as the form is. From a
    table's page (``?table=<id>``, its edit rights needed) the variant joins that table. A variant
    of the same name already there is recognised: the same rules are not copied; other rules ask
    whether to update it or keep both (the file's text is kept in the form for that answer)."""
    table = access.editable("table", request.args["table"]) if request.args.get("table") else None
    form = ImportForm()
    error = duplicate = None
    if form.validate_on_submit():
        upload = request.files.get("file")
        text = form.text.data or ""
        if upload is not None and upload.filename:
            raw = upload.read(MAX_FILE + 1)
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                error = _("File: %(name)s is not a text file (UTF-8)", name=repr(upload.filename))
        if error is None:
            form.text.data = text  # kept for the choice below, if one is asked
            try:
                done = house_import.import_file(text, form.name.data or None, table.id if table else None,
                                                request.form.get("duplicate") or None, remembered.token_ids("house"))
            except Conflict as err:
                duplicate = {"message": err.message, **err.extra}
            except ServiceError as err:
                error = _("File: %(error)s", error=err.message)
            else:
                return _imported(done, table)
    elif request.method == "POST":
        error = _("; ").join(_("%(field)s: %(error)s", field=k, error=" ".join(map(str, v))) for k, v in form.errors.items())
    return render_template("house/import.html", form=form, error=error, duplicate=duplicate,
                           table=table), 400 if error else 409 if duplicate else 200


def _imported(done, table):
    if done.edit_token is not None:
        remembered.remember("house", done.row.id, done.edit_token)
    where = {"name": done.row.name, "table": table.name if table else ""}
    flash({"created": _("Imported “%(name)s” into %(table)s: its “Start a game” offers it.", **where) if table else
                      _("Imported “%(name)s”. This phone may change these rules.", **where),
           "kept_both": _("Imported as “%(name)s”: both versions are kept.", **where),
           "updated": _("“%(name)s” now has the file’s rules (version %(version)s). Games started before keep "
                        "theirs.", version=done.row.version, **where),
           "same": _("“%(name)s” is already here with these very rules: nothing was added.", **where)}[done.outcome],
          "ok")
    return redirect(url_for("rules.variant_page", variant_id=done.row.id))
