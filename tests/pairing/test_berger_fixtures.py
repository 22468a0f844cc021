"""Replaying every round robin of tests/fixtures/roundrobin reproduces its pairings (C.05 Annex 1)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import typer
from tests.fixture_paths import FIXTURES

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.berger import next_round_pairing
from arbitro.trf import format_trf, read_trf

ROUNDROBIN = FIXTURES / "roundrobin"
FILES = sorted(ROUNDROBIN.glob("*.trf"))


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


@pytest.fixture(scope="module")
def arbitro_command() -> Any:
    """The `arbitro` click command, built once (Typer rebuilds it on every `arbitro.cli.main` call)."""
    from arbitro.cli import app

    return typer.main.get_command(app)


@pytest.mark.parametrize("index", range(len(FILES)), ids=[p.stem for p in FILES])
def test_c05_annex1_arbitro_pair_round_robin_cli(
    index: int, tmp_path: Path, capsys: pytest.CaptureFixture[str], arbitro_command: Any
) -> None:
    """`arbitro pair --round-robin FILE -p` on the state before one round of each fixture (rounds vary by file)."""
    t = read_trf(FILES[index])
    r = 1 + (index * 7) % t.total_rounds
    state = tmp_path / "state.trf"
    state.write_text(format_trf(_truncated(t, r - 1)))
    capsys.readouterr()
    assert arbitro_command.main(["pair", "--round-robin", str(state), "-p"], standalone_mode=False) == 0
    lines = capsys.readouterr().out.split("\n")
    boards, bye = _recorded(t, r)
    expected = {f"{w} {b}" for w, b in boards} | ({f"{bye} 0"} if bye is not None else set())
    assert lines[0] == str(len(expected))
    assert set(filter(None, lines[1:])) == expected


def test_double_round_robin_recognised_without_192_or_092() -> None:
    t = read_trf(ROUNDROBIN / "rr008-p5-double.trf")
    t.system, t.type_text = "", ""
    assert next_round_pairing(_truncated(t, 6)).round == 7  # 142 says 10 rounds: two cycles of 5
    t.rounds = None
    pairing = next_round_pairing(_truncated(t, 6))  # 6 rounds played > one cycle
    assert {(b.white, b.black) for b in pairing.boards} == _recorded(t, 7)[0]


def test_round_robin_with_a_contradicting_142_is_refused() -> None:
    t = read_trf(ROUNDROBIN / "rr001-p9.trf")
    t.rounds = 7
    with pytest.raises(ArbitroError, match="142: a round robin of 9 players has 9 rounds"):
        next_round_pairing(_truncated(t, 0))


def test_next_round_column_with_only_the_free_round_is_input_not_a_paired_round() -> None:
    t = read_trf(ROUNDROBIN / "rr001-p9.trf")
    state = _truncated(t, 3)
    for player in state.players.values():  # the free round of round 4 already written, as bbp inputs do
        if t.player(player.start_rank).results[3].opponent is None:
            player.results.append(t.player(player.start_rank).results[3])
    pairing = next_round_pairing(state)
    assert pairing.round == 4 and {(b.white, b.black) for b in pairing.boards} == _recorded(t, 4)[0]
