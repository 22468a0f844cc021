"""FIDE Tournament Report File (TRF-2026 and TRF16 with extensions).

* :func:`parse_trf` (text or bytes -> :class:`ParseResult` with diagnostics; never raises on bad input)
* :func:`format_trf` (tournament -> text, ``"trf26"`` or ``"trf16"``)
* :func:`validate` (consistency checks, run by :func:`parse_trf`)
* :func:`read_trf` / :func:`load_trf` / :func:`write_trf` (files; writes are atomic)

See docs/formats/trf.md and ../shared/reference/trf.md.
"""

from arbitro.trf.diagnostics import Diagnostic, Severity, TrfError
from arbitro.trf.files import atomic_write_text, load_trf, read_trf, write_trf
from arbitro.trf.reader import ParseResult, decode_trf, parse_date, parse_trf
from arbitro.trf.validate import validate
from arbitro.trf.writer import format_points, format_trf

__all__ = [
    "Diagnostic",
    "ParseResult",
    "Severity",
    "TrfError",
    "atomic_write_text",
    "decode_trf",
    "format_points",
    "format_trf",
    "load_trf",
    "parse_date",
    "parse_trf",
    "read_trf",
    "validate",
    "write_trf",
]
