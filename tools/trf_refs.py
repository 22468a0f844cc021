"""Run the reference TRF readers on the files Arbitro writes, and compare what they read (issue 22).

The references are built on this machine from their public sources and never committed:

* bbpPairings v6.0.0 (found by tools/refprogs.py): ``--dutch FILE -c`` parses the file, checks its
  points and re-pairs every round.
* FIDE's TEC reader (TieBreakServer, ``trf2json.py`` through ``convert.py`` and ``tiebreakchecker.py``;
  found by tools/refprogs.py with a Python that has ``networkx``).

As a script it is the benchmark of the issue: ``bbpPairings -c`` over COUNT ``arbitro generate``
tournaments covering the kinds of :func:`generated_kinds`, written as TRF-2026 and TRF16::

    PYTHONPATH=src python tools/trf_refs.py [COUNT] [--tec]      (default 200)

It prints one line per tournament and a summary with the CPU seconds of the reference runs
(children's user+sys time). With ``--tec`` FIDE's TEC reader also reads every file and is compared
with Arbitro's reading (players, results, points); its time is then included.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from refprogs import Tec, find_bbp, find_tec

from arbitro.model import (
    Acceleration,
    ByeRequest,
    Colour,
    ProhibitedPairing,
    ResultCode,
    Tournament,
)
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.trf import format_trf, parse_trf

__all__ = [
    "BbpRun",
    "Kind",
    "arbitro_view",
    "compare_tec",
    "find_bbp",
    "find_tec",
    "generated_kinds",
    "run_bbp_check",
    "tec_points",
    "tec_view",
    "without_padding",
]


#: What TEC's reader makes of each result code (trf2json ``results``, trf.md §3.3): score class, played.
TEC_CLASS = {
    "1": ("W", True), "=": ("D", True), "0": ("L", True), "U": ("P", True), "W": ("W", True),
    "D": ("D", True), "L": ("L", True), "+": ("W", False), "F": ("W", False), "H": ("D", False),
    "-": ("Z", False), "Z": ("Z", False), " ": ("Z", False),
}  # fmt: skip


@dataclass(slots=True)
class BbpRun:
    """``bbpPairings --dutch FILE -c``: exit code, output, and the rounds it reported as different."""

    returncode: int
    stdout: str
    stderr: str
    rounds: list[int] = field(default_factory=list)
    differing: list[int] = field(default_factory=list)


def run_bbp_check(bbp: Path, path: Path, timeout: float = 600) -> BbpRun:
    proc = subprocess.run(
        [str(bbp), "--dutch", str(path), "-c"], capture_output=True, text=True, timeout=timeout, check=False
    )
    run = BbpRun(proc.returncode, proc.stdout, proc.stderr)
    current: int | None = None
    for line in proc.stdout.splitlines():
        head, sep, tail = line.rpartition(": Round #")
        if sep and tail.strip().isdigit():
            current = int(tail)
            run.rounds.append(current)
        elif line.strip() and current is not None and (not run.differing or run.differing[-1] != current):
            run.differing.append(current)
    return run


#: One player as a reader sees it: name, rating, and per round (opponent or 0, TEC score class, played).
View = dict[int, tuple[str, int, dict[int, tuple[int, str, bool]]]]


def arbitro_view(t: Tournament) -> View:
    """Arbitro's reading in the shape of :func:`tec_view` (rounds without a result left out, as TEC does)."""
    out: View = {}
    for p in t.iter_players():
        rounds: dict[int, tuple[int, str, bool]] = {}
        for k, r in enumerate(p.results, 1):
            if r.opponent is None and r.code is ResultCode.NOT_PAIRED and r.colour is None:
                continue
            cls, played = TEC_CLASS[r.code.value]
            rounds[k] = (r.opponent or 0, cls, played)
        out[p.start_rank] = (p.name, p.rating, rounds)
    for bye in t.requested_byes:  # TEC reads 240 (and TRF16 next-round columns) as bye games
        cls, played = TEC_CLASS[bye.kind]
        out[bye.start_rank][2][bye.round] = (0, cls, played)
    return out


