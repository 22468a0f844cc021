"""Load test (issue 11 §7): public standings and pairings of a 300-player Swiss, 100 clients, 60 s,
while the last round's results are being entered.

    .venv/bin/python benchmarks/load_public_pages.py [--players 300] [--rounds 9] [--clients 100] [--seconds 60]

Builds the tournament through the core service in a throw-away SQLite database (rounds
1..n-1 finished, round n paired and published, no results), starts ``arbitro serve``
(gunicorn, 2 workers x 4 threads) on 127.0.0.1 only, then runs ``--clients`` keep-alive
HTTP clients (threads, ``http.client``) that fetch ``/t/<slug>/standings/`` and
``/t/<slug>/pairings/`` in turn, while an arbiter enters one result every
``--entry-interval`` seconds through the desk service (each change bumps the
version, so the servers' page caches are rebuilt under load). Bounded: at most 200
clients and 300 s. Prints throughput, median and p95 latency, and errors.

Issue 21 adds two kinds of hostile clients beside the measured ones (their own requests are
not in the figures): ``--login-flood N`` clients post wrong passwords for ever-new user names
to ``/login/`` (past the address budget they get a cheap 429, no hash), and ``--cache-bust N``
clients fetch the same pages with random query strings (the page cache ignores them). The
public p95 of a run with them is to stay within 2x of the quiet run.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

HOST = "127.0.0.1"  # loopback only, never another machine


def _free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def build(players: int, rounds: int) -> tuple[str, int]:
    from arbitro.web import setup

    setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from arbitro.web.tournaments import service

    rng = random.Random(300)

    def play(svc: object) -> None:
        for i in range(players):
            svc.register_player(f"Player{i:03d}, Load", rating=2400 - i * 3 + rng.randint(-20, 20))  # type: ignore[attr-defined]
        for rnd in range(1, rounds + 1):
            svc.pair_next_round(seed=1)  # type: ignore[attr-defined]
            svc.publish_round()  # type: ignore[attr-defined]
            if rnd == rounds:
                break  # the last round is being played
            for board, _game in enumerate(svc.state.round(rnd).boards, start=1):  # type: ignore[attr-defined]
                svc.enter_result(board, rng.choice(["1-0", "½-½", "0-1", "1-0", "0-1"]), rnd)  # type: ignore[attr-defined]

    t0 = time.perf_counter()
    row = service.create({"name": "Load Open", "system": "swiss", "rounds": rounds}, None, build=play)
    boards = len(service.state(row).round(rounds).boards)
    print(f"build: {players} players, {rounds} rounds (last one in play, {boards} boards) in {time.perf_counter() - t0:.1f} s")
    return row.slug, boards


def enter_results(slug: str, rounds: int, boards: int, interval: float, stop: threading.Event, done: list[int]) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from arbitro.web.tournaments import models, service

    user, _ = get_user_model().objects.get_or_create(username="load-arbiter")
    rng = random.Random(9)
    board = 1
    try:
        while not stop.is_set() and board <= boards:
            row = models.Tournament.objects.get(slug=slug)
            service.enter_results(row, rounds, {board: rng.choice(["1-0", "½-½", "0-1"])}, user)
            done[0] += 1
            board += 1
            stop.wait(interval)
    finally:
        connection.close()


def client(port: int, paths: list[str], deadline: float, out: list[float], errors: list[str], lock: threading.Lock) -> None:
    mine: list[float] = []
    bad: list[str] = []
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    i = random.randrange(len(paths))
    while time.perf_counter() < deadline:
        path = paths[i % len(paths)]
        i += 1
        t0 = time.perf_counter()
        try:
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                bad.append(f"HTTP {resp.status} {path}")
            else:
                mine.append((time.perf_counter() - t0) * 1000)
        except (OSError, http.client.HTTPException) as err:
            bad.append(f"{type(err).__name__} {path}")
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.close()
    with lock:
        out.extend(mine)
        errors.extend(bad)


_TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _hammer(port: int, deadline: float, send, counts: list[int], lock: threading.Lock) -> None:  # type: ignore[no-untyped-def]
    """Call ``send(conn)`` until the deadline, reconnecting when the server closes (hostile, not measured)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    n = 0
    while time.perf_counter() < deadline:
        try:
            send(conn)
            conn.getresponse().read()
            n += 1
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.close()
    with lock:
        counts[0] += n


