"""Acceptance-scale cross-check of the Dutch engine against bbpPairings v6.0.0, both ways (issue 16).

C.02 (software acceptance, in force from 1 March 2026) asks for tournaments cross-checked each
way against another public engine, every discrepancy classified. This tool does both directions:

* ``arbitro``: Arbitro generates a tournament (every axis below varies with the seed), writes it as
  TRF16 with extensions, and bbpPairings' checker (``--dutch FILE -c``) re-pairs every round;
* ``bbp``: bbpPairings generates one (``--dutch -g CONFIG -o FILE -s SEED``) and Arbitro's checker
  re-pairs every round, in bbpPairings-compatible mode and in the rules' mode.

Every differing round is classified:

* ``departure``: a documented bbpPairings departure from the rules (dutch-system.md §6.1) -- the
  engine with that departure switched on gives bbpPairings' pairing. Since issue 35 the rules' mode
  takes bbpPairings' (and Gacrux's) reading of §6.1 #3 (pairing-number parity skipping never-paired
  absentees), so a run from then on finds no #3 difference; entries of earlier commits still name it
  (``dep:effective_numbers``) and are stale on that point;
* ``reading``: the file does not carry the position (Arbitro cannot read it back, or re-reading
  it changes Arbitro's own pairing);
* ``unexplained``: anything else -- Arbitro's fault until shown otherwise (listed by seed/round).

Axes (the C.02 checklist): players 4..MAX (odd and even, mostly small), 3-15 rounds, half- and
zero-point byes, forfeits, withdrawals, late entries, prohibited pairs, Baku acceleration (as
explicit XXA virtual points), initial colour, all-unrated fields, 1-0.5-0 / 3-1-0 / 2-1-0
scoring, and for ``arbitro`` the mode Arbitro generated in (rules or bbp-compatible).

Usage::

    python tools/crosscheck.py --direction both --count 5000 [--max-players 1000] [--first-seed 1]
        [--log crosscheck.jsonl] [--prior benchmarks/results/crosscheck/*.jsonl.gz] [--bbp PATH] [--jobs N]

The run is spread over sessions: each session's log is compressed into
``benchmarks/results/crosscheck/`` (one ``.jsonl.gz`` a session, each entry naming the commit that
ran it, ``engine``) and the next run passes them as ``--prior``, so it skips what is done and the
table counts every tournament so far. The fast path is held equal to the full search by the
differential test, so an entry of an earlier commit stands for the engine until a change of the
rules' reading (docs/dutch-speed.md §Cross-check).

bbpPairings is found at --bbp or by tools/refprogs.py (never
committed; build it from its public source). The log has one JSON line per tournament; a run
with the same log resumes where it stopped, and ``--report`` prints the table from a log alone.
Run it under ``nice``. Prints the table by axis, the unexplained rounds, and the CPU time per
tournament with the estimate for 50,000 each way.
"""

from __future__ import annotations

import argparse
import gzip
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from refprogs import bbp_or_default

from arbitro.model import Acceleration, ByeRequest, ProhibitedPairing, Tournament
from arbitro.pairing.checker import DEPARTURES, READINGS, check_round, recorded_pairing, same_pairing
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions, baku_accelerations
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.types import NoValidPairing, RoundPairing
from arbitro.trf import read_trf, write_trf

BBP_TIMEOUT = 3600


# ----------------------------------------------------------------------------------------------
# the axes of one tournament
def players_for(rng: random.Random, max_players: int) -> int:
    """Mostly small fields, some large ones: 70% 4-40, 20% 41-150, 8% 151-400, 2% 401-MAX."""
    bands = [(0.70, 4, 40), (0.90, 41, 150), (0.98, 151, 400), (1.0, 401, 1000)]
    x = rng.random()
    for top, low, high in bands:
        if x <= top:
            high = min(high, max_players)
            return rng.randint(min(low, high), high)
    return max_players


