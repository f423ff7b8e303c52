"""The checks a game read from a backup passes before anything is stored (``backup.import_document``).

A game is only ever stored through the service layer, which refuses what the rules refuse; a
backup file may have been edited, cut short or made by hand. So each game of a backup is checked
with the same rules as the API: its variant and house options load, its seating is one that
``POST /api/v1/games`` accepts, and each round's stored submission is parsed and scored again by
the very functions that record a round (``services.games``), for the players seated then. What
the file says was computed (each hand's points, bonuses) is kept as it is, only its type is
checked (``backup._column_value``): a game keeps the scores it was played with even when a later
version of the rules would score the round otherwise.

Every refusal is a :class:`backup.BackupError` naming the place (``games[2].rounds[0].hands[1].seat``)
and the value.
"""
from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _

from .format import BackupError, shown
from ..models import STATUSES, Game
from ..rules import game as rules
from ..rules.errors import RulesInputError
from ..rules.game import ENTRY_KINDS
from ..rules.kept_sentences import worded
from ..rules.variants import Variant, get_variant
from ..services.errors import ServiceError
from ..services.loading import GAME_ID, variant_from_toml
from ..services.parsing import parse_round, score
from ..services.view import tally


def check_game(game: Game, where: str) -> None:
    """Refuse a game (not yet stored) that the API could not have made, or that its pages could
    not show."""
    if not GAME_ID.fullmatch(game.id):
        raise BackupError(_("%(where)s.id: %(id)r is not a game id (1 to 32 letters, digits, - or _)",
                            where=where, id=game.id))
    if game.status not in STATUSES:
        raise BackupError(_("%(where)s.status: %(status)r is not one of %(statuses)s", where=where, status=game.status,
                            statuses=", ".join(STATUSES)))
    variant = _variant(game, where)
    names = _seats(game, variant, where)
    _rounds(game, variant, names, where)
    _corrections(game, names, where)
    _rulings(game, names, where)
    status = tally(game, variant).status
    if status != game.status:
        raise BackupError(_("%(where)s.status: %(status)r, but its rounds make the game %(status2)r",
                            where=where, status=game.status, status2=status))


def check_idempotency_response(response: object, where: str) -> None:
    if not isinstance(response, Mapping):
        raise BackupError(_("%(where)s.response: expected the stored answer (an object), found %(name)s",
                            where=where, name=type(response).__name__))


def _variant(game: Game, where: str) -> Variant:
    if not isinstance(game.rules_snapshot, Mapping):
        raise BackupError(_("%(where)s.rules_snapshot: expected an object, found %(name)s",
                            where=where, name=type(game.rules_snapshot).__name__))
    try:
        base = variant_from_toml(game.rules_toml) if game.rules_toml else get_variant(game.variant)
    except Exception as err:  # (a rules_toml that is not a variant: the loader's own error says why)
        field = "rules_toml" if game.rules_toml else "variant"
        raise BackupError(_("%(where)s.%(field)s: not a variant this version knows (%(err)s)",
                            where=where, field=field, err=err)) from None
    try:
        return base.with_house_rules(game.house_rules)
    except RulesInputError as err:
        raise BackupError(f"{where}.{err.field or 'house_rules'}: {err.message}") from None


