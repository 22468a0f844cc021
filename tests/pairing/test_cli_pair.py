"""``arbitro pair``, ``check`` and ``generate`` (bbpPairings-compatible command line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.trf import read_trf, write_trf

PERF100 = FIXTURES / "dutch-perf" / "n100-r6.trf"

ROUND1 = """012 Round one
142 5
152 W
001    1      Player, One                       2400                             0.0
001    2      Player, Two                       2350                             0.0
001    3      Player, Three                     2300                             0.0
001    4      Player, Four                      2250                             0.0
001    5      Player, Five                      2200                             0.0
"""


def _write(tmp_path: Path, text: str, name: str = "t.trf") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_pair_dutch_prints_bbp_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--dutch", str(_write(tmp_path, ROUND1)), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == ["3", "1 3", "4 2", "5 0"]


def test_pair_dutch_writes_output_file(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(_write(tmp_path, ROUND1)), "-p", str(out)]) == 0
    assert out.read_text().split() == ["3", "1", "3", "4", "2", "5", "0"]


def test_pair_json_has_boards_with_colours(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--dutch", str(_write(tmp_path, ROUND1)), "-p", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["boards"][0] == {"board": 1, "white": 1, "black": 3}
    assert data["bye"] == 5


def test_pair_reproduces_bbp_on_100_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--dutch", str(PERF100), "-p"]) == 0
    expected = (FIXTURES / "dutch-perf" / "n100-r6.expected.txt").read_text().split()
    assert capsys.readouterr().out.split() == expected


def test_pair_no_valid_pairing_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t = Tournament(rounds=3, initial_colour=Colour.WHITE)
    t.players[1] = Player(1, "One", rating=2400, results=[RoundResult(2, Colour.WHITE, ResultCode.WIN)])
    t.players[2] = Player(2, "Two", rating=2300, results=[RoundResult(1, Colour.BLACK, ResultCode.LOSS)])
    t.players[1].points = t.players[1].score(t.scoring)
    path = tmp_path / "met.trf"
    write_trf(t, path)
    assert main(["pair", "--dutch", str(path), "-p"]) == 1
    assert "no valid pairing" in capsys.readouterr().err


def test_pair_invalid_input_exit_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--dutch", str(tmp_path / "missing.trf"), "-p"]) == 3
    assert main(["pair", "--dutch", str(_write(tmp_path, "001 garbage\n")), "-p"]) == 3
    assert main(["pair", "-p"]) == 3
    assert "arbitro:" in capsys.readouterr().err


def test_check_accepts_a_bbp_fixture(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--dutch", str(FIXTURES / "dutch" / "d004-p11-r6.trf")]) == 0
    assert "6 of 6 rounds agree" in capsys.readouterr().out


def test_check_reports_a_changed_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = (FIXTURES / "dutch" / "d007-p5-r4.trf").read_text().splitlines()
    # swap the colours of one round-2 game
    t = read_trf(FIXTURES / "dutch" / "d007-p5-r4.trf")
    a = next(p for p in t.iter_players() if p.results[1].opponent is not None)
    b = a.results[1].opponent
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in (a.start_rank, b):
            block = line[101:111]
            swapped = block[:5] + ("b" if block[5] == "w" else "w") + block[6:]
            line = line[:101] + swapped + line[111:]
        out.append(line)
    path = _write(tmp_path, "\n".join(out) + "\n")
    assert main(["check", "--dutch", str(path)]) == 1
    assert "Round #2" in capsys.readouterr().out


def test_generate_is_reproducible_and_checks_clean(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = _write(
        tmp_path,
        "PlayersNumber=13\nRoundsNumber=6\nDrawPercentage=30\nForfeitRate=8\nRetiredRate=10\nHalfPointByeRate=6\n",
        "cfg.txt",
    )
    one, two = tmp_path / "a.trf", tmp_path / "b.trf"
    assert main(["generate", "--dutch", str(cfg), "-o", str(one), "-s", "7"]) == 0
    assert main(["generate", "--dutch", str(cfg), "-o", str(two), "-s", "7"]) == 0
    assert one.read_text() == two.read_text()
    t = read_trf(one)
    assert len(t.players) == 13 and t.played_rounds == 6
    assert main(["check", "--dutch", str(one)]) == 0


def test_generate_rejects_unknown_keys(tmp_path: Path) -> None:
    cfg = _write(tmp_path, "Players=10\n", "cfg.txt")
    assert main(["generate", "--dutch", str(cfg), "-o", str(tmp_path / "x.trf")]) == 3


def test_pair_round_robin_uses_berger_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("arbitro.pairing.berger")
    t = Tournament(rounds=3, system="BERGER_ROUNDROBIN")
    for i in range(1, 5):
        t.players[i] = Player(i, f"P{i}", rating=2400 - i)
    path = tmp_path / "rr.trf"
    write_trf(t, path)
    assert main(["pair", "--round-robin", str(path), "-p"]) == 0
    out = capsys.readouterr().out.split("\n")
    assert out[0] == "2" and len(out[1].split()) == 2


def _finished(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    cfg = _write(tmp_path, "PlayersNumber=8\nRoundsNumber=3\nDrawPercentage=30\n", "cfg.txt")
    path = tmp_path / "done.trf"
    assert main(["generate", "--dutch", str(cfg), "-o", str(path), "-s", "3"]) == 0
    capsys.readouterr()
    return path


def test_pair_refuses_a_round_beyond_the_declared_rounds_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20: round 4 of a 3-round tournament is refused (bad input, exit 3 as bbpPairings)."""
    path = _finished(tmp_path, capsys)
    assert read_trf(path).total_rounds == 3 and read_trf(path).played_rounds == 3
    assert main(["pair", "--dutch", str(path), "-p"]) == 3
    captured = capsys.readouterr()
    assert "the tournament has 3 rounds" in captured.err and "--add-round" in captured.err
    assert captured.out == ""


