"""Timing study of the Dutch engine: many positions per size, beside bbpPairings (issue 16).

Usage: python benchmarks/dutch_timing_study.py [--sizes 100,500,1000,2000,5000] [--positions 6]
       [--rounds 9] [--bbp-max 1000] [--full] [--full-max N] [--repeat 1] [--seed 1]

For each size, builds POSITIONS tournaments with a synthetic history (previous rounds paired
greedily inside score groups without rematches, random results with draws, forfeits and the
occasional half-point bye) and times the pairing of an early, a middle or a late round (cycling
through rounds 2, ROUNDS // 2 + 1 and ROUNDS) in process (CPU seconds of ``pair_round`` in
bbpPairings-compatible mode). Where the size is at most --bbp-max and bbpPairings is present
(found by tools/refprogs.py), the same position is paired by
bbpPairings (``-p``; child CPU seconds) and the two pairings are compared. --full also times the
full search alone (``full_search=True``) on every position of the sizes up to --full-max (default:
all; the full search takes minutes a round from 2,000 players). Prints per size: positions, median,
p90, p99 and maximum seconds, the same for bbpPairings and the full search, and how many
positions paired identically. Run it under ``nice``; large sizes take minutes per position.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.trf import write_trf

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import refprogs  # noqa: E402 - the one finder of the reference programs

BBP = refprogs.bbp_or_default()


def synthetic(n: int, played: int, total: int, seed: int) -> Tournament:
    """A tournament of ``n`` players after ``played`` rounds of a plausible (not Dutch) history."""
    rng = random.Random(seed)
    t = Tournament(name=f"timing {n} r{played + 1}", rounds=total, initial_colour=Colour.WHITE, system="FIDE_DUTCH")
    ratings = sorted((rng.randint(1200, 2800) for _ in range(n)), reverse=True)
    for i, r in enumerate(ratings, 1):
        t.players[i] = Player(start_rank=i, name=f"P{i:05d}", rating=r)
    score = {i: 0.0 for i in t.players}
    met: dict[int, set[int]] = {i: set() for i in t.players}
    whites = {i: 0 for i in t.players}
    for _ in range(played):
        order = sorted(t.players, key=lambda i: (-score[i], i))
        absent = set(rng.sample(order, max(0, n // 100))) if n >= 100 else set()
        for i in absent:
            t.players[i].results.append(RoundResult(None, Colour.NONE, ResultCode.HALF_BYE))
            score[i] += 0.5
        free = [i for i in order if i not in absent]
        if len(free) % 2:
            bye = free.pop()
            t.players[bye].results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))
            score[bye] += 1
        while free:
            a = free.pop(0)
            k = next((j for j, b in enumerate(free) if b not in met[a]), 0)
            b = free.pop(k)
            met[a].add(b)
            met[b].add(a)
            w, bl = (a, b) if whites[a] <= whites[b] else (b, a)
            whites[w] += 1
            x = rng.random()
            if x < 0.02:
                cw, cb = ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS
            elif x < 0.42:
                cw, cb = ResultCode.WIN, ResultCode.LOSS
            elif x < 0.72:
                cw, cb = ResultCode.DRAW, ResultCode.DRAW
            else:
                cw, cb = ResultCode.LOSS, ResultCode.WIN
            t.players[w].results.append(RoundResult(bl, Colour.WHITE, cw))
            t.players[bl].results.append(RoundResult(w, Colour.BLACK, cb))
            pts = {ResultCode.WIN: 1.0, ResultCode.FORFEIT_WIN: 1.0, ResultCode.DRAW: 0.5}
            score[w] += pts.get(cw, 0.0)
            score[bl] += pts.get(cb, 0.0)
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t


def bbp_pair(path: Path, out: Path) -> tuple[float, list[str]]:
    r0 = os.times()
    subprocess.run([str(BBP), "--dutch", str(path), "-p", str(out)], check=False, capture_output=True)
    r1 = os.times()
    cpu = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    return cpu, out.read_text().split() if out.exists() else []


def q(values: list[float], frac: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(frac * len(s)))]


def line(label: str, xs: list[float]) -> str:
    if not xs:
        return f"{label:<14} -"
    return (
        f"{label:<14} median {statistics.median(xs):8.3f}  p90 {q(xs, 0.9):8.3f}  p99 {q(xs, 0.99):8.3f}"
        f"  max {max(xs):8.3f}"
    )


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="100,500,1000,2000,5000")
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--bbp-max", type=int, default=1000)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--full-max", type=int, default=None, help="time the full search only up to this size")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=1, help="time each position this many times, keep the best")
    args = ap.parse_args(argv)
    sizes = [int(x) for x in args.sizes.split(",")]
    phases = [2, args.rounds // 2 + 1, args.rounds]
    opts = DutchOptions.bbp()
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            mine: list[float] = []
            full: list[float] = []
            theirs: list[float] = []
            same = compared = 0
            full_here = args.full and (args.full_max is None or n <= args.full_max)
            for k in range(args.positions):
                rnd = phases[k % len(phases)]
                t = synthetic(n, rnd - 1, args.rounds, args.seed * 100003 + n * 101 + k)
                best = best_full = float("inf")
                for _ in range(args.repeat):
                    c0 = time.process_time()
                    pairing = pair_round(t, rnd, opts)
                    best = min(best, time.process_time() - c0)
                    if full_here:
                        c0 = time.process_time()
                        ref = pair_round(t, rnd, replace(opts, full_search=True))
                        best_full = min(best_full, time.process_time() - c0)
                mine.append(best)
                note = f"{mine[-1]:.3f} s"
                if full_here:
                    full.append(best_full)
                    note += f", full search {full[-1]:.3f} s{'' if ref == pairing else ' DIFFERENT'}"
                if BBP.exists() and n <= args.bbp_max:
                    path = Path(tmp) / f"p{n}-{k}.trf"
                    write_trf(t, path, "trf16")
                    cpu, lines = bbp_pair(path, Path(tmp) / "out.txt")
                    theirs.append(cpu)
                    compared += 1
                    same += lines == " ".join(pairing.as_bbp_lines()).split()
                    note += f", bbpPairings {cpu:.3f} s"
                print(f"  {n} players, round {rnd}: {note}", flush=True)
            print(f"== {n} players, {len(mine)} positions (rounds {phases}) ==")
            print(line("arbitro", mine))
            if full:
                print(line("full search", full))
                print(f"{'':14} fast path worst / full search worst: {max(mine) / max(full):.2f}")
            if theirs:
                print(line("bbpPairings", theirs))
                ratio = statistics.median(theirs) / statistics.median(mine)
                print(f"{'':14} bbp median / arbitro median: {ratio:.2f}; identical pairings {same} of {compared}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
