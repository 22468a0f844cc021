"""The Dutch fast path pairs exactly like the full search (issue 16): pairs, colours and PAB.

The large version (20,000+ rounds) is ``benchmarks/dutch_differential.py``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.types import NoValidPairing, RoundPairing
from arbitro.trf import read_trf

SMALL = [p for p in sorted((FIXTURES / "dutch").glob("*.trf")) if (m := re.search(r"-p(\d+)-", p.name)) and int(m[1]) <= 16]


def _pair(t: object, rnd: int, opts: DutchOptions) -> RoundPairing | None:
    try:
        return pair_round(t, rnd, opts)  # type: ignore[arg-type]
    except NoValidPairing:
        return None


@pytest.mark.parametrize("seed", range(1, 13))
def test_c04_3_fast_path_equals_full_search_on_generated_tournaments(seed: int) -> None:
    values: dict[str, int | Decimal] = {
        "PlayersNumber": 4 + (seed * 5) % 19,
        "RoundsNumber": 3 + seed % 7,
        "ForfeitRate": 8,
        "RetiredRate": 10,
        "HalfPointByeRate": 8,
    }
    if seed % 3 == 0:
        values.update(PointsForWin=Decimal(3), PointsForDraw=Decimal(1), PointsForPAB=Decimal(3))
    opts = DutchOptions.bbp() if seed % 2 else DutchOptions()
    t = generate(GeneratorConfig(values), seed, opts)
    assert t.played_rounds >= 1
    t.rounds = int(values["RoundsNumber"])  # the generator shortens a tournament it cannot pair further
    full = replace(opts, full_search=True)
    for rnd in range(1, t.played_rounds + 1):
        ref = _pair(t, rnd, full)
        assert ref is not None and same_pairing(ref, recorded_pairing(t, rnd)), f"seed {seed} round {rnd}"


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.name)
def test_c04_3_fast_path_equals_full_search_on_fixtures(path: Path) -> None:
    t = read_trf(path)
    for rnd in range(1, t.played_rounds + 1):
        fast = _pair(t, rnd, DutchOptions())
        full = _pair(t, rnd, DutchOptions(full_search=True))
        assert (fast is None) == (full is None), f"round {rnd}"
        if fast is not None and full is not None:
            assert fast == full, f"round {rnd}"


def test_c04_3_constructed_brackets_are_used_and_pair_as_the_full_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """C.04.3 Art. 3-4: brackets paired by construction (issue 16) give the full search's round."""
    from arbitro.pairing import dutch_round

    taken: list[bool] = []
    original = dutch_round._Bracket.constructed

    def spy(self: dutch_round._Bracket) -> bool:
        ok = original(self)
        taken.append(ok)
        return ok

    monkeypatch.setattr(dutch_round._Bracket, "constructed", spy)
    values: dict[str, int | Decimal] = {"PlayersNumber": 120, "RoundsNumber": 7, "HalfPointByeRate": 5}
    t = generate(GeneratorConfig(values), 11, DutchOptions())
    t.rounds = 7
    for rnd in range(2, t.played_rounds + 1):
        fast = _pair(t, rnd, DutchOptions())
        full = _pair(t, rnd, DutchOptions(full_search=True))
        assert fast is not None and fast == full, f"round {rnd}"
    assert any(taken) and not all(taken)


def test_c04_3_colour_rules_without_each_player_equal_the_rule_recounted() -> None:
    """[C12]/[C13] bounds of a group without each player (one count) match a recount per player."""
    import random
    from types import SimpleNamespace

    from arbitro.model import Colour
    from arbitro.pairing.dutch_round import _colour_rule, _colour_rules_without

    rng = random.Random(16)
    for _ in range(2000):
        k = rng.randint(1, 9)
        sp = [
            SimpleNamespace(
                pref=rng.choice([Colour.WHITE, Colour.BLACK, None]),
                absolute=rng.random() < 0.3,
                strong=rng.random() < 0.5,
            )
            for _ in range(k)
        ]
        group = list(range(k))
        leave = [v for v in group if rng.random() < 0.7]
        want = [_colour_rule([v for v in group if v != d], sp) for d in leave]  # type: ignore[arg-type]
        assert _colour_rules_without(group, leave, sp) == want  # type: ignore[arg-type]


def test_c04_3_fast_path_equals_full_search_on_large_generated_fields() -> None:
    """Fields of 150-250 players: the bootstrap witness, several-MDP shapes and exchanges at scale."""
    import os

    if not os.environ.get("ARBITRO_SLOW"):
        pytest.skip("large fields (several CPU seconds): run with ARBITRO_SLOW=1")
    for seed in (3, 11):
        values: dict[str, int | Decimal] = {
            "PlayersNumber": 150 + seed * 9,
            "RoundsNumber": 7,
            "ForfeitRate": 8,
            "RetiredRate": 10,
            "HalfPointByeRate": 8,
            "DrawPercentage": 30,
        }
        t = generate(GeneratorConfig(values), seed, DutchOptions.bbp())
        t.rounds = int(values["RoundsNumber"])
        full = replace(DutchOptions.bbp(), full_search=True)
        for rnd in range(2, t.played_rounds + 1, 2):
            ref = _pair(t, rnd, full)
            assert ref is not None and same_pairing(ref, recorded_pairing(t, rnd)), f"seed {seed} round {rnd}"
