"""The process killed at random points (issue 11 §2): no half-written file, a consistent database, a restart resumes.

Everything runs in child processes killed with SIGKILL (no clean-up handler runs):

* TRF export (``arbitro.trf.write_trf``) and backups (``arbitro.web.ops.atomic``): the
  target is always one whole version, old or new, never a part;
* pairing and result entry at the desk (``arbitro.web.tournaments.service`` on a SQLite
  file, WAL): after every kill the event log has no gap and replays, no second copy of the state
  is written beside it, the status is the replay's; a restarted worker resumes and finishes the tournament.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL")

TRF_FIXTURES = FIXTURES / "trf"


def _spawn(code: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})},
    )


def _kill_after(proc: subprocess.Popen[str], lines: int, delay: float) -> None:
    """Let the child print ``lines`` progress lines, wait ``delay`` s, then SIGKILL it."""
    assert proc.stdout is not None
    for _ in range(lines):
        if not proc.stdout.readline():
            break
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)


WRITER = """
    import sys
    from pathlib import Path
    from arbitro.trf import read_trf, write_trf
    from arbitro.web.ops.atomic import write_atomic
    a, b = read_trf(sys.argv[1]), read_trf(sys.argv[2])
    out, zipped = Path(sys.argv[3]), Path(sys.argv[4])
    blob = [bytes([i]) * 3_000_000 for i in (65, 66)]
    i = 0
    while True:
        write_trf((a, b)[i % 2], out)
        write_atomic(zipped, lambda f: f.write(blob[i % 2]))
        print(i, flush=True)
        i += 1
"""


def test_trf_export_and_backup_files_are_never_half_written(tmp_path: Path) -> None:
    from arbitro.trf import format_trf, read_trf

    files = sorted(TRF_FIXTURES.glob("*.trf"), key=lambda p: -p.stat().st_size)[:2]
    whole = {format_trf(read_trf(f)) for f in files}
    out, blob = tmp_path / "export.trf", tmp_path / "backup.zip"
    rng = random.Random(11)
    for _ in range(6):
        proc = _spawn(WRITER.replace("sys.argv[1]", repr(str(files[0]))).replace("sys.argv[2]", repr(str(files[1])))
                      .replace("sys.argv[3]", repr(str(out))).replace("sys.argv[4]", repr(str(blob))))
        _kill_after(proc, rng.randint(1, 3), rng.uniform(0, 0.05))
        assert out.read_text(encoding="utf-8") in whole
        data = blob.read_bytes()
        assert len(data) == 3_000_000 and data in (b"A" * 3_000_000, b"B" * 3_000_000)
    # only whole files under their names; a killed write may leave its hidden temporary file, never the target
    assert {p.name for p in tmp_path.iterdir() if not p.name.startswith(".")} == {"export.trf", "backup.zip"}


WORKER = """
    import random, sys
    from arbitro.web import setup
    setup()
    from django.core.management import call_command
    call_command("migrate", interactive=False, verbosity=0)
    from django.contrib.auth import get_user_model
    from arbitro.web.tournaments import models, service
    user, _ = get_user_model().objects.get_or_create(username="crash")
    row = models.Tournament.objects.filter(name="Crash").first()
    if row is None:
        row = service.create({"name": "Crash", "system": "swiss", "rounds": 3}, user)
    rng = random.Random()
    while True:
        row.refresh_from_db()
        st = service.state(row)
        if not st.header.players:
            service.register_many(row, "\\n".join(f"Crash{i}, C; {2000 - 25 * i}" for i in range(8)), user)
        elif not st.rounds or st.rounds[-1].complete:
            if st.paired_rounds >= st.total_rounds:
                print("DONE", flush=True)
                break
            service.pair_next(row, user)
        else:
            rnd = st.paired_rounds
            boards = st.round(rnd).boards
            open_ = [i for i, g in enumerate(boards, 1) if not g.has_result]
            if open_ and rng.random() < 0.85:
                b = rng.choice(open_)
                service.enter_results(row, rnd, {b: rng.choice(["1-0", "0-1", "½-½"])}, user)
            else:  # a correction
                done = [i for i, g in enumerate(boards, 1) if g.has_result]
                if done:
                    service.enter_results(row, rnd, {rng.choice(done): rng.choice(["1-0", "0-1", "½-½"])}, user)
        print("step", flush=True)
"""

VERIFY = """
    from arbitro.web import setup
    setup()
    from arbitro.trf import format_trf
    from arbitro.web.tournaments import models, service
    for row in models.Tournament.objects.all():
        seqs = list(row.events.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, len(seqs) + 1)), seqs
        st = service.state(row)
        core = service.to_model(st)
        assert not core.players or format_trf(core)  # the replayed log writes a whole TRF
        assert row.state_trf == "", "a second copy of the state was written beside the log"
        assert row.status == service._status(st), "the status cache differs from the replayed log"
        print(row.name, len(seqs), st.paired_rounds, st.rounds[-1].complete if st.rounds else None)
"""


def test_killed_during_pairing_and_result_entry_the_database_stays_consistent_and_a_restart_resumes(
    tmp_path: Path,
) -> None:
    env = {"DJANGO_SETTINGS_MODULE": "arbitro.web.settings", "ARBITRO_DATA_DIR": str(tmp_path)}
    env_clean = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    rng = random.Random(7)

    def run(code: str) -> subprocess.Popen[str]:
        return subprocess.Popen(
            [sys.executable, "-c", textwrap.dedent(code)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**env_clean, **env},
        )

    for _ in range(3):
        _kill_after(run(WORKER), rng.randint(2, 12), rng.uniform(0, 0.03))
        check = run(VERIFY)
        out, err = check.communicate(timeout=120)
        assert check.returncode == 0, out + err
    final = run(WORKER)  # a restart resumes and finishes the tournament
    out, err = final.communicate(timeout=300)
    assert final.returncode == 0 and "DONE" in out, err[-3000:]
    check = run(VERIFY)
    out, err = check.communicate(timeout=120)
    assert check.returncode == 0, out + err
    name, events, rounds, complete = out.split()
    assert (name, rounds, complete) == ("Crash", "3", "True")
