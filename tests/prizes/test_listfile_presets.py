"""The prize-list JSON (docs/formats/prizes.md) and the FMA preset (FMA 8.1-8.7)."""

from __future__ import annotations

from decimal import Decimal as D
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.prizes import Entrant, Sharing, distribute, fma_preset, parse_prize_list

DOC: dict[str, Any] = {
    "format": "arbitro-prizes",
    "version": 1,
    "currency": "ARS",
    "sharing": "hort",
    "one_prize_per_player": True,
    "reference_year": 2026,
    "clubs": {"1": "Club A", "2": "Club B"},
    "groups": [
        {"name": "General", "prizes": [{"cash": 1000, "trophy": "Copa"}, 600, {"place": 3, "cash": "300.50"}]},
        {"name": "Sub-16", "juniors": 16, "prizes": [200]},
        {"name": "Damas", "women": True, "prizes": [{"items": ["Medalla"]}]},
        {"name": "Senior 65+", "seniors": 65, "prizes": [150]},
        {"name": "1600-1799", "rating_min": 1600, "rating_max": 1799, "prizes": [100]},
        {"name": "Sin ELO", "unrated": True, "prizes": [50]},
        {"name": "Mejor club", "club": {"top": 2}, "prizes": [{"trophy": "Copa de clubes"}]},
    ],
}


def test_a_full_list_parses() -> None:
    pl = parse_prize_list(DOC, "p.json")
    assert pl.sharing is Sharing.HORT and pl.currency == "ARS" and pl.reference_year == 2026
    general = pl.groups[0]
    assert [(p.place, p.cash, p.items) for p in general.prizes] == [
        (1, D(1000), ("Copa",)), (2, D(600), ()), (3, D("300.50"), ()),
    ]
    assert pl.groups[1].eligibility.max_age == 16 and pl.groups[3].eligibility.min_age == 65
    assert pl.groups[4].eligibility.rating_min == 1600 and pl.groups[5].eligibility.unrated
    assert pl.groups[6].club_top == 2 and pl.clubs == {1: "Club A", 2: "Club B"}


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"sharing": "half"}, "p.json: sharing: expected hort, equal or tiebreak, got 'half'"),
        ({"groups": [{"name": "G", "prizes": [-5]}]}, "p.json: groups[0].prizes[0]: expected an amount from 0 up"),
        ({"groups": [{"name": "G", "prizes": [{}]}]}, "groups[0].prizes[0]: a prize needs cash above 0"),
        ({"groups": [{"name": "G", "prize": [1]}]}, "groups[0]: unknown field 'prize'"),
        ({"groups": [{"name": "G", "prizes": [1], "juniors": "16"}]}, "groups[0].juniors: expected a whole number"),
        ({"groups": [{"name": "G", "prizes": [1, {"place": 1, "cash": 2}]}]}, "a place is listed twice"),
        ({"groups": [{"name": "G", "rating_min": 1800, "rating_max": 1600, "prizes": [1]}]}, "rating_min 1800 is above"),
        ({"groups": []}, "groups: expected at least one group"),
        ({"preset": "fide"}, "preset: expected 'fma'"),
        ({"hort_share": 2}, "hort_share: expected a fraction from 0 to 1"),
    ],
)
def test_bad_documents_name_the_field(patch: dict[str, Any], message: str) -> None:
    with pytest.raises(ArbitroError) as err:
        parse_prize_list({**DOC, **patch}, "p.json")
    assert message in str(err.value)


def test_fma_preset_trophies_to_the_first_three_and_the_entry_to_the_champion_FMA_8_1_8_4() -> None:
    pl = fma_preset()
    (group,) = pl.groups
    assert [p.place for p in group.prizes] == [1, 2, 3]
    assert all(any("FMA 8.4" in i for i in p.items) for p in group.prizes)
    assert any("FMA 8.1" in i for i in group.prizes[0].items)
    assert pl.one_prize_per_player  # FMA 8.6
    field = [Entrant(i, f"P{i}", i, D(10 - i)) for i in range(1, 6)]
    dist = distribute(pl, field)
    assert [a.start_rank for a in dist.awards] == [1, 2, 3] and dist.total_cash == 0


def test_fma_preset_with_cash_FMA_8_7_and_one_trophy_per_player_FMA_8_6() -> None:
    doc = {"preset": "fma", "cash": [30000, 20000, 10000, 5000], "sharing": "equal",
           "groups": [{"name": "Sub-16", "juniors": 16, "prizes": [{"items": ["Medalla sub-16"]}]}]}  # fmt: skip
    pl = parse_prize_list(doc, "fma.json")
    field = [Entrant(1, "A", 1, D(6), birth_year=2012), Entrant(2, "B", 2, D(6)), Entrant(3, "C", 3, D(4)),
             Entrant(4, "D", 4, D(3)), Entrant(5, "E", 5, D(2), birth_year=2013)]  # fmt: skip
    dist = distribute(pl, field, reference_year=2026)
    cash = {a.start_rank: a.cash for a in dist.awards if a.group == "Clasificación general"}
    assert cash == {1: D(25000), 2: D(25000), 3: D(10000), 4: D(5000)}
    # A (U16) already has a trophy for this category: the U16 medal goes to E
    assert [a.start_rank for a in dist.awards if a.group == "Sub-16"] == [5]
    assert len([a.start_rank for a in dist.awards]) == len({a.start_rank for a in dist.awards})