def login_flood(port: int, deadline: float, counts: list[int], lock: threading.Lock) -> None:
    """Wrong passwords for ever-new user names, as fast as the server answers."""
    try:
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        conn.request("GET", "/login/")
        resp = conn.getresponse()
        html = resp.read().decode("utf-8", "replace")
        conn.close()
    except (OSError, http.client.HTTPException):
        return
    cookie = next((v.split(";")[0] for k, v in resp.getheaders() if k.lower() == "set-cookie" and "csrftoken" in v), "")
    m = _TOKEN.search(html)
    token = m[1] if m else ""

    def send(c: http.client.HTTPConnection) -> None:
        body = urllib.parse.urlencode({"username": f"guess{random.randrange(10**9)}", "password": "wrong", "csrfmiddlewaretoken": token})
        c.request("POST", "/login/", body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})

    _hammer(port, deadline, send, counts, lock)


def cache_bust(port: int, paths: list[str], deadline: float, counts: list[int], lock: threading.Lock) -> None:
    """The public pages with random query strings."""

    def send(c: http.client.HTTPConnection) -> None:
        c.request("GET", f"{random.choice(paths)}?r={random.randrange(10**9)}&nocache={random.randrange(10**9)}")

    _hammer(port, deadline, send, counts, lock)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--clients", type=int, default=100)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--entry-interval", type=float, default=0.5, help="seconds between two results entered")
    ap.add_argument("--login-flood", type=int, default=0, help="clients posting wrong logins meanwhile (at most 50)")
    ap.add_argument("--cache-bust", type=int, default=0, help="clients with random query strings meanwhile (at most 200)")
    ap.add_argument("--hostile-head-start", type=float, default=10.0, help="seconds the hostile clients run before the measured ones")
    args = ap.parse_args()
    args.login_flood = max(0, min(args.login_flood, 50))
    args.cache_bust = max(0, min(args.cache_bust, 200))
    args.hostile_head_start = max(0.0, min(args.hostile_head_start, 60.0))
    args.clients = max(1, min(args.clients, 200))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    data = tempfile.mkdtemp(prefix="arbitro-load-")
    os.environ["ARBITRO_DATA_DIR"] = data
    os.environ.pop("DATABASE_URL", None)
    slug, boards = build(args.players, args.rounds)
    port = _free_port()
    exe = Path(sys.executable).with_name("arbitro")
    server = subprocess.Popen(
        [str(exe), "serve", "--host", HOST, "--port", str(port), "--workers", str(args.workers)],
        env={**os.environ}, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )
    try:
        for _ in range(300):
            try:
                socket.create_connection((HOST, port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        paths = [f"/t/{slug}/standings/", f"/t/{slug}/pairings/"]
        warm: list[float] = []
        client(port, paths, time.perf_counter() + 2, warm, [], threading.Lock())
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        stop = threading.Event()
        entered = [0]
        # Hostile clients start --hostile-head-start seconds early: a flood is measured in its steady
        # state (past the address budget), not in its first seconds (the budget's 20 hashed failures).
        head = args.hostile_head_start if (args.login_flood or args.cache_bust) else 0.0
        deadline = time.perf_counter() + head + args.seconds
        hostile = [0]
        attackers = [threading.Thread(target=login_flood, args=(port, deadline, hostile, lock)) for _ in range(args.login_flood)]
        attackers += [threading.Thread(target=cache_bust, args=(port, paths, deadline, hostile, lock)) for _ in range(args.cache_bust)]
        for t in attackers:
            t.start()
        time.sleep(head)
        threads = [threading.Thread(target=client, args=(port, paths, deadline, latencies, errors, lock)) for _ in range(args.clients)]
        writer = threading.Thread(target=enter_results, args=(slug, args.rounds, boards, args.entry_interval, stop, entered))
        t0 = time.perf_counter()
        writer.start()
        for t in threads:
            t.start()
        for t in threads + attackers:
            t.join()
        wall = time.perf_counter() - t0
        stop.set()
        writer.join()
        latencies.sort()
        n = len(latencies)
        p95 = latencies[int(0.95 * (n - 1))] if n else float("nan")
        print(
            f"{args.clients} clients x {args.seconds:.0f} s on standings + pairings ({args.players} players, round "
            f"{args.rounds} in play), gunicorn {args.workers} workers x 4 threads, {entered[0]} results entered meanwhile"
        )
        print(
            f"requests {n}, throughput {n / wall:.0f} req/s, median {statistics.median(latencies) if n else float('nan'):.0f} ms, "
            f"p95 {p95:.0f} ms, max {latencies[-1] if n else float('nan'):.0f} ms, errors {len(errors)}"
        )
        if args.login_flood or args.cache_bust:
            print(f"hostile clients: {args.login_flood} login flood, {args.cache_bust} cache busting; "
                  f"{hostile[0]} hostile requests answered ({hostile[0] / wall:.0f}/s), not in the figures above")
        if errors:
            print("first errors:", errors[:5])
    finally:
        server.terminate()
        server.wait(timeout=20)
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
