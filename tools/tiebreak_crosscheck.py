"""Acceptance-scale cross-check of the tie-breaks against FIDE's TEC checker, both ways (issue 35).

FIDE's acceptance checklist (C.02 / VCL4THP Q33-39) asks for tournaments cross-checked each way
against another public engine, pairings *and* tie-breaks, every discrepancy classified. This is
the tie-break half; the Dutch pairings half is ``tools/crosscheck.py`` (bbpPairings), whose seeds,
axes, log and table this tool shares (its generator-axes functions are imported, not copied).

The other engine is FIDE's TEC tie-break checker, TieBreakServer 1.9.57 (Python, MIT, (c) FIDE,
``tiebreakchecker.py``), found at ``--tec`` or by tools/refprogs.py (never
committed; its own ``.venv/bin/python`` is used when present). Directions:

* ``arbitro``: Arbitro generates a Dutch Swiss (the seeded axes of tools/crosscheck.py: players,
  rounds, draws, forfeits, withdrawals, half-point byes, scorings, all-unrated fields, late entries,
  prohibited pairs, Baku, the mode it paired in), writes it as TRF-2026 (``162`` carries the scoring)
  and both programs compute the tie-breaks of that file;
* ``tec``: TEC's own generator (``tournamentgenerator.py``, which writes TRF) generates a Dutch Swiss
  (players, rounds, zero-point byes, half-point byes in rounds 1-3, forfeits, 1-0.5-0 / 3-1-0 /
  2-1-0 scoring, all-unrated fields, the colour of board 1) and both compute the tie-breaks. Its
  ``-a`` (Baku) crashes in 1.9.57 (``KeyError: 'gamePoints'``), so acceleration is not an axis here.

Both sides compute the 23 C.07 tie-breaks both support (``CODES``), under the 2024 and the 2026
rules: TEC with the version pinned on every code whose computation its source makes depend on it
(``/V2024``, ``/V2026`` on PS, BH and its cut/median forms, FB, AOB, SB, SB/C1, KS; the others it
computes the same under both) and ``-s`` (Swiss rules: without it TEC takes a Swiss whose players
number the rounds or one more for a round robin, a known reading difference of TEC's, see
tests/tiebreaks/test_reference_fixtures.py, that this run does not need to meet again); Arbitro with
``compute_standings(t, CODES, rules=..., break_ties_by_lot=False)`` on the file read back, as
``arbitro standings FILE --rules R --tiebreaks ...`` computes them. In an all-unrated field both are
given 1400 for the unrated (``-u 1400``, ``unrated_rating=1400``), so the rating-based tie-breaks are
compared rather than dropped by both.

In 30% of the tournaments (seeded, axis ``after an earlier round``) the standings after an earlier
round are compared as well (TEC ``-n K``, Arbitro ``after_round=K``), both rule sets.

Comparison, value by value: TEC prints decimal strings at its own precision (``-0`` for no value);
two values are equal when both have no value, or when Arbitro's value lies less than half a unit of
the last decimal TEC printed away (so a value TEC printed as ``24.58`` equals Arbitro's ``24.58`` and
``24.583``, not ``24.59``; KS printed ``0`` equals ``0.0``, not ``0.5``). Ranks: TEC's rank against Arbitro's shared rank (no drawing of lots);
a rank that differs where every value of that player agrees is counted as a rank difference.

Classes of a differing value (``classify``):

* ``reading``: a documented reading difference -- recomputing with Arbitro under the alternative
  reading (``READINGS``: each names the article and where it is documented) gives TEC's value;
* ``tec``: TEC's fault, proved from the C.07 article (``TEC_FAULTS``: a predicate on the case and the
  article that decides it);
* ``unexplained``: anything else -- Arbitro's fault until shown otherwise (listed by seed).

Usage::

    PYTHONPATH=src nice -n 19 python tools/tiebreak_crosscheck.py --direction both --count 300 --jobs 1 \\
        [--max-players 1000] [--first-seed 1] [--log tbx.jsonl] \\
        [--prior benchmarks/results/tiebreak-crosscheck/*.jsonl.gz] [--tec DIR] [--report]

The log has one JSON line per tournament (direction, seed, axes, counts, the first differences, CPU
seconds, the Arbitro commit); a run with the same log resumes where it stopped; ``--prior`` logs are
skipped and counted; ``--report`` prints the table from the logs alone. Prints the table by axis, the
unexplained differences, and the CPU seconds per tournament with the estimate for 50,000 each way.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crosscheck import (  # noqa: E402 - the sibling tool, imported for its axes and log helpers
    ENGINE,
    _prepare,
    _row_key,
    axes,
    axis_rows,
    generator_values,
    read_log,
    run_jobs,
)
from refprogs import find_tec_folder as tec_dir  # noqa: E402 - one finder for the reference programs
from refprogs import tec_python  # noqa: E402

from arbitro.model import Tournament  # noqa: E402
from arbitro.pairing import registry  # noqa: E402
from arbitro.pairing.dutch_state import DutchOptions  # noqa: E402
from arbitro.pairing.generator import GeneratorConfig, generate  # noqa: E402
from arbitro.standings import compute_standings  # noqa: E402
from arbitro.trf import read_trf, write_trf  # noqa: E402

#: The C.07 tie-breaks both programs compute (the list of ../shared/fixtures/tiebreaks/expected.json).
CODES = ["PTS", "DE", "WIN", "WON", "BPG", "BWG", "REP", "PS", "BH", "BH/C1", "BH/C2", "BH/M1", "FB",
         "AOB", "SB", "SB/C1", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"]  # fmt: skip
#: Codes whose TEC computation depends on the rules version (tiebreak.py 1.9.57: ``modifiers["ver"]``).
VERSIONED = frozenset({"PS", "BH", "BH/C1", "BH/C2", "BH/M1", "FB", "AOB", "SB", "SB/C1", "KS"})
RULES = ("2024", "2026")
UNRATED = 1400
TEC_TIMEOUT = 1800
KEEP_DIFFS = 20  # differences kept per tournament in the log


def tec_codes(rules: str, codes: list[str] = CODES) -> list[str]:
    """The ``-t`` list for TEC with the rules pinned (reference/tiebreaks.md §8.3)."""
    return [f"{c}/V{rules}" if c in VERSIONED else c for c in codes]


# ----------------------------------------------------------------------------------------------
# the two programs
def run_tec(
    tec: Path, path: Path, rules: str, rounds: int, unrated: int | None, codes: list[str] = CODES
) -> dict[int, dict[str, str]]:
    """TEC's values by start number: ``{"rank": ..., code: text}``; raises on an error or no rows."""
    cmd = [tec_python(tec), "tiebreakchecker.py", "-i", str(path), "-d", "T", "-s", "-n", str(rounds)]
    if unrated is not None:
        cmd += ["-u", str(unrated)]
    cmd += ["-t", *tec_codes(rules, codes)]
    res = subprocess.run(cmd, cwd=tec, capture_output=True, text=True, timeout=TEC_TIMEOUT)
    return parse_tec_output(res.stdout, res.stderr, codes)


