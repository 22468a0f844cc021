"""A whole ``arbitro pair`` process at 100 players, beside bbpPairings (issue 16: goal 0.15 s wall).

Usage: python benchmarks/cli_startup.py [RUNS]   (default 15)

Runs ``arbitro pair --dutch n100-r6.trf -p OUT`` (tests/fixtures/dutch-perf) as a fresh
process RUNS times, with compiled bytecode cached in a temporary directory (as an installed
Arbitro has), and prints the median and best wall seconds, the median CPU seconds (user + system
of the child), the same for a bare ``python -c pass`` and for bbpPairings when
tools/refprogs.py finds it, and the modules that
``python -X importtime`` shows as the most expensive. CPU is the figure to compare on a machine
shared with other work; wall equals it on an idle one.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
N100 = ROOT / "tests" / "fixtures" / "dutch-perf" / "n100-r6.trf"
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import refprogs  # noqa: E402 - the one finder of the reference programs

BBP = refprogs.bbp_or_default()


def _timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - w0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _series(label: str, cmd: list[str], env: dict[str, str], runs: int) -> float:
    _timed(cmd, env)  # warm the bytecode cache and the page cache
    walls, cpus = zip(*(_timed(cmd, env) for _ in range(runs)), strict=True)
    med = statistics.median(cpus)
    print(
        f"{label:<28} wall median {statistics.median(walls):6.3f} s  best {min(walls):6.3f} s"
        f"   cpu median {med:6.3f} s  best {min(cpus):6.3f} s"
    )
    return med


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 15
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pyc")
        env["PYTHONPATH"] = str(ROOT / "src")
        out = str(Path(tmp) / "out.txt")
        py = sys.executable
        pair = [py, "-c", "import sys; from arbitro.cli import main; sys.exit(main())"]
        pair += ["pair", "--dutch", str(N100), "-p", out]
        bare = _series("python -c pass", [py, "-c", "pass"], env, runs)
        arb = _series("arbitro pair (100 players)", pair, env, runs)
        if BBP.exists():
            bbp = _series("bbpPairings (100 players)", [str(BBP), "--dutch", str(N100), "-p", out], env, runs)
            print(f"arbitro / bbpPairings CPU: {arb / bbp:.1f}x;  arbitro minus bare python: {arb - bare:.3f} s")
        res = subprocess.run(
            [py, "-X", "importtime", *pair[1:]], env=env, capture_output=True, text=True, check=True
        )
        rows = []
        for line in res.stderr.splitlines():
            if line.startswith("import time:") and "|" in line:
                self_us, cum_us, name = (part.strip() for part in line.replace("import time:", "").split("|"))
                if self_us.isdigit():
                    rows.append((int(cum_us), int(self_us), name))
        total = sum(s for _, s, _ in rows)
        print(f"\nimports: {len(rows)} modules, {total / 1e6:.3f} s self time in all (importtime adds overhead)")
        for cum, self_us, name in sorted(rows, reverse=True)[:12]:
            print(f"  {cum / 1e6:7.3f} s cumulative  {self_us / 1e6:7.3f} s self  {name}")
        heavy = [name for _, _, name in rows if name.split(".")[0] in {"typer", "click", "rich"}]
        print(f"Typer/Click/Rich modules imported: {len(heavy)}")
        probe = (
            "import time; c0 = time.process_time(); import arbitro.cli.fast, arbitro.cli.pair_common;"
            " from arbitro.trf import load_trf; from arbitro.pairing.dutch import pair_round;"
            " c1 = time.process_time(); t = load_trf(__import__('sys').argv[1]).tournament;"
            " c2 = time.process_time(); pair_round(t); c3 = time.process_time();"
            " print(c1 - c0, c2 - c1, c3 - c2)"
        )
        parts = []
        for _ in range(runs):
            res = subprocess.run([py, "-c", probe, str(N100)], env=env, capture_output=True, text=True, check=True)
            parts.append([float(x) for x in res.stdout.split()])
        imp, read, pair_cpu = (min(col) for col in zip(*parts, strict=True))
        print(
            f"in process, best of {runs}: imports {imp:.3f} s, reading the TRF {read:.3f} s,"
            f" pairing {pair_cpu:.3f} s CPU (plus the interpreter's own start)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
