#!/usr/bin/env python3
"""Arbitro's developer entry point: one file, standard library only.

    python3 dev.py run      # create .venv, install Arbitro, start the web app on its demo data
    python3 dev.py test     # create .venv, install, then ruff, mypy and the whole test suite
    python3 dev.py lock     # refresh constraints.txt: the newest versions pyproject.toml allows

Extra arguments after ``test`` go to pytest (e.g. ``python3 dev.py test -k trf``).
Every install takes its versions from constraints.txt (the whole dependency tree pinned, so a
fresh clone runs the same ruff, mypy, Django and Playwright that CI ran); the virtual
environment is reinstalled only when pyproject.toml or constraints.txt changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CONSTRAINTS = ROOT / "constraints.txt"
EXTRAS = "dev,server"
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"


def _sh(*cmd: str | Path, check: bool = True, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, check=check, env=env).returncode


def _pinned_env() -> dict[str, str]:
    """pip's environment with constraints.txt applied, also inside the isolated build of Arbitro itself."""
    return {**os.environ, "PIP_CONSTRAINT": str(CONSTRAINTS), "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit("Arbitro needs Python 3.11 or newer.")
    if not PY.exists():
        print("dev.py: creating .venv and installing Arbitro with its pinned tools (a few minutes, once)", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    inputs = b"".join(p.read_bytes() for p in (ROOT / "pyproject.toml", CONSTRAINTS) if p.exists())
    digest = hashlib.sha256(inputs).hexdigest()
    stamp = VENV / ".arbitro-installed"
    if stamp.exists() and stamp.read_text() == digest:
        return
    env = _pinned_env() if CONSTRAINTS.exists() else None
    _sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip", env=env)
    _sh(PY, "-m", "pip", "install", "-q", "-e", f".[{EXTRAS}]", env=env)
    stamp.write_text(digest)


def cmd_lock(args: list[str]) -> int:
    """Resolve pyproject.toml afresh in a scratch environment and pin the whole tree in constraints.txt.

    Review the diff, run ``python3 dev.py test`` (it reinstalls from the new pins), commit both.
    """
    import tempfile

    with tempfile.TemporaryDirectory(prefix="arbitro-lock-") as tmp:
        scratch = Path(tmp) / "venv"
        venv.EnvBuilder(with_pip=True).create(scratch)
        py = scratch / ("Scripts" if os.name == "nt" else "bin") / "python"
        env = {k: v for k, v in os.environ.items() if k != "PIP_CONSTRAINT"}
        _sh(py, "-m", "pip", "install", "-q", "--upgrade", "pip", "setuptools", "wheel", env=env)
        _sh(py, "-m", "pip", "install", "-q", f".[{EXTRAS}]", env=env)
        frozen = subprocess.run(
            [str(py), "-m", "pip", "freeze", "--all"], capture_output=True, text=True, check=True, env=env
        ).stdout
    pins = sorted(
        (line for line in frozen.splitlines() if line and not line.lower().startswith(("arbitro", "-e "))),
        key=str.lower,
    )
    header = (
        "# The whole dependency tree of Arbitro (pyproject.toml, extras dev and server), pinned.\n"
        "# dev.py installs with these constraints (PIP_CONSTRAINT). Refresh: python3 dev.py lock\n"
        f"# Resolved with Python {sys.version_info.major}.{sys.version_info.minor} on {sys.platform}.\n"
    )
    tmp_file = CONSTRAINTS.with_suffix(".tmp")
    tmp_file.write_text(header + "\n".join(pins) + "\n")
    os.replace(tmp_file, CONSTRAINTS)
    print(f"dev.py: {len(pins)} pins written to {CONSTRAINTS.name}")
    return 0


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


def _missing_system_tools() -> None:
    """One line per system program some tests need and that is absent (those tests skip themselves)."""
    import shutil

    chromium = os.environ.get("ARBITRO_CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).exists():
        print(f"dev.py: {chromium} not found: the browser tests are skipped "
              "(Debian/Ubuntu: apt-get install chromium; or set ARBITRO_CHROMIUM)", flush=True)
    if shutil.which("pdftoppm") is None:
        print("dev.py: pdftoppm not found: the PDF picture tests are skipped (apt-get install poppler-utils)", flush=True)


def cmd_test(args: list[str]) -> int:
    ensure_env()
    _missing_system_tools()
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
    handlers = {"run": cmd_run, "test": cmd_test, "lock": cmd_lock}
    if len(sys.argv) < 2 or sys.argv[1] not in handlers:
        print(__doc__)
        return 2
    return handlers[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