def parse_tec_output(stdout: str, stderr: str = "", codes: list[str] = CODES) -> dict[int, dict[str, str]]:
    """The rows of ``tiebreakchecker.py -d T`` (header ``StartNo Rank codes...``).

    The exit code says nothing (reference/tiebreaks.md §8.6), so a missing header or a row of the
    wrong width is an error."""
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    if not lines or not lines[0].startswith("StartNo\tRank"):
        raise RuntimeError(f"TEC: no table: {(stdout + stderr).strip()[-300:]}")
    head = lines[0].split("\t")
    if len(head) != 2 + len(codes):
        raise RuntimeError(f"TEC: header {head!r}")
    rows: dict[int, dict[str, str]] = {}
    for line in lines[1:]:
        cells = line.split("\t")
        if len(cells) != len(head) or not cells[0].strip().isdigit():
            raise RuntimeError(f"TEC: row {line!r}")
        rows[int(cells[0])] = {
            "rank": cells[1].strip(),
            **dict(zip(codes, (c.strip() for c in cells[2:]), strict=True)),
        }
    return rows


def arbitro_values(
    t: Tournament,
    rules: str,
    unrated: int | None,
    after: int | None = None,
    *,
    round_robin: bool | None = None,
) -> dict[int, dict[str, Decimal | int | None]]:
    """Arbitro's values by start rank, as ``arbitro standings FILE --rules R --tiebreaks CODES
    [--after-round N]`` computes them."""
    st = compute_standings(
        t,
        list(CODES),
        rules=rules,
        after_round=after,
        unrated_rating=unrated,
        break_ties_by_lot=False,
        round_robin=round_robin,
        games_per_round=registry.of_tournament(t).games_per_round,
    )
    return {row.start_rank: {"rank": row.rank, **row.values} for row in st.rows}


