"""Generate random tournaments with one pairing system, write them as TRF-2026, read them back, check every round.

Usage: python benchmarks/swiss_generate_check.py SYSTEM [COUNT] [MAX_PLAYERS] [--bbp-compat] [--maxi-tournament] [--keep DIR]

Each tournament is also audited for the absolute criteria (arbitro.pairing.absolute:
no rematch, colour limits, one PAB per player; Lim's last round may break the
colour limits, C.04.4.3 6; Double-Swiss is audited per match).

``SYSTEM`` is a registry name (burstein, dubov, lim, double-swiss, dutch).
Sizes and rounds vary with the seed (5-13 rounds, forfeits, retirements and
half-point byes). Prints one line per tournament and a summary; with
``--keep DIR`` the files are left in DIR (e.g. for ``bbpPairings.exe --burstein -c``);
``--maxi-tournament`` pairs and checks Lim events as Maxi-tournaments (C.04.4.3 3.2.3).
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

from arbitro.pairing.absolute import double_swiss_violations, violations
from arbitro.pairing.double_swiss_generator import generate_double_swiss
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.registry import PairOptions, get
from arbitro.pairing.system_check import check_system
from arbitro.trf import read_trf, write_trf


def main(argv: list[str]) -> int:
    flags = [a for a in argv if a.startswith("--")]
    keep = None
    if "--keep" in argv:
        keep = Path(argv[argv.index("--keep") + 1])
        argv = [a for a in argv if a != str(keep)]
    args = [a for a in argv if not a.startswith("--")]
    system = get(args[0] if args else "burstein")
    count = int(args[1]) if len(args) > 1 else 200
    max_players = int(args[2]) if len(args) > 2 else 60
    opts = PairOptions(bbp_compat="--bbp-compat" in flags)
    if "--maxi-tournament" in flags:  # Lim's declared setting (C.04.4.3 3.2.3)
        opts = opts.with_settings({"maxi_tournament": True})
    failed = broken = 0
    start = time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for seed in range(1, count + 1):
            rng = random.Random(seed)
            rounds = rng.randint(5, 13)
            players = rng.randint(rounds + 1, max(rounds + 1, max_players))
            values: dict[str, int | Decimal] = {
                "PlayersNumber": players,
                "RoundsNumber": rounds,
                "DrawPercentage": rng.randint(10, 50),
                "ForfeitRate": rng.randint(6, 40),
                "RetiredRate": rng.randint(8, 60),
                "HalfPointByeRate": rng.randint(5, 40),
            }
            if seed % 5 == 0:
                values.update(PointsForWin=Decimal(3), PointsForDraw=Decimal(1), PointsForPAB=Decimal(3))
            if system.key == "double_swiss":
                t = generate_double_swiss(GeneratorConfig(values), seed)
            else:
                t = generate(
                    GeneratorConfig(values),
                    seed,
                    pair=lambda t, rnd: system.pair(t, rnd, opts),
                    system=system.trf_code,
                )
            path = folder / f"{system.key}-{seed}.trf"
            write_trf(t, path)
            back = read_trf(path)
            bad = [c.round for c in check_system(back, system, opts) if not c.agrees]
            failed += bool(bad)
            if system.key == "double_swiss":
                audit = double_swiss_violations(back)
            else:
                audit = violations(
                    back, frozenset({back.total_rounds}) if system.key == "lim" else frozenset()
                )
            broken += bool(audit)
            verdict = ("differs " + str(bad) if bad else "ok") + (
                "; " + "; ".join(audit[:3]) if audit else ""
            )
            print(f"seed {seed:>4}: {players:>3} players {t.played_rounds:>2} rounds: {verdict}", flush=True)
    cpu = time.process_time() - start
    print(
        f"{system.key}: {count - failed} of {count} generated tournaments pass the checker, "
        f"{count - broken} keep the absolute criteria ({cpu:.0f} s CPU)"
    )
    return 1 if failed or broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
