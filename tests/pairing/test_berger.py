"""Berger tables (C.05 Annex 1) against the closed form, an independent construction and FIDE's tables."""

from __future__ import annotations

import itertools

import pytest

from arbitro.errors import ArbitroError
from arbitro.pairing.berger import berger_table, round_pairing, rounds_for

# FIDE's published tables (C.05 Annex 1). n = 6 is quoted in dutch-system.md §5.2.
PUBLISHED = {
    4: ["1-4 2-3", "4-3 1-2", "2-4 3-1"],
    6: ["1-6 2-5 3-4", "6-4 5-3 1-2", "2-6 3-1 4-5", "6-5 1-4 2-3", "3-6 4-2 5-1"],
    8: [
        "1-8 2-7 3-6 4-5",
        "8-5 6-4 7-3 1-2",
        "2-8 3-1 4-7 5-6",
        "8-6 7-5 1-4 2-3",
        "3-8 4-2 5-1 6-7",
        "8-7 1-6 2-5 3-4",
        "4-8 5-3 6-2 7-1",
    ],
}


def _parse(rounds: list[str]) -> list[list[tuple[int, int]]]:
    return [[(int(a), int(b)) for a, b in (pair.split("-") for pair in line.split())] for line in rounds]


def _milvang(n: int) -> list[list[tuple[int, int]]]:
    """Independent construction (Milvang, "Berger explained", dutch-system.md §5.2)."""
    table = [[(i, n + 1 - i) for i in range(1, n // 2 + 1)]]
    for r in range(2, n):
        order = [p for pair in table[-1] for p in pair if p != n]
        last = order.pop()
        rnd = [(n, last) if r % 2 == 0 else (last, n)]
        while order:
            black = order.pop()
            white = order.pop()
            rnd.append((white, black))
        table.append(rnd)
    return table


@pytest.mark.parametrize("n", sorted(PUBLISHED))
def test_c05_annex1_published_tables(n: int) -> None:
    assert berger_table(n) == _parse(PUBLISHED[n])


@pytest.mark.parametrize("n", range(4, 26, 2))
def test_c05_annex1_closed_form_equals_iterative_construction(n: int) -> None:
    assert berger_table(n) == _milvang(n)


@pytest.mark.parametrize("n", range(3, 25))
def test_c05_annex1_every_pair_meets_once_and_colours_balance(n: int) -> None:
    table = berger_table(n)
    size = n + (n % 2)
    assert len(table) == size - 1 == rounds_for(n)
    pairs = [frozenset(p) for rnd in table for p in rnd]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(range(1, size + 1), 2))))
    for rnd in table:
        assert sorted(p for pair in rnd for p in pair) == list(range(1, size + 1))
    whites = {p: sum(1 for rnd in table for w, _ in rnd if w == p) for p in range(1, size + 1)}
    assert set(whites.values()) <= {size // 2, size // 2 - 1}


@pytest.mark.parametrize("n", range(3, 25, 2))
def test_c05_annex1_odd_number_uses_next_table_and_highest_number_is_the_bye(n: int) -> None:
    assert berger_table(n) == berger_table(n + 1)
    for r in range(1, rounds_for(n) + 1):
        pairing = round_pairing(list(range(1, n + 1)), r)
        (marker_pair,) = [p for p in berger_table(n)[r - 1] if n + 1 in p]
        assert pairing.bye == next(p for p in marker_pair if p != n + 1)
        assert len(pairing.boards) == (n - 1) // 2


@pytest.mark.parametrize("n", range(3, 25))
def test_c05_annex1_double_round_robin(n: int) -> None:
    single = berger_table(n)
    double = berger_table(n, double=True)
    m = len(single)
    assert len(double) == 2 * m == rounds_for(n, double=True)
    # first cycle: the table with its last two rounds swapped
    assert double[: m - 2] == single[: m - 2]
    assert double[m - 2] == single[m - 1] and double[m - 1] == single[m - 2]
    # second cycle: original order, colours reversed
    assert double[m:] == [[(b, a) for a, b in rnd] for rnd in single]


@pytest.mark.parametrize("n", range(4, 21, 2))
def test_c05_annex1_double_round_robin_never_three_same_colours(n: int) -> None:
    double = berger_table(n, double=True)
    for p in range(1, n + 1):
        colours = "".join("w" if w == p else "b" for rnd in double for w, b in rnd if p in (w, b))
        assert "www" not in colours and "bbb" not in colours, (n, p, colours)


def test_round_pairing_maps_table_numbers_to_start_ranks() -> None:
    pairing = round_pairing([10, 20, 30, 40], 2)
    assert [(b.white, b.black) for b in pairing.boards] == [(40, 30), (10, 20)]
    assert pairing.bye is None


def test_berger_rejects_impossible_rounds() -> None:
    with pytest.raises(ArbitroError, match="rounds 1-5"):
        round_pairing([1, 2, 3, 4, 5, 6], 6)
    with pytest.raises(ArbitroError, match="at least 2"):
        berger_table(1)


@pytest.mark.parametrize("n", range(4, 26, 2))
def test_c05_annex1_equivalent_description_of_the_closed_form(n: int) -> None:
    """dutch-system.md §5.2: i, j < n meet in round r iff i + j = r + 1 (mod n - 1); n meets i with
    2i = r + 1 (mod n - 1); White has the player for whom (black - white) mod (n - 1) is odd; n is Black
    in odd rounds and White in even rounds."""
    m = n - 1
    for r, rnd in enumerate(berger_table(n), start=1):
        for white, black in rnd:
            if n in (white, black):
                other = black if white == n else white
                assert (2 * other - (r + 1)) % m == 0
                assert (white == n) == (r % 2 == 0)
            else:
                assert (white + black - (r + 1)) % m == 0
                assert (black - white) % m % 2 == 1