# ----------------------------------------------------------------------------------------------
# comparison
def tec_decimal(text: str) -> Decimal | None:
    """A TEC value: ``-0`` (or empty / ``None``) is no value."""
    if text in ("-0", "", "None"):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        raise ValueError(f"TEC value {text!r} is not a decimal") from None


def same_value(ours: Decimal | int | None, theirs: str) -> bool:
    """Equal as TEC prints it: both no value, or Arbitro less than half a unit of TEC's last decimal away."""
    t = tec_decimal(theirs)
    if ours is None or t is None:
        return ours is None and t is None
    exponent = t.as_tuple().exponent
    assert isinstance(exponent, int)
    return abs(Decimal(ours) - t) < Decimal(5).scaleb(exponent - 1)


@dataclass(frozen=True, slots=True)
class Difference:
    rules: str
    player: int
    code: str  # a tie-break code, "rank", or "player" (a player missing on one side)
    ours: str
    theirs: str
    cls: str = "unexplained"
    why: str = ""
    after: int | None = None  # standings after this round (None: the whole tournament)

    def as_list(self) -> list[str | int | None]:
        return [self.rules, self.player, self.code, self.ours, self.theirs, self.cls, self.why, self.after]


def _text(v: Decimal | int | None) -> str:
    return "None" if v is None else str(v)


def compare(
    rules: str, ours: dict[int, dict[str, Any]], theirs: dict[int, dict[str, str]], after: int | None = None
) -> tuple[int, int, list[Difference]]:
    """Values compared, ranks compared, and the differences (a player missing on one side is one)."""
    diffs: list[Difference] = []
    values = ranks = 0
    for sr in sorted(set(ours) | set(theirs)):
        if sr not in ours or sr not in theirs:
            diffs.append(Difference(rules, sr, "player", str(sr in ours), str(sr in theirs), after=after))
            continue
        mine, ref = ours[sr], theirs[sr]
        bad = False
        for code in CODES:
            values += 1
            if not same_value(mine[code], ref[code]):
                bad = True
                diffs.append(Difference(rules, sr, code, _text(mine[code]), ref[code], after=after))
        ranks += 1
        if str(mine["rank"]) != ref["rank"] and not bad:
            diffs.append(Difference(rules, sr, "rank", str(mine["rank"]), ref["rank"], after=after))
    return values, ranks, diffs


# ----------------------------------------------------------------------------------------------
# classification
@dataclass(frozen=True, slots=True)
class Reading:
    """A documented reading difference: Arbitro recomputed under TEC's reading gives TEC's value."""

    name: str
    article: str
    where: str  # where it is documented
    recompute: Callable[[Tournament, str, int | None, int | None], dict[int, dict[str, Any]]]


@dataclass(frozen=True, slots=True)
class TecFault:
    """TEC's fault, proved from the article: ``applies(t, difference, rerun)`` says the case is this one.

    ``rerun(codes, rules, after)`` runs TEC again on the same file with another tie-break list (None
    where TEC is not at hand, e.g. in the tests)."""

    name: str
    article: str
    applies: Callable[[Tournament, Difference, TecRerun | None], bool]


TecRerun = Callable[[list[str], str, int | None], dict[int, dict[str, str]]]


def _ours(d: Difference) -> Decimal | None:
    return None if d.ours == "None" else Decimal(d.ours)


