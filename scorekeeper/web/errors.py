"""The summary at the top of a form with errors: every message once, each linked to its field, so
that a long form's messages are where the eyes are (templates/_error_summary.html)."""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel.speaklater import LazyString
from wtforms import Field, FieldList, FormField


@dataclass(frozen=True)
class ErrorItem:
    """One message of the summary; ``href`` is the field's anchor (``None``: the whole form)."""

    href: str | None
    text: str


def _fields(fields):
    for field in fields:
        if isinstance(field, FieldList):
            yield from _fields(field.entries)
        elif isinstance(field, FormField):
            yield from _fields(field.form)
        elif isinstance(field, Field):
            yield field


def _labelled(label: str, message: str) -> str:
    if not label or message.lower().startswith(str(label).lower()):
        return message
    return _("%(label)s: %(message)s", label=label, message=message)


def error_items(form=None, errors: dict | None = None, anchors: dict | None = None,
                labels: dict | None = None, prefixes: dict | None = None) -> list[ErrorItem]:
    """Every error of ``form`` (WTForms fields, nested too) and of ``errors`` (field name → messages,
    ``_form`` for the whole form), in page order, once each.

    ``anchors`` maps a field name or an ``errors`` key to the id to link to (default: the field's
    id, or the key itself; ``None``: a message about the whole form, not linked); ``labels`` gives a
    key's label; ``prefixes`` maps the start of a field id (``hands-1``) to words put before its label (the player's name)."""
    errors = errors or {}
    anchors = anchors or {}
    labels = labels or {}
    prefixes = prefixes or {}
    items = [ErrorItem(None, m) for m in errors.get("_form", [])]
    seen = {(None, m) for m in errors.get("_form", [])}

    def add(href, text):
        if (href, text) not in seen:
            seen.add((href, text))
            items.append(ErrorItem(href, text))

    for field in _fields(form or ()):
        messages = [str(m) for m in field.errors if isinstance(m, (str, LazyString))] + list(errors.get(field.name, []))
        if not messages:
            continue
        hidden = field.type in ("CSRFTokenField", "HiddenField")  # nothing to link to: the form's message
        label = "" if hidden else labels.get(field.name, field.label.text if field.label else "")
        who = next((p for start, p in prefixes.items() if field.id.startswith(start + "-")), None)
        target = None if hidden else anchors.get(field.name, field.id)
        for m in messages:
            text = _labelled(label, m)
            add(f"#{target}" if target else None, f"{who} · {text}" if who else text)
    names = {f.name for f in _fields(form or ())}
    for key, messages in errors.items():
        if key == "_form" or key in names:
            continue
        target = anchors.get(key, key)
        for m in messages:
            add(f"#{target}" if target else None, _labelled(labels.get(key, ""), m))
    return items
