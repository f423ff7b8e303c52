"""The base of the pages' forms."""
from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import SelectChoice

from ..i18n import language
from ..masked_csrf import MaskedFormCSRF


class PageForm(FlaskForm):
    """A page's form: Flask-WTF's CSRF (its token masked afresh on every page,
    ``scorekeeper/masked_csrf.py``), and WTForms' own messages ("Not a valid integer value.") in
    the reader's language. WTForms loads its catalogue once per language and keeps it
    (``Meta.locales``); Flask-WTF's own translations, switched off in ``scorekeeper/i18n.py``,
    would read the catalogue file again on every request that builds a form."""

    class Meta:
        csrf_class = MaskedFormCSRF

        @property
        def locales(self) -> list[str]:
            return [language()]


def options(pairs) -> list[SelectChoice]:
    """WTForms choices from (value, label) pairs."""
    return [SelectChoice(value, label) for value, label in pairs]