def fb_state_leak(t: Tournament, d: Difference, rerun: TecRerun | None) -> bool:
    """TEC's FB leaves every later tie-break of the list with FB's reading of the unplayed rounds.

    tiebreak.py 1.9.57 (``compute_buchholz_sonneborn_berger_ver``): for FB it sets a player's "last
    round not absent" (``lna``) to the final round whenever the player was paired in it, so that the
    final-round game drawn by hypothesis (C.07 8.3) makes the earlier requested byes 16.2.3 rounds.
    The assignment stays on the player: every tie-break after FB in the list (AOB, SB, SB/C1, KS...)
    then scores the requested byes of a player whose final round is a *forfeit* (a VUR, 16.1.2) at
    their actual points, whereas C.07 16.2.5 / 16.3.2 make them draws (no non-VUR round follows), and
    the 2026 dummy (16.4.1) is capped by that wrong adjusted score. A tie-break's value cannot
    depend on which tie-breaks precede it in the list (C.07 Art. 4: the list orders, each tie-break
    is defined by the results alone). Proof in each case: TEC on the same file, with the same list
    but without FB, gives Arbitro's value."""
    if rerun is None or "FB" not in CODES or d.code not in CODES[CODES.index("FB") + 1 :]:
        return False
    rows = rerun([c for c in CODES if c != "FB"], d.rules, d.after)
    return d.player in rows and same_value(_ours(d), rows[d.player][d.code])


#: A Swiss read as a round robin (C.07 Art. 15 against Art. 16; tests/tiebreaks/test_reference_fixtures.py,
#: docs/decisions.md 2026-11-30) is TEC's documented reading, but it cannot occur here (TEC runs with
#: ``-s``), so it is not listed: a reading that did not happen must not explain a difference.
SWISS_AS_ROUND_ROBIN = Reading(
    "swiss read as round robin",
    "C.07 Art. 15 (pre-determined pairings) applied to a Swiss, Art. 16 governs it",
    "tests/tiebreaks/test_reference_fixtures.py; docs/decisions.md 2026-11-30",
    lambda t, rules, unrated, after: arbitro_values(t, rules, unrated, after, round_robin=True),
)
READINGS: list[Reading] = []

TEC_FAULTS: list[TecFault] = [
    TecFault(
        "TEC's FB changes the later tie-breaks of the list (without FB in the list TEC gives Arbitro's value)",
        "C.07 16.2.5, 16.3.2, 16.4.1; Art. 4",
        fb_state_leak,
    ),
]


def classify(
    t: Tournament | None,
    diffs: list[Difference],
    unrated: int | None,
    readings: list[Reading] | None = None,
    faults: list[TecFault] | None = None,
    rerun: TecRerun | None = None,
) -> list[Difference]:
    """Each difference with its class: ``reading`` / ``tec`` / ``unexplained`` (and why)."""
    readings = READINGS if readings is None else readings
    faults = TEC_FAULTS if faults is None else faults
    cache: dict[tuple[str, str, int | None], dict[int, dict[str, Any]]] = {}
    out = []
    for d in diffs:
        cls, why = "unexplained", ""
        if t is not None and d.code in CODES:
            for fault in faults:
                if fault.applies(t, d, rerun):
                    cls, why = "tec", f"{fault.name} ({fault.article})"
                    break
            else:
                for r in readings:
                    key = (r.name, d.rules, d.after)
                    if key not in cache:
                        cache[key] = r.recompute(t, d.rules, unrated, d.after)
                    alt = cache[key].get(d.player, {}).get(d.code)
                    if same_value(alt, d.theirs):
                        cls, why = "reading", f"{r.name} ({r.article}; {r.where})"
                        break
        out.append(Difference(d.rules, d.player, d.code, d.ours, d.theirs, cls, why, d.after))
    # A rank differing where the player's own values agree follows from another player's differing
    # values when the comparison (one rule set, one round) has any: it takes their worst class.
    found = {d.cls for d in out if d.code in CODES}
    if found:
        worst = next(c for c in ("unexplained", "tec", "reading") if c in found)
        why = f"the rank follows the differing values ({worst})"
        out = [replace(d, cls=worst, why=why) if d.code == "rank" else d for d in out]
    return out


