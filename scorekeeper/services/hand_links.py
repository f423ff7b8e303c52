"""Small reads for the pages' side of hands from the players' phones (docs/api.md, "Hands from the
players' phones"; the proposals themselves: services/proposals.py)."""
from __future__ import annotations

import hashlib

from sqlalchemy import select

from ..db import db
from ..models import HandProposal


def proposals_stamp(game_id: str, version: int, number: int) -> str:
    """A tag of round ``number``'s proposals as they stand (who sent, when) and of the game's
    version (a saved round ends them), from one small query: the round form's poll answers 304
    without loading the game while no hand arrived."""
    rows = db.session.execute(select(HandProposal.seat, HandProposal.sent_at).where(
        HandProposal.game_id == game_id, HandProposal.round_number == number).order_by(HandProposal.seat)).all()
    text = "|".join([game_id, str(version), str(number)] + [f"{seat}@{at.isoformat()}" for seat, at in rows])
    return "hands-" + hashlib.sha256(text.encode()).hexdigest()[:20]