def _seats(game: Game, variant: Variant, where: str) -> list[str]:
    seats = sorted(game.seats, key=lambda s: s.seat)
    if [s.seat for s in seats] != list(range(len(seats))):
        raise BackupError(_("%(where)s.seats: seat numbers %(value)s are not 0, 1, 2, ... in some order",
                            where=where, value=[s.seat for s in game.seats]))
    game.seats = seats
    names = [s.name for s in seats]
    try:
        if rules.check_seating(variant, names, "seats") != names:  # (names are stored trimmed)
            raise rules.GameRulesError(_("names are stored without spaces at either end or doubled"), "seats", names)
    except RulesInputError as err:
        field = f"{err.field}.name" if "[" in (err.field or "") else "seats"
        raise BackupError(f"{where}.{field}: {err.message}") from None
    keys = [s.name_key for s in seats]
    if len(set(keys)) != len(keys):
        raise BackupError(_("%(where)s.seats: name_key values %(keys)s are not all different", where=where, keys=keys))
    if not 0 <= game.first_dealer_seat < len(seats):
        raise BackupError(_("%(where)s.first_dealer_seat: %(first_dealer_seat)s is not a seat of this game (0 to %(value)s)",
                            where=where, first_dealer_seat=game.first_dealer_seat, value=len(seats) - 1))
    played = len(game.rounds)
    for i, s in enumerate(game.seats):
        if s.withdrawn_after_round is not None and not 0 <= s.withdrawn_after_round <= played:
            raise BackupError(_("%(where)s.seats[%(i)s].withdrawn_after_round: %(withdrawn_after_round)s is not a round played (0 to %(played)s)",
                                where=where, i=i, withdrawn_after_round=s.withdrawn_after_round, played=played))
    return names


