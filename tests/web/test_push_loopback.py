"""Two installations on loopback (issue 37 item 5, "done when"): the venue publishes round by round.

The server is a real ``arbitro serve`` process on a fresh data folder, its organisation's token
issued by ``arbitro manage api_token``. The venue runs its tournament from a file (the CLI's
``NAME.trf`` + ``NAME.events.jsonl``) and after each round runs ``arbitro publish`` through a
proxy on loopback that breaks connections mid-push: once it forwards a batch and drops the answer
(the server appended it, the venue does not know), once it cuts a batch half-way through its bytes.
The server must end with exactly the venue's log (its database rows: same events, same order) and
the same public standings, crosstable and rounds as the venue's own web installation shows for
that log. A venue whose log diverged is refused with the position named, and nothing is merged.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from arbitro.cli import main as cli_main
from arbitro.cli.publish import publish
from arbitro.cli.tournament import log_path, read_log, save
from arbitro.tournament import Event, TournamentService, replay
from arbitro.tournament.logdigest import log_digest
from arbitro.web.tournaments import eventlog, models

pytestmark = pytest.mark.django_db

ARBITRO = [sys.executable, "-c", "import sys; from arbitro.cli import main; sys.exit(main())"]
SLUG = "venue-open"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FaultyProxy:
    """A loopback TCP proxy, one request per connection (urllib closes each), that breaks chosen POSTs.

    ``faults``: POST number (1-based) -> ``"drop-answer"`` (forward the request, read the server's
    answer, close without sending it) or ``"cut-request"`` (forward half the request's bytes, close).
    """

    def __init__(self, upstream: int, faults: dict[int, str]) -> None:
        self.upstream, self.faults = upstream, faults
        self.posts = 0
        self.broken: list[str] = []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.sock.getsockname()[1])
        self.lock = threading.Lock()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    @staticmethod
    def _request(conn: socket.socket) -> bytes:
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = conn.recv(65536)
            if not chunk:
                return data
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(body) < length:
            chunk = conn.recv(65536)
            if not chunk:
                break
            body += chunk
        return head + b"\r\n\r\n" + body

    def _one(self, conn: socket.socket) -> None:
        with conn:
            request = self._request(conn)
            fault = None
            if request.startswith(b"POST"):
                with self.lock:
                    self.posts += 1
                    fault = self.faults.get(self.posts)
                    if fault:
                        self.broken.append(fault)
            with socket.create_connection(("127.0.0.1", self.upstream)) as up:
                if fault == "cut-request":
                    up.sendall(request[: len(request) // 2])
                    return  # both sides closed mid-request: the server never sees a whole batch
                up.sendall(request)
                answer = b""
                while chunk := up.recv(65536):
                    answer += chunk
            if fault == "drop-answer":
                return  # the server appended the batch; the venue sees the connection close
            conn.sendall(answer)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[int, str, Path]]:
    """A fresh ``arbitro serve`` on loopback: (port, an organisation's token, its SQLite file)."""
    data = tmp_path / "server-data"
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")}
    env |= {"ARBITRO_DATA_DIR": str(data), "ARBITRO_API_RATE": "100000/60", "PYTHONPATH": os.pathsep.join(sys.path)}
    issued = subprocess.run(
        [*ARBITRO, "manage", "migrate", "--verbosity", "0"], env=env, capture_output=True, text=True, timeout=300
    )
    assert issued.returncode == 0, issued.stderr
    issued = subprocess.run(
        [*ARBITRO, "manage", "api_token", "default", "--name", "venue"], env=env, capture_output=True, text=True,
        timeout=300,
    )
    assert issued.returncode == 0, issued.stderr
    token = issued.stdout.strip().splitlines()[-1]
    port = _free_port()
    proc = subprocess.Popen(
        [*ARBITRO, "serve", "--port", str(port), "--workers", "1"], env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/tournaments", timeout=5):
                    break
            except OSError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                time.sleep(0.3)
        else:
            pytest.fail("the server did not start")
        databases = list(data.glob("*.sqlite3"))
        assert len(databases) == 1, databases
        yield port, token, databases[0]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _get(port: int, path: str) -> object:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as resp:
        return json.loads(resp.read())


def _eventually(read: Callable[[], Any], good: Callable[[Any], bool], seconds: float = 30.0) -> Any:
    """What ``read`` answers once ``good`` (the server answers the previous version while it builds the new one:
    docs/api.md, "Built once per version"); the last answer after ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        answer = read()
        if good(answer) or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)


def _run_round(trf: Path, svc: TournamentService) -> None:
    mark = len(svc.events)
    svc.pair_next_round(seed=7)
    for board, _game in enumerate(svc.state.rounds[-1].boards, start=1):
        svc.enter_result(board, ("1-0", "1/2-1/2", "0-1")[board % 3])
    save(trf, svc, svc.events[mark:])


def _venue_pages(events: list[Event]) -> dict[str, object]:
    """The venue's own web installation (this test's database) holding the same log: its public JSON."""
    from django.test import Client

    row = models.Tournament.objects.create(slug=SLUG, name="venue", organisation=models.default_organisation())
    st = replay(events)
    eventlog.append_events(row, events, 0, None, lambda: eventlog._appended(row, st))
    client = Client()
    return {p: json.loads(client.get(f"/api/v1/tournaments/{SLUG}{p}").content) for p in PAGES}


PAGES = ("/standings", "/crosstable", "/rounds", "/players")


def test_the_venue_publishes_round_by_round_through_dropped_connections(server, tmp_path, capsys):
    port, token, database = server
    proxy = FaultyProxy(port, {3: "drop-answer", 7: "cut-request", 9: "drop-answer"})
    url = f"http://127.0.0.1:{proxy.port}"
    trf = tmp_path / "venue-open.trf"
    svc = TournamentService()
    svc.create(name="Venue Open", rounds=4, city="Cádiz", federation="ESP", start_date="2026-12-01")
    for i in range(9):
        svc.register_player(f"Jugador {i}, Ana", rating=2200 - 40 * i, federation="ESP")
    save(trf, svc)
    retries = 0
    for rnd in range(1, 5):
        svc = TournamentService(read_log(log_path(trf)))
        _run_round(trf, svc)
        mine = read_log(log_path(trf))
        if rnd < 4:
            done = publish(mine, url, token, SLUG, batch=4, pause=0.05, timeout=20)
            retries += done.retries
            assert done.count == len(mine)
        else:  # the last round with the command itself, as the arbiter types it
            code = cli_main(["publish", str(trf), "--to", url, "--token", token, "--batch", "4"])
            assert code in (0, None), capsys.readouterr()
            assert f"the server has all {len(mine)} events" in capsys.readouterr().out
        # the server's pages follow each push (a reader may get the version before for the time of one build)
        rounds = _eventually(lambda: _get(port, f"/api/v1/tournaments/{SLUG}/rounds"), lambda r, n=rnd: len(r["rounds"]) == n)
        assert len(rounds["rounds"]) == rnd
    assert proxy.broken == ["drop-answer", "cut-request", "drop-answer"] and retries >= 3
    venue = read_log(log_path(trf))
    mine = _venue_pages(venue)
    served = _eventually(lambda: {p: _get(port, f"/api/v1/tournaments/{SLUG}{p}") for p in PAGES}, mine.__eq__)
    with sqlite3.connect(database) as db:
        rows = db.execute(
            "SELECT e.seq, e.kind, e.payload FROM tournaments_tournamentevent e JOIN tournaments_tournament t "
            "ON e.tournament_id = t.id WHERE t.slug = ? ORDER BY e.seq", (SLUG,)
        ).fetchall()
    assert [(seq, kind, json.loads(payload)) for seq, kind, payload in rows] == [
        (i, e.kind, e.payload) for i, e in enumerate(venue, start=1)
    ]  # exactly the venue's log: every event once, in its order
    assert served == mine
    page = urllib.request.urlopen(f"http://127.0.0.1:{port}/t/{SLUG}/", timeout=30).read().decode()
    assert "Venue Open" in page
    proxy.close()


def test_a_venue_whose_log_diverged_is_refused_with_the_position(server, tmp_path):
    port, token, _database = server
    url = f"http://127.0.0.1:{port}"
    svc = TournamentService()
    svc.create(name="Venue Open", rounds=3)
    for i in range(4):
        svc.register_player(f"Jugador {i}, Ana", rating=2000 - i)
    publish(list(svc.events), url, token, SLUG)
    other = TournamentService()
    other.create(name="Venue Open", rounds=3)
    for i in range(4):
        other.register_player(f"Jugador {i}, Otro", rating=2000 - i)
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError, match="diverged; nothing was sent"):
        publish(list(other.events), url, token, SLUG)
    body = json.dumps({"start": 0, "events": [{"kind": e.kind, "payload": e.payload} for e in other.events]}).encode()
    req = urllib.request.Request(f"{url}/api/v1/push/{SLUG}", data=body, method="POST", headers={
        "Authorization": f"Bearer {token}", "Content-Type": "application/json", "Accept-Language": "en"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(req, timeout=30)
    answer = json.loads(refused.value.read())
    assert refused.value.code == 409 and answer["position"] == 2
    assert answer["detail"].startswith("Event 2 differs from the server's event 2")
    position = _get_auth(port, token)
    assert position["count"] == len(svc.events)


def _get_auth(port: int, token: str) -> dict[str, object]:
    req = urllib.request.Request(f"http://127.0.0.1:{port}/api/v1/push/{SLUG}", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        answer = json.loads(resp.read())
    assert isinstance(answer, dict)
    return answer


def test_a_tournament_of_the_venues_web_installation_is_published_by_slug(server, capsys):
    """``arbitro publish SLUG --web``: the log of the venue's own desk (this test's database) goes to the server."""
    port, token, _database = server
    svc = TournamentService()
    svc.create(name="Desk Open", rounds=3)
    for i in range(5):
        svc.register_player(f"Jugador {i}, Ana", rating=2000 - 10 * i)
    svc.pair_next_round(seed=3)
    svc.enter_result(1, "1-0")
    events = list(svc.events)
    row = models.Tournament.objects.create(slug=SLUG, name="Desk Open", organisation=models.default_organisation())
    st = replay(events)
    eventlog.append_events(row, events, 0, None, lambda: eventlog._appended(row, st))
    code = cli_main(["publish", SLUG, "--web", "--to", f"http://127.0.0.1:{port}", "--token", token])
    assert code in (0, None), capsys.readouterr()
    assert _get_auth(port, token) == {
        "tournament": SLUG, "count": len(events), "digest": log_digest((e.kind, e.payload) for e in events)
    }
    assert cli_main(["publish", "no-such", "--web", "--to", f"http://127.0.0.1:{port}", "--token", token]) == 2
    assert "no such tournament in this installation's web database" in capsys.readouterr().err