def check_file(tec: Path, path: Path, unrated: int | None, after: int | None = None) -> dict[str, Any]:
    """Both programs on one TRF file, both rule sets: the counts, the classes, the first differences.

    With ``after`` the standings after that round are compared too (TEC ``-n``, Arbitro
    ``after_round``): the standings an arbiter publishes during the event."""
    t = read_trf(path)
    rounds = t.played_rounds
    values = ranks = 0
    diffs: list[Difference] = []
    reruns: dict[tuple[tuple[str, ...], str, int | None], dict[int, dict[str, str]]] = {}

    def rerun(codes: list[str], rules: str, when: int | None) -> dict[int, dict[str, str]]:
        key = (tuple(codes), rules, when)
        if key not in reruns:
            reruns[key] = run_tec(tec, path, rules, when or rounds, unrated, codes)
        return reruns[key]

    for when in (None, after) if after else (None,):
        for rules in RULES:
            theirs = run_tec(tec, path, rules, when or rounds, unrated)
            ours = arbitro_values(t, rules, unrated, when)
            v, r, found = compare(rules, ours, theirs, when)
            values += v
            ranks += r
            diffs += classify(t, found, unrated, rerun=rerun)
    classes: dict[str, int] = defaultdict(int)
    for d in diffs:
        classes[d.cls] += 1
    return {
        "players": len(t.players),
        "rounds": rounds,
        "values": values,
        "ranks": ranks,
        "differing": sum(1 for d in diffs if d.code != "rank"),
        "rank_differing": sum(1 for d in diffs if d.code == "rank"),
        "classes": dict(classes),
        "diffs": [d.as_list() for d in diffs[:KEEP_DIFFS]],
    }


# ----------------------------------------------------------------------------------------------
# one tournament each way
def run_arbitro(seed: int, a: dict[str, Any], tec: Path, tmp: Path) -> dict[str, Any]:
    """Arbitro generates (tools/crosscheck.py's axes), both compute the tie-breaks."""
    opts = DutchOptions.bbp() if a["mode"] == "bbp" else DutchOptions()
    t = generate(GeneratorConfig(generator_values(a)), seed, opts, prepare=_prepare(a, seed))
    # the tournament as it ended: a generator that stopped early ends the event there, so no reader
    # counts unplayed rounds and FB's final round is the last one played (C.07 8.3)
    t.rounds = t.played_rounds
    if not t.played_rounds:
        return {"rounds": 0, "values": 0, "ranks": 0, "differing": 0, "classes": {}, "skipped": "no round"}
    path = tmp / f"a{seed}.trf"
    write_trf(t, path, "trf26")
    return check_file(tec, path, UNRATED if a["unrated"] else None, partial(seed, a, t.played_rounds))


def partial(seed: int, a: dict[str, Any], played: int) -> int | None:
    """The seeded axis ``after_round``: in 30% of the tournaments the standings after an earlier round."""
    rng = random.Random(f"after:{seed}")
    if played >= 2 and rng.random() < 0.3:
        a["after_round"] = rng.randint(1, played - 1)
        return int(a["after_round"])
    return None


def tec_axes(seed: int, max_players: int, min_players: int) -> dict[str, Any]:
    """The seeded axes of tools/crosscheck.py (direction ``tec``), as TEC's generator takes them.

    ``withdrawals`` has no counterpart there; it becomes zero-point byes (absences) at 3% a round;
    ``draws`` neither (TEC draws from the rating difference)."""
    a = axes(seed, max_players, "tec", min_players)
    del a["draws"]
    a["absences"] = a.pop("withdrawals")
    return a


def tec_generate(tec: Path, seed: int, a: dict[str, Any], tmp: Path) -> Path:
    """``tournamentgenerator.py``: one file, its seed = ``seed`` * 10000 + 4711 (its own rule)."""
    out = tmp / "g%d.trf"
    stats = [
        "0.03" if a["absences"] else "0",
        "0.08" if a["half_byes"] else "0",
        "0.05" if a["forfeits"] else "0",
    ]
    cmd = [tec_python(tec), "tournamentgenerator.py", "-N", str(a["rounds"]), "-p", str(a["players"]),
           "-S", *stats, "-o", str(out), "-g", str(seed), "1"]  # fmt: skip
    if a["scoring"] != "1-0.5-0":
        win, draw, _ = a["scoring"].split("-")
        cmd += ["-G", f"W:{win}", f"D:{draw}", "L:0"]
    if a["unrated"]:
        cmd += ["-R", "0", "0", "0"]
    res = subprocess.run(cmd, cwd=tec, capture_output=True, text=True, timeout=TEC_TIMEOUT)
    path = tmp / f"g{seed:04d}.trf"
    if not path.exists():
        raise RuntimeError(f"TEC generator exit {res.returncode}: {res.stderr.strip()[-300:]}")
    return path


