"""The CSRF token as a page shows it: masked afresh on every response, so that compression cannot
reveal it (the BREACH attack).

Pages are compressed (``scorekeeper/compression.py``) and every page repeats some of what was asked
(the language switch's link names the page's own address and query). An attacker who can make a
browser ask for many addresses and see how many bytes come back could then read a secret in the
page a character at a time, if the secret were the same in every answer. So the token of a form
is sent as ``mask + (token XOR mask)``, with a new random mask each time: no two answers carry the
same bytes for it. A form posted back is unmasked before Flask-WTF checks it. A token posted as
Flask-WTF writes it (a page shown before masking existed, kept by a phone) is still accepted.

Which answers are not compressed at all, and why: docs/reliability.md, "Compression and secrets".
"""
from __future__ import annotations

import base64
import binascii
import secrets

from flask import g
from flask_wtf.csrf import CSRFProtect, generate_csrf, validate_csrf
from wtforms.csrf.core import CSRF


def mask(token: str) -> str:
    """``token`` behind a fresh random mask: URL-safe base64 of the mask then the masked bytes."""
    raw = token.encode()
    pad = secrets.token_bytes(len(raw))
    masked = bytes(a ^ b for a, b in zip(raw, pad))
    return base64.urlsafe_b64encode(pad + masked).decode().rstrip("=")


def unmask(sent: str | None) -> str | None:
    """The token behind a masked one; anything that is no masked token comes back as sent, for
    Flask-WTF to accept (an unmasked token) or refuse in its own words."""
    if not sent or "." in sent:  # (Flask-WTF's tokens hold dots, masked ones never do)
        return sent
    try:
        both = base64.urlsafe_b64decode(sent + "=" * (-len(sent) % 4))
    except (binascii.Error, ValueError):
        return sent
    half = len(both) // 2
    if not half or len(both) % 2:
        return sent
    token = bytes(a ^ b for a, b in zip(both[half:], both[:half]))
    try:
        return token.decode("ascii")
    except UnicodeDecodeError:
        return sent


def masked_token() -> str:
    """The token of this session, masked afresh (templates: ``csrf_token()``)."""
    return mask(generate_csrf())


class MaskedCSRFProtect(CSRFProtect):
    """Flask-WTF's CSRF protection, reading the masked token a form posts; a template's
    ``csrf_token()`` gives it masked too."""

    def init_app(self, app):
        super().init_app(app)
        app.jinja_env.globals["csrf_token"] = masked_token
        app.jinja_env.globals.pop("csrf_meta_tag", None)  # (it would show the token unmasked)

    def _get_csrf_token(self):
        return unmask(super()._get_csrf_token())


class MaskedFormCSRF(CSRF):
    """The CSRF field of the pages' forms (``scorekeeper/web/forms.py``): Flask-WTF's token, shown
    masked; checked unmasked when the app's own check (``MaskedCSRFProtect``) has not already."""

    def setup_form(self, form):
        self.meta = form.meta
        return super().setup_form(form)

    def generate_csrf_token(self, csrf_token_field):
        return mask(generate_csrf(secret_key=self.meta.csrf_secret, token_key=self.meta.csrf_field_name))

    def validate_csrf_token(self, form, field):
        if g.get("csrf_valid", False):
            return
        validate_csrf(unmask(field.data), self.meta.csrf_secret, self.meta.csrf_time_limit,
                      self.meta.csrf_field_name)
