"""What a browser remembers in its signed session: the games, tables and house variants it opened,
and the edit token of each one it may change.

A browser keeps a cookie of at most 4 KB, so the cookie holds the ids it opened last and the few
most recent tokens; an older token moves to the database (scorekeeper/services/kept_tokens.py)
under a random key that only this cookie holds, so no edit right is lost however many games a
phone has kept score of. Every blueprint reads and writes the session through this module."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from flask import session

from ..services import house, kept_tokens, loading, tables


@dataclass(frozen=True)
class Kind:
    tokens_key: str  # id -> token, oldest first
    seen_key: str | None  # ids opened, most recent first
    tokens_in_cookie: int
    seen_in_cookie: int


KINDS = {
    "game": Kind("game_tokens", "games_seen", 8, 30),
    "table": Kind("table_tokens", "tables_seen", 5, 20),
    "house": Kind("house_tokens", None, 5, 0),
}
# Whether a token is the current edit token of a game, a table or a house variant (its row).
MATCHES: dict[str, Callable[[Any, object], bool]] = {"game": loading.token_matches, "table": tables.token_matches, "house": house.token_matches}
KEY = "kept"  # the random key of the tokens kept in the database


def tokens(kind: str) -> dict[str, str]:
    """The tokens in the cookie: id -> token, the most recently kept last."""
    found = session.get(KINDS[kind].tokens_key)
    return dict(found) if isinstance(found, dict) else {}


def seen(kind: str) -> list[str]:
    key = KINDS[kind].seen_key
    found = session.get(key, []) if key else []
    return [i for i in found if isinstance(i, str)] if isinstance(found, list) else []


def token(kind: str, item_id: str) -> str | None:
    """This browser's edit token for the game, table or house variant, if it holds one."""
    found = tokens(kind).get(item_id)
    if found is None and isinstance(session.get(KEY), str):
        found = kept_tokens.find(session[KEY], kind, item_id)
    return found


def can_edit(kind: str, row) -> bool:
    """Whether this browser holds the current edit token of the game, table or house variant (for
    a game of a table, the table's does: :func:`game_token`)."""
    if kind == "game":
        return game_token(row) is not None
    found = token(kind, row.id)
    return found is not None and MATCHES[kind](row, found)


def game_token(game) -> str | None:
    """The token this browser changes the game with: the game's own edit token, else the current
    edit token of the game's table (a table's edit link keeps score of all its games, those
    imported with it too); None when it holds neither."""
    own = token("game", game.id)
    if own is not None and loading.token_matches(game, own):
        return own
    table_id: str | None = getattr(game, "table_id", None)
    if table_id is None:
        return None
    held = token("table", table_id)
    return held if held is not None and loading.table_token_matches(table_id, held) else None


def ids(kind: str) -> list[str]:
    """Everything of this kind the browser keeps or opened: tokens first (most recent first), then
    the ones it opened, then the older tokens kept in the database."""
    found = list(reversed(list(tokens(kind)))) + seen(kind)
    if isinstance(session.get(KEY), str):
        found += kept_tokens.item_ids(session[KEY], kind)
    return list(dict.fromkeys(found))


def token_ids(kind: str) -> list[str]:
    """Everything of this kind the browser holds a token for, in the cookie or the database."""
    found = list(reversed(list(tokens(kind))))
    if isinstance(session.get(KEY), str):
        found += kept_tokens.item_ids(session[KEY], kind, limit=None)
    return list(dict.fromkeys(found))


def remember(kind: str, item_id: str, token: str | None = None) -> None:
    """Keep the item in this browser's list (with its edit token when it may change it). A session
    left as it was is not marked changed, so its cookie is not signed and sent again for nothing."""
    if not session.permanent:
        session.permanent = True
    spec = KINDS[kind]
    if token is not None:
        kept = tokens(kind)
        kept.pop(item_id, None)
        kept[item_id] = token
        items = list(kept.items())
        for old_id, old_token in items[:-spec.tokens_in_cookie]:
            if not isinstance(old_token, str):
                continue
            if not isinstance(session.get(KEY), str):
                session[KEY] = kept_tokens.new_key()
            kept_tokens.keep(session[KEY], kind, old_id, old_token)
        session[spec.tokens_key] = dict(items[-spec.tokens_in_cookie:])
    if spec.seen_key:
        before = session.get(spec.seen_key, [])
        now = ([item_id] + [i for i in seen(kind) if i != item_id])[:spec.seen_in_cookie]
        if now != before:
            session[spec.seen_key] = now


# ----- the language switch -------------------------------------------------------------------------

SWITCH_KEY = "switched"  # [path, the language left]: for the one page the switch returns to


def note_language_switch(path: str, left: str) -> None:
    """The switch from ``left`` returns to ``path``: that page may rewrite what was typed on it in
    the new language's letters (static/js/retype.js)."""
    session[SWITCH_KEY] = [path[:200], left]


def language_left(path: str) -> str | None:
    """The language the reader just switched from, once, if the switch returned to ``path``."""
    noted = session.pop(SWITCH_KEY, None)
    if isinstance(noted, list) and len(noted) == 2 and noted[0] == path and isinstance(noted[1], str):
        return noted[1]
    return None
