"""Diagnostics of the TRF reader and validator: where, what, and what was expected."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from arbitro.errors import ArbitroError


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a TRF file.

    ``line`` and ``column`` are 1-based; 0 means "the whole file" / "the whole line".
    ``field`` names the TRF field (e.g. ``"001 points"``, ``"round 3 result"``).
    """

    severity: Severity
    source: str
    line: int
    column: int
    field: str
    message: str

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        where = self.source
        if self.line:
            where += f":{self.line}"
            if self.column:
                where += f":{self.column}"
        what = f"{self.field}: " if self.field else ""
        return f"{where}: {self.severity.value}: {what}{self.message}"


class TrfError(ArbitroError):
    """A TRF file that cannot be used; carries its error diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = [d for d in diagnostics if d.is_error] or list(diagnostics)
        first = self.diagnostics[0] if self.diagnostics else None
        message = str(first) if first else "invalid TRF file"
        more = len(self.diagnostics) - 1
        if more > 0:
            message += f" (and {more} more error{'s' if more > 1 else ''})"
        super().__init__(message)
