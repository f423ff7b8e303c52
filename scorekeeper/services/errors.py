"""The services' refusals: one small hierarchy of exceptions, each naming the field and the value
in a player's words. A refusal says what is wrong, never how to answer it: the HTTP status of each
kind is chosen in one place, ``scorekeeper/errors.py`` (``SERVICE_STATUS``), which turns a refusal
into the API's JSON error or a page."""
from __future__ import annotations

from typing import Any

from ..rules import game as rules
from ..rules.errors import RulesInputError


class ServiceError(Exception):
    """A value the service cannot take as sent: ``message`` names the field and the value,
    ``field`` is the field's name, ``extra`` what the API's error adds (``as_json``)."""

    def __init__(self, message: str, field: str | None = None, **extra: Any):
        super().__init__(message)
        self.message = message
        self.field = field
        self.extra = extra

    def as_json(self) -> dict:
        data: dict[str, Any] = {"error": self.message}
        if self.field:
            data["field"] = self.field
        data.update(self.extra)
        return data


class NotFound(ServiceError):
    """No such game, table, player, round or variant."""


class Unauthorized(ServiceError):
    """The change needs an edit token and none was given."""


class Forbidden(ServiceError):
    """The token given is not (or no longer) the one that may make this change."""


class Conflict(ServiceError):
    """The change does not fit the game as it stands now (already recorded, over, changed meanwhile)."""


class Unprocessable(ServiceError):
    """Well formed, but against the rules of the game (a hand the pack cannot hold, a round to replay)."""


def rules_error(err: RulesInputError, against_the_rules: bool = False) -> ServiceError:
    """The rules' refusal as the services': :class:`Unprocessable` when the value breaks a rule of
    the game (``against_the_rules``, or a round that must be replayed), else a plain refusal."""
    kind = Unprocessable if against_the_rules or isinstance(err, rules.RoundMustBeReplayed) else ServiceError
    return kind(str(err), err.field)
