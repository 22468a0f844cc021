"""Cross-check Arbitro's team tie-breaks with FIDE's TEC tie-break checker (issue 18).

Usage: python tools/team_tiebreak_crosscheck.py [N] [--forfeits] [--odd]
Needs TieBreakServer, found by tools/refprogs.py (never committed).
Prints, per tie-break, how many team values agree, and the first differences.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

from refprogs import find_tec_folder

from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.tiebreaks import compute_team_tiebreaks, parse_team_tiebreak
from arbitro.trf.teams import format_team_trf

CODES = ["MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1", "FB:MP", "FB:GP", "AOB:MP", "AOB:GP", "SB:MP", "SB:GP",
         "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "WIN", "WON", "PS", "BC", "SSSC", "DE"]  # fmt: skip


def tec_dir() -> Path | None:
    """TieBreakServer's folder (tools/refprogs.py), or ``None``."""
    return find_tec_folder()


def tec_values(trf: Path, codes: list[str], tec: Path, rounds: int) -> dict[int, list[str]]:
    """TEC's values by team number; ``-n`` because a generated event may stop early (trf.md §6.2)."""
    py = tec / ".venv" / "bin" / "python"
    exe = str(py if py.exists() else sys.executable)
    cmd = [exe, "tiebreakchecker.py", "-i", str(trf), "-d", "T", "-n", str(rounds), "-t", *codes]
    out = subprocess.run(cmd, cwd=tec, capture_output=True, text=True, timeout=120).stdout
    rows: dict[int, list[str]] = {}
    for line in out.splitlines()[1:]:
        cells = line.split("\t")
        if len(cells) >= 2 + len(codes) and cells[0].strip().isdigit():  # StartNo, Rank, values
            rows[int(cells[0])] = cells[2 : 2 + len(codes)]
    return rows


def same(ours: Fraction, theirs: str) -> bool:
    try:
        return abs(float(ours) - float(theirs)) < 0.006
    except ValueError:
        return False


def main(argv: list[str]) -> int:
    tec = tec_dir()
    if tec is None:
        print("TEC checker not found: set ARBITRO_TEC")
        return 0
    n = int(argv[0]) if argv and argv[0].isdigit() else 50
    forfeits = "--forfeits" in argv
    odd = "--odd" in argv
    agree = {c: 0 for c in CODES}
    total = {c: 0 for c in CODES}
    shown = 0
    read = 0
    unread: list[int] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(n):
            teams = 6 + seed % 10
            if not odd and teams % 2:
                teams += 1
            cfg = GeneratorConfig(teams=teams, boards=3 + seed % 4, rounds=min(teams - 1, 5 + seed % 5), seed=seed,
                                  board_forfeit=0.03 if forfeits else 0.0, match_forfeit=0.02 if forfeits else 0.0)  # fmt: skip
            e = generate(cfg)
            # an event the engine stopped early ended there: say so in 142, because TEC takes FB's
            # "final round" from 142 even with -n (trf.md §6.2)
            e.rounds = e.played_rounds()
            path = Path(tmp) / f"t{seed}.trf"
            path.write_text(format_team_trf(e), encoding="latin-1")
            theirs = tec_values(path, CODES, tec, e.played_rounds())
            if not theirs:
                unread.append(seed)
                continue
            read += 1
            specs = [parse_team_tiebreak(c) for c in CODES]
            _order, ours, _ = compute_team_tiebreaks(e, specs)
            for t, vals in ours.items():
                for i, c in enumerate(CODES):
                    v = vals[i].value
                    if isinstance(v, tuple) or t not in theirs:
                        continue
                    total[c] += 1
                    if same(v, theirs[t][i]):
                        agree[c] += 1
                    elif shown < 15:
                        shown += 1
                        print(f"seed {seed} team {t} {c}: arbitro {float(v):.2f} TEC {theirs[t][i]}")
    print(f"tournaments read by TEC: {read} of {n}; not read (TEC error): {unread}")
    for c in CODES:
        print(f"{c:10} {agree[c]:5}/{total[c]:5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