def axes(seed: int, max_players: int, direction: str, min_players: int = 4) -> dict[str, Any]:
    rng = random.Random(f"{direction}:{seed}")
    n = max(min_players, players_for(rng, max_players))
    # more rounds than a small field can play make both generators stop early (or fail)
    rounds = min(rng.randint(3, 15), max(3, n - 1 if n > 8 else n // 2 + 1))
    a: dict[str, Any] = {
        "players": n,
        "rounds": rounds,
        "draws": rng.randint(10, 50),
        "forfeits": rng.random() < 0.5,
        "withdrawals": rng.random() < 0.5,
        "half_byes": rng.random() < 0.5,
        "scoring": rng.choice(["1-0.5-0"] * 3 + ["3-1-0", "2-1-0"]),
        "unrated": rng.random() < 0.08,
    }
    if direction == "arbitro":
        a.update(
            late_entries=rng.random() < 0.25,
            prohibited=rng.random() < 0.25,
            baku=rng.random() < 0.15,
            mode=rng.choice(["bbp", "rules"]),
        )
    return a


def generator_values(a: dict[str, Any], forfeit_rate: int = 12) -> dict[str, int | Decimal]:
    """The generator's configuration keys of a tournament's axes (shared by the cross-check tools)."""
    values: dict[str, int | Decimal] = {
        "PlayersNumber": a["players"],
        "RoundsNumber": a["rounds"],
        "DrawPercentage": a["draws"],
        "ForfeitRate": forfeit_rate if a["forfeits"] else 100000,
        "RetiredRate": 10 if a["withdrawals"] else 100000,
        "HalfPointByeRate": 10 if a["half_byes"] else 100000,
    }
    if a["scoring"] != "1-0.5-0":
        win, draw = (Decimal(3), Decimal(1)) if a["scoring"] == "3-1-0" else (Decimal(2), Decimal(1))
        values.update(PointsForWin=win, PointsForDraw=draw, PointsForPAB=win)
    return values


def _prepare(a: dict[str, Any], seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(f"prepare:{seed}")

    def prepare(t: Tournament) -> None:
        ranks = list(t.players)
        if a["unrated"]:
            for p in t.players.values():
                p.rating = 0
        if a.get("baku"):
            t.accelerations = [
                Acceleration(rank, rnd, pts)
                for (rank, rnd), pts in sorted(baku_accelerations(t, DutchOptions()).items())
            ]
        if a.get("prohibited") and len(ranks) >= 4:
            for _ in range(max(1, len(ranks) // 20)):
                x, y = rng.sample(ranks, 2)
                t.prohibited_pairings.append(ProhibitedPairing((x, y)))
        if a.get("late_entries") and t.rounds and t.rounds >= 3:
            for rank in rng.sample(ranks, max(1, len(ranks) // 15)):
                for rnd in range(1, rng.randint(1, 2) + 1):
                    t.requested_byes.append(ByeRequest(rnd, "Z", rank))

    return prepare


# ----------------------------------------------------------------------------------------------
# bbpPairings
def bbp_check(bbp: Path, path: Path) -> dict[int, set[tuple[int, int]] | None]:
    """Rounds bbpPairings' checker disagrees with: its own pairs not in the file (None: no pairing)."""
    res = subprocess.run(
        [str(bbp), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=BBP_TIMEOUT
    )
    if res.returncode not in (0, 1):
        raise RuntimeError(f"bbpPairings -c exit {res.returncode}: {res.stderr.strip()[:300]}")
    out: dict[int, set[tuple[int, int]] | None] = {}
    rnd = 0
    for line in res.stdout.splitlines():
        if ": Round #" in line:
            rnd = int(line.rsplit("#", 1)[1])
        elif line.startswith("No valid pairing exists for round"):
            out[rnd] = None
        elif line.strip().startswith("Checker pairings"):
            out[rnd] = set()
        elif rnd in out and out[rnd] is not None and " - " in line:
            left = line[:13].strip()
            if left:
                w, b = (int(x) for x in left.split(" - "))
                pairs = out[rnd]
                assert pairs is not None
                pairs.add((w, b))
    return out


def boards_of(p: RoundPairing) -> set[tuple[int, int]]:
    s = {(b.white, b.black) for b in p.boards}
    if p.bye is not None:
        s.add((p.bye, 0))
    return s


def _pair(t: Tournament, rnd: int, opts: DutchOptions) -> RoundPairing | None:
    try:
        return pair_round(t, rnd, opts)
    except NoValidPairing:
        return None


# ----------------------------------------------------------------------------------------------
# one tournament each way
def run_arbitro(seed: int, a: dict[str, Any], bbp: Path, tmp: Path) -> dict[str, Any]:
    """Arbitro generates, bbpPairings checks."""
    opts = DutchOptions.bbp() if a["mode"] == "bbp" else DutchOptions()
    t = generate(GeneratorConfig(generator_values(a)), seed, opts, prepare=_prepare(a, seed))
    # The generator shortens the tournament when a round cannot be paired; its rounds were
    # paired as rounds of the planned length (C.04.3 1.8, topscorers in the last round).
    t.rounds = a["rounds"]
    path = tmp / f"a{seed}.trf"
    write_trf(t, path, "trf16")
    back = read_trf(path)
    disagree = bbp_check(bbp, path)
    rounds = t.played_rounds
    cls: dict[str, list[int]] = defaultdict(list)
    for rnd, theirs in sorted(disagree.items()):
        recorded = recorded_pairing(back, rnd)
        if not same_pairing(recorded, recorded_pairing(t, rnd)) or not _same(_pair(back, rnd, opts), recorded):
            cls["reading"].append(rnd)
            continue
        mine = _pair(back, rnd, DutchOptions.bbp())
        if a["mode"] == "rules" and (
            (theirs is None and mine is None)
            or (theirs is not None and mine is not None and boards_of(mine) - boards_of(recorded) == theirs)
        ):
            cls["departure"].append(rnd)
            for name in DEPARTURES:
                alt = _pair(back, rnd, replace(DutchOptions(), **{name: True}))
                if (theirs is None and alt is None) or (
                    theirs is not None and alt is not None and boards_of(alt) - boards_of(recorded) == theirs
                ):
                    cls["dep:" + name].append(rnd)
        else:
            cls["unexplained"].append(rnd)
    return {"rounds": rounds, "differing": sorted(disagree), "classes": dict(cls)}


def _same(p: RoundPairing | None, q: RoundPairing) -> bool:
    return p is not None and same_pairing(p, q)


def bbp_config(a: dict[str, Any]) -> str:
    lines = [f"{k}={v}" for k, v in generator_values(a).items()]
    if a["unrated"]:
        lines += ["HighestRating=0", "LowestRating=0"]
    return "\n".join(lines) + "\n"


def run_bbp(seed: int, a: dict[str, Any], bbp: Path, tmp: Path) -> dict[str, Any]:
    """bbpPairings generates, Arbitro checks (bbp-compatible mode; the rules' mode for departures)."""
    cfg = tmp / f"b{seed}.cfg"
    cfg.write_text(bbp_config(a))
    path = tmp / f"b{seed}.trf"
    while True:
        res = subprocess.run(
            [str(bbp), "--dutch", "-g", str(cfg), "-o", str(path), "-s", str(seed)],
            capture_output=True,
            text=True,
            timeout=BBP_TIMEOUT,
        )
        if res.returncode == 0 and path.exists():
            break
        if a["rounds"] <= 3:
            return {"rounds": 0, "differing": [], "classes": {}, "skipped": f"bbp -g exit {res.returncode}"}
        # bbpPairings gives up when a round cannot be paired: the same field with fewer rounds
        a["rounds"] -= 2
        cfg.write_text(bbp_config(a))
    try:
        t = read_trf(path)
    except Exception as exc:  # noqa: BLE001 - a reading difference, recorded as such
        return {"rounds": 0, "differing": [], "classes": {"reading": [0]}, "error": str(exc)[:300]}
    cls: dict[str, list[int]] = defaultdict(list)
    differing = []
    bbp_mode = DutchOptions.bbp()
    for rnd in range(1, t.played_rounds + 1):
        if _same(_pair(t, rnd, bbp_mode), recorded_pairing(t, rnd)):
            rules = _pair(t, rnd, DutchOptions())
            if not _same(rules, recorded_pairing(t, rnd)):
                c = check_round(t, rnd)
                cls["rules-mode departure"].append(rnd)
                for name in c.departures:
                    cls["dep:" + name].append(rnd)
            continue
        differing.append(rnd)
        cls["unexplained"].append(rnd)
    return {"rounds": t.played_rounds, "differing": differing, "classes": dict(cls)}


# ----------------------------------------------------------------------------------------------
# the table
def axis_rows(a: dict[str, Any]) -> list[str]:
    n = a["players"]
    band = "4-20" if n <= 20 else "21-60" if n <= 60 else "61-150" if n <= 150 else "151-400" if n <= 400 else "401+"
    r = a["rounds"]
    rows = [
        "all",
        f"players {band}",
        "players odd" if n % 2 else "players even",
        "rounds 3-6" if r <= 6 else "rounds 7-10" if r <= 10 else "rounds 11-15",
        f"scoring {a['scoring']}",
    ]
    for key in ("forfeits", "withdrawals", "half_byes", "unrated", "late_entries", "prohibited", "baku"):
        if a.get(key):
            rows.append(key.replace("_", " "))
    if "mode" in a:
        rows.append(f"generated in {a['mode']} mode")
    return rows


_ROW_ORDER = [
    "all", "players 4-20", "players 21-60", "players 61-150", "players 151-400", "players 401+",
    "players odd", "players even", "rounds 3-6", "rounds 7-10", "rounds 11-15", "scoring 1-0.5-0",
    "scoring 3-1-0", "scoring 2-1-0", "forfeits", "withdrawals", "half byes", "late entries",
    "prohibited", "baku", "unrated", "generated in rules mode", "generated in bbp mode",
]  # fmt: skip


def _row_key(row: str) -> int:
    return _ROW_ORDER.index(row) if row in _ROW_ORDER else len(_ROW_ORDER)


def report(entries: list[dict[str, Any]]) -> None:
    for direction in ("arbitro", "bbp"):
        mine = [e for e in entries if e["direction"] == direction]
        if not mine:
            continue
        title = (
            "Arbitro generates, bbpPairings checks"
            if direction == "arbitro"
            else "bbpPairings generates, Arbitro checks"
        )
        print(f"\n== {title}: {len(mine)} tournaments ==")
        table: dict[str, list[int]] = {}
        order: list[str] = []
        classes = ["departure", "reading", "unexplained"] if direction == "arbitro" else ["unexplained"]
        for e in mine:
            diff = set(e["differing"])
            for row in axis_rows(e["axes"]):
                if row not in table:
                    table[row] = [0] * (4 + len(classes) + 1)
                    order.append(row)
                t = table[row]
                t[0] += 1
                t[1] += e["rounds"]
                t[2] += e["rounds"] - len(diff)
                t[3] += len(diff)
                for k, c in enumerate(classes):
                    t[4 + k] += len(e["classes"].get(c, []))
                t[-1] += len(e["classes"].get("rules-mode departure", []))
        extra = ["rules: dep."] if direction == "bbp" else []
        head = ["axis", "tourn.", "rounds", "identical", "differing", *classes, *extra]
        print("(rounds: rounds compared; the classes count differing rounds)")
        print(f"{head[0]:<26}" + "".join(f"{h:>12}" for h in head[1:]))
        for row in sorted(order, key=_row_key):
            t = table[row]
            vals = t[: 4 + len(classes)] + ([t[-1]] if extra else [])
            print(f"{row:<26}" + "".join(f"{v:>12}" for v in vals))
        skipped = sum(1 for e in mine if e.get("skipped"))
        if skipped:
            print(f"not generated (bbpPairings found no pairing even with 3 rounds): {skipped}")
        bad = [(e["seed"], r) for e in mine for r in e["classes"].get("unexplained", [])]
        print(f"unexplained rounds: {len(bad)}" + (f"  (seed, round): {bad[:30]}" if bad else ""))
        deps: dict[str, int] = defaultdict(int)
        for e in mine:
            for k, v in e["classes"].items():
                if k.startswith("dep:"):
                    deps[k[4:]] += len(v)
        for name, count in sorted(deps.items()):
            # dep:effective_numbers (§6.1 #3) appears only in entries of commits before issue 35:
            # since then the rules' mode takes the reading bbpPairings and Gacrux share
            text = DEPARTURES.get(name) or READINGS.get(name, name)
            print(f"  rules-mode rounds explained by {text}: {count}")
        cpu = sum(e["cpu"] for e in mine)
        per = cpu / len(mine)
        print(
            f"CPU: {cpu:.0f} s in all, {per:.2f} s per tournament (Arbitro and bbpPairings);"
            f" 50,000 this way: about {per * 50000 / 3600:.0f} CPU hours"
        )


def one(job: tuple[str, int, int, str, int]) -> dict[str, Any]:
    """One tournament one way, in its own temporary directory; the log entry."""
    direction, seed, max_players, bbp, min_players = job
    a = axes(seed, max_players, direction, min_players)
    c0 = time.process_time()
    r0 = os.times()
    with tempfile.TemporaryDirectory() as tmpdir:
        try:
            if direction == "arbitro":
                result = run_arbitro(seed, a, Path(bbp), Path(tmpdir))
            else:
                result = run_bbp(seed, a, Path(bbp), Path(tmpdir))
        except Exception as exc:  # noqa: BLE001 - keep going unattended; the log says what failed
            result = {"rounds": 0, "differing": [], "classes": {"unexplained": [0]}, "error": repr(exc)[:300]}
    r1 = os.times()
    child = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    entry = {"direction": direction, "seed": seed, "axes": a, **result, "cpu": time.process_time() - c0 + child}
    entry["engine"] = ENGINE
    return entry


def _engine() -> str:
    """The Arbitro commit that ran (``git describe`` of the source tree), or its version."""
    try:
        res = subprocess.run(
            ["git", "-C", str(Path(__file__).resolve().parent), "describe", "--always", "--dirty"],
            capture_output=True, text=True, timeout=10,
        )
        if res.returncode == 0 and res.stdout.strip():
            return res.stdout.strip()
    except OSError:
        pass
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("arbitro")
    except PackageNotFoundError:
        return "unknown"


ENGINE = _engine()


def read_log(path: Path) -> list[dict[str, Any]]:
    """The entries of a log, plain JSON lines or gzip-compressed (``.gz``); a torn last line is skipped."""
    opener = gzip.open if path.suffix == ".gz" else open
    entries = []
    with opener(path, "rt") as f:  # type: ignore[operator]
        for line in f:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # the line a killed run was writing
    return entries


def _record(entry: dict[str, Any], entries: list[dict[str, Any]], log: Any) -> None:
    entries.append(entry)
    log.write(json.dumps(entry) + "\n")
    log.flush()
    flag = " UNEXPLAINED" if entry["classes"].get("unexplained") else ""
    print(
        f"{entry['direction']:<7} seed {entry['seed']:>6}: {entry['axes']['players']:>4} players"
        f" {entry['rounds']:>2} rounds, {len(entry['differing'])} differ{flag}  ({entry['cpu']:.1f} s)",
        flush=True,
    )


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--direction", choices=["arbitro", "bbp", "both"], default="both")
    ap.add_argument("--count", type=int, default=100, help="tournaments each way")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-players", type=int, default=1000)
    ap.add_argument("--min-players", type=int, default=4, help="raise smaller fields to this size")
    ap.add_argument("--log", type=Path, default=Path("crosscheck.jsonl"))
    ap.add_argument("--prior", type=Path, nargs="*", default=[],
                    help="logs of earlier runs (.jsonl or .jsonl.gz, e.g. benchmarks/results/crosscheck/*):"
                    " their tournaments are skipped and counted in the table")
    ap.add_argument("--bbp", type=Path, default=bbp_or_default())
    ap.add_argument("--report", action="store_true", help="only print the table from --log")
    ap.add_argument("--jobs", type=int, default=1, help="tournaments checked in parallel")
    args = ap.parse_args(argv)
    entries: list[dict[str, Any]] = []
    for prior in args.prior:
        entries += read_log(prior)
    if args.log.exists():
        entries += read_log(args.log)
    # one entry per tournament and direction, the latest run's
    entries = list({(e["direction"], e["seed"]): e for e in entries}.values())
    if args.report:
        report(entries)
        return 0
    if not args.bbp.exists():
        print(f"bbpPairings not found at {args.bbp}: build it from its public source, or give --bbp", file=sys.stderr)
        return 2
    done = {(e["direction"], e["seed"]) for e in entries}
    directions = ["arbitro", "bbp"] if args.direction == "both" else [args.direction]
    jobs = [
        (direction, seed, args.max_players, str(args.bbp), args.min_players)
        for seed in range(args.first_seed, args.first_seed + args.count)
        for direction in directions
        if (direction, seed) not in done
    ]
    run_jobs(one, jobs, args.jobs, args.log, lambda entry, log: _record(entry, entries, log))
    report(entries)
    return 0


def run_jobs(one: Any, jobs: list[Any], parallel: int, log_path: Path, record: Any) -> None:
    """Run ``one`` on every job and ``record(entry, log)`` each entry as it finishes (shared by the cross-checks).

    Unordered, one job at a time: a long 1,000-player tournament does not hold finished ones
    back, so a run that is stopped loses only the tournaments in flight.
    """
    with log_path.open("a") as log:
        if parallel > 1:
            with multiprocessing.Pool(parallel) as pool:
                for entry in pool.imap_unordered(one, jobs, chunksize=1):
                    record(entry, log)
        else:
            for job in jobs:
                record(one(job), log)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
