#!/usr/bin/env python3
"""Arbitro's developer entry point: one file, standard library only.

    python3 dev.py run      # create .venv, install Arbitro, start the web app on its demo data
    python3 dev.py test     # create .venv, install, then ruff, mypy and the whole test suite

Extra arguments after ``test`` go to pytest (e.g. ``python3 dev.py test -k trf``).
The virtual environment is reinstalled only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def _sh(*cmd: str | Path, check: bool = True) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, check=check).returncode


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit("Arbitro needs Python 3.11 or newer.")
    if not PY.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = VENV / ".arbitro-installed"
    if stamp.exists() and stamp.read_text() == digest:
        return
    _sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    _sh(PY, "-m", "pip", "install", "-q", "-e", ".[dev]")
    stamp.write_text(digest)


def run_child(cmd: list[str]) -> int:
    """Run ``cmd`` and stop it when dev.py itself is stopped (Ctrl+C, SIGTERM, SIGHUP).

    The child gets SIGTERM, then SIGKILL if it has not stopped within 10 seconds, so no
    server is left running on its port after ``python3 dev.py run`` ends.
    """
    import signal

    print("+", " ".join(cmd), flush=True)
    child = subprocess.Popen(cmd, cwd=ROOT)

    def stop(signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    handled = [s for s in ("SIGTERM", "SIGHUP") if hasattr(signal, s)]
    previous = {name: signal.signal(getattr(signal, name), stop) for name in handled}
    try:
        return child.wait()
    except KeyboardInterrupt:
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        print("dev.py: stopped the server it had started.", flush=True)
        return 130
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)


def cmd_run(args: list[str]) -> int:
    ensure_env()
    return run_child([str(BIN / "arbitro"), *(args or ["serve", "--demo"])])


def cmd_test(args: list[str]) -> int:
    ensure_env()
    failed = 0
    failed |= _sh(BIN / "ruff", "check", "src", "tests", "benchmarks", check=False)
    failed |= _sh(BIN / "mypy", check=False)
    failed |= _sh(PY, "-m", "pytest", *args, check=False)
    if not args and _postgres_url():
        # The web face once more on PostgreSQL (issue 9): same tests, other database; with Redis
        # answering, also with the cache, the live channel and the job queue on Redis (issue 19).
        env = {**os.environ, "DATABASE_URL": _postgres_url()}
        what = "PostgreSQL"
        if _answers(6379):
            env.update(REDIS_URL="redis://127.0.0.1:6379/15", ARBITRO_JOBS_EAGER="1",
                       ARBITRO_CACHE_PREFIX=f"arbitro-test-{os.getpid()}")
            what += " + Redis (cache, live updates, jobs)"
        print(f"+ pytest tests/web on {what}", flush=True)
        if (ROOT / "tests" / "web").exists():
            rc = subprocess.run([str(PY), "-m", "pytest", "tests/web", "-p", "no:cacheprovider"], cwd=ROOT, env=env).returncode
            failed |= rc not in (0, 5)
    return 1 if failed else 0


def _postgres_url() -> str:
    """``postgres://postgres@127.0.0.1:5432/test`` when a server answers there, else ``""``."""
    url = os.environ.get("ARBITRO_TEST_POSTGRES", "postgres://postgres@127.0.0.1:5432/test")
    return url if _answers(5432) else ""


def _answers(port: int) -> bool:
    """Does a server listen on 127.0.0.1:``port``?"""
    import socket

    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True
    except OSError:
        return False


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test"}:
        print(__doc__)
        return 2
    handler = cmd_run if sys.argv[1] == "run" else cmd_test
    return handler(sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
