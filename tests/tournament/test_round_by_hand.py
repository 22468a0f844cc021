"""A round made by hand when the engine proves none exists: the manual pairing session (VCL4THP Q63-Q69).

Four players, four rounds of the Dutch system: after three rounds every player has met every
other, so no round 4 satisfies C.04.1 art. 2 (no rematch) and the engine proves it. The chief
arbiter must still be able to finish the event (Q63): a session that is refused while the engine
can pair, lists what the hand-made round breaks and makes it only when confirmed (Level 3,
Q69), and leaves one ``### MPA @ Round n: manual pairing session`` line in the report, which
``arbitro check`` reads as a round paired by hand (Q65-Q68).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.model import Colour
from arbitro.tournament import TournamentService, replay
from arbitro.trf import read_trf

from .conftest import fixed_clock


def _service() -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Closed Swiss", rounds=4)
    for i in range(4):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    svc.assign_pairing_numbers(seed=1)
    return svc


def _three_rounds_played() -> TournamentService:
    svc = _service()
    for _ in range(3):
        svc.pair_next_round()
        for board, game in enumerate(svc.state.round().boards, start=1):
            if not game.has_result:
                svc.enter_result(board, "½-½")
    return svc


def _opponents(svc: TournamentService) -> dict[int, set[int]]:
    met: dict[int, set[int]] = {p: set() for p in svc.state.header.players}
    for rnd in svc.state.rounds:
        for g in rnd.boards:
            met[g.white].add(g.black)
            met[g.black].add(g.white)
    return met


def test_Q63_the_engine_proves_round_4_impossible_and_the_arbiter_makes_it_by_hand() -> None:
    svc = _three_rounds_played()
    assert all(len(v) == 3 for v in _opponents(svc).values())  # everyone has met everyone
    with pytest.raises(ArbitroError) as err:
        svc.pair_next_round()
    assert err.value.code == "pair.impossible"
    round1 = [(g.white, g.black) for g in svc.state.round(1).boards]
    boards = [(b, w) for w, b in round1]  # round 1 again, colours reversed
    with pytest.raises(ArbitroError) as refused:  # Q69: Level 3 -- what it breaks, then confirm or cancel
        svc.pair_round_by_hand(boards, reason="no pairing exists; round 1 replayed with colours reversed")
    assert refused.value.code == "by_hand.confirm" and "C.04.1 art. 2" in str(refused.value)
    assert svc.state.paired_rounds == 3  # cancelled: nothing happened
    events = svc.pair_round_by_hand(
        boards, reason="no pairing exists; round 1 replayed with colours reversed", confirm=True
    )
    assert [e.kind for e in events] == ["round_paired", "pairing_changed"]
    rnd = svc.state.round(4)
    assert [(g.white, g.black) for g in rnd.boards] == boards and rnd.engine == "manual" and rnd.manual
    note = events[-1].payload["mpa"]
    assert note.startswith("MPA @ Round 4: manual pairing session (no valid pairing exists:")
    assert "breaks" in note and "by IA Test" in note
    assert replay(svc.events).round(4).boards == rnd.boards  # the event log is the truth


def test_Q63_refused_while_the_engine_can_pair_the_round() -> None:
    svc = _service()
    with pytest.raises(ArbitroError) as err:
        svc.pair_round_by_hand([(1, 2), (3, 4)], reason="test", confirm=True)
    assert err.value.code == "by_hand.engine_can"


def test_Q65_the_session_needs_a_reason_and_every_player_once() -> None:
    svc = _three_rounds_played()
    with pytest.raises(ArbitroError) as err:
        svc.pair_round_by_hand([(1, 2), (3, 4)], confirm=True)
    assert err.value.code == "by_hand.reason"
    with pytest.raises(ArbitroError) as err:
        svc.pair_round_by_hand([(1, 2)], reason="x", confirm=True)
    assert err.value.code == "by_hand.left_out"
    with pytest.raises(ArbitroError) as err:
        svc.pair_round_by_hand([(1, 2), (2, 4)], reason="x", confirm=True)
    assert err.value.code == "by_hand.twice"
    assert svc.state.paired_rounds == 3


def test_Q66_the_report_names_the_round_as_paired_by_hand_and_check_accepts_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tournament pair-by-hand` on the CLI; `arbitro check` reads the ### MPA line (C.04.1 breaches listed)."""
    path = tmp_path / "closed.trf"
    assert main(["tournament", "new", str(path), "--name", "Closed Swiss", "--rounds", "4"]) == 0
    for i in range(4):
        assert main(["tournament", "add-player", str(path), f"Player {chr(65 + i)}", "--rating", str(2000 - 10 * i)]) == 0
    for _ in range(1, 4):
        assert main(["tournament", "pair", str(path), "--seed", "1"]) == 0
        for board in (1, 2):
            assert main(["tournament", "result", str(path), str(board), "1/2"]) == 0
    capsys.readouterr()
    assert main(["tournament", "pair", str(path)]) == 2  # the engine proves it impossible
    assert "no valid pairing exists" in capsys.readouterr().err
    t = read_trf(path)
    first = sorted((p.start_rank, p.results[0].opponent) for p in t.players.values() if p.results[0].colour == Colour.WHITE)
    boards = [f"{b}-{w}" for w, b in first]
    assert main(["tournament", "pair-by-hand", str(path), *boards, "--reason", "no pairing exists"]) == 2
    assert "confirm" in capsys.readouterr().err  # Level 3: the breaches, and how to confirm
    assert main(["tournament", "pair-by-hand", str(path), *boards, "--reason", "no pairing exists", "--confirm"]) == 0
    assert "### MPA @ Round 4: manual pairing session" in path.read_text(encoding="utf-8")
    for board in (1, 2):
        assert main(["tournament", "result", str(path), str(board), "1-0"]) == 0
    capsys.readouterr()
    assert main(["check", "--dutch", str(path)]) == 0  # no valid pairing exists, and the round says it was made by hand
    out = capsys.readouterr().out
    assert "Round #4 (accepted)" in out and "Checker: No valid pairing" in out and "manual pairing session" in out
    assert "breaks" in out  # what it breaks is still shown
    assert main(["check", "--dutch", str(path), "--strict"]) == 1
