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

The arbiter entering results and the hostile clients run in processes of their own (as they
would on other machines): in the measured clients' process their interpreter-lock contention
would delay the measured requests themselves. ``--mix`` measures issue 19's mix of public pages
and API calls (the API's per-address limit is lifted: every client here is 127.0.0.1);
``--redis URL`` gives the servers a shared Redis cache.

Issue 19's last figure, "every result visible to a reader within 2 s of being saved": one more
process polls the pairings page and the API's round every 50 ms and prints, for the results
entered, the p95 and max delay between the commit and the first answer that holds the result.
``--client-processes N`` spreads the same measured clients over N processes (their threads
otherwise share one interpreter lock, which lowers the figure on a busy machine).
"""

from __future__ import annotations

import argparse
import gc
import http.client
import multiprocessing
import os
import random
import re
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

from _server import HOST, free_port, start_server, wait_listening


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


def enter_results(slug: str, rounds: int, boards: int, interval: float, stop: threading.Event, done: list[int],
                  saved=None) -> None:  # type: ignore[no-untyped-def]
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
            if saved is not None:  # (board, the version that holds it, when it was saved: committed)
                row.refresh_from_db(fields=["version"])
                saved.put((board, row.version, time.monotonic()))
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
    t0 = time.perf_counter()
    conn.connect()
    CONNECTS.append((time.perf_counter() - t0) * 1000)
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
                if mine[-1] > 1000:
                    SLOW.append((t0, mine[-1]))
        except (OSError, http.client.HTTPException) as err:
            bad.append(f"{type(err).__name__} {path}")
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.close()
    with lock:
        out.extend(mine)
        errors.extend(bad)


CONNECTS: list[float] = []  # ms to open each measured client's connection (in the figures: its first request)
SLOW: list[tuple[float, float]] = []  # (seconds since start, ms) of measured requests over 1 s

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


def _server_cpu(master: int) -> float | None:
    """CPU seconds (user + system) of the gunicorn master's workers so far (Linux /proc), else None."""
    try:
        kids = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        for pid in kids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks
        return total
    except (OSError, ValueError, IndexError):
        return None


def _own_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) of one process so far (Linux /proc), else None."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def _clients(port: int, paths: list[str], deadline: float, count: int, results) -> None:  # type: ignore[no-untyped-def]
    """``count`` measured clients (threads) in a child process (``--client-processes``): its latencies,
    errors, connects, slow requests and CPU seconds go to ``results``."""
    CONNECTS.clear()  # the parent's (the warm-up's), copied by the fork
    SLOW.clear()
    out: list[float] = []
    bad: list[str] = []
    lock = threading.Lock()
    cpu0 = time.process_time()
    ts = [threading.Thread(target=client, args=(port, paths, deadline, out, bad, lock)) for _ in range(count)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    results.put((out, bad, list(CONNECTS), list(SLOW), time.process_time() - cpu0))


def _writer(slug: str, rounds: int, boards: int, interval: float, stop, done, saved=None) -> None:  # type: ignore[no-untyped-def]
    """:func:`enter_results` in a child process; ``done`` gets the number of results entered."""
    if not os.environ.get("REDIS_URL"):
        # Without Redis the pages are built ahead by a thread of the committing process, into its own
        # memory (web/ops/prebuild.py): here that is this process, which no reader reads.
        from django.conf import settings

        settings.ARBITRO_PREBUILD = False
    count = [0]
    flag = threading.Event()
    watcher = threading.Thread(target=lambda: (stop.wait(), flag.set()), daemon=True)
    watcher.start()
    enter_results(slug, rounds, boards, interval, flag, count, saved)
    done.value = count[0]


_DATA_VERSION = re.compile(rb'data-version="(\d+)"')


def _reader(port: int, slug: str, rounds: int, deadline: float, saved, delays) -> None:  # type: ignore[no-untyped-def]
    """A reader polling the pairings page and the API's round every 50 ms (a process of its own).

    For each result the arbiter saved (``saved``: board, version, monotonic time of the commit):
    how long until the page shows a version that holds it (its ``data-version``) and until the
    API's round shows the board's result. ``delays`` gets ``"page"``/``"api"`` lists of ms, and
    ``"unseen"``: results still not seen 5 s after the run.
    """
    import json
    import queue

    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    page_url, api_url = f"/t/{slug}/pairings/", f"/api/v1/tournaments/{slug}/rounds/{rounds}"
    waiting_page: list[tuple[int, int, float]] = []
    waiting_api: list[tuple[int, int, float]] = []
    page_ms: list[float] = []
    api_ms: list[float] = []

    def get(url: str) -> bytes:
        nonlocal conn
        try:
            conn.request("GET", url)
            return conn.getresponse().read()
        except (OSError, http.client.HTTPException):
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
            return b""

    while True:
        while True:
            try:
                item = saved.get_nowait()
            except queue.Empty:
                break
            waiting_page.append(item)
            waiting_api.append(item)
        now = time.monotonic()
        if now > deadline + 5 or (now > deadline and not waiting_page and not waiting_api and saved.empty()):
            break
        if waiting_page:
            m = _DATA_VERSION.search(get(page_url))
            seen_at = time.monotonic()
            if m:
                version = int(m[1])
                page_ms += [(seen_at - t) * 1000 for _, v, t in waiting_page if v <= version]
                waiting_page = [w for w in waiting_page if w[1] > version]
        if waiting_api:
            body = get(api_url)
            seen_at = time.monotonic()
            try:
                done = {g["board"] for g in json.loads(body)["games"] if g["result"]}
            except (ValueError, KeyError, TypeError):
                done = set()
            api_ms += [(seen_at - t) * 1000 for b, _, t in waiting_api if b in done]
            waiting_api = [w for w in waiting_api if w[0] not in done]
        time.sleep(0.05)
    conn.close()
    delays["page"], delays["api"], delays["unseen"] = page_ms, api_ms, len(waiting_page) + len(waiting_api)


def _attack(port: int, paths: list[str], deadline: float, floods: int, busts: int, answered) -> None:  # type: ignore[no-untyped-def]
    """The hostile clients (threads of this child process); ``answered`` gets their request count."""
    counts, lock = [0], threading.Lock()
    ts = [threading.Thread(target=login_flood, args=(port, deadline, counts, lock)) for _ in range(floods)]
    ts += [threading.Thread(target=cache_bust, args=(port, paths, deadline, counts, lock)) for _ in range(busts)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    answered.value = counts[0]


LOAD0 = os.getloadavg()[0]


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
    ap.add_argument("--client-processes", type=int, default=1,
                    help="spread the measured clients over this many processes (at most 8): is the client the limit?")
    ap.add_argument("--mix", action="store_true", help="pages and API calls (issue 19), not only standings + pairings")
    ap.add_argument("--redis", default="", help="REDIS_URL for the servers' shared cache, e.g. redis://127.0.0.1:6379/13")
    ap.add_argument("--no-worker", action="store_true",
                    help="with --redis: no `arbitro manage arbitro_worker` (the readers build the new versions)")
    ap.add_argument("--hostile-head-start", type=float, default=10.0, help="seconds the hostile clients run before the measured ones")
    args = ap.parse_args()
    args.login_flood = max(0, min(args.login_flood, 50))
    args.cache_bust = max(0, min(args.cache_bust, 200))
    args.hostile_head_start = max(0.0, min(args.hostile_head_start, 60.0))
    args.clients = max(1, min(args.clients, 200))
    args.client_processes = max(1, min(args.client_processes, 8))
    args.seconds = max(1.0, min(args.seconds, 300.0))
    data = tempfile.mkdtemp(prefix="arbitro-load-")
    os.environ["ARBITRO_DATA_DIR"] = data
    os.environ.pop("DATABASE_URL", None)
    os.environ.pop("REDIS_URL", None)
    # Every client here is 127.0.0.1: the API's per-address limit would refuse the crowd after 600
    # requests (behind a proxy, each reader has an address of their own).
    os.environ["ARBITRO_API_RATE"] = "100000000/60"
    if args.redis:  # a prefix of its own: nothing of another run (or another user of the server) is read
        os.environ["REDIS_URL"] = args.redis
        os.environ["ARBITRO_CACHE_PREFIX"] = f"arbitro-load-{os.getpid()}-{int(time.time())}"
    slug, boards = build(args.players, args.rounds)
    # The build's objects stay out of the clients' way: no cache of them here, and the garbage
    # collector no longer walks them (its full passes over them would stall every client thread).
    from arbitro.web.tournaments import eventlog

    eventlog.clear_cache()
    gc.collect()
    gc.freeze()
    port = free_port()
    # The server's log goes to a file: a pipe nobody reads fills up and stalls every worker.
    log = open(Path(data) / "server.log", "w")  # noqa: SIM115
    server = start_server(port, args.workers, log)
    worker = None
    if args.redis and not args.no_worker:  # the deployment's worker: builds each new version's hot pages once
        import subprocess

        from _server import arbitro_exe

        worker = subprocess.Popen([str(arbitro_exe()), "manage", "arbitro_worker"], env={**os.environ},
                                  stdout=subprocess.DEVNULL, stderr=log)
    try:
        wait_listening(port)
        paths = [f"/t/{slug}/standings/", f"/t/{slug}/pairings/"]
        if args.mix:  # issue 19's goal: a mix of public pages and API calls
            api = f"/api/v1/tournaments/{slug}"
            paths += [f"/t/{slug}/", f"/t/{slug}/players/", f"/t/{slug}/crosstable/", f"/t/{slug}/round/1/",
                      f"/t/{slug}/player/7/", api, f"{api}/standings", f"{api}/rounds/{args.rounds}", f"{api}/players",
                      f"{api}/crosstable"]
        warm: list[float] = []
        client(port, paths, time.perf_counter() + 2, warm, [], threading.Lock())
        latencies: list[float] = []
        errors: list[str] = []
        lock = threading.Lock()
        entered = [0]
        # Hostile clients start --hostile-head-start seconds early: a flood is measured in its steady
        # state (past the address budget), not in its first seconds (the budget's 20 hashed failures).
        head = args.hostile_head_start if (args.login_flood or args.cache_bust) else 0.0
        deadline = time.perf_counter() + head + args.seconds
        hostile = [0]
        ctx = multiprocessing.get_context("fork")
        # The hostile clients run in a process of their own, as they would on other machines: in this
        # one they would share its interpreter lock with the measured clients and slow those down.
        answered = ctx.Value("l", 0)
        attacker = ctx.Process(target=_attack, args=(port, paths, deadline, args.login_flood, args.cache_bust, answered))
        if args.login_flood or args.cache_bust:
            attacker.start()
        time.sleep(head)
        threads = [threading.Thread(target=client, args=(port, paths, deadline, latencies, errors, lock)) for _ in range(args.clients)]
        # The arbiter's desk is another process too (as the web server is): its replay of the log, here,
        # would hold this process's interpreter lock and delay the measured clients' own reads.
        from django.db import connections

        connections.close_all()
        pstop, pdone = ctx.Event(), ctx.Value("l", 0)
        saved, delays = ctx.Queue(), multiprocessing.Manager().dict()
        writer = ctx.Process(target=_writer, args=(slug, args.rounds, boards, args.entry_interval, pstop, pdone, saved))
        reader = ctx.Process(target=_reader, args=(port, slug, args.rounds, time.monotonic() + head + args.seconds, saved, delays))
        t0 = time.perf_counter()
        own0 = time.process_time()  # this process: the measured clients' own CPU
        server0 = _server_cpu(server.pid)
        worker0 = _own_cpu(worker.pid) if worker is not None else None
        reader.start()
        writer.start()
        if args.client_processes > 1:  # the same clients, spread over processes: no shared interpreter lock
            threads = []
            results = ctx.Queue()
            shares = [args.clients // args.client_processes + (i < args.clients % args.client_processes)
                      for i in range(args.client_processes)]
            procs = [ctx.Process(target=_clients, args=(port, paths, deadline, k, results)) for k in shares if k]
            for p in procs:
                p.start()
            for _ in procs:
                out, bad, conns, slow, cpu_s = results.get()
                latencies.extend(out)
                errors.extend(bad)
                CONNECTS.extend(conns)
                SLOW.extend(slow)
                own0 -= cpu_s  # their CPU counts as the clients' own
            for p in procs:
                p.join()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if args.login_flood or args.cache_bust:
            attacker.join()
            hostile[0] = int(answered.value)
        wall = time.perf_counter() - t0
        own = time.process_time() - own0
        server_run = _server_cpu(server.pid)
        worker_run = _own_cpu(worker.pid) if worker is not None else None
        pstop.set()
        writer.join()
        reader.join()
        entered[0] = int(pdone.value)
        latencies.sort()
        n = len(latencies)
        p95 = latencies[int(0.95 * (n - 1))] if n else float("nan")
        print(
            f"{args.clients} clients x {args.seconds:.0f} s on {'pages + API' if args.mix else 'standings + pairings'} "
            f"{f'in {args.client_processes} processes ' if args.client_processes > 1 else ''}"
            f"({args.players} players, round "
            f"{args.rounds} in play), gunicorn {args.workers} workers x 4 threads, {entered[0]} results entered meanwhile, "
            f"cache {'Redis' if args.redis else 'local memory'}"
        )
        print(
            f"requests {n}, throughput {n / wall:.0f} req/s, median {statistics.median(latencies) if n else float('nan'):.0f} ms, "
            f"p95 {p95:.0f} ms, max {latencies[-1] if n else float('nan'):.0f} ms, errors {len(errors)}"
        )
        for what in ("page", "api"):
            seen = sorted(delays.get(what, []))
            if seen:
                print(f"result visible on the {'pairings page' if what == 'page' else 'API round'} "
                      f"(a reader polling every 50 ms): {len(seen)} results, p95 "
                      f"{seen[int(0.95 * (len(seen) - 1))]:.0f} ms, max {seen[-1]:.0f} ms after being saved")
        if delays.get("unseen"):
            print(f"results not visible 5 s after the run: {delays['unseen']}")
        if args.login_flood or args.cache_bust:
            print(f"hostile clients: {args.login_flood} login flood, {args.cache_bust} cache busting; "
                  f"{hostile[0]} hostile requests answered ({hostile[0] / wall:.0f}/s), not in the figures above")
        if errors:
            print("first errors:", errors[:5])
        CONNECTS.sort()
        print(f"connects: {len(CONNECTS)}, max {CONNECTS[-1]:.0f} ms; requests over 1 s: {len(SLOW)}, "
              f"at (s after start, ms): {[(round(a - t0, 1), round(b)) for a, b in sorted(SLOW)[:12]]}")
        cpu = _server_cpu(server.pid)
        if cpu is not None and n:
            total = n + hostile[0]
            print(f"server CPU: {cpu:.1f} s for {total} answered requests ({1000 * cpu / total:.2f} ms each, "
                  f"page builds included)")
            if server0 is not None and server_run is not None:
                print(f"CPU during the measured {wall:.0f} s: server {server_run - server0:.1f} s "
                      f"({(server_run - server0) / wall:.2f} cores), measured clients {own:.1f} s "
                      f"({own / wall:.2f} cores, {1000 * own / n:.2f} ms per request) of {os.cpu_count()} cores")
            if worker0 is not None and worker_run is not None:
                print(f"worker (pages built ahead): {worker_run - worker0:.1f} s CPU during the measured {wall:.0f} s "
                      f"({(worker_run - worker0) / wall:.2f} cores; with the server "
                      f"{1000 * (server_run - server0 + worker_run - worker0) / n:.2f} ms per request)")
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=20)
        server.terminate()
        server.wait(timeout=20)
        log.close()
        errors_logged = (Path(data) / "server.log").read_text(errors="replace").count("Traceback")
        if errors_logged:
            print(f"server log: {errors_logged} tracebacks in {Path(data) / 'server.log'}")
    print(f"load average at the start: {LOAD0:.1f}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
