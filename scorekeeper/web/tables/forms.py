"""Forms for the table pages (Flask-WTF, CSRF on every one). They only collect input; the
service (``scorekeeper.services.tables``) checks it and names the field and the value."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import SelectField, StringField, SubmitField, TextAreaField
from wtforms.validators import DataRequired

from ..forms import PageForm


class TableForm(PageForm):
    name = StringField(_l("Name of the table"), validators=[DataRequired(message=_l("give the table a name"))])
    submit = SubmitField(_l("Start a table"))


class AddGameForm(PageForm):
    link = StringField(_l("The game's edit link"), validators=[DataRequired(message=_l("paste the game's edit link"))])
    submit = SubmitField(_l("Add the game"))


class AddPlayersForm(PageForm):
    names = TextAreaField(_l("Names, one a line"), validators=[DataRequired(message=_l("type at least one name"))])
    submit = SubmitField(_l("Add to the roster"))


class RenameForm(PageForm):
    name = StringField(_l("New name"), validators=[DataRequired(message=_l("type the new name"))])
    submit = SubmitField(_l("Rename"))


class MergeForm(PageForm):
    into = SelectField(_l("Same person as"), validate_choice=False)
    # (a roster too long for a list: the other entry's name is typed)
    into_name = StringField(_l("Same person as"), filters=[lambda v: v.strip() if isinstance(v, str) else v])
    submit = SubmitField(_l("Merge"))


class ActionForm(PageForm):
    """A button that changes the table (a new edit link): CSRF only."""

    submit = SubmitField(_l("OK"))
