"""Diagnostics of the TRF reader and validator: where, what, and what was expected."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_DIAGNOSTICS


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


class DiagnosticSink:
    """Diagnostics with a cap (issue 21): the first ``cap`` of each severity are kept, all are counted.

    A file of four million bad lines thus costs four million counts, not four million objects,
    and a report shows at most ``cap`` lines and then "and N more" (:func:`report_lines`).
    """

    __slots__ = ("cap", "error_count", "kept", "warning_count")

    def __init__(self, cap: int = MAX_DIAGNOSTICS) -> None:
        self.cap = cap
        self.kept: list[Diagnostic] = []
        self.error_count = 0
        self.warning_count = 0

    def add(self, d: Diagnostic, *, always: bool = False) -> None:
        """Count ``d``; keep it while under the cap, or ``always`` (a file-level stop)."""
        if d.is_error:
            self.error_count += 1
            if self.error_count <= self.cap or always:
                self.kept.append(d)
        else:
            self.warning_count += 1
            if self.warning_count <= self.cap:
                self.kept.append(d)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        for d in diagnostics:
            self.add(d)

    @property
    def total(self) -> int:
        return self.error_count + self.warning_count


def report_lines(diagnostics: list[Diagnostic], total: int, cap: int = MAX_DIAGNOSTICS) -> list[str]:
    """At most ``cap`` diagnostics (errors first, each group in file order), then "and N more"."""
    errors = [d for d in diagnostics if d.is_error]
    if len(errors) > cap:  # a file-level stop kept past the cap (DiagnosticSink.add ``always``)
        errors = [*errors[: cap - 1], errors[-1]]
    ordered = errors + [d for d in diagnostics if not d.is_error]
    lines = [str(d) for d in ordered[:cap]]
    more = total - len(lines)
    if more > 0:
        lines.append(f"... and {more} more problem{'s' if more > 1 else ''}")
    return lines


class TrfError(ArbitroError):
    """A TRF file that cannot be used; carries its error diagnostics.

    ``error_count`` is the number of errors found when more were found than kept.
    """

    def __init__(self, diagnostics: list[Diagnostic], error_count: int | None = None) -> None:
        self.diagnostics = [d for d in diagnostics if d.is_error] or list(diagnostics)
        first = self.diagnostics[0] if self.diagnostics else None
        message = str(first) if first else "invalid TRF file"
        more = max(len(self.diagnostics), error_count or 0) - 1
        if more > 0:
            message += f" (and {more} more error{'s' if more > 1 else ''})"
        super().__init__(message)
