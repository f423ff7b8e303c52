"""gunicorn's access log with lines that cannot be forged (README.md, "Running a club server",
passes ``--logger-class scorekeeper.server_log.AccessLog``).

gunicorn writes the request's path as decoded from the address, so ``%0d%0a`` in an address would
start a fake log line and ``%1b`` would write terminal escapes. Here every value of a log line has
its control characters and backslashes escaped, as Apache does (``\\r``, ``\\n``, ``\\x1b``, ``\\u202e``,
``\\\\``); gunicorn escapes the double quote."""
from __future__ import annotations

import unicodedata

from gunicorn.glogging import Logger

NAMED = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}  # (gunicorn itself writes " as \")
UNSEEN = {"Cc", "Cf", "Zl", "Zp"}  # control, format (e.g. right-to-left override), line and paragraph separators


def escaped(text: str) -> str:
    """``text`` with nothing that could end a log line, colour a terminal or fake a field."""
    if text.isprintable() and "\\" not in text:
        return text
    out = []
    for ch in text:
        if ch in NAMED:
            out.append(NAMED[ch])
        elif unicodedata.category(ch) in UNSEEN:
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


class AccessLog(Logger):
    """gunicorn's logger, its access log's values escaped (:func:`escaped`)."""

    def atoms(self, resp, req, environ, request_time):
        return {key: escaped(value) if isinstance(value, str) else value
                for key, value in super().atoms(resp, req, environ, request_time).items()}
