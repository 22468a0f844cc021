"""``python3 dev.py run`` stops the server it started; a busy port gives one clear message (issue 20)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbitro.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_dev_run_child_is_stopped_when_dev_py_is_terminated(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    child = f"import os, time; open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(60)"
    parent = subprocess.Popen(
        [sys.executable, "-c", f"import sys, dev; sys.exit(dev.run_child([sys.executable, '-c', {child!r}]))"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    for _ in range(100):
        if pid_file.exists() and pid_file.read_text():
            break
        time.sleep(0.05)
    child_pid = int(pid_file.read_text())
    parent.send_signal(signal.SIGTERM)
    out, _ = parent.communicate(timeout=20)
    assert parent.returncode == 130 and "stopped the server" in out
    with pytest.raises(ProcessLookupError):
        for _ in range(50):
            os.kill(child_pid, 0)  # still there?
            time.sleep(0.1)


def test_serve_on_a_busy_port_is_one_message(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    captured = capsys.readouterr()
    assert f"port {port} on 127.0.0.1 is already in use" in captured.err and "--port" in captured.err
    assert "Arbitro is at" not in captured.out
