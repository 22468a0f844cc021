"""Start-up of ``arbitro serve`` for the web benchmarks (load_public_pages.py, web_offload.py).

Loopback only (never another machine); the server's log goes to a file (a pipe nobody reads
fills up and stalls every worker).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

HOST = "127.0.0.1"  # loopback only, never another machine


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def arbitro_exe() -> Path:
    """The ``arbitro`` script beside this interpreter (the venv's)."""
    return Path(sys.executable).with_name("arbitro")


def start_server(port: int, workers: int, log: IO[str]) -> subprocess.Popen[str]:
    """``arbitro serve`` (gunicorn, ``workers`` x 4 threads) on 127.0.0.1:``port``, with this environment."""
    return subprocess.Popen(
        [str(arbitro_exe()), "serve", "--host", HOST, "--port", str(port), "--workers", str(workers)],
        env={**os.environ}, stdout=subprocess.DEVNULL, stderr=log, text=True,
    )  # fmt: skip


def wait_listening(port: int, tries: int = 300) -> None:
    """Wait (at most ``tries`` x 0.2 s) until something accepts connections on ``port``."""
    for _ in range(tries):
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
