"""How deep a TOML text nests its arrays and inline tables, measured before it is parsed: Python's
TOML parser reads nesting by recursion, so a small hostile file ("a = [[[[..." a few hundred deep)
would exhaust the stack. A variant file nests three or four deep; ``MAX_DEPTH`` is far above that.
"""
from __future__ import annotations

MAX_DEPTH = 20


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays or inline tables inside one another
    (brackets inside strings and comments do not count)."""
    if text.count("[") + text.count("{") <= limit:
        return False  # (every file the app writes: nothing to scan)
    depth = 0
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth = max(depth - 1, 0)
        elif ch == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif ch in "\"'":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else ch
            i += len(quote)
            while i < n and not text.startswith(quote, i):
                i += 2 if (text[i] == "\\" and quote[0] == '"') else 1
            i += len(quote)
            continue
        i += 1
    return False
