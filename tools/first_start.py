"""The first start, as a newcomer makes it (issue 31): an empty data folder, the server, every page.

Starts the web application as a real process on a fresh, empty data folder, waits for it to say
it is serving, then asks for the home page and every page the home page links (same site, GET,
redirects followed, so a desk link lands on the login page) and expects 200 from each; then
stops the process with SIGTERM and expects it to end by itself within 15 seconds.

Usage::

    python3 tools/first_start.py                 # exactly the README: python3 dev.py run (serve --demo)
    python3 tools/first_start.py --arbitro       # .venv's `arbitro serve --demo` (the same code path)
    python3 tools/first_start.py --production    # arbitro serve with the production settings on
                                                 # PostgreSQL + Redis (a new database, dropped after)

Prints one line per page and a last line ``first start: N pages, all 200`` (exit 0), or what
failed and the server's own output (exit 1). The suite runs the same check
(tests/test_first_start.py); .ci/run runs this script as the README's first command.
"""

from __future__ import annotations

import argparse
import html.parser
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READY = "Press Ctrl+C to stop."
START_SECONDS = 600  # dev.py may install the whole environment first
STOP_SECONDS = 15
SKIPPED_PREFIXES = ("/static/", "/admin/logout", "/logout", "/accounts/logout", "/i18n/setlang")


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def free_port(preferred: int = 8000) -> int:
    """``preferred`` when nothing listens there, else a port the system picks."""
    for port in (preferred, 0):
        with socket.socket() as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(sock.getsockname()[1])
    raise RuntimeError("no free port")


def links_of(page: str, base: str) -> list[str]:
    """The same-site paths ``page`` links, in order, once each (no static files, no log-out)."""
    parser = _Links()
    parser.feed(page)
    seen: dict[str, None] = {}
    host = urllib.parse.urlsplit(base).netloc
    for href in parser.hrefs:
        url = urllib.parse.urlsplit(urllib.parse.urljoin(base, href))
        if url.scheme not in ("http", "https") or url.netloc != host:
            continue
        path = url.path + (f"?{url.query}" if url.query else "")
        if not path.startswith(SKIPPED_PREFIXES):
            seen.setdefault(path, None)
    return list(seen)


def get(base: str, path: str, headers: dict[str, str]) -> tuple[int, str]:
    request = urllib.request.Request(base + path, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as resp:
            return int(resp.status), resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return int(err.code), err.read().decode("utf-8", "replace")
    except (urllib.error.URLError, OSError) as err:
        return 0, str(err)


def crawl(base: str, headers: dict[str, str] | None = None, say=print) -> list[tuple[str, int]]:  # type: ignore[no-untyped-def]
    """GET the home page and every page it links; returns (path, status) for each."""
    headers = headers or {}
    status, home = get(base, "/", headers)
    answers = [("/", status)]
    say(f"{status} /")
    if status != 200:
        return answers
    for path in links_of(home, base + "/"):
        if path == "/":
            continue
        status, _ = get(base, path, headers)
        answers.append((path, status))
        say(f"{status} {path}")
    return answers


class Server:
    """A server process started from a command; its output is kept for the report."""

    def __init__(self, cmd: Sequence[str], env: dict[str, str], cwd: Path) -> None:
        self.log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")  # noqa: SIM115 - lives as long as the server
        self.proc = subprocess.Popen(
            list(cmd), cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def wait_ready(self, port: int, seconds: float = START_SECONDS) -> bool:
        """It has said it serves and ``port`` accepts connections."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if READY in self.output():
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    return True
                except OSError:
                    pass
            time.sleep(0.2)
        return False

    def stop(self) -> int | None:
        """SIGTERM; the exit code, or None when it had to be killed."""
        if self.proc.poll() is not None:
            return self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
            return None


def arbitro_command() -> list[str]:
    """The environment's ``arbitro`` (next to this interpreter), or ``python -m arbitro.cli``."""
    script = Path(sys.executable).with_name("arbitro")
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbitro.cli"]


def first_start(
    cmd: Sequence[str], env: dict[str, str], cwd: Path, base: str, headers: dict[str, str] | None = None,
    say=print,  # type: ignore[no-untyped-def]
) -> tuple[bool, str]:
    """Start ``cmd``, crawl ``base``, stop it. (ok, report)."""
    server = Server(cmd, env, cwd)
    problems: list[str] = []
    try:
        if not server.wait_ready(urllib.parse.urlsplit(base).port or 80):
            problems.append(f"the server did not start (exit {server.proc.poll()})")
        else:
            answers = crawl(base, headers, say)
            bad = [f"{status} {path}" for path, status in answers if status != 200]
            if bad:
                problems.append("pages not answering 200: " + ", ".join(bad))
            elif len(answers) < 2:
                problems.append("the home page links no page")
            else:
                say(f"first start: {len(answers)} pages, all 200")
    finally:
        code = server.stop()
    if code is None:
        problems.append(f"the server did not stop within {STOP_SECONDS} s of SIGTERM")
    if problems:
        return False, "; ".join(problems) + "\n--- server output ---\n" + server.output()[-6000:]
    return True, ""


def _production_env(env: dict[str, str], data: Path) -> tuple[dict[str, str], str]:
    """A new PostgreSQL database and Redis db 14; returns the environment and the database's name."""
    import psycopg

    name = f"arbitro_first_start_{os.getpid()}"
    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    env = {
        **env,
        "DJANGO_SETTINGS_MODULE": "arbitro.web.settings_production",
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{name}",
        "REDIS_URL": "redis://127.0.0.1:6379/14",
        "ARBITRO_CACHE_PREFIX": name,
        "ARBITRO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "ARBITRO_SECRET_KEY": "first-start-" + "x" * 50,
        "ARBITRO_STATIC_ROOT": str(data / "static"),
    }
    subprocess.run([*arbitro_command(), "manage", "collectstatic", "--noinput", "-v", "0"], env=env, check=True)
    return env, name


def _drop(name: str) -> None:
    import psycopg

    with psycopg.connect("postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    how = ap.add_mutually_exclusive_group()
    how.add_argument("--arbitro", action="store_true", help="run the environment's `arbitro serve --demo`")
    how.add_argument("--production", action="store_true", help="production settings on PostgreSQL + Redis")
    args = ap.parse_args(argv)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="arbitro-first-start-") as tmp:
        data = Path(tmp) / "data"
        env = {k: v for k, v in os.environ.items() if not k.startswith(("ARBITRO_", "DATABASE_", "REDIS_"))}
        env.pop("DJANGO_SETTINGS_MODULE", None)
        env["ARBITRO_DATA_DIR"] = str(data)
        headers: dict[str, str] = {}
        database = ""
        serve = ["serve", "--demo", "--port", str(port)]
        if args.production:
            env, database = _production_env(env, data)
            headers = {"X-Forwarded-Proto": "https"}
            cmd = [*arbitro_command(), *serve]
        elif args.arbitro:
            cmd = [*arbitro_command(), *serve]
        else:
            cmd = [sys.executable, str(ROOT / "dev.py"), "run", *([] if port == 8000 else serve)]
        try:
            ok, report = first_start(cmd, env, Path(tmp), base, headers)
        finally:
            if database:
                _drop(database)
    if not ok:
        print(f"first start FAILED: {report}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
