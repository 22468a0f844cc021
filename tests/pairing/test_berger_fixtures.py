"""Replaying every round robin of ../shared/fixtures/roundrobin reproduces its pairings (C.05 Annex 1)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from arbitro.model import Tournament
from arbitro.pairing.berger import next_round_pairing
from arbitro.trf import read_trf

FIXTURES = Path(__file__).resolve().parents[2] / ".." / "shared" / "fixtures" / "roundrobin"
FILES = sorted(FIXTURES.glob("*.trf"))


def _truncated(t: Tournament, rounds: int) -> Tournament:
    out = copy.deepcopy(t)
    for player in out.players.values():
        player.results = player.results[:rounds]
    return out


def _recorded(t: Tournament, r: int) -> tuple[set[tuple[int, int]], int | None]:
    boards = set()
    bye = None
    for player in t.players.values():
        res = player.result(r)
        assert res is not None
        if res.opponent is None:
            bye = player.start_rank
        elif res.colour is not None and res.colour.value == "w":
            boards.add((player.start_rank, res.opponent))
    return boards, bye


def test_fixtures_exist() -> None:
    assert len(FILES) == 40


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_c05_annex1_replay_reproduces_every_round(path: Path) -> None:
    t = read_trf(path)
    assert t.is_round_robin
    for r in range(1, t.total_rounds + 1):
        pairing = next_round_pairing(_truncated(t, r - 1))
        assert pairing.round == r
        assert {(b.white, b.black) for b in pairing.boards} == _recorded(t, r)[0], f"round {r}"
        assert pairing.bye == _recorded(t, r)[1], f"round {r}"