def without_padding(view: View, played: int, t: Tournament) -> View:
    """TEC's view without the zero-point rounds it adds after the last played one (trf.md §6.2).

    TEC counts blank rounds up to ``142``/``XXR`` as zero-point unplayed rounds; keep them only
    where Arbitro has a zero-point bye request for that round.
    """
    asked = {(b.start_rank, b.round) for b in t.requested_byes}
    return {
        rank: (name, rating, {k: v for k, v in rounds.items()
                              if k <= played or v != (0, "Z", False) or (rank, k) in asked})
        for rank, (name, rating, rounds) in view.items()
    }  # fmt: skip


def _tec_run(tec: Tec, script: str, args: list[str]) -> dict[str, object]:
    proc = subprocess.run(
        [tec.python, script, *args], cwd=tec.folder, capture_output=True, text=True, timeout=600, check=False
    )
    try:
        data: dict[str, object] = json.loads(proc.stdout)
    except json.JSONDecodeError:
        raise AssertionError(
            f"TEC {script} printed no JSON (exit {proc.returncode}): {proc.stderr[-500:]}"
        ) from None
    return data


def tec_view(tec: Tec, path: Path) -> tuple[dict[str, object], View]:
    """TEC's status and its reading of ``path`` (``convert.py``, i.e. ``trf2json``)."""
    data = _tec_run(tec, "convert.py", ["-i", str(path.resolve())])
    if "event" not in data:  # TEC refused the file; its status says why
        status = data.get("status")
        return (status if isinstance(status, dict) else {"code": -1}), {}
    event = data["event"]
    assert isinstance(event, dict)
    profiles = {p["id"]: p for p in event["profiles"]}
    (tournament,) = event["tournaments"]
    out: View = {}
    for c in tournament["competitors"]:
        prof = profiles[c["profileId"]]
        out[c["cid"]] = (prof["fideName"].strip(), int(c.get("rating") or 0), {})
    for g in tournament["gameList"]:
        for me, other, key in (("white", "black", "wResult"), ("black", "white", "bResult")):
            if key in g and g.get(me):
                out[g[me]][2][g["round"]] = (g.get(other) or 0, g[key], bool(g["played"]))
    status = data["status"]
    assert isinstance(status, dict)
    return status, out


def tec_points(tec: Tec, path: Path, rounds: int) -> tuple[dict[str, object], dict[int, Decimal]]:
    """TEC's status and its points (``PTS`` of ``tiebreakchecker.py -n ROUNDS``)."""
    data = _tec_run(tec, "tiebreakchecker.py", ["-i", str(path.resolve()), "-n", str(rounds), "-t", "PTS"])
    status = data["status"]
    assert isinstance(status, dict)
    result = data.get("tiebreakResult") or {}
    assert isinstance(result, dict)
    return status, {c["cid"]: Decimal(c["tiebreakScore"][0]) for c in result.get("competitors", [])}


def compare_tec(tec: Tec, path: Path, t: Tournament) -> list[str]:
    """What TEC reads differently from Arbitro in ``path`` (``t`` is Arbitro's reading): empty when the same."""
    status, view = tec_view(tec, path)
    if status.get("code") != 0:
        return [f"TEC reader status {status}"]
    view = without_padding(view, t.played_rounds, t)
    mine = arbitro_view(t)
    out: list[str] = []
    if set(view) != set(mine):
        out.append(f"players: TEC {sorted(view)} Arbitro {sorted(mine)}")
    for rank, (name, rating, rounds) in mine.items():
        if rank not in view:
            continue
        if view[rank][:2] != (name, rating):
            out.append(f"player {rank}: TEC {view[rank][:2]} Arbitro {(name, rating)}")
        if view[rank][2] != rounds:
            out.append(f"results of player {rank}: TEC {view[rank][2]} Arbitro {rounds}")
    if t.played_rounds:
        status, points = tec_points(tec, path, t.played_rounds)
        expected = {p.start_rank: p.score(t.scoring) for p in t.players.values()}
        if status.get("code") != 0:
            out.append(f"TEC tiebreakchecker status {status}")
        elif points != expected:
            out.append(f"points: TEC {points} Arbitro {expected}")
    return out


# -- tournaments of every kind -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of tournament: its name and how to make one from a seed."""

    name: str
    make: Callable[[int, DutchOptions | None], Tournament]
    #: Why bbpPairings v6.0.0 refuses this kind by design (trf.md §6.1), or ``""``.
    bbp_refuses: str = ""


