"""The refusals of the games service: each names the field and the value, and carries the HTTP
status the API answers with (``scorekeeper/errors.py`` turns them into answers)."""
from __future__ import annotations

from typing import Any

from ..rules import game as rules
from ..rules.errors import RulesInputError


class ServiceError(Exception):
    """A refusal to show the user: ``message`` names the field and value; ``status`` is the HTTP code."""

    status = 400

    def __init__(self, message: str, field: str | None = None, status: int | None = None, **extra: Any):
        super().__init__(message)
        self.message = message
        self.field = field
        if status is not None:
            self.status = status
        self.extra = extra

    def as_json(self) -> dict:
        data: dict[str, Any] = {"error": self.message}
        if self.field:
            data["field"] = self.field
        data.update(self.extra)
        return data


class NotFound(ServiceError):
    status = 404


class Unauthorized(ServiceError):
    status = 401


class Forbidden(ServiceError):
    status = 403


class Conflict(ServiceError):
    status = 409


class Unprocessable(ServiceError):
    status = 422


def rules_error(err: RulesInputError, status: int | None = None) -> ServiceError:
    if isinstance(err, rules.RoundMustBeReplayed):
        status = 422
    return ServiceError(str(err), err.field, status)


