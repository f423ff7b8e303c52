"""The stored games: players, games, seats, rounds, hands, corrections, rulings, idempotency keys,
the house variants, and the PDF scoresheets kept for reuse.

SQLAlchemy 2.0 typed models. The schema is created and changed only by the migrations in
``scorekeeper/migrations`` (applied on start by ``create_app``). Times are naive UTC.

A game's ``version`` changes with every change to the game or to any of its rows (seats, rounds,
hands, corrections, rulings): :func:`_bump_game_versions` sees to it before each flush, so no
change can forget it, and answers tagged with the version (ETags, kept PDFs) are never stale.
"""
from __future__ import annotations

import secrets
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint, event
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from .db import Model


class GameStatus(StrEnum):
    """A game's ``status`` (stored and sent as these strings)."""

    IN_PROGRESS = "in_progress"
    SUSPENDED = "suspended"
    COMPLETE = "complete"
    VOID = "void"

    @property
    def is_over(self) -> bool:
        return self in (GameStatus.COMPLETE, GameStatus.VOID)

    @property
    def is_open(self) -> bool:
        """Still to be played: in progress or suspended."""
        return not self.is_over


STATUSES = tuple(GameStatus)
OPEN_STATUSES = (GameStatus.IN_PROGRESS, GameStatus.SUSPENDED)
OVER_STATUSES = (GameStatus.COMPLETE, GameStatus.VOID)


class RulingKind(StrEnum):
    """A ruling's ``kind``: applied by the app, or logged from the game page (``DISPUTE``)."""

    MISSING_SCORE = "missing_score"
    INCORRECT_HAND = "incorrect_hand"
    STOCK_EXHAUSTED = "stock_exhausted"
    ROUND_WIN_BONUS = "round_win_bonus"
    WITHDRAWAL = "withdrawal"
    VOID = "void"
    DISPUTE = "dispute"


# Rulings the app applies to a round while scoring it (replaced when the round is corrected).
ROUND_RULING_KINDS = (RulingKind.MISSING_SCORE, RulingKind.INCORRECT_HAND, RulingKind.STOCK_EXHAUSTED,
                      RulingKind.ROUND_WIN_BONUS)


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_game_id() -> str:
    """Unguessable: reads need only the id (docs/games.md, "Who may change a game"). 96 random bits."""
    return secrets.token_urlsafe(12)


class Player(Model):
    """A name the club has used; offered when a new game is set up."""

    __tablename__ = "players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    name_key: Mapped[str] = mapped_column(String(40), unique=True)  # casefolded
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    last_played_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


class Game(Model):
    __tablename__ = "games"
    # A table's history, newest first (services/tables.py).
    __table_args__ = (Index("ix_games_table_created", "table_id", "created_at"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_game_id)
    variant: Mapped[str] = mapped_column(String(40))
    variant_name: Mapped[str] = mapped_column(String(80))
    # The rules in force when the game started: the variant's TOML text (None for a variant that
    # was registered without one) and the house options chosen. A later change to the variant
    # files never changes a recorded game (scorekeeper/rules/variants.py, house options).
    rules_toml: Mapped[str | None] = mapped_column(Text, nullable=True)
    rules_snapshot: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)  # (read by backups only)
    house_rules: Mapped[dict[str, bool]] = mapped_column(JSON)
    first_dealer_seat: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default=GameStatus.IN_PROGRESS, index=True)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    token_rotated_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    completed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    suspended_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    # Under a house variant: the version of its rules the game started with (rules_toml holds them).
    house_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
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


class Seat(Model):
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


class Round(Model):
    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    dealer_seat: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[str | None] = mapped_column(String(40), nullable=True)  # display name
    end: Mapped[str] = mapped_column(String(20))
    # The canonical input, to spot repeats; loaded when a change reads it, not for every view.
    submission: Mapped[dict[str, Any]] = mapped_column(JSON, deferred=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")
    hands: Mapped[list[HandRecord]] = relationship(
        back_populates="round", order_by="HandRecord.seat", cascade="all, delete-orphan", lazy="selectin"
    )


class HandRecord(Model):
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


class Correction(Model):
    """A corrected round: the old and the new values and the reason (scorekeeper/rules/irregularities.py)."""

    __tablename__ = "corrections"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(Text)
    old: Mapped[dict[str, Any]] = mapped_column(JSON)  # {"scores", "went_out", "end", "hands"}
    new: Mapped[dict[str, Any]] = mapped_column(JSON)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="corrections")


class Ruling(Model):
    """A rule applied by the app (missing score, withdrawal, ...) or a dispute logged by the table."""

    __tablename__ = "rulings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(32))
    summary: Mapped[str] = mapped_column(Text)  # in English (the API's rulings show it)
    # A rule the app applied to a round: the values its sentence is worded with in the reader's
    # language, ``kind`` being its key (scorekeeper/rules/kept_sentences.py); None for the others.
    summary_values: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    citation: Mapped[str | None] = mapped_column(Text, nullable=True)
    automatic: Mapped[bool] = mapped_column(Boolean, default=True)
    # A dispute logged from the game page: what happened, the ruling, and an optional score effect.
    what_happened: Mapped[str | None] = mapped_column(Text, nullable=True)
    ruling: Mapped[str | None] = mapped_column(Text, nullable=True)
    player: Mapped[str | None] = mapped_column(String(40), nullable=True)
    points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rulings")


class IdempotencyKey(Model):
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


