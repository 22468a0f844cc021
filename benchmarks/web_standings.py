"""Benchmark: the public standings page of a 300-player, 9-round Swiss (issue 9 "Done when").

    .venv/bin/python benchmarks/web_standings.py [--players 300] [--rounds 9] [--requests 300] [--concurrency 4]

Builds the tournament through the core service (Dutch pairings, seeded random
results) in a throw-away SQLite database, starts ``arbitro serve`` (gunicorn) on
a loopback port and fires requests at ``/t/<slug>/standings/`` from a small
keep-alive HTTP load generator in this script (threads, ``http.client``).
Prints the median, 95th percentile and throughput, and the cold cost (standings
computed from scratch after a change) measured in-process.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def build(players: int, rounds: int) -> str:
    from arbitro.web import setup

    setup()
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from arbitro.web.tournaments import service

    rng = random.Random(300)

    def play(svc: object) -> None:
        for i in range(players):
            svc.register_player(f"Player{i:03d}, Bench", rating=2400 - i * 3 + rng.randint(-20, 20))  # type: ignore[attr-defined]
        for rnd in range(1, rounds + 1):
            svc.pair_next_round(seed=1)  # type: ignore[attr-defined]
            svc.publish_round()  # type: ignore[attr-defined]
            for board, _game in enumerate(svc.state.round(rnd).boards, start=1):  # type: ignore[attr-defined]
                svc.enter_result(board, rng.choice(["1-0", "½-½", "0-1", "1-0", "0-1"]), rnd)  # type: ignore[attr-defined]

    t0 = time.perf_counter()
    row = service.create({"name": "Bench Open", "system": "swiss", "rounds": rounds}, None, build=play)
    print(f"build: {players} players, {rounds} rounds through the service in {time.perf_counter() - t0:.1f} s")
    return row.slug


def cold(slug: str, repeat: int = 5) -> list[float]:
    from arbitro.web.tournaments import eventlog, models, present

    times = []
    for _ in range(repeat):
        eventlog.clear_cache()
        row = models.Tournament.objects.get(slug=slug)
        t0 = time.perf_counter()
        present.standings_view(row, eventlog.load(row))
        times.append((time.perf_counter() - t0) * 1000)
    return times


def load(port: int, path: str, requests: int, concurrency: int) -> list[float]:
    latencies: list[float] = []
    lock = threading.Lock()
    per = requests // concurrency

    def worker() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine = []
        for _ in range(per):
            t0 = time.perf_counter()
            conn.request("GET", path)
            resp = conn.getresponse()
            resp.read()
            if resp.status != 200:
                print(f"HTTP {resp.status} for {path}", file=sys.stderr)
                return
            mine.append((time.perf_counter() - t0) * 1000)
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return latencies


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--requests", type=int, default=300)
    ap.add_argument("--concurrency", type=int, default=4)
    args = ap.parse_args()
    data = tempfile.mkdtemp(prefix="arbitro-bench-")
    os.environ["ARBITRO_DATA_DIR"] = data
    os.environ.pop("DATABASE_URL", None)
    slug = build(args.players, args.rounds)
    c = cold(slug)
    print(f"cold standings (replay + C.07 tie-breaks, in-process): median {statistics.median(c):.0f} ms")
    from django.test import Client

    client = Client()
    warm = []
    for _ in range(50):
        t0 = time.perf_counter()
        client.get(f"/t/{slug}/standings/")
        warm.append((time.perf_counter() - t0) * 1000)
    print(f"warm standings page, in-process (Django test client, no HTTP): median {statistics.median(warm):.1f} ms")
    port = _free_port()
    exe = Path(sys.executable).with_name("arbitro")
    server = subprocess.Popen(
        [str(exe), "serve", "--port", str(port), "--workers", "2"],
        env={**os.environ},
        stdout=subprocess.DEVNULL,
    )
    try:
        path = f"/t/{slug}/standings/"
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        load(port, path, 8, 4)  # warm the workers' caches
        t0 = time.perf_counter()
        lat = load(port, path, args.requests, args.concurrency)
        wall = time.perf_counter() - t0
        lat.sort()
        p95 = lat[int(0.95 * (len(lat) - 1))]
        print(
            f"GET {path} ({args.players} players, {args.rounds} rounds) via gunicorn, "
            f"{len(lat)} requests, concurrency {args.concurrency}: "
            f"median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms, {len(lat) / wall:.0f} req/s"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"load average during the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
