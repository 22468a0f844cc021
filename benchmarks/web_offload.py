"""Issue 19 §4: a 2,000-player pairing started from the desk does not delay the public pages.

    .venv/bin/python benchmarks/web_offload.py [--players 2000] [--clients 20] [--redis redis://127.0.0.1:6379/13]

Builds a Swiss of ``--players`` players in a throw-away SQLite database (round 1 played, so round 2
is a real pairing), starts ``arbitro serve`` (gunicorn, 2 workers x 4 threads) on 127.0.0.1 and, with
``--redis``, the worker (``arbitro manage arbitro_worker``); ``--clients`` keep-alive clients read
the tournament's standings and pairings meanwhile. After a quiet baseline an arbiter logs in and
clicks "pair" at the desk; the script prints how long the desk's answer took, how long until round 2
was public, and the public pages' median / p95 / max latency before and during the pairing.
Without ``--redis`` the pairing runs in the web request (the embedded default), for comparison.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from _server import HOST, arbitro_exe, free_port, start_server, wait_listening


def build(players: int) -> str:
    from arbitro.web import setup

    setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=0)
    from arbitro.web.tournaments import models, service

    rng = random.Random(2000)

    def play(svc: object) -> None:
        for i in range(players):
            svc.register_player(f"Player{i:04d}, Big", rating=2700 - i + rng.randint(-30, 30))  # type: ignore[attr-defined]
        svc.pair_next_round(seed=1)  # type: ignore[attr-defined]
        svc.publish_round()  # type: ignore[attr-defined]
        for board, _game in enumerate(svc.state.round(1).boards, start=1):  # type: ignore[attr-defined]
            svc.enter_result(board, rng.choice(["1-0", "½-½", "0-1"]), 1)  # type: ignore[attr-defined]

    t0 = time.perf_counter()
    row = service.create({"name": "Big Open", "system": "swiss", "rounds": 9}, None, build=play)
    user = get_user_model().objects.create_user("bench-chief", password="bench-chief-pw")
    models.Role.objects.create(user=user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    print(f"build: {players} players, round 1 played, in {time.perf_counter() - t0:.0f} s")
    return row.slug


def reader(port: int, paths: list[str], stop: threading.Event, out: list[tuple[float, float]]) -> None:
    conn = http.client.HTTPConnection(HOST, port, timeout=120)
    i = random.randrange(len(paths))
    while not stop.is_set():
        t0 = time.perf_counter()
        try:
            conn.request("GET", paths[i % len(paths)])
            resp = conn.getresponse()
            resp.read()
            if resp.status == 200:
                out.append((t0, (time.perf_counter() - t0) * 1000))
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=120)
        i += 1
    conn.close()


def _cookies(resp: http.client.HTTPResponse, jar: dict[str, str]) -> None:
    for k, v in resp.getheaders():
        if k.lower() == "set-cookie":
            name, _, rest = v.partition("=")
            jar[name] = rest.split(";")[0]


def desk_pair(port: int, slug: str) -> float:
    """Log in and click "pair": the seconds the desk's POST took to answer."""
    jar: dict[str, str] = {}
    conn = http.client.HTTPConnection(HOST, port, timeout=600)
    conn.request("GET", "/login/")
    resp = conn.getresponse()
    html = resp.read().decode()
    _cookies(resp, jar)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]  # type: ignore[index]

    def post(path: str, data: dict[str, str]) -> http.client.HTTPResponse:
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": token})
        cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
        conn.request("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
                                          "Referer": f"http://{HOST}:{port}{path}"})
        r = conn.getresponse()
        r.read()
        _cookies(r, jar)
        return r

    r = post("/login/", {"username": "bench-chief", "password": "bench-chief-pw"})
    assert r.status == 302, f"login: HTTP {r.status}"
    token = jar.get("csrftoken", token)
    t0 = time.perf_counter()
    r = post(f"/desk/t/{slug}/action/", {"op": "pair"})
    took = time.perf_counter() - t0
    assert r.status == 302, f"pair: HTTP {r.status} {jar}"
    conn.close()
    return took


def version(port: int, slug: str) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.request("GET", f"/t/{slug}/version.json")
    text = conn.getresponse().read().decode()
    conn.close()
    return int(re.search(r"\d+", text)[0])  # type: ignore[index]


def summary(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no requests"
    values = sorted(values)
    p95 = values[int(0.95 * (len(values) - 1))]
    return f"{label}: {len(values)} requests, median {statistics.median(values):.0f} ms, p95 {p95:.0f} ms, max {values[-1]:.0f} ms"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--baseline", type=float, default=10.0)
    ap.add_argument("--redis", default="", help="REDIS_URL: the pairing goes to the worker")
    args = ap.parse_args()
    args.players = max(10, min(args.players, 5000))
    args.clients = max(1, min(args.clients, 100))
    data = tempfile.mkdtemp(prefix="arbitro-offload-")
    os.environ["ARBITRO_DATA_DIR"] = data
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    if args.redis:
        os.environ["REDIS_URL"] = args.redis
        os.environ["ARBITRO_CACHE_PREFIX"] = f"arbitro-offload-{os.getpid()}-{int(time.time())}"
    slug = build(args.players)
    port = free_port()
    log = open(Path(data) / "server.log", "w")  # noqa: SIM115
    procs: list[subprocess.Popen[str]] = [start_server(port, 2, log)]
    if args.redis:
        procs.append(subprocess.Popen([str(arbitro_exe()), "manage", "arbitro_worker"], env={**os.environ},
                                      stdout=subprocess.DEVNULL, stderr=log, text=True))
    try:
        wait_listening(port)
        paths = [f"/t/{slug}/standings/", f"/t/{slug}/pairings/"]
        before = version(port, slug)
        stop = threading.Event()
        out: list[tuple[float, float]] = []
        threads = [threading.Thread(target=reader, args=(port, paths, stop, out)) for _ in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(args.baseline)
        clicked = time.perf_counter()
        answered = desk_pair(port, slug)
        while version(port, slug) == before and time.perf_counter() - clicked < 900:
            time.sleep(0.2)
        public = time.perf_counter() - clicked
        time.sleep(1.0)
        stop.set()
        for t in threads:
            t.join()
        mode = "worker (Redis + RQ)" if args.redis else "in the web request (no Redis)"
        print(f"pairing of round 2, {args.players} players, {mode}: desk answered in {answered:.2f} s, "
              f"round public {public:.1f} s after the click")
        t_base = [ms for at, ms in out if at < clicked]
        t_during = [ms for at, ms in out if clicked <= at < clicked + public]
        print(summary(f"public pages before the click ({args.clients} clients)", t_base))
        print(summary("public pages while pairing", t_during))
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=30)
        log.close()
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