def _gen(seed: int, options: DutchOptions | None = None, **values: int | Decimal) -> Tournament:
    rng = random.Random(seed)
    rounds = rng.randint(4, 9)
    base: dict[str, int | Decimal] = {
        "PlayersNumber": rng.randint(rounds + 2, 40),
        "RoundsNumber": rounds,
        "ForfeitRate": rng.randint(5, 15),
        "RetiredRate": rng.randint(8, 20),
        "HalfPointByeRate": rng.randint(5, 15),
    }
    base.update(values)
    return generate(GeneratorConfig(base), seed, options)


def _with_prohibited(seed: int, options: DutchOptions | None = None) -> Tournament:
    t = _gen(seed, options)
    met = {(p.start_rank, r.opponent) for p in t.players.values() for r in p.results if r.opponent}
    ranks = sorted(t.players)
    pairs = [(a, b) for a in ranks for b in ranks if a < b and (a, b) not in met]
    if pairs:
        a, b = random.Random(seed).choice(pairs)
        t.prohibited_pairings.append(ProhibitedPairing((a, b), 1, t.total_rounds))
        t.prohibited_pairings.append(ProhibitedPairing((a, b)))
    return t


def _with_acceleration(seed: int, options: DutchOptions | None = None) -> Tournament:
    """Virtual points (``250`` / ``XXA``) for the rounds still to play, so the past pairings stand."""
    t = _gen(seed, options)
    played = t.played_rounds
    t.rounds = played + 2
    top = sorted(t.players)[: max(2, len(t.players) // 2)]
    t.accelerations = [Acceleration(rank, r, Decimal(1)) for rank in top for r in (played + 1, played + 2)]
    return t


def _by_rank(seed: int, options: DutchOptions | None = None) -> Tournament:
    t = _gen(seed, options)
    t.pairing_by_rank = True
    return t


def _in_progress(seed: int, options: DutchOptions | None = None) -> Tournament:
    """A round paired but not finished, as the service exports it (``TournamentState.to_tournament``).

    The round waiting for results is left out (TRF has no code for a game not yet played) and its
    known absences become ``240`` records (TRF16: ``0000 - H`` columns) for that round.
    """
    t = _gen(seed, options)
    last = t.played_rounds
    for p in t.players.values():
        r = p.results.pop()
        if r.opponent is None and r.code.value in "HZF":
            t.requested_byes.append(ByeRequest(last, r.code.value, p.start_rank))
        p.points = p.score(t.scoring)
    return t


def _next_round_byes(seed: int, options: DutchOptions | None = None) -> Tournament:
    """Rounds left to play, with byes requested for the next round (``240`` / ``0000 - H``)."""
    t = _gen(seed, options)
    t.rounds = t.played_rounds + 2
    ranks = sorted(t.players)
    t.requested_byes = [
        ByeRequest(t.played_rounds + 1, "H", ranks[-1]),
        ByeRequest(t.played_rounds + 1, "Z", ranks[0]),
    ]
    return t


def _initial(colour: Colour) -> Callable[[int, DutchOptions | None], Tournament]:
    def make(seed: int, options: DutchOptions | None = None) -> Tournament:
        for s in range(seed, seed + 50):
            t = _gen(s, options)
            if t.initial_colour is colour:
                return t
        return t

    return make


D = Decimal


def generated_kinds() -> list[Kind]:
    """Every kind of Dutch tournament ``arbitro generate`` and the service write (issue 22)."""
    negative = "negative points: bbp v6.0.0 reads scores as unsigned numbers (trf.cpp readScore)"
    # TRF-2026 has one code, A, for every unplayed losing round (trf.md §4.2): forfeit loss and
    # zero-point bye are worth the same here, so the file can say it.
    minus_one = {"PointsForForfeitLoss": D("-1"), "PointsForZPB": D("-1")}
    return [
        Kind("standard", _gen),
        Kind("scoring-3-1-0", lambda s, o: _gen(s, o, PointsForWin=D(3), PointsForDraw=D(1))),
        Kind("scoring-2-1-0", lambda s, o: _gen(s, o, PointsForWin=D(2), PointsForDraw=D(1))),
        Kind(
            "scoring-3-2-1",
            lambda s, o: _gen(s, o, PointsForWin=D(3), PointsForDraw=D(2), PointsForLoss=D(1)),
        ),
        Kind("scoring-pab-half", lambda s, o: _gen(s, o, PointsForPAB=D("0.5"))),
        Kind("scoring-pab-zero", lambda s, o: _gen(s, o, PointsForPAB=D(0))),
        Kind(
            "scoring-3-1-0-pab-1",
            lambda s, o: _gen(s, o, PointsForWin=D(3), PointsForDraw=D(1), PointsForPAB=D(1)),
        ),
        Kind("scoring-forfeit-loss", lambda s, o: _gen(s, o, **minus_one), negative),
        Kind(
            "many-byes-forfeits-withdrawals",
            lambda s, o: _gen(s, o, ForfeitRate=3, RetiredRate=4, HalfPointByeRate=3),
        ),
        Kind("prohibited-pairs", _with_prohibited),
        Kind("acceleration", _with_acceleration),
        Kind("initial-white", _initial(Colour.WHITE)),
        Kind("initial-black", _initial(Colour.BLACK)),
        Kind("xxc-rank", _by_rank),
        Kind("round-in-progress", _in_progress),
        Kind("next-round-byes", _next_round_byes),
    ]


def _cpu_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _tournaments(count: int) -> Iterator[tuple[int, Kind, Tournament]]:
    kinds = generated_kinds()
    for i in range(count):
        kind = kinds[i % len(kinds)]
        # Paired like bbpPairings (its documented departures included), so that bbp -c should agree.
        yield i + 1, kind, kind.make(1000 + i, DutchOptions.bbp())


def main(argv: list[str]) -> int:
    use_tec = "--tec" in argv
    argv = [a for a in argv if a != "--tec"]
    count = int(argv[0]) if argv else 200
    tec = find_tec() if use_tec else None
    if use_tec and tec is None:
        print("FIDE's TEC reader not found: set ARBITRO_TEC (and ARBITRO_TEC_PYTHON)")
        return 2
    bbp = find_bbp()
    if bbp is None:
        print("bbpPairings not found: set ARBITRO_BBP or ARBITRO_REFS (tools/refprogs.py)")
        return 2
    outcomes: Counter[str] = Counter()
    differing = Counter[str]()
    bad = 0
    start_cpu, start = _cpu_children(), time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n, kind, t in _tournaments(count):
            for version in ("trf26", "trf16"):
                path = Path(tmp) / f"t{n}-{version}.trf"
                path.write_text(format_trf(t, version), encoding="utf-8")
                run = run_bbp_check(bbp, path)
                parsed = run.returncode == 0 and len(run.rounds) >= t.played_rounds
                expected_refusal = bool(kind.bbp_refuses) and run.returncode == 3
                if parsed:
                    outcomes[f"{version} read"] += 1
                    differing[version] += len(run.differing)
                elif expected_refusal:
                    outcomes[f"{version} refused as documented"] += 1
                else:
                    bad += 1
                    outcomes[f"{version} FAILED"] += 1
                status = "read" if parsed else ("refused (documented)" if expected_refusal else "FAILED")
                if tec is not None:
                    back = parse_trf(path.read_bytes(), str(path)).tournament
                    diffs = compare_tec(tec, path, back)
                    outcomes[f"{version} TEC {'same' if not diffs else 'differs'}"] += 1
                    status += f"; TEC {'same players, results, points' if not diffs else diffs[0][:100]}"
                print(
                    f"{n:>4} {kind.name:<32} {version} {len(t.players):>3} players {t.played_rounds:>2} rounds: "
                    f"bbp exit {run.returncode} {status}; rounds reported different: {run.differing or 'none'}"
                    + (f" [{run.stderr.strip()[:120]}]" if run.returncode else ""),
                    flush=True,
                )
    cpu = _cpu_children() - start_cpu
    print(f"tournaments: {count}; kinds: {len(generated_kinds())}; files: {2 * count}")
    for key, value in sorted(outcomes.items()):
        print(f"  {key}: {value}")
    for version, value in sorted(differing.items()):
        print(f"  {version}: rounds where bbp -c pairs differently from the file: {value}")
    who = "bbpPairings -c and TEC" if tec is not None else "bbpPairings -c"
    wall = time.perf_counter() - start
    print(f"{who} CPU: {cpu:.2f} s total, {cpu / (2 * count):.3f} s per file; wall {wall:.1f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
