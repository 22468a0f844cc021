"""Property test of the absolute criteria over many generated tournaments of one system (issue 17).

Usage: python benchmarks/swiss_properties.py SYSTEM [COUNT] [MAX_PLAYERS]   (default 2000, 24)

Each seed draws 5-MAX_PLAYERS players, 3-9 rounds, draws, forfeits, retirements
and half-point byes; the tournament is generated with the system and audited
(arbitro.pairing.absolute): no rematch (C.04.1 art. 2), colour difference within
±2 and never three equal colours in a row (arts. 6-7; Lim's last round exempt,
C.04.4.3 6), one PAB per player and none after a win's points without playing
(art. 4); Double-Swiss per match ([C1], [C2], 4.4). Prints the violations and a
summary; exit 1 on any violation.
"""

from __future__ import annotations

import random
import sys
import time

from arbitro.model import Tournament
from arbitro.pairing.absolute import double_swiss_violations, violations
from arbitro.pairing.double_swiss_generator import generate_double_swiss
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.registry import PairOptions, get


def _event(key: str, seed: int, max_players: int) -> Tournament:
    rng = random.Random(seed)
    players = rng.randint(5, max_players)
    cfg = GeneratorConfig(
        {
            "PlayersNumber": players,
            "RoundsNumber": rng.randint(3, min(9, players - 1)),
            "DrawPercentage": rng.randint(10, 50),
            "ForfeitRate": rng.randint(6, 40),
            "RetiredRate": rng.randint(6, 60),
            "HalfPointByeRate": rng.randint(5, 40),
        }
    )
    if key == "double_swiss":
        return generate_double_swiss(cfg, seed)
    system = get(key)
    return generate(cfg, seed, pair=lambda t, r: system.pair(t, r, PairOptions()), system=system.trf_code)


def main(argv: list[str]) -> int:
    key = get(argv[0] if argv else "dubov").key
    count = int(argv[1]) if len(argv) > 1 else 2000
    max_players = int(argv[2]) if len(argv) > 2 else 24
    bad = rounds = 0
    start = time.process_time()
    for seed in range(1, count + 1):
        t = _event(key, seed, max_players)
        rounds += t.played_rounds
        if key == "double_swiss":
            found = double_swiss_violations(t)
        else:
            found = violations(t, frozenset({t.total_rounds}) if key == "lim" else frozenset())
        if found:
            bad += 1
            print(f"seed {seed}: {'; '.join(found[:3])}", flush=True)
    cpu = time.process_time() - start
    print(f"{key}: {count} tournaments, {rounds} rounds, {bad} with a violation ({cpu:.0f} s CPU)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
