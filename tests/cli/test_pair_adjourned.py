"""``arbitro pair`` on a TRF with an adjourned game (``?``): a draw for pairing only (VCL4THP Q167, issue 33 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.tournament import TournamentService
from arbitro.trf import format_trf


def _service(adjourned: str) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=lambda: "2026-12-04T10:00:00Z")
    svc.create(name="Open", rounds=5)
    for i in range(10):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 37 * i)
    for results in ({2: adjourned, 4: "0-1"}, {1: "½-½"}):
        svc.pair_next_round(seed=3)
        for board in range(1, len(svc.state.round().boards) + 1):
            svc.enter_result(board, results.get(board, "1-0"))
    return svc


def test_Q167_a_file_with_a_question_mark_pairs_as_if_the_game_were_drawn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    adjourned, drawn = _service("*"), _service("½-½")
    assert adjourned.state.adjourned_games() == [(1, 2)]
    outs = []
    for name, svc in (("adjourned", adjourned), ("drawn", drawn)):
        path = tmp_path / f"{name}.trf"
        path.write_text(format_trf(svc.state.to_tournament(rating_report=True)))
        assert main(["pair", "--dutch", str(path), "-p"]) == 0
        outs.append(capsys.readouterr().out)
    assert "?" in (tmp_path / "adjourned.trf").read_text()
    assert outs[0] == outs[1]
    # and as the service pairs round 3 over the same adjourned game
    adjourned.pair_next_round(seed=3)
    boards = [f"{g.white} {g.black}" for g in adjourned.state.round(3).boards]
    assert [line.strip() for line in outs[0].splitlines()[1:]] == boards