def run_tec_direction(seed: int, a: dict[str, Any], tec: Path, tmp: Path) -> dict[str, Any]:
    """TEC generates, both compute the tie-breaks.

    TEC's generator stops with an error when a round cannot be paired (a small field with byes): the
    same field with fewer rounds, as tools/crosscheck.py does with bbpPairings; at 3 rounds the seed
    is skipped (no file to compare, and nobody's fault but the generator's)."""
    while True:
        try:
            path = tec_generate(tec, seed, a, tmp)
            break
        except RuntimeError as exc:
            if a["rounds"] <= 3:
                return {"rounds": 0, "values": 0, "ranks": 0, "differing": 0, "classes": {},
                        "skipped": str(exc)[-300:]}  # fmt: skip
            a["rounds"] = max(3, a["rounds"] - 2)
    return check_file(tec, path, UNRATED if a["unrated"] else None, partial(seed, a, a["rounds"]))


def one(job: tuple[str, int, int, str, int]) -> dict[str, Any]:
    """One tournament one way, in its own temporary directory; the log entry."""
    direction, seed, max_players, tec, min_players = job
    if direction == "arbitro":
        a = axes(seed, max_players, direction, min_players)
    else:
        a = tec_axes(seed, max_players, min_players)
    c0 = time.process_time()
    r0 = os.times()
    with tempfile.TemporaryDirectory() as tmpdir:
        try:
            if direction == "arbitro":
                result = run_arbitro(seed, a, Path(tec), Path(tmpdir))
            else:
                result = run_tec_direction(seed, a, Path(tec), Path(tmpdir))
        except Exception as exc:  # noqa: BLE001 - keep going unattended; the log says what failed
            result = {"rounds": 0, "values": 0, "ranks": 0, "differing": 0,
                      "classes": {"unexplained": 1}, "error": repr(exc)[:300]}  # fmt: skip
    r1 = os.times()
    child = (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)
    entry = {
        "direction": direction,
        "seed": seed,
        "axes": a,
        **result,
        "cpu": time.process_time() - c0 + child,
    }
    entry["engine"] = ENGINE
    return entry


# ----------------------------------------------------------------------------------------------
# the table
CLASSES = ("reading", "tec", "unexplained")
TITLES = {
    "arbitro": "Arbitro generates, Arbitro and TEC compute the tie-breaks",
    "tec": "TEC's generator generates, Arbitro and TEC compute the tie-breaks",
}


def tb_axis_rows(a: dict[str, Any]) -> list[str]:
    rows = axis_rows(a)
    if a.get("absences"):
        rows.append("absences")
    if a.get("after_round"):
        rows.append("after an earlier round")
    return rows


