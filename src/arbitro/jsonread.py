"""Reading JSON documents in the core: messages that name the source and the field.

The dossier (:mod:`arbitro.titles.dossier`) and the prize list
(:mod:`arbitro.prizes.listfile`) read their documents through a
:class:`FieldReader`: ``source: where: what`` (``prizes.json: groups[1].name:
expected a text``), or ``source: what`` at the top level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arbitro.errors import ArbitroError

__all__ = ["FieldReader"]


class FieldReader:
    """Field access for one document; subclasses add the field kinds they need."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, what: str) -> ArbitroError:
        return ArbitroError(f"{self.source}: {where}: {what}" if where else f"{self.source}: {what}")

    def obj(self, value: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(value, Mapping):
            raise self.fail(where, f"expected an object, got {type(value).__name__}")
        return value
