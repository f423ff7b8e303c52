"""Whether a game has a hand-in link (docs/api.md, "Hands from the players' phones"): the round form
carries the script that shows the hands arriving only then (its page budget, docs/performance.md)."""
from __future__ import annotations

from sqlalchemy import select

from ..db import db
from ..models import HandLink


def has_hand_link(game_id: str) -> bool:
    """One primary-key read: whether the game's players can send their hands from their phones."""
    return db.session.execute(select(HandLink.game_id).where(HandLink.game_id == game_id)).first() is not None
