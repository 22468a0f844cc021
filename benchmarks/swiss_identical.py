"""Record the pairings of many generated Dubov and Double-Swiss events, or compare against a recording.

Usage:
  python benchmarks/swiss_identical.py record OUT.jsonl.gz [--count N] [--big K] [--jobs J] [--systems a,b]
  python benchmarks/swiss_identical.py compare IN.jsonl.gz [--jobs J]

An acceptance test for changes that must not change any pairing (issue 17: a faster
matcher in :mod:`arbitro.pairing.bracket_swiss`). ``record`` generates ``N`` events per
system (default 300; seeds 1..N; 4-300 players, half of them at most 60; 3-11 rounds or
matches; forfeits, retirements and half-point byes at rates drawn from the seed) plus
``K`` 500-player events of 9 rounds (default 3; seeds 10001..), pairing every round in
process with the system's own pairing function, and writes, per event, the boards
(white, black), the pairing-allocated bye and the players left out, round by round,
with the CPU seconds of each round. ``compare`` generates the same events again (the
generator draws results from the seed and the pairings, so equal pairings give the same
event) and reports every event whose pairings differ, at the first round that differs,
with the CPU time per round before and after (median and worst).
Keep recordings outside the repository (e.g. in /tmp): they are large and machine-made.
"""

from __future__ import annotations

import gzip
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from decimal import Decimal
from typing import Any

from arbitro.model import Tournament
from arbitro.pairing import double_swiss
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.registry import PairOptions, get
from arbitro.pairing.types import RoundPairing

SYSTEMS = ("dubov", "double-swiss")


def _specs(system: str, count: int, big: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in range(1, count + 1):
        rng = random.Random(seed * 7919 + len(system))
        players = rng.randint(4, 60) if seed % 2 else rng.randint(61, 300)
        rounds = rng.randint(3, 11)
        values: dict[str, int] = {
            "PlayersNumber": players,
            "RoundsNumber": min(rounds, players - 1),
            "DrawPercentage": rng.randint(10, 50),
            "ForfeitRate": rng.randint(6, 40),
            "RetiredRate": rng.randint(8, 60),
            "HalfPointByeRate": rng.randint(5, 40),
        }
        out.append({"system": system, "seed": seed, "config": values})
    for k in range(big):
        values = {"PlayersNumber": 500, "RoundsNumber": 9}
        out.append({"system": system, "seed": 10001 + k, "config": values})
    return out


def _run(spec: dict[str, Any]) -> dict[str, Any]:
    """Generate one event, recording every round's pairing and its CPU time."""
    system = spec["system"]
    rounds: list[dict[str, Any]] = []
    inner: Callable[[Tournament, int], RoundPairing]
    if system == "double-swiss":
        inner = double_swiss.pair_round
    else:
        sysdef = get(system)

        def inner(t: Tournament, rnd: int) -> RoundPairing:
            return sysdef.pair(t, rnd, PairOptions())

    def pair(t: Tournament, rnd: int) -> RoundPairing:
        c0 = time.process_time()
        try:
            p = inner(t, rnd)
        except Exception as exc:
            rounds.append({"round": rnd, "error": type(exc).__name__, "cpu": time.process_time() - c0})
            raise
        rounds.append(
            {
                "round": rnd,
                "boards": [[b.white, b.black] for b in p.boards],
                "bye": p.bye,
                "unpaired": sorted([int(k), v] for k, v in p.unpaired.items()),
                "cpu": round(time.process_time() - c0, 4),
            }
        )
        return p

    values: dict[str, int | Decimal] = dict(spec["config"])
    code = get(system).trf_code
    generate(
        GeneratorConfig(values), spec["seed"], None, pair=pair, system=code, double=system == "double-swiss"
    )
    return {**spec, "rounds": rounds}


def _key(r: dict[str, Any]) -> tuple[Any, ...]:
    return (r.get("error"), r.get("boards"), r.get("bye"), r.get("unpaired"))


def _opts(argv: list[str], name: str, default: str) -> str:
    return argv[argv.index(name) + 1] if name in argv else default


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("record", "compare"):
        print(__doc__)
        return 2
    mode, path = argv[0], argv[1]
    jobs = int(_opts(argv, "--jobs", "1"))
    if mode == "record":
        count, big = int(_opts(argv, "--count", "300")), int(_opts(argv, "--big", "3"))
        systems = _opts(argv, "--systems", ",".join(SYSTEMS)).split(",")
        specs = [s for name in systems for s in _specs(name, count, big)]
    else:
        with gzip.open(path, "rt") as f:
            old = [json.loads(line) for line in f]
        specs = [{k: e[k] for k in ("system", "seed", "config")} for e in old]
    with ProcessPoolExecutor(jobs) as pool:
        new = list(pool.map(_run, specs, chunksize=1))
    if mode == "record":
        with gzip.open(path, "wt") as f:
            for e in new:
                f.write(json.dumps(e) + "\n")
        nr = sum(len(e["rounds"]) for e in new)
        print(f"recorded {len(new)} events, {nr} rounds in {path}")
        return 0
    diffs = 0
    rounds = 0
    cpu: dict[tuple[str, bool], dict[str, list[float]]] = {}
    for a, b in zip(old, new, strict=True):
        rounds += len(a["rounds"])
        big = a["config"]["PlayersNumber"] >= 500
        times = cpu.setdefault((a["system"], big), {"before": [], "after": []})
        times["before"] += [r["cpu"] for r in a["rounds"]]
        times["after"] += [r["cpu"] for r in b["rounds"]]
        ra, rb = a["rounds"], b["rounds"]
        for x, y in zip(ra, rb, strict=False):
            if _key(x) != _key(y):
                diffs += 1
                print(f"DIFF {a['system']} seed {a['seed']} round {x['round']}: {a['config']}")
                break
        else:
            if len(ra) != len(rb):
                diffs += 1
                print(f"DIFF {a['system']} seed {a['seed']}: {len(ra)} rounds recorded, {len(rb)} now")
    for (system, big), times in sorted(cpu.items()):
        label = f"{system} {'500 players' if big else '4-300 players'}"
        for when in ("before", "after"):
            t = times[when]
            print(
                f"{label:<28} {when:<6} rounds {len(t):>5}  cpu s median {statistics.median(t):.3f}"
                f"  worst {max(t):.2f}  total {sum(t):.1f}"
            )
    print(f"compared {len(old)} events, {rounds} rounds: {diffs} with differences")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
