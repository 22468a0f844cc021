"""A file that declares no type is scored as a round robin when its pairings are one, even unfinished.

C.07 Art. 15 (pre-determined pairings) or Art. 16 (Swiss) depends on the tournament's type. A TRF
without ``092``/``192`` used to be a round robin only when every pair had met; an unfinished round
robin was scored as a Swiss (issue 35 item 6). Now the rounds played are compared with the Berger
table (C.05 Annex 1), and the standings say the type was inferred.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.model import Tournament
from arbitro.standings import DEFAULT_ROUND_ROBIN, compute_standings
from arbitro.tiebreaks.rules import inferred_round_robin, is_pre_determined
from arbitro.trf import read_trf

RR = sorted((FIXTURES / "roundrobin").glob("rr*.trf"))
DUTCH = sorted((FIXTURES / "dutch").glob("d*.trf"))


def _undeclared(path: Path, rounds: int | None = None) -> Tournament:
    """The file without its 092/192 records, cut after ``rounds`` rounds."""
    t = read_trf(path)
    t.system = t.type_text = ""
    if rounds is not None:
        for p in t.players.values():
            del p.results[rounds:]
            p.points = p.score(t.scoring)
    return t


def test_fixtures_are_there() -> None:
    assert len(RR) >= 10 and len(DUTCH) >= 100


@pytest.mark.parametrize("path", RR, ids=lambda p: p.name)
def test_c05_annex1_an_unfinished_round_robin_is_inferred_from_the_berger_table(path: Path) -> None:
    total = read_trf(path).played_rounds
    for k in range(1, total):
        t = _undeclared(path, k)
        how = inferred_round_robin(t)
        cycle_done = "double" in path.name and k == total // 2  # a double round robin after its first cycle
        assert how == ("complete" if cycle_done else "berger"), k
        assert is_pre_determined(t)
        st = compute_standings(t)
        assert any("inferred" in w and "C.07 Art. 15" in w for w in st.warnings), st.warnings
        assert cycle_done or any("Berger" in w for w in st.warnings)
        assert st.tiebreaks == list(DEFAULT_ROUND_ROBIN)  # C.07 Art. 15's list, not the Swiss one
        declared = compute_standings(t, round_robin=True)
        assert [(r.start_rank, r.values) for r in st.rows] == [(r.start_rank, r.values) for r in declared.rows]
    finished = _undeclared(path)
    assert inferred_round_robin(finished) == "complete"
    assert any("every pair of players met" in w for w in compute_standings(finished).warnings)


@pytest.mark.parametrize("path", RR[:3], ids=lambda p: p.name)
def test_a_declared_type_is_never_inferred_and_never_warned(path: Path) -> None:
    t = read_trf(path)
    for p in t.players.values():
        del p.results[2:]
        p.points = p.score(t.scoring)
    assert inferred_round_robin(t) is None and is_pre_determined(t)  # declared BERGER_ROUNDROBIN
    assert not any("inferred" in w for w in compute_standings(t).warnings)
    t.system, t.type_text = "FIDE_DUTCH", ""
    assert not is_pre_determined(t)  # a declared Swiss stays one


def test_c05_annex1_swiss_files_are_not_taken_for_round_robins() -> None:
    """No round of any Dutch reference fixture, with its type removed, follows the Berger table."""
    wrong = []
    for path in DUTCH:
        total = read_trf(path).played_rounds
        for k in range(1, total + 1):
            if inferred_round_robin(_undeclared(path, k)) == "berger":
                wrong.append(f"{path.name} after round {k}")
    assert wrong == []
