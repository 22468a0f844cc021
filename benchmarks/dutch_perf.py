"""Seconds per round of the Dutch engine on tests/fixtures/dutch-perf, beside bbpPairings v6.0.0.

Usage: python benchmarks/dutch_perf.py [n100 n500 ...]   (default: all four sizes)

Prints, per file: CPU seconds of ``pair_round`` (process time), wall seconds,
whether the pairing equals bbpPairings' recorded output, and bbp's CPU time
from times.txt (measured on a 2-core machine shared with other work).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.trf import read_trf

PERF = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dutch-perf"


def bbp_times() -> dict[str, str]:
    out: dict[str, str] = {}
    for line in (PERF / "times.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            parts = line.split()
            out[parts[0]] = parts[1]
    return out


def main(argv: list[str]) -> int:
    wanted = argv or ["n100", "n500", "n1000", "n2000"]
    times = bbp_times()
    print(f"{'file':<12} {'players':>7} {'cpu s':>8} {'wall s':>8} {'bbp cpu s':>10}  same as bbp")
    for path in sorted(PERF.glob("*.trf"), key=lambda p: int(p.stem.split("-")[0][1:])):
        if not any(path.stem.startswith(w + "-") for w in wanted):
            continue
        t = read_trf(path)
        c0, w0 = time.process_time(), time.perf_counter()
        pairing = pair_round(t, None, DutchOptions.bbp())
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        expected = path.with_suffix(".expected.txt").read_text().split()
        same = " ".join(pairing.as_bbp_lines()).split() == expected
        print(
            f"{path.stem:<12} {len(t.players):>7} {cpu:>8.2f} {wall:>8.2f} {times.get(path.stem, '?'):>10}  {same}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