def _rounds(game: Game, variant: Variant, names: list[str], where: str) -> None:
    """Each round as ``record_round`` would take it: in order, while the game was not over, the
    stored submission accepted and scored for the players seated then, the same dealer."""
    game.rounds.sort(key=lambda r: r.number)
    numbers = [r.number for r in game.rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        raise BackupError(_("%(where)s.rounds: round numbers %(numbers)s are not 1, 2, 3, ...",
                            where=where, numbers=numbers))
    if variant.rounds and len(numbers) > len(variant.rounds):
        raise BackupError(_("%(where)s.rounds: %(numbers)s rounds, but %(name)s has %(rounds)s",
                            where=where, numbers=len(numbers), name=variant.name, rounds=len(variant.rounds)))
    withdrawn = [s.withdrawn_after_round for s in game.seats]
    totals: list[rules.RoundTotals] = []
    for j, rnd in enumerate(game.rounds):
        at = f"{where}.rounds[{j}]"
        then = [rules.Seat(s.name, w if w is not None and w < rnd.number else None) for s, w in zip(game.seats, withdrawn)]
        before = rules.tally(variant, then, game.first_dealer_seat, totals)
        if before.status in ("complete", "void"):
            raise BackupError(_("%(at)s: round %(number)s comes after the game ended (%(status)s after round %(value)s)",
                                at=at, number=rnd.number, status=before.status, value=rnd.number - 1))
        dealer = rules.dealers(len(names), game.first_dealer_seat, withdrawn, rnd.number)[-1]
        if rnd.dealer_seat != dealer:
            raise BackupError(_("%(at)s.dealer_seat: %(dealer_seat)s, but the deal passes to seat %(dealer)s in round %(number)s",
                                at=at, dealer_seat=rnd.dealer_seat, dealer=dealer, number=rnd.number))
        try:
            parsed = parse_round(game, variant, rnd.submission, rnd.number)
            result = score(game, variant, parsed)
        except ServiceError as err:
            raise BackupError(f"{at}.submission{'.' + err.field if err.field else ''}: {err.message}") from None
        if (rnd.went_out, rnd.end) != (result.went_out, result.end):
            raise BackupError(_("%(at)s: went_out %(went_out)r and end %(end)r, but its submission says %(went_out2)r and %(end2)r",
                                at=at, went_out=rnd.went_out, end=rnd.end, went_out2=result.went_out, end2=result.end))
        _hands(game, rnd, list(result.hands), at)
        totals.append(rules.RoundTotals(rnd.number, {h.name: h.points for h in rnd.hands}, {}))


def _hands(game: Game, rnd, players: list[str], at: str) -> None:
    seat_of = {s.name: s.seat for s in game.seats}
    rnd.hands.sort(key=lambda h: h.seat)
    if sorted(h.name for h in rnd.hands) != sorted(players):
        raise BackupError(_("%(at)s.hands: hands of %(value)s, but the players of round %(number)s are %(players)s",
                            at=at, value=sorted(h.name for h in rnd.hands), number=rnd.number,
                            players=sorted(players)))
    for k, h in enumerate(rnd.hands):
        if h.seat != seat_of[h.name]:
            raise BackupError(_("%(at)s.hands[%(k)s].seat: %(seat)s, but %(name)s sits in seat %(seat_of)s",
                                at=at, k=k, seat=h.seat, name=h.name, seat_of=seat_of[h.name]))
        if h.entered_as not in ENTRY_KINDS:
            raise BackupError(_("%(at)s.hands[%(k)s].entered_as: %(entered_as)r is not one of %(kinds)s", at=at, k=k,
                                entered_as=h.entered_as, kinds=", ".join(ENTRY_KINDS)))
        if not isinstance(h.cards, list) or not all(isinstance(c, str) for c in h.cards):
            raise BackupError(_("%(at)s.hands[%(k)s].cards: %(cards)r is not a list of card codes",
                                at=at, k=k, cards=h.cards))
        if h.value_counts is not None and not (isinstance(h.value_counts, Mapping) and all(
                isinstance(v, int) and not isinstance(v, bool) for v in h.value_counts.values())):
            raise BackupError(_("%(at)s.hands[%(k)s].value_counts: %(value_counts)r is not an object of counts by card value",
                                at=at, k=k, value_counts=h.value_counts))


def _corrections(game: Game, names: list[str], where: str) -> None:
    for j, c in enumerate(game.corrections):
        at = f"{where}.corrections[{j}]"
        if not 1 <= c.round_number <= len(game.rounds):
            raise BackupError(_("%(at)s.round_number: %(round_number)s is not a recorded round (1 to %(rounds)s)",
                                at=at, round_number=c.round_number, rounds=len(game.rounds)))
        for side in ("old", "new"):
            value = getattr(c, side)
            if not isinstance(value, Mapping):
                raise BackupError(_("%(at)s.%(side)s: expected an object, found %(name)s",
                                    at=at, side=side, name=type(value).__name__))
            for part in ("scores", "bonus"):
                _points_by_name(value.get(part, {}), names, f"{at}.{side}.{part}")
            went_out = value.get("went_out")
            if went_out is not None and went_out not in names:
                raise BackupError(_("%(at)s.%(side)s.went_out: %(went_out)r is not a player of this game",
                                    at=at, side=side, went_out=went_out))


def _points_by_name(value: object, names: list[str], at: str) -> None:
    if not isinstance(value, Mapping):
        raise BackupError(_("%(at)s: %(value)r is not an object of points by player", at=at, value=value))
    for name, points in value.items():
        if name not in names:
            raise BackupError(_("%(at)s: %(name)r is not a player of this game", at=at, name=name))
        if not isinstance(points, int) or isinstance(points, bool):
            raise BackupError(_("%(at)s.%(name)s: %(points)r is not a whole number", at=at, name=name, points=points))


def _rulings(game: Game, names: list[str], where: str) -> None:
    """As ``log_ruling`` and the automatic rulings store them: a round of the game (or the next),
    a seated player, a score effect within the API's bounds and only with a player."""
    last = len(game.rounds) + 1
    for j, r in enumerate(game.rulings):
        at = f"{where}.rulings[{j}]"
        if r.round_number is not None and not 1 <= r.round_number <= last:
            raise BackupError(_("%(at)s.round_number: %(round_number)s is not a round of this game (1 to %(last)s)",
                                at=at, round_number=r.round_number, last=last))
        if r.player is not None and r.player not in names:
            raise BackupError(_("%(at)s.player: %(player)r is not a player of this game", at=at, player=r.player))
        if r.summary_values is not None and worded(r.kind, r.summary_values) is None:
            raise BackupError(_("%(at)s.summary_values: %(values)s are not the values of a %(kind)r ruling",
                                at=at, values=shown(r.summary_values), kind=r.kind))
        if r.points is not None:
            if not -1000 <= r.points <= 1000:
                raise BackupError(_("%(at)s.points: %(points)s is not a score effect (-1000 to 1000)",
                                    at=at, points=r.points))
            if r.player is None:
                raise BackupError(_("%(at)s.points: a score effect of %(points)s names no player",
                                    at=at, points=r.points))
