"""``arbitro trf validate`` at the limits (issue 21): wall time, CPU and peak memory of a fresh process.

1. a valid TRF of 9,999 players and 99 rounds (goal: under 10 s and 1 GB);
2. a 50 MB file of bad lines (goal: under 10 s, at most 101 lines of output).

Run: ``PYTHONPATH=src .venv/bin/python benchmarks/trf_limits.py [--keep DIR]``.
The files are generated (a circle-method round robin; every game decisive or drawn) in a
temporary folder; each command runs in a subprocess whose peak RSS is read from
``getrusage(RUSAGE_CHILDREN)`` (one child per measurement, so the figure is that child's).
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = 9_999
ROUNDS = 99


def _circle(n: int, rounds: int) -> list[list[tuple[int, int]]]:
    """Berger-style circle pairings of ``n`` players (a dummy 0 when odd); ``rounds`` rounds."""
    ids = list(range(1, n + 1)) + ([0] if n % 2 else [])
    m = len(ids)
    out: list[list[tuple[int, int]]] = []
    for r in range(rounds):
        rot = [ids[0], *ids[1:][-r % (m - 1) :], *ids[1:][: -r % (m - 1)]] if r else ids[:]
        pairs = [(rot[i], rot[m - 1 - i]) for i in range(m // 2)]
        out.append([(a, b) if r % 2 == 0 else (b, a) for a, b in pairs])
    return out


def valid_trf(n: int = PLAYERS, rounds: int = ROUNDS) -> str:
    blocks: dict[int, list[str]] = {p: [] for p in range(1, n + 1)}
    points = dict.fromkeys(range(1, n + 1), 0)  # half points
    for k, pairs in enumerate(_circle(n, rounds)):
        for white, black in pairs:
            if white == 0 or black == 0:
                p = white or black
                blocks[p].append("0000 - U")
                points[p] += 2
                continue
            outcome = (white * 7 + black * 3 + k) % 3  # 0 white wins, 1 draw, 2 black wins
            w, b = {0: ("1", "0"), 1: ("=", "="), 2: ("0", "1")}[outcome]
            points[white] += {"1": 2, "=": 1, "0": 0}[w]
            points[black] += {"1": 2, "=": 1, "0": 0}[b]
            blocks[white].append(f"{black:4d} w {w}")
            blocks[black].append(f"{white:4d} b {b}")
    lines = ["012 Limits benchmark", f"XXR {rounds}"]
    for p in range(1, n + 1):
        name = f"Player{p:04d}, Test"
        pts = points[p] / 2
        head = f"001 {p:4d}      {name:<33} {2000 + p % 700:4d} ARG {100000 + p:>11d}{'':11} {pts:4.1f} {p:4d}"
        lines.append(head.ljust(89) + "  " + "  ".join(blocks[p]))
    return "\n".join(lines) + "\n"


def error_file(size: int = 50 * 1024 * 1024) -> bytes:
    """``size`` bytes of bad lines of several kinds (start ranks, numbers, results, unknown codes)."""
    kinds = [b"001 abcd x\n", b"XXS W=1e9999\n", b"250 1 1 99999 1 9\n", b"001    1 bad\xff\n", b"Z9Z ?\n"]
    chunk = b"".join(kinds) * 1000
    return (chunk * (size // len(chunk) + 1))[:size]


def measure(args: list[str]) -> tuple[float, float, float, int, int]:
    """Wall s, CPU s, peak RSS MB, output lines, exit code of one ``arbitro`` run."""
    env = dict(os.environ)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from arbitro.cli import main; sys.exit(main())", *args],
        capture_output=True, env=env, check=False,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = len((proc.stdout + proc.stderr).splitlines())
    return wall, cpu, after.ru_maxrss / 1024, lines, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--keep", type=Path, help="write the files here and keep them")
    ns = parser.parse_args()
    folder = ns.keep or Path(tempfile.mkdtemp(prefix="arbitro-limits-"))
    folder.mkdir(parents=True, exist_ok=True)
    big = folder / "valid-9999x99.trf"
    bad = folder / "errors-50mb.trf"
    t0 = time.perf_counter()
    big.write_text(valid_trf(), encoding="utf-8")
    bad.write_bytes(error_file())
    print(f"generated in {time.perf_counter() - t0:.1f} s: {big.stat().st_size / 1e6:.1f} MB, "
          f"{bad.stat().st_size / 1e6:.1f} MB")  # fmt: skip
    for label, path, goal in (("valid 9,999 x 99", big, "10 s, 1 GB"), ("50 MB of errors", bad, "10 s, 101 lines")):
        wall, cpu, rss, lines, code = measure(["trf", "validate", str(path)])
        print(f"trf validate {label}: wall {wall:.2f} s, CPU {cpu:.2f} s, peak RSS {rss:.0f} MB, "
              f"{lines} output lines, exit {code} (goal {goal})")  # fmt: skip
    if ns.keep is None:
        for p in (big, bad):
            p.unlink()
        folder.rmdir()


if __name__ == "__main__":
    main()
