"""Fuzz every parser and form (issue 11 §4): 10,000 generated cases per parser, and the web forms.

    .venv/bin/python tools/fuzz_all.py                 # 10,000 per parser target, 300 per web form test
    .venv/bin/python tools/fuzz_all.py --examples 500 --web 0

Prints, per target, how many inputs were accepted and how many were rejected with a
message; an unhandled exception stops the run with hypothesis's minimal failing input
(exit code 1). The targets are those of tests/reliability/fuzzing.py (the suite runs
the same ones with ~100 cases each) and tests/web/test_fuzz_forms.py.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=10_000, help="cases per parser target (default 10000)")
    ap.add_argument("--web", type=int, default=300, help="cases per web form test (0: skip; default 300)")
    ap.add_argument("--only", default="", help="comma separated parser targets")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from tests.reliability import fuzzing

    names = [n for n in fuzzing.TARGETS if not args.only or n in args.only.split(",")]
    total: Counter[str] = Counter()
    print(f"{'target':14} {'cases':>7} {'accepted':>9} {'rejected':>9} {'crashes':>8} {'seconds':>8}")
    for name in names:
        t0 = time.perf_counter()
        counts = fuzzing.run(name, args.examples)
        n = sum(counts.values())
        total.update(counts)
        print(
            f"{name:14} {n:7d} {counts['accepted']:9d} {counts['rejected']:9d} {0:8d} {time.perf_counter() - t0:8.1f}",
            flush=True,
        )
    print(f"{'parsers':14} {sum(total.values()):7d} {total['accepted']:9d} {total['rejected']:9d} {0:8d}")
    if args.web:
        t0 = time.perf_counter()
        env = {**os.environ, "ARBITRO_FUZZ_WEB_EXAMPLES": str(args.web)}
        proc = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                str(ROOT / "tests/web/test_fuzz_forms.py"),
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        tail = (proc.stdout.strip().splitlines() or [""])[-1]
        print(
            f"web forms: 3 tests x {args.web} cases (each several requests): {'no crash' if proc.returncode == 0 else 'FAILED'}"
            f" in {time.perf_counter() - t0:.0f} s  [{tail}]"
        )
        if proc.returncode != 0:
            print(proc.stdout[-4000:], proc.stderr[-2000:])
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
