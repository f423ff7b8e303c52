"""The stored games: players, games, seats, rounds, hands, corrections, rulings, idempotency keys.

SQLAlchemy 2.0 typed models. The schema is created and changed only by the migrations in
``scorekeeper/migrations`` (applied on start by ``create_app``). Times are naive UTC.
"""
from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .db import db

STATUSES = ("in_progress", "suspended", "complete", "void")


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_game_id() -> str:
    """Unguessable: reads need only the id (api-contract.md, Conventions). 96 random bits."""
    return secrets.token_urlsafe(12)


class Player(db.Model):
    """A name the club has used; offered when a new game is set up."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # casefolded
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    last_played_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Game(db.Model):
    __tablename__ = "games"
    # A table's history, newest first (services/tables.py).
    __table_args__ = (Index("ix_games_table_created", "table_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    variant: Mapped[str] = mapped_column(String(40))
    variant_name: Mapped[str] = mapped_column(String(80))
    # The rules in force when the game started: the variant's TOML text (None for a variant that
    # was registered without one) and the house options chosen. A later change to the variant
    # files never changes a recorded game (rulings.md, "May I": house options).
    rules_toml: Mapped[str | None] = mapped_column(Text, nullable=True)
    rules_snapshot: Mapped[dict[str, Any]] = mapped_column(JSON)
    house_rules: Mapped[dict[str, bool]] = mapped_column(JSON)
    first_dealer_seat: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="in_progress", index=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    token_rotated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    suspended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    # The table (family, club) the game belongs to, if any (services/tables.py).
    table_id: Mapped[str | None] = mapped_column(ForeignKey("tables.id", name="fk_games_table_id"), nullable=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="game", order_by="Seat.seat", cascade="all, delete-orphan", lazy="selectin"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan", lazy="selectin"
    )
    corrections: Mapped[list[Correction]] = relationship(
        back_populates="game", order_by="Correction.id", cascade="all, delete-orphan", lazy="selectin"
    )
    rulings: Mapped[list[Ruling]] = relationship(
        back_populates="game", order_by="Ruling.id", cascade="all, delete-orphan", lazy="selectin"
    )

    # Optimistic locking: every change bumps ``version``; a change made from a stale copy fails.
    __mapper_args__ = {"version_id_col": version}


class Seat(db.Model):
    """A player's place at one game's table, in seating (playing) order."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"), UniqueConstraint("game_id", "name_key"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)  # 0-based
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id"))
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40))
    withdrawn_after_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    withdrawn_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # In a table's game: the roster entry sitting here (services/tables.py).
    table_player_id: Mapped[int | None] = mapped_column(ForeignKey("table_players.id", name="fk_seats_table_player_id"), nullable=True, index=True)

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()
    table_player: Mapped[TablePlayer | None] = relationship()


class Round(db.Model):
    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    dealer_seat: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[str | None] = mapped_column(String(40), nullable=True)  # display name
    end: Mapped[str] = mapped_column(String(20))
    submission: Mapped[dict[str, Any]] = mapped_column(JSON)  # the canonical input, to spot repeats
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")
    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="round", order_by="HandRecord.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class HandRecord(db.Model):
    """One player's result in one round: how it was entered and the points computed from it."""

    __tablename__ = "hands"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    entered_as: Mapped[str] = mapped_column(String(16))  # cards, values, points, missing, card_count, went_out
    cards: Mapped[list[str]] = mapped_column(JSON)
    value_counts: Mapped[dict[str, int] | None] = mapped_column(JSON, nullable=True)  # {"5": 3}: by value
    entered_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    card_count: Mapped[int | None] = mapped_column(Integer, nullable=True)
    missing_cards: Mapped[int] = mapped_column(Integer, default=0)
    points: Mapped[int] = mapped_column(Integer)  # computed
    bonus: Mapped[int] = mapped_column(Integer, default=0)  # e.g. Le May I: -20 for the round's winner
    note: Mapped[str | None] = mapped_column(Text, nullable=True)

    round: Mapped[Round] = relationship(back_populates="hands")


