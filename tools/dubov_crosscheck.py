"""Cross-check of the Dubov engine (C.04.4.1, 2026) against py4swiss, both ways (issue 35).

C.02 asks for each pairing system a cross-test against another public engine, every discrepancy
classified. py4swiss (Moritz72/py4swiss, MIT, on PyPI; Dutch, Dubov and Burstein) is an
independent Dubov engine; it pairs the next round of a TRF file and has no generator of its own.

* ``arbitro``: Arbitro generates a Dubov tournament (every axis below varies with the seed) and
  py4swiss pairs every round from the same position (the rounds before it, plus the round's
  recorded absences); its pairing is compared with the recorded one (pairs, colours, PAB);
* ``py4swiss``: the same random generator plays the games, but py4swiss pairs every round; then
  Arbitro re-pairs every round from the file and compares.

Every differing round is classified:

* ``reading``: Arbitro with the earlier reading of C.04.4.1 3.2.6 (T2 kept best on [C7],
  ``DubovOptions(t2_keeps_colours=True)``, which is py4swiss's) gives py4swiss' pairing: the text
  says "the first transposition [...] that can yield a legal pairing" (docs/decisions.md
  2026-12-04);
* ``other-engine``: py4swiss' pairing breaks an absolute criterion of the text (C.04.4.1 [C1]
  rematch, [C2] a second PAB or a PAB after a forfeit win, [C3] two players with the same
  absolute colour preference), proved from the position;
* ``unexplained``: anything else -- Arbitro's fault until shown otherwise (listed by seed/round).

Each entry also records ``old_differing``: the rounds where Arbitro's engine as it read the text
before 2026-12-04 (a forfeit counted as an upfloat, T2 kept best on [C7]) differs from py4swiss,
which measures what the re-reading changed.

Axes: players 4..MAX (odd and even, mostly small), 3-11 rounds, half-point byes, forfeits,
withdrawals, prohibited pairs, 1-0.5-0 / 3-1-0 / 2-1-0 scoring, all-unrated fields.

Usage::

    PY4SWISS_PYTHON=/path/to/venv/bin/python nice -n 19 python tools/dubov_crosscheck.py \\
        --direction both --count 300 [--max-players 100] [--first-seed 1] [--log dubov.jsonl] \\
        [--prior benchmarks/results/dubov-crosscheck/*.jsonl.gz] [--py4swiss PYTHON]
    python tools/dubov_crosscheck.py --report --log dubov.jsonl [--prior ...]

``--py4swiss`` (or ``$PY4SWISS_PYTHON``) is a Python interpreter that imports ``py4swiss``
(``python3 -m venv DIR && DIR/bin/pip install py4swiss``, outside the repository). One py4swiss
process serves the whole run (one request a round), so its start-up is paid once. The log has
one JSON line per tournament and direction; a run with the same log (or ``--prior`` logs)
skips what is done. ``--report`` prints the table by axis from the logs alone.
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
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import crosscheck  # noqa: E402 - the sibling tool: its generator keys
from refprogs import py4swiss_python  # noqa: E402 - one finder for the reference programs

from arbitro.model import Colour, ProhibitedPairing, ResultCode, RoundResult, Tournament  # noqa: E402
from arbitro.pairing import registry
from arbitro.pairing.checker import recorded_pairing
from arbitro.pairing.dubov import DubovOptions, max_upfloats, pair_round
from arbitro.pairing.dutch_state import build_state
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.swiss_common import both_granted, float_history, same_absolute
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing
from arbitro.trf import format_trf

#: the engine as it read the text before 2026-12-04
OLD = DubovOptions(unplayed_upfloats=True, t2_keeps_colours=True)
#: py4swiss' reading of 3.2.6 (with today's reading of "upfloated")
T2_BEST = DubovOptions(t2_keeps_colours=True)
REQUEST_TIMEOUT = 600

_WORKER = r"""
import json, sys, traceback
from pathlib import Path
from py4swiss.trf import TrfParser
from py4swiss.engines import DubovEngine
from importlib.metadata import version
print(json.dumps({"version": version("py4swiss")}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    try:
        pairs = DubovEngine.generate_pairings(TrfParser.parse(Path(req["path"])))
        out = {"pairs": [[p.white, p.black] for p in pairs]}
    except Exception as exc:
        out = {"error": (type(exc).__name__ + ": " + str(exc))[:300]}
    print(json.dumps(out), flush=True)
"""


class Py4Swiss:
    """One py4swiss process answering "pair the next round of this file" requests."""

    def __init__(self, python: str) -> None:
        self.proc = subprocess.Popen(
            [python, "-c", _WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.version = json.loads(self._line())["version"]

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"py4swiss stopped (exit {self.proc.poll()})")
        return line

    def pair(self, path: Path) -> set[tuple[int, int]] | str:
        """py4swiss' pairing of the next round of ``path`` as (white, black) pairs, (bye, 0); or its error."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"path": str(path)}) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self._line())
        if "error" in out:
            return str(out["error"])
        return {(w, b) for w, b in out["pairs"]}

    def cpu(self) -> float:
        """CPU seconds the py4swiss process has used (Linux ``/proc``; 0 elsewhere)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# ----------------------------------------------------------------------------------------------
# the axes of one tournament
def axes(seed: int, max_players: int, direction: str) -> dict[str, Any]:
    rng = random.Random(f"dubov:{direction}:{seed}")
    bands = [(0.75, 4, 30), (0.95, 31, 80), (1.0, 81, 200)]
    x = rng.random()
    n = max_players
    for top, low, high in bands:
        if x <= top:
            high = min(high, max_players)
            n = rng.randint(min(low, high), high)
            break
    n = max(4, n)
    rounds = min(rng.randint(3, 11), max(3, n - 1 if n > 8 else n // 2 + 1))
    return {
        "players": n,
        "rounds": rounds,
        "draws": rng.randint(10, 50),
        "forfeits": rng.random() < 0.5,
        "withdrawals": rng.random() < 0.4,
        "half_byes": rng.random() < 0.4,
        "prohibited": rng.random() < 0.2,
        "scoring": rng.choice(["1-0.5-0"] * 3 + ["3-1-0", "2-1-0"]),
        "unrated": rng.random() < 0.05,
    }


def generator_values(a: dict[str, Any]) -> dict[str, int | Decimal]:
    """tools/crosscheck.py's keys, with more forfeits (1 in 8): Dubov's upfloat readings differ after them."""
    return crosscheck.generator_values(a, forfeit_rate=8)


def _prepare(a: dict[str, Any], seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(f"dubov-prepare:{seed}")

    def prepare(t: Tournament) -> None:
        if a["unrated"]:  # 1.1.2: the arbiter's provisional ratings, here all equal
            for p in t.players.values():
                p.rating = 0
        ranks = list(t.players)
        if a["prohibited"] and len(ranks) >= 6:
            for _ in range(max(1, len(ranks) // 15)):
                t.prohibited_pairings.append(ProhibitedPairing(tuple(rng.sample(ranks, 2))))

    return prepare


# ----------------------------------------------------------------------------------------------
# positions
def _absences(t: Tournament, rnd: int) -> dict[int, RoundResult]:
    """The round's recorded cells of players left out on purpose (requested byes, withdrawals)."""
    out = {}
    for rank, p in t.players.items():
        r = p.result(rnd)
        if r is not None and r.opponent is None and r.code is not ResultCode.PAIRING_BYE:
            out[rank] = r
    return out


def position_text(t: Tournament, rnd: int, absent: dict[int, RoundResult]) -> str:
    """TRF16 of the position before ``rnd`` as py4swiss reads it: the earlier rounds, the round's
    absences as their cells, ``XXS`` in py4swiss' keys, a rank on every player line."""
    c = copy.deepcopy(t)
    for rank, p in c.players.items():
        p.results = p.results[: rnd - 1] + ([absent[rank]] if rank in absent else [])
        p.points = p.score(c.scoring)
        p.rank = p.rank or rank
    c.requested_byes = []
    text = format_trf(c, "trf16")
    lines = [ln for ln in text.splitlines() if not ln.startswith(("BB", "XXS"))]
    s = c.scoring
    if not s.is_standard:
        f = {
            "W": s.win, "D": s.draw, "L": s.loss, "FW": s.forfeit_win, "FL": s.forfeit_loss,
            "PAB": s.pairing_bye, "FPB": s.full_bye, "HPB": s.half_bye, "ZPB": s.zero_bye,
        }  # fmt: skip
        lines.append("XXS " + " ".join(f"{k}={v:.1f}" for k, v in f.items()))
    return "\n".join(lines) + "\n"


def pairs_of(p: RoundPairing | None) -> set[tuple[int, int]] | None:
    if p is None:
        return None
    s = {(b.white, b.black) for b in p.boards}
    if p.bye is not None:
        s.add((p.bye, 0))
    return s


def _arbitro(t: Tournament, rnd: int, options: DubovOptions | None = None) -> set[tuple[int, int]] | None:
    try:
        return pairs_of(pair_round(t, rnd, options))
    except NoValidPairing:
        return None


def absolute_breaches(t: Tournament, rnd: int, pairs: set[tuple[int, int]]) -> list[str]:
    """Absolute criteria of C.04.4.1 2.1 that a pairing of ``rnd`` breaks, judged on the position."""
    st = build_state(t, rnd)
    by_id = {p.id: p for p in st.players}
    out = []
    for w, b in sorted(pairs):
        if b == 0:
            p = by_id.get(w)
            if p is not None and not p.eligible_bye:
                out.append(f"[C2] 2.1.2: PAB to {w}, who already had a PAB or scored a win without playing")
            continue
        if b in st.forbidden.get(w, ()):
            out.append(f"[C1] 2.1.1 (or a prohibited pair): {w}-{b} may not meet")
        pw, pb = by_id.get(w), by_id.get(b)
        if pw is not None and pb is not None and same_absolute(pw, pb):
            out.append(f"[C3] 2.1.3: {w}-{b} have the same absolute colour preference")
    return out


def _bracket_quality(t: Tournament, rnd: int, pairs: set[tuple[int, int]]) -> tuple[Any, list[tuple[Any, ...]]]:
    """A pairing judged by the text: its PAB key (3.1.3-3.1.5) and, bracket by bracket from the top
    scoregroup down (1.9.2, 3.2), the bracket's pairs and its quality vector ([C5] upfloaters,
    [C6] score differences in descending order, [C7] players without their colour preference,
    [C8]-[C10] unless in the last round); smaller is better."""
    st = build_state(t, rnd)
    for p in st.players:
        if p.played_games == 0:
            p.pref = Colour.BLACK  # 1.6.4
    by_id = {p.id: p for p in st.players}
    hist = float_history(t, rnd - 1, played_only=True)
    maxt = max_upfloats(st.total_rounds)
    last = rnd >= st.total_rounds
    mate: dict[int, int] = {}
    bye_key: Any = None
    for w, b in pairs:
        if b == 0:
            q = by_id[w]
            bye_key = (q.acc, -q.played_games, -q.rank)
        else:
            mate[w], mate[b] = b, w
    remaining = set(mate)
    brackets = []
    while remaining:
        top = max(by_id[v].acc for v in remaining)
        residents = {v for v in remaining if by_id[v].acc == top}
        ups = {mate[v] for v in residents if mate[v] not in residents}
        members = residents | ups
        bracket_pairs = frozenset(frozenset((v, mate[v])) for v in members)
        misses = sum(1 for v in members if v < mate[v] and not both_granted(by_id[v], by_id[mate[v]]))
        hist_vec = (0, 0, 0)
        if not last:
            maxed = [u for u in ups if hist.upfloats.get(u, 0) >= maxt]
            hist_vec = (len(maxed), sum(hist.upfloats.get(u, 0) for u in maxed), sum(1 for u in ups if u in hist.up_last))
        vec = (len(ups), sorted((top - by_id[u].acc for u in ups), reverse=True), misses, *hist_vec)
        # 3.2.3: G1 the White seekers (the first half by TPN when nobody in the bracket has played);
        # 3.2.4.1: the pairs inside the smaller subgroup (G1 when equal) must be unavoidable
        order = sorted(members, key=lambda v: by_id[v].rank)
        if all(by_id[v].played_games == 0 for v in members):
            g1 = set(order[: len(order) // 2])
        else:
            g1 = {v for v in members if by_id[v].pref is Colour.WHITE}
        small = g1 if len(g1) <= len(members) - len(g1) else members - g1
        inside = sum(1 for v in small if v < mate[v] and mate[v] in small)
        brackets.append((bracket_pairs, vec, inside))
        remaining -= members
    return bye_key, brackets


_NAMES = ["[C5] 2.3.1", "[C6] 2.3.2", "[C7] 2.3.3", "[C8] 2.3.4", "[C9] 2.3.5", "[C10] 2.3.6"]


def judge(t: Tournament, rnd: int, ours: set[tuple[int, int]], theirs: set[tuple[int, int]]) -> tuple[str, str]:
    """Which pairing the text prefers: ("theirs-worse" | "ours-worse" | "equal", the article).

    The PAB first (3.1: of two eligible receivers each engine's pairing shows completable, the lower
    score, then more games played, then the larger TPN); then the first bracket whose pairs differ,
    by its quality vector, then by its pairs inside the smaller subgroup of 3.2.3 (3.2.4.1 shifts
    only as many players as such pairs are unavoidable, and a legal pairing with fewer shows they
    were not). "equal": the same quality, so the choice order decides (4.2 upfloater sets, 4.3
    shifters, 4.4 transpositions) or only colours differ (5.2).
    """
    bo, bt = _bracket_quality(t, rnd, ours), _bracket_quality(t, rnd, theirs)
    if bo[0] != bt[0] and bo[0] is not None and bt[0] is not None:
        art = "3.1.3" if bo[0][0] != bt[0][0] else "3.1.4" if bo[0][1] != bt[0][1] else "3.1.5"
        return ("theirs-worse" if bo[0] < bt[0] else "ours-worse"), art
    for (po, vo, io), (pt, vt, it) in zip(bo[1], bt[1], strict=False):
        if po == pt:
            continue
        for k, (x, y) in enumerate(zip(vo, vt, strict=True)):
            if x != y:
                return ("theirs-worse" if x < y else "ours-worse"), _NAMES[k]
        if io != it:
            # the same quality, but more pairs inside the smaller subgroup than a legal pairing needs
            return ("theirs-worse" if io < it else "ours-worse"), "3.2.4.1"
        return "equal", "order"
    return "equal", "colours 5.2"


def classify(t: Tournament, rnd: int, ours: set[tuple[int, int]] | None, theirs: set[tuple[int, int]] | None,
             cls: dict[str, list[int]], why: dict[str, list[str]]) -> None:  # fmt: skip
    """File one differing round (ours: Arbitro's pairing, theirs: py4swiss', None when it found none)."""
    if _arbitro(t, rnd, T2_BEST) == theirs:
        cls["reading"].append(rnd)
        cls["reading:3.2.6"].append(rnd)
        return
    if theirs is None and ours is not None and not absolute_breaches(t, rnd, ours):
        cls["other-engine"].append(rnd)
        cls["other-engine:[C4] 2.2.1"].append(rnd)
        why[str(rnd)] = ["[C4] 2.2.1: py4swiss found no pairing, Arbitro's breaks no absolute criterion"]
        return
    breaches = absolute_breaches(t, rnd, theirs) if theirs is not None else []
    if breaches:
        cls["other-engine"].append(rnd)
        why[str(rnd)] = breaches
        return
    if ours is not None and theirs is not None:
        verdict, article = judge(t, rnd, ours, theirs)
        if verdict == "theirs-worse":
            cls["other-engine"].append(rnd)
            cls["other-engine:" + article].append(rnd)
            why[str(rnd)] = [f"{article}: py4swiss' pairing is worse on it (the first rule where they differ)"]
            return
        why[str(rnd)] = [f"{verdict}: {article}"]
    cls["unexplained"].append(rnd)


# ----------------------------------------------------------------------------------------------
# one tournament each way
def run_arbitro(seed: int, a: dict[str, Any], engine: Py4Swiss, tmp: Path) -> dict[str, Any]:
    """Arbitro generates; py4swiss pairs every round from the same position."""
    dubov = registry.get("dubov")
    t = generate(
        GeneratorConfig(generator_values(a)), seed, None, pair=lambda t, r: pair_round(t, r),
        system=dubov.trf_code, prepare=_prepare(a, seed),
    )  # fmt: skip
    t.rounds = a["rounds"]
    cls: dict[str, list[int]] = defaultdict(list)
    why: dict[str, list[str]] = {}
    differing, old_differing, errors = [], [], {}
    for rnd in range(1, t.played_rounds + 1):
        path = tmp / f"a{seed}-{rnd}.trf"
        path.write_text(position_text(t, rnd, _absences(t, rnd)))
        got = engine.pair(path)
        theirs = None if isinstance(got, str) else got
        if isinstance(got, str):
            errors[str(rnd)] = got
        if _arbitro(t, rnd, OLD) != theirs:
            old_differing.append(rnd)
        if pairs_of(recorded_pairing(t, rnd)) == theirs:
            continue
        differing.append(rnd)
        classify(t, rnd, pairs_of(recorded_pairing(t, rnd)), theirs, cls, why)
    out: dict[str, Any] = {"rounds": t.played_rounds, "differing": differing, "old_differing": old_differing,
                           "classes": dict(cls)}  # fmt: skip
    if why:
        out["why"] = why
    if errors:
        out["py4swiss_errors"] = errors
    return out


def run_py4swiss(seed: int, a: dict[str, Any], engine: Py4Swiss, tmp: Path) -> dict[str, Any]:
    """py4swiss pairs every round of a generated tournament; Arbitro re-pairs each from the file."""
    errors: dict[str, str] = {}
    failed: list[tuple[int, str]] = []  # (round, verdict) where py4swiss found no pairing

    def pair(t: Tournament, rnd: int) -> RoundPairing:
        st = build_state(t, rnd)
        absent = {rank: RoundResult(None, Colour.NONE, _CODES.get(k, ResultCode.ZERO_BYE))
                  for rank, k in st.unpaired.items()}  # fmt: skip
        path = tmp / f"p{seed}-{rnd}.trf"
        path.write_text(position_text(t, rnd, absent))
        got = engine.pair(path)
        if isinstance(got, str):
            errors[str(rnd)] = got
            # the round is compared too: does Arbitro find a pairing of this position?
            ours = _arbitro(t, rnd)
            verdict = "none" if ours is None else "legal" if not absolute_breaches(t, rnd, ours) else "breaks"
            failed.append((rnd, verdict))
            raise NoValidPairing(f"py4swiss: {got}")
        bye = next((w for w, b in got if b == 0), None)
        boards = tuple(Board(w, b) for w, b in sorted(got) if b != 0)
        return RoundPairing(round=rnd, boards=boards, bye=bye, unpaired=dict(sorted(st.unpaired.items())))

    t = generate(
        GeneratorConfig(generator_values(a)), seed, None, pair=pair,
        system=registry.get("dubov").trf_code, prepare=_prepare(a, seed),
    )  # fmt: skip
    t.rounds = a["rounds"]
    cls: dict[str, list[int]] = defaultdict(list)
    why: dict[str, list[str]] = {}
    differing, old_differing = [], []
    for rnd in range(1, t.played_rounds + 1):
        theirs = pairs_of(recorded_pairing(t, rnd))
        if _arbitro(t, rnd, OLD) != theirs:
            old_differing.append(rnd)
        ours = _arbitro(t, rnd)
        if ours == theirs:
            continue
        differing.append(rnd)
        classify(t, rnd, ours, theirs, cls, why)
    for rnd, verdict in failed:  # py4swiss found no pairing (judged on the position of that moment)
        if verdict == "none":
            continue  # neither engine pairs it: the same answer
        differing.append(rnd)
        if verdict == "legal":
            cls["other-engine"].append(rnd)
            cls["other-engine:[C4] 2.2.1"].append(rnd)
            why[str(rnd)] = ["[C4] 2.2.1: py4swiss found no pairing, Arbitro's breaks no absolute criterion"]
        else:
            cls["unexplained"].append(rnd)
    out: dict[str, Any] = {"rounds": t.played_rounds + len(failed), "differing": differing, "old_differing": old_differing,
                           "classes": dict(cls)}  # fmt: skip
    if why:
        out["why"] = why
    if errors:
        out["py4swiss_errors"] = errors
    return out


_CODES = {"H": ResultCode.HALF_BYE, "F": ResultCode.FULL_BYE, "Z": ResultCode.ZERO_BYE}


# ----------------------------------------------------------------------------------------------
# the table
def axis_rows(a: dict[str, Any]) -> list[str]:
    n = a["players"]
    band = "4-12" if n <= 12 else "13-30" if n <= 30 else "31-80" if n <= 80 else "81+"
    r = a["rounds"]
    rows = [
        "all",
        f"players {band}",
        "players odd" if n % 2 else "players even",
        "rounds 3-5" if r <= 5 else "rounds 6-8" if r <= 8 else "rounds 9-11",
        f"scoring {a['scoring']}",
    ]
    for key in ("forfeits", "withdrawals", "half_byes", "prohibited", "unrated"):
        if a.get(key):
            rows.append(key.replace("_", " "))
    return rows


_ROW_ORDER = [
    "all", "players 4-12", "players 13-30", "players 31-80", "players 81+", "players odd", "players even",
    "rounds 3-5", "rounds 6-8", "rounds 9-11", "scoring 1-0.5-0", "scoring 3-1-0", "scoring 2-1-0",
    "forfeits", "withdrawals", "half byes", "prohibited", "unrated",
]  # fmt: skip
CLASSES = ["reading", "other-engine", "unexplained"]


def report(entries: list[dict[str, Any]]) -> None:
    for direction, title in (("arbitro", "Arbitro generates, py4swiss pairs each round"),
                             ("py4swiss", "py4swiss pairs each round, Arbitro re-pairs")):  # fmt: skip
        mine = [e for e in entries if e["direction"] == direction]
        if not mine:
            continue
        print(f"\n== {title}: {len(mine)} tournaments ==")
        print("(rounds compared; the classes count differing rounds; 'before' = the engine's reading before 2026-12-04)")
        head = ["axis", "tourn.", "rounds", "identical", "differing", *CLASSES, "before"]
        print(f"{head[0]:<18}" + "".join(f"{h:>13}" for h in head[1:]))
        table: dict[str, list[int]] = {}
        for e in mine:
            for row in axis_rows(e["axes"]):
                t = table.setdefault(row, [0] * (5 + len(CLASSES)))
                t[0] += 1
                t[1] += e["rounds"]
                t[2] += e["rounds"] - len(e["differing"])
                t[3] += len(e["differing"])
                for k, c in enumerate(CLASSES):
                    t[4 + k] += len(e["classes"].get(c, []))
                t[-1] += len(e.get("old_differing", []))
        for row in sorted(table, key=lambda r: _ROW_ORDER.index(r) if r in _ROW_ORDER else 99):
            print(f"{row:<18}" + "".join(f"{v:>13}" for v in table[row]))
        bad = [(e["seed"], r) for e in mine for r in e["classes"].get("unexplained", [])]
        print(f"unexplained rounds: {len(bad)}" + (f"  (seed, round): {bad[:30]}" if bad else ""))
        other = [(e["seed"], r, w) for e in mine for r, w in e.get("why", {}).items()]
        for seed, r, w in other[:20]:
            print(f"  seed {seed} round {r}: {'; '.join(w)}")
        kinds: dict[str, int] = defaultdict(int)
        for e in mine:
            for k, v in e["classes"].items():
                if ":" in k:
                    kinds[k] += len(v)
        for k, v in sorted(kinds.items()):
            print(f"  {k}: {v} rounds")
        stopped = sum(1 for e in mine if e.get("py4swiss_errors"))
        if stopped:
            print(f"tournaments where py4swiss reported an error: {stopped}")
        failed = [e["seed"] for e in mine if e.get("error")]
        if failed:
            print(f"tool errors (seeds): {failed[:20]}")
        cpu = sum(e["cpu"] for e in mine)
        rounds = sum(e["rounds"] for e in mine) or 1
        print(f"CPU: {cpu:.0f} s in all (Arbitro and py4swiss), {cpu / len(mine):.2f} s per tournament,"
              f" {cpu / rounds:.3f} s per round")  # fmt: skip


def one(direction: str, seed: int, max_players: int, engine: Py4Swiss) -> dict[str, Any]:
    a = axes(seed, max_players, direction)
    c0, e0 = time.process_time(), engine.cpu()
    with tempfile.TemporaryDirectory() as tmpdir:
        try:
            run = run_arbitro if direction == "arbitro" else run_py4swiss
            result = run(seed, a, engine, Path(tmpdir))
        except Exception as exc:  # noqa: BLE001 - keep going unattended; the log says what failed
            result = {"rounds": 0, "differing": [], "classes": {"unexplained": [0]}, "error": repr(exc)[:300]}
    cpu = time.process_time() - c0 + engine.cpu() - e0
    return {"direction": direction, "seed": seed, "axes": a, **result, "cpu": round(cpu, 3),
            "engine": ENGINE, "py4swiss": engine.version}  # fmt: skip


def _engine() -> str:
    """The Arbitro commit that ran (``git describe``), or its version."""
    try:
        res = subprocess.run(
            ["git", "-C", str(Path(__file__).resolve().parent), "describe", "--always", "--dirty"],
            capture_output=True, text=True, timeout=10,
        )  # fmt: skip
        if res.returncode == 0 and res.stdout.strip():
            return res.stdout.strip()
    except OSError:
        pass
    return "unknown"


ENGINE = _engine()


def read_log(path: Path) -> list[dict[str, Any]]:
    """The entries of a log, plain or gzip-compressed; a torn last line is skipped."""
    opener = gzip.open if path.suffix == ".gz" else open
    entries = []
    with opener(path, "rt") as f:  # type: ignore[operator]
        for line in f:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return entries


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--direction", choices=["arbitro", "py4swiss", "both"], default="both")
    ap.add_argument("--count", type=int, default=100, help="tournaments each way")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-players", type=int, default=100)
    ap.add_argument("--log", type=Path, default=Path("dubov-crosscheck.jsonl"))
    ap.add_argument("--prior", type=Path, nargs="*", default=[], help="logs of earlier runs (.jsonl or .jsonl.gz)")
    ap.add_argument("--py4swiss", default=py4swiss_python(),
                    help="a Python that imports py4swiss (default: tools/refprogs.py)")  # fmt: skip
    ap.add_argument("--report", action="store_true", help="only print the table from the logs")
    ap.add_argument("--jobs", type=int, default=1, help="accepted for symmetry with crosscheck.py; runs one at a time")
    args = ap.parse_args(argv)
    entries: list[dict[str, Any]] = []
    for prior in args.prior:
        entries += read_log(prior)
    if args.log.exists():
        entries += read_log(args.log)
    entries = list({(e["direction"], e["seed"]): e for e in entries}.values())
    if args.report:
        report(entries)
        return 0
    if not args.py4swiss:
        print("give --py4swiss PYTHON (or $PY4SWISS_PYTHON): a Python interpreter that imports py4swiss",
              file=sys.stderr)  # fmt: skip
        return 2
    try:
        engine = Py4Swiss(args.py4swiss)
    except (OSError, RuntimeError, ValueError, KeyError) as exc:
        print(f"py4swiss does not start with {args.py4swiss}: {exc}", file=sys.stderr)
        return 2
    done = {(e["direction"], e["seed"]) for e in entries}
    directions = ["arbitro", "py4swiss"] if args.direction == "both" else [args.direction]
    try:
        with args.log.open("a") as log:
            for seed in range(args.first_seed, args.first_seed + args.count):
                for direction in directions:
                    if (direction, seed) in done:
                        continue
                    e = one(direction, seed, args.max_players, engine)
                    entries.append(e)
                    log.write(json.dumps(e) + "\n")
                    log.flush()
                    flag = " UNEXPLAINED" if e["classes"].get("unexplained") else ""
                    print(f"{direction:<8} seed {seed:>5}: {e['axes']['players']:>3} players {e['rounds']:>2} rounds,"
                          f" {len(e['differing'])} differ ({len(e.get('old_differing', []))} before){flag}"
                          f"  ({e['cpu']:.1f} s)", flush=True)  # fmt: skip
    finally:
        engine.close()
    report(entries)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
