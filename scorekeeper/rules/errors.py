"""Typed errors raised by the rules. Each names the field and the value at fault."""
from __future__ import annotations

from .words import _


class RulesInputError(ValueError):
    """Input that cannot be judged at all (not a legal/illegal verdict).

    ``field`` is a path such as ``cards[0]`` or ``melds[1][2]``; the API prefixes it to the
    message so the user sees which value was wrong.
    """

    def __init__(self, message: str, field: str | None = None, value: object = None):
        super().__init__(message)
        self.message = message
        self.field = field
        self.value = value

    def at(self, field: str) -> "RulesInputError":
        """The same error, reported at ``field`` (an outer path such as ``melds[1]``)."""
        inner = self.field or ""
        path = field + (inner if inner.startswith("[") else ("." + inner if inner else ""))
        return type(self)(self.message, path, self.value)

    def __str__(self) -> str:
        return _("%(field)s: %(error)s", field=self.field, error=self.message) if self.field else self.message