class Correction(db.Model):
    """A corrected round: the old and the new values and the reason (rulings.md, "Irregularities")."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    old: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"scores", "went_out", "end", "hands"}
    new: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="corrections")


class Ruling(db.Model):
    """A rule applied by the app (missing score, withdrawal, ...) or a dispute logged by the table."""

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(32))
    summary: Mapped[str] = mapped_column(Text)
    citation: Mapped[str | None] = mapped_column(Text, nullable=True)
    automatic: Mapped[bool] = mapped_column(Boolean, default=True)
    # A dispute logged from the game page: what happened, the ruling, and an optional score effect.
    what_happened: Mapped[str | None] = mapped_column(Text, nullable=True)
    ruling: Mapped[str | None] = mapped_column(Text, nullable=True)
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rulings")


class IdempotencyKey(db.Model):
    """The first answer to a request sent with an ``Idempotency-Key``, replayed to retries
    (stored in the database so any worker can replay it)."""

    __tablename__ = "idempotency_keys"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(255))
    request_hash: Mapped[str] = mapped_column(String(64))
    status_code: Mapped[int] = mapped_column(Integer)
    response: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Table(db.Model):
    """A family or a club that plays together week after week: its roster, games and statistics.

    Read by its unguessable id; changed with its edit token (only the hash is stored)."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    name: Mapped[str] = mapped_column(String(80))
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    token_rotated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    players: Mapped[list[TablePlayer]] = relationship(
        back_populates="table", order_by="TablePlayer.name_key", cascade="all, delete-orphan"
    )


class TablePlayer(db.Model):
    """One person on a table's roster. ``name`` keeps the spelling first entered (or the rename);
    ``name_key`` is the NFC-normalised, casefolded name that matches it (rules/game.py, name_key)."""

    __tablename__ = "table_players"
    __table_args__ = (UniqueConstraint("table_id", "name_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    table: Mapped[Table] = relationship(back_populates="players")


class GameResult(db.Model):
    """One roster player's result in one of a table's games, kept up to date whenever the game
    changes (services/tables.py), so a table's statistics are a few aggregate queries however
    many games it has (services/stats.py)."""

    __tablename__ = "game_results"
    __table_args__ = (
        UniqueConstraint("game_id", "table_player_id"),
        # The statistics' aggregates: a table's results by status and variant (services/stats.py).
        Index("ix_game_results_table_status_variant", "table_id", "status", "variant"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    table_player_id: Mapped[int] = mapped_column(ForeignKey("table_players.id", ondelete="CASCADE"), index=True)
    variant: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16))
    played_at: Mapped[datetime] = mapped_column(DateTime)  # when the game started
    lowest_wins: Mapped[bool] = mapped_column(Boolean)
    seat: Mapped[int] = mapped_column(Integer)
    withdrawn: Mapped[bool] = mapped_column(Boolean)
    rounds_played: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[int] = mapped_column(Integer)
    round_points: Mapped[int] = mapped_column(Integer)  # sum of the rounds' scores (no bonuses)
    zero_rounds: Mapped[int] = mapped_column(Integer)
    total: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a void game's withdrawn player
    winner: Mapped[bool] = mapped_column(Boolean)


class RoundResult(db.Model):
    """One roster player's score in one round of one of a table's games (as ``rounds[].scores``
    show it), kept with ``game_results``: a player's rounds by contract without reading hands."""

    __tablename__ = "round_results"
    __table_args__ = (
        UniqueConstraint("game_id", "table_player_id", "number"),
        Index("ix_round_results_player_variant", "table_player_id", "variant", "status"),
        Index("ix_round_results_table_variant", "table_id", "variant", "status"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    table_player_id: Mapped[int] = mapped_column(ForeignKey("table_players.id", ondelete="CASCADE"))
    variant: Mapped[str] = mapped_column(String(40))
    status: Mapped[str] = mapped_column(String(16))
    played_at: Mapped[datetime] = mapped_column(DateTime)
    number: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
