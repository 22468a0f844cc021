"""End to end through the CLI: a 7-player double round robin (issue 5, C.05 Annex 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.model import ResultCode
from arbitro.pairing.berger import berger_table
from arbitro.tournament import event_from_json, replay
from arbitro.trf import format_trf, parse_trf

from .conftest import PLAYERS

RESULTS = ["1-0", "½-½", "0-1", "1-0", "0-1", "½-½", "1-0"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def refused(capsys: pytest.CaptureFixture[str], trf: Path, *args: str) -> str:
    """A bad command: exit 2, one line on stderr, neither file changed."""
    log = trf.with_suffix(".events.jsonl")
    before = (trf.read_bytes(), log.read_bytes())
    code, out, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("arbitro: ") and err.count("\n") == 1, err
    assert (trf.read_bytes(), log.read_bytes()) == before
    return err


def test_double_round_robin_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "club.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "Club Championship", "--system", "double-round-robin", "--city", "Mar del Plata",
       "--federation", "ARG", "--start", "2026-12-01", "--end", "2026-12-20", "--author", "IA Test")
    for name, rating, title in PLAYERS[:2]:
        out = ok(capsys, "add-player", f, name, "--rating", str(rating), "--title", title, "--federation", "ARG")
        assert "pairing number" in out
    csv_file = tmp_path / "players.csv"
    csv_file.write_text("name,rating,title,federation\n" + "".join(f'"{n}",{r},{t},ARG\n' for n, r, t in PLAYERS[2:]))
    assert "5 players registered" in ok(capsys, "add-players", f, str(csv_file))
    # a requested bye makes no sense in a round robin: refused, nothing changes
    assert "forfeit" in refused(capsys, trf, "bye", f, "3", "--round", "2")
    assert "lot seed 2026" in ok(capsys, "numbers", f, "--seed", "2026")
    events = [event_from_json(x) for x in trf.with_suffix(".events.jsonl").read_text().splitlines()]
    order = events[-1].payload["order"]
    assert sorted(order) == list(range(1, 8))

    table = berger_table(7, double=True)
    for r in range(1, 15):
        out = ok(capsys, "pair", f)
        assert out.startswith(f"Round {r}")
        if r == 1:
            assert "round 1 is not complete" in refused(capsys, trf, "pair", f)
            assert "there is no board 4" in refused(capsys, trf, "result", f, "4", "1-0")
            ok(capsys, "publish", f)
        if r == 5:
            # a manual change on a published round: colours of board 1 swapped, logged as MPA
            ok(capsys, "publish", f)
            state = replay(events_of(trf))
            boards = [(g.white, g.black) for g in state.round(5).boards]
            swapped = [(boards[0][1], boards[0][0]), *boards[1:]]
            args = [f"{w}-{b}" for w, b in swapped]
            assert "C.04.2 4.4" in refused(capsys, trf, "change-pairing", f, *args, "--bye", str(state.round(5).bye))
            out = ok(capsys, "change-pairing", f, *args, "--bye", str(state.round(5).bye), "--reason", "medical")
            assert out.startswith("### MPA @ Round 5: engine")
        state = replay(events_of(trf))
        rnd = state.round(r)
        if r != 5:
            expected = {(w, b) for w, b in table[r - 1] if 8 not in (w, b)}
            assert {(g.white, g.black) for g in rnd.boards} == expected
        items = []
        for board, game in enumerate(rnd.boards, start=1):
            if game.has_result:  # forfeits entered by the withdrawal
                continue
            items += [str(board), "1F-0F" if (r, board) == (3, 2) else RESULTS[(r + board) % len(RESULTS)]]
        if items:
            ok(capsys, "result", f, *items)
        if r == 2:
            ok(capsys, "result", f, "1", "1-0", "--round", "1", "--correct", "--reason", "scoresheet")
            assert "correction" in refused(capsys, trf, "result", f, "1", "1-0", "--round", "2")
        if r == 9:
            ok(capsys, "withdraw", f, "4")
    code, _, err = run(capsys, "pair", f)
    assert code == 2 and "all 14 rounds" in err

    # the exported TRF validates and equals the replay of the log
    final = replay(events_of(trf)).to_tournament()
    for version in ("trf26", "trf16"):
        out = ok(capsys, "export", f, "--to", version)
        parsed = parse_trf(out)
        assert not parsed.errors, parsed.errors
        assert out == format_trf(final, version)
        assert parsed.tournament.players == final.players
    assert trf.read_text() == format_trf(final, "trf26")
    assert main(["trf", "validate", f]) == 0
    capsys.readouterr()

    t = parse_trf(trf.read_text()).tournament
    assert t.rounds == 14 and t.system == "FIDE_DOUBLEROUNDROBIN"
    assert [c for c in t.comments if c.startswith("MPA @ Round 5")]
    # the forfeit of round 3 and the withdrawal's forfeits (rounds 10-14)
    games_after_withdrawal = sum(1 for res in t.player(4).results[9:] if res.opponent is not None)
    assert games_after_withdrawal >= 4
    wins = sum(1 for p in t.players.values() for res in p.results if res.code is ResultCode.FORFEIT_WIN)
    assert wins == 1 + games_after_withdrawal
    assert all(res.code in (ResultCode.FORFEIT_LOSS, ResultCode.ZERO_BYE) for res in t.player(4).results[9:])
    # every player has exactly two free rounds (7 players: table of 8, two cycles)
    assert all(sum(res.code is ResultCode.ZERO_BYE for res in p.results) == 2 for p in t.players.values())
    # the log is JSON lines with timestamp and author
    first = json.loads(trf.with_suffix(".events.jsonl").read_text().splitlines()[0])
    assert first["author"] == "IA Test" and first["timestamp"] and first["kind"] == "tournament_created"


def events_of(trf: Path) -> list:
    return [event_from_json(x) for x in trf.with_suffix(".events.jsonl").read_text().splitlines()]


def test_edited_trf_is_refused_until_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "t.trf"
    ok(capsys, "new", str(trf), "--name", "T", "--rounds", "5")
    trf.write_text(trf.read_text() + "001 garbage\n")
    code, _, err = run(capsys, "add-player", str(trf), "A, B")
    assert code == 2 and "rebuild" in err
    ok(capsys, "rebuild", str(trf))
    ok(capsys, "add-player", str(trf), "A, B")
    # the same content written differently (CR LF line ends, as an editor may save it) is accepted
    trf.write_bytes(trf.read_bytes().replace(b"\n", b"\r\n"))
    ok(capsys, "add-player", str(trf), "C, D")
    assert b"\r\n" not in trf.read_bytes()


def test_new_refuses_existing_files_and_bad_systems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "t.trf"
    ok(capsys, "new", str(trf), "--name", "T", "--rounds", "5")
    assert "already exists" in refused(capsys, trf, "new", str(trf), "--name", "T", "--rounds", "5")
    code, _, err = run(capsys, "new", str(tmp_path / "u.trf"), "--name", "U", "--system", "knockout")
    assert code == 2 and "--system" in err
    code, _, err = run(capsys, "new", str(tmp_path / "v.trf"), "--name", "V")
    assert code == 2 and "C.04.1 art. 1" in err
