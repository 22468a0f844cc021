"""The Burstein groups paired by construction pair exactly like the full search (issue 17).

The large version (5,000+ rounds) is ``benchmarks/burstein_differential.py``.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.pairing.burstein import BursteinOptions, pair_round, seeding_rounds
from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.trf import read_trf

FIXTURES = Path(__file__).parent / "fixtures" / "burstein-bbp"


@pytest.mark.parametrize("seed", range(1, 9))
def test_c04_4_2_4_3_constructed_groups_equal_full_search_on_generated_tournaments(seed: int) -> None:
    values: dict[str, int | Decimal] = {
        "PlayersNumber": 9 + (seed * 11) % 37,
        "RoundsNumber": 5 + seed % 5,
        "ForfeitRate": 8,
        "RetiredRate": 12,
        "HalfPointByeRate": 10,
    }
    if seed % 3 == 0:
        values.update(PointsForWin=Decimal(3), PointsForDraw=Decimal(1), PointsForPAB=Decimal(3))
    opts = BursteinOptions.bbp() if seed % 2 else BursteinOptions()
    t = generate(
        GeneratorConfig(values), seed, pair=lambda t, rnd: pair_round(t, rnd, opts), system="FIDE_BURSTEIN"
    )
    t.rounds = int(values["RoundsNumber"])  # the generator shortens an event it cannot pair further
    first = 1 if opts.no_seeding_rounds else seeding_rounds(t.total_rounds) + 1
    assert t.played_rounds >= first
    full = replace(opts, full_search=True)
    for rnd in range(first, t.played_rounds + 1):
        assert same_pairing(pair_round(t, rnd, full), recorded_pairing(t, rnd)), f"seed {seed} round {rnd}"


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.trf")), ids=lambda p: p.name)
def test_c04_4_2_4_3_full_search_replays_the_bbp_fixtures(path: Path) -> None:
    """The reference search alone (``full_search``) also reproduces bbpPairings round by round."""
    t = read_trf(path)
    full = replace(BursteinOptions.bbp(), full_search=True)
    for rnd in range(1, t.played_rounds + 1):
        assert same_pairing(pair_round(t, rnd, full), recorded_pairing(t, rnd)), f"round {rnd}"
