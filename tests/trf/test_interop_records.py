"""TRF records as other programs write and read them (issue 22, trf.md §2, §4.2, §4.6).

These tests need no reference program; tests/trf/test_interop_refs.py runs bbpPairings and FIDE's
TEC reader on the same files.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.model import ScoringSystem
from arbitro.trf import format_trf, parse_trf, read_trf

INTEROP = FIXTURES / "interop"
D = Decimal


def _record(text: str, code: str) -> str:
    (line,) = [x for x in text.splitlines() if x.startswith(code + " ")]
    return line


def _codes_at_reference_columns(line: str) -> dict[str, str]:
    """Code at column 6, points in 7-10, every 9 columns (trf.md §4.2, record 162)."""
    out = {}
    for i in range(5, len(line), 9):
        out[line[i]] = line[i + 1 : i + 5].strip()
        assert line[i + 5 : i + 9].strip() == ""
    return out


def test_162_misaligned_old_layout_still_reads_trf_4_2() -> None:
    result = parse_trf((INTEROP / "scoring-162-misaligned.trf").read_bytes())
    assert result.errors == []
    s = result.tournament.scoring
    assert (s.win, s.draw, s.loss, s.forfeit_loss, s.pairing_bye) == (3, 1, 0, 0, 3)


def test_162_is_written_in_the_reference_layout_trf_4_2() -> None:
    t = read_trf(INTEROP / "scoring-162-misaligned.trf")
    line = _record(format_trf(t, "trf26"), "162")
    assert line == "162  W 3.0    D 1.0    L 0.0"
    assert _codes_at_reference_columns(line) == {"W": "3.0", "D": "1.0", "L": "0.0"}


@pytest.mark.parametrize(
    "scoring",
    [
        ScoringSystem(win=D(3), draw=D(1), loss=D(0), pairing_bye=D(3), full_bye=D(3), half_bye=D(1)),
        ScoringSystem(win=D(2), draw=D(1), pairing_bye=D(1), full_bye=D(2), half_bye=D(1)),
        ScoringSystem(pairing_bye=D("0.5")),
        ScoringSystem(
            win=D(3),
            draw=D(2),
            loss=D(1),
            forfeit_loss=D(0),
            pairing_bye=D(3),
            full_bye=D(3),
            half_bye=D(2),
            zero_bye=D(0),
        ),  # fmt: skip
        ScoringSystem(
            win=D(3), draw=D(1), forfeit_loss=D(-1), forfeit_win=D(3), full_bye=D(3), half_bye=D(1)
        ),
        ScoringSystem(win=D(1), draw=D("0.5"), loss=D("0.25"), forfeit_loss=D("0.25")),
    ],
    ids=["3-1-0", "2-1-0-pab1", "pab-half", "3-2-1-forfeit-0", "forfeit-minus-1", "loss-quarter"],
)
def test_162_round_trip_and_columns_for_every_scoring(scoring: ScoringSystem) -> None:
    t = read_trf(INTEROP / "scoring-162-misaligned.trf")
    t.scoring = scoring
    for p in t.players.values():
        p.points = p.score(scoring)
    text = format_trf(t, "trf26")
    codes = _codes_at_reference_columns(_record(text, "162"))
    assert codes["W"] == str(scoring.win.normalize()) or D(codes["W"]) == scoring.win
    assert ("P" in codes) == (scoring.pairing_bye != scoring.win)
    result = parse_trf(text)
    assert result.errors == []
    assert result.tournament.scoring == scoring
    trf16 = parse_trf(format_trf(t, "trf16"))
    assert trf16.errors == []
    assert trf16.tournament.scoring == scoring


def test_column_ruler_without_hashes_is_a_warning_with_its_line_trf_2() -> None:
    text = (INTEROP / "old-style-bye-plus-r2.trf").read_text()
    ruler = "DDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR"
    numbers = "0000000001111111111222222222233333333334444444444555555555566666666667777777777888888888"
    text = text.replace("\n", f"\n{numbers}\n{ruler}\n", 1)
    result = parse_trf(text, "ruled.trf")
    assert result.errors == []
    assert [(w.line, w.field) for w in result.warnings] == [(2, "line"), (3, "line")]
    assert all("ignored" in w.message for w in result.warnings)
    assert len(result.tournament.players) == 9
    assert result.tournament.other_records == []  # not written back


def test_a_known_record_without_its_blank_is_still_an_error() -> None:
    text = (INTEROP / "old-style-bye-plus-r2.trf").read_text().replace("001    9", "001X   9")
    result = parse_trf(text)
    assert [(e.line, e.field) for e in result.errors][:1] == [(10, "record code")]


@pytest.mark.parametrize(
    ("extra", "field_line"),
    [
        ("092 FIDE_TEAM_BAKU\n", 2),
        ("192 FIDE_TEAM_TYPEA_MP_GP\n", 2),
        ("310    1 Team One                         1    2\n", 2),
        ("013 Team One                            1    2\n", 2),
    ],
    ids=["092", "192", "310", "013"],
)
def test_team_files_are_recognised_and_refused_with_their_line_trf_4_6(extra: str, field_line: int) -> None:
    base = "012 Team Cup\n" + "\n".join((INTEROP / "old-style-bye-plus-r2.trf").read_text().splitlines()[1:])
    result = parse_trf(base.replace("\n", "\n" + extra, 1), "team.trf")
    (error,) = [e for e in result.errors if e.field == "team tournament"]
    assert error.line == field_line
    assert "team tournament" in str(error) and str(error).startswith(f"team.trf:{field_line}:")


def test_check_refuses_a_team_file_naming_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "baku-team.trf"
    text = (
        (INTEROP / "old-style-bye-plus-r2.trf")
        .read_text()
        .replace("092 FIDE_DUTCH_2025", "092 FIDE_TEAM_BAKU")
    )
    path.write_text(text)
    assert main(["check", "--dutch", str(path)]) == 3
    err = capsys.readouterr().err
    assert f"{path}:12:1: error: team tournament: 092 type 'FIDE_TEAM_BAKU'" in err.replace("\n", "")


def test_trf_162_points_with_an_exponent_are_refused_limits_md() -> None:
    """``162 W 1e99``: plain decimals only (issue 21, docs/formats/limits.md); not read as ``W 1``."""
    from arbitro.trf import parse_trf

    text = "012 X\n162  W 1e99   D 1.0\n"
    errors = [d for d in parse_trf(text, "x.trf").diagnostics if d.is_error and d.field == "162 scoring system"]
    assert len(errors) == 1 and "1e99" in errors[0].message and errors[0].line == 2