def new_house_variant_id() -> str:
    """A house variant's id: never a built-in id (those have no "h-"), unguessable like a game's."""
    return "h-" + secrets.token_urlsafe(9)


class HouseVariant(Model):
    """A family's own variant: a built-in variant with changes (scorekeeper/rules/house.py).

    ``rules_toml`` is the whole of its rules as a variant file; each game started under it copies
    that text, so a later edit (``version`` + 1) changes only the games started after it."""

    __tablename__ = "house_variants"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_house_variant_id)
    name: Mapped[str] = mapped_column(String(80))
    based_on: Mapped[str] = mapped_column(String(40))
    changes: Mapped[dict[str, Any]] = mapped_column(JSON)
    rules_toml: Mapped[str] = mapped_column(Text)
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_token_hash: Mapped[str] = mapped_column(String(64))
    # The table it belongs to (its edit token may change it too).
    table_id: Mapped[str | None] = mapped_column(
        ForeignKey("tables.id", name="fk_house_variants_table_id"), nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class Table(Model):
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


class TablePlayer(Model):
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


class GameResult(Model):
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


class RoundResult(Model):
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


class ScoresheetPdf(Model):
    """A rendered PDF scoresheet, kept so that any worker answers the next download of the same
    sheet without rendering it again (``scorekeeper/scoresheets/__init__.py``). ``key`` names the
    sheet: the game and its version (or the blank sheet's options), the page set-up, and the
    fingerprint of the sheet templates and print stylesheet."""

    __tablename__ = "scoresheet_pdfs"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str | None] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), nullable=True, index=True)
    pdf: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, index=True)


def _game_of(session: Session, row: object) -> Game | None:
    """The game a changed row belongs to (None for rows that are not part of a game), also when
    only its foreign key was set."""
    if isinstance(row, Game):
        return row
    if isinstance(row, (Seat, Round, Correction, Ruling)):
        return row.game if row.game is not None or row.game_id is None else session.get(Game, row.game_id)
    if isinstance(row, HandRecord):
        rnd = row.round if row.round is not None or row.round_id is None else session.get(Round, row.round_id)
        return _game_of(session, rnd) if rnd is not None else None
    return None


@event.listens_for(Session, "before_flush")
def _bump_game_versions(session: Session, flush_context, instances) -> None:
    """Every game whose rows change in this flush gets a new ``version`` (and ``updated_at``).

    A changed games row gets its new version from SQLAlchemy (``version_id_col``); a game whose
    seats, rounds, hands, corrections or rulings changed is marked changed here, so its row is
    written too and its version moves on."""
    touched: set[Game] = set()
    for row in (*session.new, *session.dirty, *session.deleted):
        if isinstance(row, Game) or (row in session.dirty and not session.is_modified(row)):
            continue
        game = _game_of(session, row)
        if game is not None and game not in session.deleted and game not in session.new:
            touched.add(game)
    for game in touched:
        if not session.is_modified(game, include_collections=False):
            game.updated_at = utcnow()


class KeptToken(Model):
    """An edit token a browser holds but its session cookie has no room for (a cookie stays well
    under the 4 KB browsers keep: scorekeeper/web/remembered.py). ``browser`` is the hash of a
    random key that only the browser's signed cookie holds; ``sealed`` is the token hidden with that
    key, so the database alone gives no one edit rights."""

    __tablename__ = "kept_tokens"

    browser: Mapped[str] = mapped_column(String(64), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)
    item_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    sealed: Mapped[str] = mapped_column(String(400))
    kept_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class HandLink(Model):
    """A game's hand-in link: the players' phones send their own hands with its token, which can
    do nothing else (services/proposals.py). Only the token's hash is kept; a new link replaces the
    row, so the old token stops working. Kept apart from ``games`` so that making a link does not
    change the game's version (an open round form stays valid)."""

    __tablename__ = "hand_links"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", name="fk_hand_links_game_id", ondelete="CASCADE"),
                                         primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class HandProposal(Model):
    """A hand a player sent from their own phone for the game's next round: nothing is recorded
    until the scorekeeper saves the round, which ends the round's proposals (services/games.py).
    One per player and round: a second one replaces the first. ``hand`` is the hand as the round
    takes it (the canonical input, rules/game.py ``Hand.as_input``); ``points`` as the round will
    count them. Not part of the game's version (a proposal changes no score) nor of its backup."""

    __tablename__ = "hand_proposals"
    __table_args__ = (UniqueConstraint("game_id", "round_number", "seat", name="uq_hand_proposals_game_round_seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", name="fk_hand_proposals_game_id", ondelete="CASCADE"))
    round_number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))  # the seat's display name when sent
    hand: Mapped[dict[str, Any]] = mapped_column(JSON)
    points: Mapped[int] = mapped_column(Integer)
    sent_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class SharedSetting(Model):
    """A value every app server of one database must agree on: the secret key kept for the servers
    that are given none, and the fingerprint of the key they use (scorekeeper/shared_secret.py).
    Not part of a backup."""

    __tablename__ = "shared_settings"

    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class SeatClaim(Model):
    """A seat claimed by one player's phone through the hand-in link (services/seats.py): from then
    on that player's hands come only with this seat's token (or the edit token) until the
    scorekeeper frees the seat. Only the token's hash is kept. A new hand-in link, or a new edit
    token of the game or its table, ends every claim of the game. Not part of the game's version
    nor of its backup."""

    __tablename__ = "seat_claims"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id", name="fk_seat_claims_game_id", ondelete="CASCADE"),
                                         primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64))
    claimed_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
