"""Forms for the table pages (Flask-WTF, CSRF on every one). They only collect input; the
service (``scorekeeper.services.tables``) checks it and names the field and the value."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectField, StringField, SubmitField
from wtforms.validators import DataRequired


class TableForm(FlaskForm):
    name = StringField("Name of the table", validators=[DataRequired(message="give the table a name")])
    submit = SubmitField("Start a table")


class AddGameForm(FlaskForm):
    link = StringField("The game's edit link", validators=[DataRequired(message="paste the game's edit link")])
    submit = SubmitField("Add the game")


class RenameForm(FlaskForm):
    name = StringField("New name", validators=[DataRequired(message="type the new name")])
    submit = SubmitField("Rename")


class MergeForm(FlaskForm):
    into = SelectField("Same person as", validate_choice=False)
    submit = SubmitField("Merge")


class ActionForm(FlaskForm):
    """A button that changes the table (a new edit link): CSRF only."""

    submit = SubmitField("OK")
