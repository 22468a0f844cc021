"""``arbitro pair``, ``check`` and ``generate`` with --burstein, --dubov, --lim and --double-swiss (issue 17)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main

HERE = Path(__file__).parent
ROUND1 = """012 Round one
142 5
152 W
001    1      Player, One                       2400                             0.0
001    2      Player, Two                       2350                             0.0
001    3      Player, Three                     2300                             0.0
001    4      Player, Four                      2250                             0.0
001    5      Player, Five                      2200                             0.0
001    6      Player, Six                       2150                             0.0
"""


@pytest.mark.parametrize(
    ("flag", "lines"),
    [
        ("--burstein", ["3", "1 4", "5 2", "3 6"]),  # round 1 is a seeding round (C.04.4.2 1.6): Dutch
        ("--dubov", ["3", "1 4", "5 2", "3 6"]),
        ("--lim", ["3", "1 4", "5 2", "3 6"]),
        ("--double-swiss", ["3", "1 4", "5 2", "3 6"]),
    ],
)
def test_pair_each_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str, lines: list[str]
) -> None:
    path = tmp_path / "r1.trf"
    path.write_text(ROUND1, encoding="utf-8")
    assert main(["pair", flag, str(path), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == lines


def test_pair_burstein_bbp_compat_reproduces_bbp(capsys: pytest.CaptureFixture[str]) -> None:
    """The departure file of C.04.4.2 1.8: bbpPairings' output with --bbp-compat."""
    path = HERE / "departures" / "burstein" / "c04-4-2-1-8-index-buchholz-then-sb.trf"
    assert main(["pair", "--burstein", str(path), "-p", "--bbp-compat"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == ["3", "3 5", "4 2", "1 0"]


def test_two_system_flags_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r1.trf"
    path.write_text(ROUND1, encoding="utf-8")
    assert main(["pair", "--dubov", str(path), "--lim", str(path), "-p"]) == 3
    assert "exactly one of" in capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--burstein", "--dubov", "--lim", "--double-swiss"])
def test_generate_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str], flag: str) -> None:
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=13\nRoundsNumber=5\nForfeitRate=10\nHalfPointByeRate=6\n", encoding="utf-8")
    out = tmp_path / "g.trf"
    assert main(["generate", flag, str(cfg), "-o", str(out), "-s", "4"]) == 0
    assert main(["check", flag, str(out)]) == 0
    assert "rounds agree" in capsys.readouterr().out


def test_check_burstein_bbp_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    path = HERE / "fixtures" / "burstein-bbp" / "b42.trf"
    assert main(["check", "--burstein", str(path), "--bbp-compat"]) == 0
    assert "of" in capsys.readouterr().out


def test_lim_maxi_tournament_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C.04.4.3 3.2.3: --maxi-tournament generates and checks a Lim event; other systems refuse it."""
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=16\nRoundsNumber=5\n", encoding="utf-8")
    out = tmp_path / "g.trf"
    assert main(["generate", "--lim", str(cfg), "-o", str(out), "-s", "4", "--maxi-tournament"]) == 0
    assert main(["check", "--lim", str(out), "--maxi-tournament"]) == 0
    assert "5 of 5 rounds agree" in capsys.readouterr().out
    path = tmp_path / "r1.trf"
    path.write_text(ROUND1, encoding="utf-8")
    assert main(["pair", "--dubov", str(path), "-p", "--maxi-tournament"]) == 3
    assert "Lim system only" in capsys.readouterr().err.replace("\n", " ")
