"""Worked examples of the Hort system and of equal sharing, each from its source."""

from __future__ import annotations

from decimal import Decimal as D

from arbitro.prizes import Entrant, Prize, PrizeGroup, PrizeList, Sharing, distribute, share


def test_hort_vega_manual_four_tied() -> None:
    """Vega manual (2016), "Hort system": 4 tied for 10 000/8 000/6 000/4 000 receive
    8 500/7 500/6 500/5 500 -- half of the 28 000 shared equally (3 500 each), half by place.
    https://viewer.joomag.com/manual-de-vega-chess-2016/0285652001480692392/p19"""
    assert share([D(10000), D(8000), D(6000), D(4000)], Sharing.HORT) == [D(8500), D(7500), D(6500), D(5500)]


def _entrants(points: list[str]) -> list[Entrant]:
    return [Entrant(i + 1, f"Player {chr(65 + i)}", i + 1, D(p)) for i, p in enumerate(points)]


def test_hort_wikipedia_example_through_the_distribution() -> None:
    """de.wikipedia "Hort-System" (Beispiel): prizes 1000/500/350/200/150/100; A, B on 8.0, C on 7.5,
    D, E, F on 7.0 -> A 875, B 625, C 350 (alone: no sharing), D 175, E 150, F 125."""
    prizes = tuple(Prize(i + 1, D(v)) for i, v in enumerate([1000, 500, 350, 200, 150, 100]))
    pl = PrizeList((PrizeGroup("Overall", prizes),), sharing=Sharing.HORT)
    dist = distribute(pl, _entrants(["8", "8", "7.5", "7", "7", "7", "6"]))
    assert [(a.name[-1], a.cash) for a in dist.awards] == [
        ("A", D(875)), ("B", D(625)), ("C", D(350)), ("D", D(175)), ("E", D(150)), ("F", D(125)),
    ]
    assert dist.total_cash == D(2300)
    assert dist.awards[0].shared_with == (2,) and dist.awards[2].shared_with == ()


def test_equal_sharing_uscf_32b3_sums_and_divides() -> None:
    """USCF Official Rules 32B3 (quoted at tourneygeek.com, 2019): "all the cash prizes involved shall be
    summed and divided equally among the tied winners": 1000 + 500 for two tied -> 750 each; three tied for
    200/150/100 -> 150 each."""
    prizes = tuple(Prize(i + 1, D(v)) for i, v in enumerate([1000, 500, 350, 200, 150, 100]))
    pl = PrizeList((PrizeGroup("Overall", prizes),), sharing=Sharing.EQUAL)
    dist = distribute(pl, _entrants(["8", "8", "7.5", "7", "7", "7", "6"]))
    assert [a.cash for a in dist.awards] == [D(750), D(750), D(350), D(150), D(150), D(150)]


def test_tied_beyond_the_last_place_join_the_pool() -> None:
    """Four tied for places 2-5 with prizes only to 3rd: equally, they share 2nd + 3rd (the tied places)."""
    prizes = (Prize(1, D(300)), Prize(2, D(200)), Prize(3, D(100)))
    pl = PrizeList((PrizeGroup("Overall", prizes),), sharing=Sharing.EQUAL)
    dist = distribute(pl, _entrants(["5", "4", "4", "4", "4", "3"]))
    assert [(a.start_rank, a.cash) for a in dist.awards] == [(1, D(300)), (2, D(75)), (3, D(75)), (4, D(75)), (5, D(75))]
    assert dist.total_cash == D(600)


def test_tiebreak_gives_each_place_its_own_prize() -> None:
    assert share([D(1000), D(500)], Sharing.TIEBREAK) == [D(1000), D(500)]


def test_rounding_pays_exactly_the_pool_leftover_in_tiebreak_order() -> None:
    # 100 shared by three in whole units: 34, 33, 33 (never 33.33 x 3, never 34 x 3)
    assert share([D(60), D(30), D(10)], Sharing.EQUAL, unit=D(1)) == [D(34), D(33), D(33)]
    cents = share([D(40), D(20), D(10)], Sharing.HORT)  # 20+11.67, 10+11.67, 5+11.66
    assert cents == [D("31.67"), D("21.67"), D("16.66")] and sum(cents) == D(70)
