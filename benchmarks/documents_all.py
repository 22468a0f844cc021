"""Benchmark: every document of a ~300-player tournament (issue 10: under 10 s in all).

Uses the synthetic 300-player, 11-round open of benchmarks/norms_swiss300.py, and
tests/fixtures/dutch/d076-p286-r3.trf (286 players, 3 rounds) and
tests/fixtures/dutch/d041-p299-r6.trf (299 players, 6 rounds):
every PDF kind (es, A4), the CSV and xlsx exports and the static site.
Prints CPU seconds per document (process time: the machine may be shared) and the
total, then the wall time of the whole run; asserts nothing.

    .venv/bin/python benchmarks/documents_all.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from arbitro.documents import EXPORT_KINDS, PDF_KINDS, build_site, export_bytes, render_pdf
from arbitro.trf import read_trf

DUTCH = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "dutch"


def run(path: Path | None) -> None:
    wall = time.perf_counter()
    if path is None:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from norms_swiss300 import build  # the synthetic strong open of the norms benchmark

        t = build(300, 11)
        label = "synthetic open"
    else:
        t = read_trf(path)
        label = path.name
    print(f"{label}: {len(t.players)} players, {t.played_rounds} rounds")
    total = 0.0
    for kind in PDF_KINDS:
        start = time.process_time()
        data = render_pdf(kind, t, lang="es", paper="a4")
        took = time.process_time() - start
        total += took
        print(f"  print {kind:<11} {took:6.2f} s  {len(data) // 1024:5d} KiB")
    for kind in EXPORT_KINDS:
        for fmt in ("csv", "xlsx"):
            start = time.process_time()
            export_bytes(t, kind, fmt)
            took = time.process_time() - start
            total += took
            print(f"  export {kind:<10} {fmt:<4} {took:6.2f} s")
    start = time.process_time()
    files = build_site(t, "es")
    took = time.process_time() - start
    total += took
    print(f"  site ({len(files)} files)     {took:6.2f} s")
    print(
        f"  TOTAL every document  {total:6.2f} s CPU, {time.perf_counter() - wall:6.2f} s wall  (target < 10 s)"
    )


def main() -> None:
    run(None)
    for name in ("d076-p286-r3.trf", "d041-p299-r6.trf"):
        path = DUTCH / name
        if path.exists():
            run(path)
        else:
            print(f"{path}: not found, skipped")


if __name__ == "__main__":
    main()