def report(entries: list[dict[str, Any]]) -> None:
    for direction in ("arbitro", "tec"):
        mine = [e for e in entries if e["direction"] == direction]
        if not mine:
            continue
        print(f"\n== {TITLES[direction]}: {len(mine)} tournaments, rules 2024 and 2026 ==")
        print("(values: player x tie-break x rule set; the classes count differing values and ranks)")
        head = ["axis", "tourn.", "values", "identical", "differing", *CLASSES, "ranks", "rank diff."]
        print(f"{head[0]:<26}" + "".join(f"{h:>12}" for h in head[1:]))
        table: dict[str, list[int]] = {}
        for e in mine:
            for row in tb_axis_rows(e["axes"]):
                t = table.setdefault(row, [0] * 9)
                t[0] += 1
                t[1] += e["values"]
                t[2] += e["values"] - e["differing"]
                t[3] += e["differing"]
                for k, c in enumerate(CLASSES):
                    t[4 + k] += e["classes"].get(c, 0)
                t[7] += e["ranks"]
                t[8] += e.get("rank_differing", 0)
        for row in sorted(table, key=_row_key):
            print(f"{row:<26}" + "".join(f"{v:>12}" for v in table[row]))
        skipped = [e["seed"] for e in mine if e.get("skipped")]
        if skipped:
            print(f"not generated (the generator paired no tournament, even of 3 rounds): {len(skipped)}")
        errors = [(e["seed"], e["error"]) for e in mine if e.get("error")]
        for seed, err in errors[:10]:
            print(f"  error, seed {seed}: {err}")
        bad = [(e["seed"], d) for e in mine for d in e.get("diffs", []) if d[5] == "unexplained"]
        print(f"unexplained: {sum(e['classes'].get('unexplained', 0) for e in mine)}"
              f" (in {sum(1 for e in mine if e['classes'].get('unexplained'))} tournaments)")  # fmt: skip
        for seed, d in bad[:15]:
            when = f" after round {d[7]}" if len(d) > 7 and d[7] else ""
            print(f"  seed {seed}, rules {d[0]}{when}, player {d[1]}, {d[2]}: Arbitro {d[3]}, TEC {d[4]}")
        whys: dict[str, int] = defaultdict(int)
        for e in mine:
            for d in e.get("diffs", []):
                if d[5] != "unexplained":
                    whys[f"{d[5]}: {d[6]}"] += 1
        for why, n in sorted(whys.items()):
            print(f"  {why}: {n} (of the differences kept in the log)")
        cpu = sum(e["cpu"] for e in mine)
        per = cpu / len(mine)
        print(f"CPU: {cpu:.0f} s in all, {per:.2f} s per tournament (generation, Arbitro and TEC, both rule sets);"
              f" 50,000 this way: about {per * 50000 / 3600:.0f} CPU hours")  # fmt: skip


def _record(entry: dict[str, Any], entries: list[dict[str, Any]], log: Any) -> None:
    entries.append(entry)
    log.write(json.dumps(entry) + "\n")
    log.flush()
    flag = " UNEXPLAINED" if entry["classes"].get("unexplained") else ""
    print(
        f"{entry['direction']:<7} seed {entry['seed']:>6}: {entry['axes']['players']:>4} players"
        f" {entry['rounds']:>2} rounds, {entry['values']:>6} values, {entry['differing']} differ{flag}"
        f"  ({entry['cpu']:.1f} s)",
        flush=True,
    )


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--direction", choices=["arbitro", "tec", "both"], default="both")
    ap.add_argument("--count", type=int, default=100, help="tournaments each way")
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-players", type=int, default=1000)
    ap.add_argument("--min-players", type=int, default=4, help="raise smaller fields to this size")
    ap.add_argument("--log", type=Path, default=Path("tiebreak-crosscheck.jsonl"))
    ap.add_argument("--prior", type=Path, nargs="*", default=[],
                    help="logs of earlier runs (.jsonl or .jsonl.gz): their tournaments are skipped and counted")  # fmt: skip
    ap.add_argument("--tec", type=Path, default=None, help="TieBreakServer folder (default $ARBITRO_TEC)")
    ap.add_argument("--report", action="store_true", help="only print the table from the logs")
    ap.add_argument("--jobs", type=int, default=1, help="tournaments checked in parallel")
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
    tec = args.tec if args.tec is not None else tec_dir()
    if tec is None or not (tec / "tiebreakchecker.py").exists():
        print(
            "FIDE's TEC checker (TieBreakServer) not found: give --tec DIR or set ARBITRO_TEC",
            file=sys.stderr,
        )
        return 2
    done = {(e["direction"], e["seed"]) for e in entries}
    directions = ["arbitro", "tec"] if args.direction == "both" else [args.direction]
    jobs = [
        (direction, seed, args.max_players, str(tec), args.min_players)
        for seed in range(args.first_seed, args.first_seed + args.count)
        for direction in directions
        if (direction, seed) not in done
    ]
    run_jobs(one, jobs, args.jobs, args.log, lambda entry, log: _record(entry, entries, log))
    report(entries)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
