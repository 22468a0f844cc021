"""Reading JSON documents in the core: one field reader whose messages name the source and the field.

Every document the core reads from JSON goes through a :class:`FieldReader`: the event log
(:mod:`arbitro.tournament.events`, source ``event: payload``), the title dossier
(:mod:`arbitro.titles.dossier`) and the prize list (:mod:`arbitro.prizes.listfile`). A refusal is
``source: where: what`` (``prizes.json: groups[1].name: expected a text``), or ``source: what`` at
the top level; the field kinds shared by the documents (whole numbers, flags, lists, objects, known
keys) are defined here once, and a document adds only its own kinds (amounts, dates, titles).

>>> r = FieldReader("prizes.json")
>>> r.whole(3, "groups[0].juniors", low=0, high=99)
3
>>> r.whole("3", "round")
Traceback (most recent call last):
...
arbitro.errors.ArbitroError: prizes.json: round: expected a whole number, got '3'
>>> FieldReader("event: payload", digit_strings=True).whole("3", "round")
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from arbitro.errors import ArbitroError

__all__ = ["FieldReader"]


class FieldReader:
    """Field access for one document; subclasses add the field kinds they need.

    ``digit_strings``: whole numbers may also be written as a string of ASCII digits (the event
    log's early entries were; a document typed by people is held to real numbers).
    """

    def __init__(self, source: str, *, digit_strings: bool = False) -> None:
        self.source = source
        self.digit_strings = digit_strings

    def fail(self, where: str, what: str) -> ArbitroError:
        return ArbitroError(f"{self.source}: {where}: {what}" if where else f"{self.source}: {what}")

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected an object, got {type(value).__name__}")
        return value

    def keys(self, d: Mapping[str, Any], where: str, allowed: set[str] | Sequence[str]) -> None:
        """Refuse a key the document does not define (a typo must not be ignored silently)."""
        for k in d:
            if k not in allowed:
                raise self.fail(where, f"unknown field {k!r} (expected one of {', '.join(sorted(allowed))})")

    def whole(self, value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
        """A whole number (``low``..``high`` when given); never a boolean, never a fraction."""
        number: int | None = None
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        elif self.digit_strings and isinstance(value, str) and value.strip().lstrip("-").isascii():
            try:
                number = int(value)
            except ValueError:
                number = None
        if number is None or (low is not None and number < low) or (high is not None and number > high):
            bounds = f" from {low} to {high}" if low is not None and high is not None else ""
            raise self.fail(where, f"expected a whole number{bounds}, got {value!r}")
        return number

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, f"expected true or false, got {value!r}")
        return value

    def items(self, value: Any, where: str, what: str = "a list") -> Sequence[Any]:
        """A JSON list (a tuple too, for documents built in memory); ``what`` names its items."""
        if not isinstance(value, list | tuple):
            raise self.fail(where, f"expected {what}, got {value!r}")
        return value
