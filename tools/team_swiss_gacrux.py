"""Cross-check: Arbitro's Team Swiss (C.04.6, 2026) against FIDE TEC's Gacrux ``pairingfideteam`` (issue 18).

Generates team tournaments with :mod:`arbitro.teams.generator` (every round paired by Arbitro,
forfeited boards and whole matches included), writes each as a TRF-2026 team file and asks
Gacrux's pairing checker to re-pair every round from the file's history
(``python -m gacrux.pairingchecker -c -m fideteam-<colours>-<scores>``, the event's rules). A round counts as equal when Gacrux's
pairing is Arbitro's: the same matches, the same team with White on board 1 (art. 1.6.1),
the same pairing-allocated bye. The rest are classified:

* ``colours``: the same matches, a different first-board colour in some match;
* ``pairs``: different matches (or a different bye);
* ``gacrux_none``: Gacrux finds no legal pairing where Arbitro paired one;
* ``error``: Gacrux refused the file (the message is printed).

Gacrux 1.11.65 stops with "Program error" (``KeyError: 0`` in ``tiebreak.prepare_teamgames``) on
some files whose out-of-order line-ups (record 300) leave a board empty (player 0): its
``games2matches.sort_ooo`` puts a placeholder game with id 0 in the match, which the tie-break
module then looks up. Those files are counted under ``error`` and not compared.

Gacrux (MIT) is not part of Arbitro and never committed: install it in a venv of its own
(``python -m venv /tmp/gacrux-venv && /tmp/gacrux-venv/bin/pip install gacrux==1.11.65``) and
point ``ARBITRO_GACRUX`` at that python::

    ARBITRO_GACRUX=/tmp/gacrux-venv/bin/python PYTHONPATH=src python tools/team_swiss_gacrux.py [N] [FIRST_SEED]

Prints the tournaments compared and equal, the rounds by class and the first examples of each.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from refprogs import gacrux_python

from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.model import ColourPreferenceType, PrimaryScore, TeamEvent, TeamScoring
from arbitro.trf.teams import format_team_trf


def config(seed: int, board_forfeit: float | None = None) -> GeneratorConfig:
    """A varied tournament for ``seed``: field size, boards, rounds, colour type, primary score, scoring
    (``board_forfeit``: the share of empty boards instead of the seed's 0, 1 or 5 %)."""
    rng = random.Random(seed * 7919)
    teams = rng.choice([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 19, 24])
    rounds = rng.randint(3, min(11, teams + (teams % 2) - 1))
    scoring = rng.choice([TeamScoring(), TeamScoring(Fraction(3), Fraction(1), Fraction(0))])
    return GeneratorConfig(
        teams=teams, boards=rng.choice([2, 3, 4, 4, 5, 6]), reserves=rng.choice([0, 1, 2]), rounds=rounds,
        seed=seed, board_forfeit=_choice(rng, [0.0, 0.01, 0.05], board_forfeit), match_forfeit=rng.choice([0.0, 0.0, 0.02]),
        scoring=scoring, colour_type=rng.choice([ColourPreferenceType.A, ColourPreferenceType.B]),
        primary=rng.choice([PrimaryScore.MATCH, PrimaryScore.MATCH, PrimaryScore.GAME]),
        initial_colour=rng.choice(["W", "B"]),
    )  # fmt: skip


def _choice(rng: random.Random, options: list[float], fixed: float | None) -> float:
    value = rng.choice(options)  # drawn in any case: the seed's other choices stay the same
    return value if fixed is None else fixed


@dataclass
class RoundCheck:
    round: int
    verdict: str  # equal, colours, pairs, gacrux_none
    arbitro: list[tuple[int, int]]
    gacrux: list[tuple[int, int]]


def _pairs(raw: list[list[int]]) -> list[tuple[int, int]]:
    return [(int(w), int(b)) for w, b in raw]


def classify(rnd: int, mine: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> RoundCheck:
    if not theirs and mine:
        return RoundCheck(rnd, "gacrux_none", mine, theirs)
    if sorted(mine) == sorted(theirs):
        return RoundCheck(rnd, "equal", mine, theirs)
    if sorted(tuple(sorted(p)) for p in mine) == sorted(tuple(sorted(p)) for p in theirs):
        return RoundCheck(rnd, "colours", mine, theirs)
    return RoundCheck(rnd, "pairs", mine, theirs)


def method(event: TeamEvent) -> str:
    """Gacrux's ``-m`` for the event: the option replaces the file's pairing system outright, and a bare
    ``fideteam`` would pair every file with match points primary (its art. 1.2.2 default)."""
    colours = {"A": "typea", "B": "typeb"}.get(event.colour_type.value, "nocolor")
    scores = "mp+gp" if event.primary is PrimaryScore.MATCH else "gp+mp"
    if not event.use_secondary_for_colours:
        scores = scores[:2]
    return f"fideteam-{colours}-{scores}"


def check(python: str, event: TeamEvent, workdir: Path, name: str) -> tuple[list[RoundCheck], str]:
    """Gacrux's answer for every played round of ``event`` (or its error message)."""
    path = workdir / f"{name}.trf"
    path.write_text(format_team_trf(event), encoding="utf-8")
    proc = subprocess.run(
        [python, "-m", "gacrux.pairingchecker", "-c", "-m", method(event), "-i", str(path), "-F", "JSON"],
        capture_output=True, text=True, cwd=workdir, check=False,
    )  # fmt: skip
    try:
        data = json.loads(proc.stdout)
    except json.JSONDecodeError:
        return [], (proc.stderr or proc.stdout).strip()[-400:]
    status = data.get("status", {})
    if status.get("code", 0) != 0 and not data.get("pairingResult"):
        return [], "; ".join(str(e) for e in status.get("error", [])) or f"status {status.get('code')}"
    out = []
    for r in data["pairingResult"]["roundpairing"]:
        out.append(classify(r["round"], _pairs(r["current"]), _pairs(r["pairs"])))
    return out, ""


def main(argv: list[str]) -> int:
    python = gacrux_python()
    if not python:
        print("ARBITRO_GACRUX: set it to a python with the gacrux package (see the module docstring)")
        return 2
    n = int(argv[0]) if argv else 200
    first = int(argv[1]) if len(argv) > 1 else 1
    verdicts: Counter[str] = Counter()
    per_tournament: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    cpu = time.process_time()
    wall = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gacrux-") as tmp:
        for seed in range(first, first + n):
            cfg = config(seed)
            event = generate(cfg)
            rounds, error = check(python, event, Path(tmp), f"t{seed}")
            if error:
                per_tournament["error"] += 1
                if len(examples.setdefault("error", [])) < 8:
                    examples["error"].append(f"seed {seed}: {error}")
                continue
            kinds = Counter(r.verdict for r in rounds)
            verdicts.update(kinds)
            per_tournament["equal" if set(kinds) == {"equal"} else "differs"] += 1
            for r in rounds:
                if r.verdict != "equal" and len(examples.setdefault(r.verdict, [])) < 8:
                    examples[r.verdict].append(
                        f"seed {seed} ({cfg.teams} teams, {cfg.boards} boards, type {cfg.colour_type.value}, "
                        f"{cfg.primary.value} primary) round {r.round}: arbitro {r.arbitro} gacrux {r.gacrux}"
                    )
    compared = per_tournament["equal"] + per_tournament["differs"]
    print(f"{n} tournaments (seeds {first}..{first + n - 1}), {compared} compared: {dict(per_tournament)}")
    print(f"rounds: {dict(verdicts)} of {sum(verdicts.values())}")
    for kind, lines in examples.items():
        print(f"-- {kind}:")
        for line in lines:
            print("  ", line)
    print(f"{time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} s CPU (Arbitro's side)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
