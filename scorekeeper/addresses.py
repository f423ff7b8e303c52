"""Addresses that the API and the pages both give out (neither imports the other for them)."""
from __future__ import annotations

from flask import current_app, has_request_context, url_for


def edit_url(endpoint: str, token: str, **ids) -> str:
    """An edit link (a game's or a table's): the token goes after ``#``, which browsers keep to
    themselves, so it never reaches a server's or a proxy's access log; the page it opens posts it
    (``take_edit_link`` in scorekeeper/web/edit_links.py)."""
    return url_for(endpoint, _external=True, **ids) + "#token=" + token


def view_path(game_id: str) -> str:
    """A game's read-only scoreboard (the games pages' ``view``), as a path; also outside a request
    (a backup made from the command line writes it into the game's JSON)."""
    if has_request_context():
        return url_for("games.view", game_id=game_id)
    return current_app.url_map.bind("localhost").build("games.view", {"game_id": game_id})
