"""Issue 38 item 2: kill -9 of the worker or of the web process never leaves a pairing blocked.

Every step runs in a child process on a SQLite file and Redis (db 8 by default,
``ARBITRO_TEST_REDIS_DB``), killed with SIGKILL where the step says; then a fresh process checks
that the desk is not "in progress", queues the pairing again and a fresh worker pairs it. The
lease and the push grace are shortened in the checking process (module attributes), so the test
waits seconds, not the production 30 s.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL")

REDIS_DB = os.environ.get("ARBITRO_TEST_REDIS_DB", "8")

PRELUDE = """
import os, sys, time, signal
import django
django.setup()
from django.core.management import call_command
from django.contrib.auth import get_user_model
from arbitro.web import jobs
from arbitro.web.tournaments import models, service
jobs.QUEUE = os.environ["TEST_QUEUE"]
jobs.LEASE = 6.0
jobs.PUSH_GRACE = 6.0
def say(*a):
    print(*a, flush=True)
"""

SETUP = PRELUDE + """
call_command("migrate", interactive=False, verbosity=0)
user = get_user_model().objects.create_user("arb", password="pw-arb-123")
def players(svc):
    for i in range(8):
        svc.register_player(f"Jugador, {chr(65 + i)}", rating=2000 - 10 * i)
row = service.create({"name": "Kill", "system": "swiss", "rounds": 3}, user, build=players)
say(row.pk)
"""

ENQUEUE = PRELUDE + """
row = models.Tournament.objects.get(slug="kill")
user = get_user_model().objects.get(username="arb")
if os.environ.get("KILL") == "before-push":  # the web process dies between the status and the push
    class Dying:
        def enqueue(self, *a, **k):
            say("STATUS WRITTEN")
            os.kill(os.getpid(), signal.SIGKILL)
    jobs.queue = lambda name="": Dying()
say(jobs.enqueue("pair", row, user))
"""

WORKER = PRELUDE + """
from rq import SimpleWorker
import redis
original = jobs.JOBS["pair"]
def pair(row, user):
    say("RUNNING")
    if os.environ.get("KILL") == "mid-job":
        time.sleep(30)  # killed here
    message = original(row, user)
    say("COMMITTED")
    if os.environ.get("KILL") == "after-commit":
        time.sleep(30)  # killed here, the round saved, the status still "running"
    return message
jobs.register("pair", pair)
SimpleWorker([jobs.QUEUE], connection=redis.Redis.from_url(os.environ["REDIS_URL"])).work(burst=True)
say("WORKER DONE")
"""

RESULTS = PRELUDE + """
row = models.Tournament.objects.get(slug="kill")
user = get_user_model().objects.get(username="arb")
rnd = service.state(row).paired_rounds
service.enter_results(row, rnd, {b: "1-0" for b in range(1, len(service.state(row).round(rnd).boards) + 1)}, user)
"""

CHECK = PRELUDE + """
time.sleep(float(os.environ.get("WAIT", "0")))
row = models.Tournament.objects.get(slug="kill")
job = jobs.current(row.pk) or {}
say(job.get("state") or "none", service.state(row).paired_rounds, jobs.dead({**job, "pk": row.pk}) if job else False)
"""


def _redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    if not _redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "ARBITRO_JOBS_EAGER"}}
    return {**clean, "DJANGO_SETTINGS_MODULE": "arbitro.web.settings", "ARBITRO_DATA_DIR": str(tmp_path),
            "REDIS_URL": f"redis://127.0.0.1:6379/{REDIS_DB}", "TEST_QUEUE": f"arbitro-kill-{uuid.uuid4().hex}",
            "ARBITRO_PREBUILD": "0", "PYTHONPATH": os.pathsep.join(sys.path)}  # fmt: skip


def _run(code: str, env: dict[str, str], *, kill_on: str = "", **extra: str) -> tuple[int, str]:
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**env, **extra})  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    if kill_on:
        for line in proc.stdout:
            lines.append(line)
            if line.strip() == kill_on:
                proc.send_signal(signal.SIGKILL)
                break
    out, err = proc.communicate(timeout=180)
    text = "".join(lines) + out
    if not kill_on:
        assert proc.returncode == 0, err[-3000:]
    else:
        assert proc.returncode == -signal.SIGKILL, (text, err[-3000:])
    return proc.returncode, text


def _check(env: dict[str, str], wait: float = 0.0) -> list[str]:
    return _run(CHECK, env, WAIT=str(wait))[1].split()


def test_worker_killed_mid_job_is_reported_and_the_desk_pairs_again(env: dict[str, str]) -> None:
    _run(SETUP, env)
    _run(ENQUEUE, env)
    _run(WORKER, env, kill_on="RUNNING", KILL="mid-job")
    assert _check(env) == ["running", "0", "False"]  # within the lease: still in progress
    state, paired, _dead = _check(env, wait=6.5)  # the lease has run out: reported, not "in progress"
    assert (state, paired) == ("failed", "0")
    _run(ENQUEUE, env)  # not refused as "already under way" (the script would fail)
    assert "WORKER DONE" in _run(WORKER, env)[1]
    assert _check(env)[:2] == ["done", "1"]


def test_worker_killed_after_the_commit_pairs_no_round_twice(env: dict[str, str]) -> None:
    _run(SETUP, env)
    _run(ENQUEUE, env)
    _run(WORKER, env, kill_on="COMMITTED", KILL="after-commit")
    state, paired, _dead = _check(env, wait=6.5)
    assert (state, paired) == ("failed", "1")  # the desk says the worker stopped; the round is there
    _run(RESULTS, env)
    _run(ENQUEUE, env)
    assert "WORKER DONE" in _run(WORKER, env)[1]
    assert _check(env)[:2] == ["done", "2"]  # the next round, once


def test_web_killed_between_the_status_and_the_push_leaves_no_lock(env: dict[str, str]) -> None:
    _run(SETUP, env)
    _run(ENQUEUE, env, kill_on="STATUS WRITTEN", KILL="before-push")
    assert _check(env) == ["queued", "0", "False"]  # within the push grace
    state, paired, _dead = _check(env, wait=6.5)  # no such job in Redis: reported, free again
    assert (state, paired) == ("failed", "0")
    _run(ENQUEUE, env)
    assert "WORKER DONE" in _run(WORKER, env)[1]
    assert _check(env)[:2] == ["done", "1"]


def test_a_queued_job_waiting_for_a_worker_is_not_taken_for_dead(env: dict[str, str]) -> None:
    _run(SETUP, env)
    _run(ENQUEUE, env)
    assert _check(env, wait=6.5) == ["queued", "0", "False"]  # no worker yet: it waits, it is not lost
    assert "WORKER DONE" in _run(WORKER, env)[1]
    assert _check(env)[:2] == ["done", "1"]


def test_a_running_job_that_beats_is_alive_past_the_lease(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from arbitro.web import jobs

    monkeypatch.setattr(jobs, "HEARTBEAT", 0.05)
    monkeypatch.setattr(jobs, "LEASE", 0.3)
    long_ago = time.time() - 10
    job = {"pk": 987654, "state": "running", "queued": long_ago, "started": long_ago, "job": "j-1"}
    with jobs._Heartbeat(987654, "j-1"):
        time.sleep(0.6)
        assert not jobs.dead(job)
        assert jobs.dead({**job, "job": "j-other"})  # another job's beats do not keep this one alive
    time.sleep(0.6)
    assert jobs.dead(job)
