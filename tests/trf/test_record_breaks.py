"""A line that holds a character other programs take for a line end is refused (issue 21 §1, trf.md §2).

Found by the parser fuzz test: a U+2028 inside a record was read, then refused by the writer.
"""

from __future__ import annotations

import pytest

from arbitro.trf import format_trf, parse_trf

PLAYER = "001    1      Alpha, Ana                        1800 ARG          0 1990/01/01  0.0    1"


@pytest.mark.parametrize("char", ["\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_record_break_inside_a_line_is_an_error_with_its_column(char: str) -> None:
    line = PLAYER[:20] + char + PLAYER[21:]
    result = parse_trf(f"012 Test\n{line}\n", source="t.trf")
    errors = [d for d in result.diagnostics if d.is_error]
    assert [(e.line, e.column) for e in errors][:1] == [(2, 21)]
    assert f"U+{ord(char):04X}" in errors[0].message


def test_a_nul_is_refused_too() -> None:
    line = PLAYER[:20] + "\x00" + PLAYER[21:]
    assert [d for d in parse_trf(f"012 Test\n{line}\n", source="t.trf").diagnostics if d.is_error]


def test_a_clean_file_still_reads_and_writes() -> None:
    result = parse_trf(f"012 Test\n{PLAYER}\n", source="t.trf")
    assert not [d for d in result.diagnostics if d.is_error]
    assert "Alpha, Ana" in format_trf(result.tournament)
