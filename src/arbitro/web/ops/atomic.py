"""All-or-nothing files: write beside the target, flush to disk, then rename over it.

A crash at any point leaves either the old file or the new one, never half of one
(``os.replace`` is atomic on POSIX and Windows); the temporary file is removed on error.
"""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def atomic_path(target: Path, suffix: str = "") -> Iterator[Path]:
    """A temporary path beside ``target`` (same file system); on success it replaces ``target``."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    for stale in target.parent.glob(f".{glob.escape(target.name)}.*.part{suffix}"):
        # left by a process killed mid-write (a database backup holds password hashes; issue 21)
        with contextlib.suppress(OSError):
            stale.unlink()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=f".part{suffix}", dir=target.parent)
    os.close(fd)
    path = Path(tmp)
    try:
        yield path
        _fsync(path)
        os.replace(path, target)
        _fsync_dir(target.parent)
    except BaseException:
        with contextlib.suppress(OSError):
            path.unlink()
        raise


def write_atomic(target: Path, write: Callable[[IO[bytes]], object]) -> None:
    """``write(f)`` into a temporary binary file that then replaces ``target``."""
    with atomic_path(target) as tmp, open(tmp, "wb") as f:
        write(f)


def _fsync(path: Path) -> None:
    with open(path, "rb") as f:
        os.fsync(f.fileno())


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # pragma: no cover - directories cannot be opened there
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
