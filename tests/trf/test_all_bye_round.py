"""A round in which every player has a recorded bye has no boards, and it is a round (issue 35 item 6).

C.04.1 art. 1 pairs the players present; when every player of a round has a recorded bye or
absence (H, Z, F, ``-``) nobody is present, the round took place without boards, and the next
pairing is of the round after it. Before this fix the reader took such a trailing column for
next-round requests (the TRF16 ``0000 - H`` form), so ``arbitro pair`` paired the same round
again with zero boards, and a tournament exported by the service after such a round read back
one round short.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.model import ResultCode
from arbitro.tournament import TournamentService
from arbitro.trf.reader import parse_trf
from arbitro.trf.writer import format_trf

ALL_HALF_BYES = """012 All byes in round 2
XXR 4
001    1      Alpha, A                          2000                             1.5    1     2 w 1  0000 - H
001    2      Beta, B                           1900                             0.5    2     1 b 0  0000 - H
001    3      Gamma, C                          1800                             1.5    3     4 w 1  0000 - H
001    4      Delta, D                          1700                             0.5    4     3 b 0  0000 - H
"""


def test_c04_1_art1_a_column_of_byes_for_every_player_is_a_played_round() -> None:
    result = parse_trf(ALL_HALF_BYES)
    assert result.errors == []
    t = result.tournament
    assert t.played_rounds == 2
    assert t.requested_byes == []
    assert [t.players[k].results[1].code for k in range(1, 5)] == [ResultCode.HALF_BYE] * 4
    assert [t.players[k].points for k in range(1, 5)] == [1.5, 0.5, 1.5, 0.5]  # the H is in the total


def test_c04_1_art1_a_column_of_byes_for_some_players_stays_a_request() -> None:
    """Unchanged: when somebody is left to pair, a trailing ``0000 - H`` is a request (bbpPairings)."""
    text = ALL_HALF_BYES.replace("3 b 0  0000 - H", "3 b 0")
    t = parse_trf(text).tournament
    assert t.played_rounds == 1
    assert sorted((b.round, b.kind, b.start_rank) for b in t.requested_byes) == [(2, "H", 1), (2, "H", 2), (2, "H", 3)]


def test_c04_1_art1_pair_moves_on_to_the_next_round(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.trf"
    path.write_text(ALL_HALF_BYES, encoding="utf-8")
    assert main(["pair", "--dutch", str(path), "-p", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["round"] == 3
    assert len(out["boards"]) == 2 and out["unpaired"] == {}


def test_c04_1_art1_service_round_of_byes_exports_and_reads_back_as_played() -> None:
    svc = TournamentService(author="IA Test")
    svc.create(name="Open", rounds=4)
    for i in range(4):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    svc.assign_pairing_numbers(seed=1)
    svc.pair_next_round(seed=1)
    for board in range(1, 3):
        svc.enter_result(board, "1-0")
    for player in range(1, 5):
        svc.request_bye(player, 2, "H")
    svc.pair_next_round()
    assert svc.state.round(2).boards == [] and svc.state.round(2).unpaired == {1: "H", 2: "H", 3: "H", 4: "H"}
    t = svc.state.to_tournament()
    assert t.played_rounds == 2
    for version in ("trf26", "trf16"):
        back = parse_trf(format_trf(t, version)).tournament
        assert back.played_rounds == 2, version
        assert back.requested_byes == [], version
    svc.pair_next_round()
    assert len(svc.state.round(3).boards) == 2
