"""Validation diagnostics name line, column and field and say what was expected (issue 2, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.trf import parse_trf

HEAD = "012 Test\nXXR 3\n"


def _line(rank: int, name: str, pts: str, block: str) -> str:
    """A 001 record with the TRF16 columns (trf.md §3.2)."""
    return f"001 {rank:>4} m    {name:<33} 2000 XXX {'':>11} 1990/01/01 {pts:>4} {rank:>4}  {block}"


def _p1(pts: str, r1: str) -> str:
    return _line(1, "Alpha, A", pts, f"   2 w {r1}")


def _p2(pts: str, r2: str, c2: str) -> str:
    return _line(2, "Bravo, B", pts, f"   1 {c2} {r2}")


def _file(r1: str = "1", r2: str = "0", c2: str = "b", p1: str = "1.0", p2: str = "0.0") -> str:
    return HEAD + _p1(p1, r1) + "\n" + _p2(p2, r2, c2) + "\n"


def test_valid_file_has_no_diagnostics() -> None:
    assert parse_trf(_file()).diagnostics == []


def test_both_sides_must_agree_on_the_result() -> None:
    d = parse_trf(_file(r2="1", p2="1.0")).errors
    assert len(d) == 1 and d[0].line == 3 and d[0].column == 99 and "do not fit" in d[0].message


def test_both_sides_must_not_have_the_same_colour() -> None:
    d = parse_trf(_file(c2="w")).errors
    assert len(d) == 1 and d[0].field == "round 1 colour" and d[0].line == 3


def test_points_against_results_is_a_warning() -> None:
    result = parse_trf(_file(p1="2.0"))
    assert result.errors == []
    (w,) = result.warnings
    assert w.field == "001 points" and w.line == 3 and w.column == 81 and "1" in w.message


def test_points_may_include_the_requested_bye_of_the_next_round() -> None:
    text = _file(p1="1.5") + "240 H 002 0001\n"
    assert parse_trf(text).diagnostics == []


def test_unusual_result_half_zero_is_a_warning() -> None:
    result = parse_trf(_file(r1="=", p1="0.5"))
    assert result.errors == [] and any("unusual" in w.message for w in result.warnings)


def test_unknown_result_code() -> None:
    (e, *_) = parse_trf(_file(r1="Q")).errors
    assert e.field == "round 1 result" and "expected one of" in e.message and e.column == 99


def test_duplicate_start_rank() -> None:
    text = _file() + _p2("0.0", "0", "b") + "\n"
    errors = parse_trf(text).errors
    assert any(e.field == "001 start rank" and "already used on line 4" in e.message for e in errors)


def test_missing_start_rank_is_a_warning() -> None:
    text = (
        HEAD
        + _p1("0.0", "0").replace("   2 w 0", "   3 w 0")
        + "\n"
        + _p2("1.0", "1", "b").replace("001    2", "001    3")
    )
    result = parse_trf(text)
    assert result.errors == []
    assert any("missing: 2" in w.message for w in result.warnings)


def test_opponent_that_does_not_exist() -> None:
    text = HEAD + _p1("1.0", "1").replace("   2 w 1", "  17 w 1") + "\n"
    (e,) = parse_trf(text).errors
    assert e.line == 3 and e.column == 92 and "no player with start rank 17" in e.message


def test_bad_start_date_is_a_warning_and_end_before_start_an_error() -> None:
    result = parse_trf("042 2026/13/45\n" + _file())
    assert result.errors == [] and result.warnings[0].field == "042 start date"
    result = parse_trf("042 2026/05/10\n052 2026/05/01\n" + _file())
    assert result.errors[0].field == "052 end date"


def test_more_results_than_rounds_declared() -> None:
    assert parse_trf(_file().replace("XXR 3", "XXR 0")).errors  # 0 rounds is not a number of rounds
    text = _file().replace("XXR 3", "142 1") + ""
    assert parse_trf(text).errors == []


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("encoding", ["utf-8", "latin-1", "utf-8-sig"])
def test_line_ends_and_encodings(ending: str, encoding: str) -> None:
    text = _file().replace("Alpha, A", "Núñez, Ñ").replace("\n", ending)
    result = parse_trf(text.encode(encoding))
    assert result.errors == [] and result.tournament.players[1].name == "Núñez, Ñ"


def test_scoring_records_162_bb_and_xxs() -> None:
    t = parse_trf("162  W 3.0    D 1.0\n" + _file(p1="3.0")).tournament
    assert (t.scoring.win, t.scoring.draw, t.scoring.full_bye, t.scoring.half_bye) == (3, 1, 3, 1)
    t = parse_trf("BBW 3.0\nBBD 1.0\nBBU 1.0\n" + _file(p1="3.0")).tournament
    assert (t.scoring.win, t.scoring.pairing_bye) == (3, 1)
    t = parse_trf("XXS WW=2 BW=2 HPB=0\n" + _file(p1="2.0")).tournament
    assert (t.scoring.win, t.scoring.half_bye) == (2, 0)


def test_national_rating_line_is_read_and_team_records_kept_but_refused() -> None:
    """Team records are kept as they are, and the file is refused at its first team line (issue 22)."""
    text = (
        "172 ARG FIDON\n" + _file() + "ARG    1 m    Alpha, A                          1875 ARG       12345\n"
    )
    result = parse_trf(text)
    assert result.errors == []
    (nr,) = result.tournament.players[1].national_ratings
    assert (nr.federation, nr.rating, nr.national_id) == ("ARG", 1875, "12345")
    result = parse_trf(text + "310 team\n")
    assert result.tournament.team_records[0].text == "310 team"
    (error,) = result.errors
    assert (error.line, error.field) == (text.count("\n") + 1, "team tournament")


def test_cli_validate_convert_show(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "t.trf"
    src.write_text(_file())
    assert main(["trf", "validate", str(src)]) == 0
    assert "valid" in capsys.readouterr().out
    out = tmp_path / "o.trf"
    assert main(["trf", "convert", str(src), str(out), "--to", "trf16"]) == 0
    assert "XXR 3" in out.read_text()
    assert main(["trf", "convert", str(src), str(out), "--to", "pdf"]) == 2
    assert "expected trf26 or trf16" in capsys.readouterr().err
    assert main(["trf", "show", str(src)]) == 0
    assert "Alpha" in capsys.readouterr().out
    assert main(["trf", "validate", str(tmp_path / "missing.trf")]) == 2
    assert "no such file" in capsys.readouterr().err
    for argv in (["--help"], ["trf", "--help"], ["trf", "validate", "--help"], ["trf", "convert", "--help"]):
        assert main(argv) == 0
