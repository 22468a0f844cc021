"""Invariants of every tie-break on random Swiss tournaments with every kind of unplayed round."""

from __future__ import annotations

import random

import pytest

from arbitro.model import Colour, Player, ResultCode, RoundResult, ScoringSystem, Tournament
from arbitro.standings import compute_standings

CODES = [
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "PS",
    "PS/C1",
    "STD",
    "TPN/R",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "FB/C1",
    "AOB",
    "AOB/F",
    "SB",
    "SB/C1",
    "SB/M1",
    "KS",
    "KS/L60",
    "KS/L-1",
    "ARO",
    "ARO/C1",
    "ARO/M1",
    "TPR",
    "TPR/C1",
    "PTP",
    "APRO",
    "APPO",
    "RTNG",
]


def random_swiss(seed: int) -> Tournament:
    rng = random.Random(seed)
    n, rounds = rng.randint(2, 14), rng.randint(1, 9)
    scoring = (
        ScoringSystem()
        if rng.random() < 0.7
        else ScoringSystem(
            win=3,
            draw=1,
            forfeit_win=3,
            pairing_bye=3,
            full_bye=3,
            half_bye=1,  # type: ignore[arg-type]
        )
    )
    t = Tournament(name=f"random {seed}", rounds=rounds, system="FIDE_DUTCH", scoring=scoring)
    for sr in range(1, n + 1):
        t.players[sr] = Player(start_rank=sr, name=f"P{sr}", rating=rng.choice([0, 1500, 1800, 2100, 2400]))
    gone: set[int] = set()
    for _ in range(rounds):
        present = [sr for sr in t.players if sr not in gone]
        if rng.random() < 0.15 and present:
            gone.add(rng.choice(present))
        row: dict[int, RoundResult] = {sr: RoundResult(None, None, ResultCode.NOT_PAIRED) for sr in gone}
        pool = [sr for sr in t.players if sr not in gone]
        rng.shuffle(pool)
        for sr in list(pool):
            if rng.random() < 0.1:
                pool.remove(sr)
                row[sr] = RoundResult(
                    None,
                    Colour.NONE,
                    rng.choice([ResultCode.HALF_BYE, ResultCode.ZERO_BYE, ResultCode.FULL_BYE]),
                )
        if len(pool) % 2:
            row[pool.pop()] = RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE)
        for a, b in zip(pool[::2], pool[1::2], strict=True):
            code = rng.choice([ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS, ResultCode.FORFEIT_WIN])
            row[a] = RoundResult(b, Colour.WHITE, code)
            row[b] = RoundResult(a, Colour.BLACK, code.mirrored)
        for sr, res in row.items():
            t.players[sr].results.append(res)
    return t


@pytest.mark.parametrize("seed", range(40))
def test_tiebreak_invariants_on_random_swiss(seed: int) -> None:
    t = random_swiss(seed)
    for rules in ("2024", "2026"):
        st = compute_standings(
            t, CODES, rules=rules, unrated_rating=1400 if seed % 2 else None, lots_seed=seed
        )
        assert sorted(r.rank for r in st.rows) == list(range(1, len(t.players) + 1))
        for row in st.rows:
            v = row.values
            assert v["BH/C2"] <= v["BH/C1"] <= v["BH"]  # type: ignore[operator]
            assert v["BH/M2"] <= v["BH/M1"] <= v["BH/C1"]  # type: ignore[operator]
            assert v["SB/C1"] <= v["SB"] and v["SB/M1"] <= v["SB/C1"]  # type: ignore[operator]
            assert v["BWG"] <= v["WON"] <= v["WIN"] and v["BWG"] <= v["BPG"]  # type: ignore[operator]
            assert v["REP"] <= st.after_round  # type: ignore[operator]
            assert v["PS"] >= row.points >= 0 and v["PS/C1"] <= v["PS"]  # type: ignore[operator]
            assert v["KS/L-1"] >= v["KS"] >= v["KS/L60"]  # type: ignore[operator]
            if v["ARO"] is not None and v["WON"] == 0 and v["TPR"] is not None:
                assert v["TPR"] <= v["ARO"]
        explained = st.explain(st.rows[0].start_rank, "BH/C1")
        assert explained.value == st.rows[0].values["BH/C1"]
