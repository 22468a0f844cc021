"""Runs ``arbitro`` commands in this process, one after another, and measures each (issue 21 corpus).

Reads a JSON list of jobs (``{"id", "argv"}``) on stdin and prints one JSON result per job:
exit code, stdout/stderr text, wall and CPU seconds and the peak resident memory of the process
during the job (Linux: the high-water mark is reset through ``/proc/self/clear_refs`` before
each job; elsewhere ``tracemalloc``'s peak plus the RSS before the job). A job that raises
out of ``main`` records the traceback; one that runs past ``ARBITRO_CORPUS_TIMEOUT`` seconds
(default 20) is stopped by an alarm. The parent caps this process's address space.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import signal
import sys
import time
import traceback
import tracemalloc
from pathlib import Path


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def _status_kb(key: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def _reset_peak() -> bool:
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        return False
    return _status_kb("VmHWM") is not None


def run(job: dict[str, object]) -> dict[str, object]:
    from arbitro.cli import main

    out, err = io.StringIO(), io.StringIO()
    use_proc = _reset_peak()
    if not use_proc:
        tracemalloc.start()
    timeout = int(os.environ.get("ARBITRO_CORPUS_TIMEOUT", "20"))
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(timeout)
    start = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_SELF)
    crash = ""
    code: int | None = None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([str(a) for a in job["argv"]])  # type: ignore[union-attr]
    except _Timeout:
        crash = f"timeout after {timeout} s"
    except BaseException:  # noqa: BLE001 - the crash itself is the finding
        crash = traceback.format_exc()
    finally:
        signal.alarm(0)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if use_proc:
        peak_mb = (_status_kb("VmHWM") or 0) / 1024
    else:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        peak_mb = peak / 2**20 + resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"id": job["id"], "code": code, "stdout": out.getvalue()[-20_000:], "stderr": err.getvalue()[-20_000:],
            "wall": wall, "cpu": cpu, "peak_mb": peak_mb, "crash": crash}  # fmt: skip


def main() -> None:
    jobs = json.load(sys.stdin)
    # Typer/Rich read the terminal width from the environment; keep messages on one line.
    os.environ.setdefault("COLUMNS", "500")
    for job in jobs:
        print(json.dumps(run(job)), flush=True)


if __name__ == "__main__":
    main()