def test_pair_add_round_pairs_one_more_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _finished(tmp_path, capsys)
    assert main(["pair", "--dutch", str(path), "-p", "--add-round"]) == 0
    lines = capsys.readouterr().out.split()
    assert lines[0] == "4"  # 8 players: 4 boards


def test_check_says_which_system_and_rules_the_file_declares(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 20: "0 of 5 rounds agree" alone; now 092, 192, dates and the C.04.3 edition in force then."""
    path = FIXTURES / "trf" / "small-swiss7-byes-forfeits.trf"
    main(["check", "--dutch", str(path)])
    out = capsys.readouterr().out
    assert "092 (type): Individual: Swiss-System" in out and "192 (system): not given" in out
    assert "dates: 2025-05-01 to 2025-05-03" in out
    assert "C.04.3 of 2017" in out and "Arbitro re-pairs by C.04.3 of 2026" in out
    assert "paired under older rules" in out


def _colour_swapped(round_index: int) -> str:
    """d007 with the colours of one game of round ``round_index + 1`` swapped (as an arbiter might by hand)."""
    lines = (FIXTURES / "dutch" / "d007-p5-r4.trf").read_text().splitlines()
    t = read_trf(FIXTURES / "dutch" / "d007-p5-r4.trf")
    a = next(p for p in t.iter_players() if p.results[round_index].opponent is not None)
    b = a.results[round_index].opponent
    start = 91 + 10 * round_index
    out = []
    for line in lines:
        if line.startswith("001") and int(line[4:8]) in (a.start_rank, b):
            block = line[start : start + 10]
            swapped = block[:5] + ("b" if block[5] == "w" else "w") + block[6:]
            line = line[:start] + swapped + line[start + 10 :]
        out.append(line)
    return "\n".join(out) + "\n"


def test_check_accepts_a_round_changed_by_hand_within_the_absolute_criteria(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """TEC checklist: a manual pairing is noted ``### MPA @ Round n``; check names it instead of failing,
    unless it breaks C.04.1 (art. 2, 4, 6, 7) or --strict is given."""
    text = _colour_swapped(3)
    path = _write(tmp_path, "### MPA @ Round 4: engine 1-2; manual 2-1; by IA Test\n" + text)
    assert main(["check", "--dutch", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Round #4 (accepted)" in out and "changed by hand: MPA @ Round 4" in out
    assert main(["check", "--dutch", str(path), "--strict"]) == 1
    capsys.readouterr()
    plain = _write(tmp_path, text, "plain.trf")  # without the note it is a difference
    assert main(["check", "--dutch", str(plain)]) == 1
