"""Reading and writing TRF files on disk: the only I/O of the TRF package.

Writes are atomic: the text goes to a temporary file in the same folder,
is flushed to disk, then renamed over the target, so a crash leaves either
the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_TRF_BYTES
from arbitro.model import Tournament
from arbitro.trf.diagnostics import Diagnostic, TrfError
from arbitro.trf.reader import ParseResult, parse_trf
from arbitro.trf.writer import format_trf

__all__ = ["atomic_write_text", "load_trf", "open_regular", "read_input", "read_trf", "warn_on_stderr", "write_trf"]


def open_regular(path: str | os.PathLike[str], what: str = "file") -> BinaryIO:
    """Open ``path`` for reading if it is a regular file (limits.md: no devices, FIFOs, folders).

    ``/dev/zero`` or a FIFO named as a TRF would otherwise be read until memory runs out.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ArbitroError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise ArbitroError(f"{p}: is a folder, expected a {what}") from None
    except OSError as exc:
        raise ArbitroError(f"{p}: cannot read: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ArbitroError(f"{p}: is a folder, expected a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise ArbitroError(f"{p}: not a regular file (a device, pipe or socket), expected a {what}")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_input(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; :class:`ArbitroError` otherwise."""
    p = Path(path)
    with open_regular(p, what) as fh:
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise ArbitroError(f"{p}: cannot read: {exc.strerror}") from None
    if len(data) > limit:
        raise ArbitroError(f"{p}: larger than {limit // (1024 * 1024)} MB, expected a {what} (limits.md)")
    return data


def load_trf(path: str | os.PathLike[str], *, validate: bool = True) -> ParseResult:
    """Parse the file at ``path``; a missing, unreadable or oversized file is an :class:`ArbitroError`."""
    p = Path(path)
    data = read_input(p, MAX_TRF_BYTES, "TRF file")
    return parse_trf(data, str(p), validate=validate)


def read_trf(path: str | os.PathLike[str], warn: Callable[[Diagnostic], object] | None = None) -> Tournament:
    """The tournament in the file at ``path``; raises :class:`TrfError` if it has errors.

    ``warn`` receives the warnings about the whole file (a file that is not UTF-8, read as Latin-1:
    never silently, issue 38), so a command that prints no other warning still says so.
    """
    result = load_trf(path)
    if not result.ok:
        raise TrfError(result.diagnostics, result.error_count)
    if warn is not None:
        for d in result.warnings:
            if d.field == "file":
                warn(d)
    return result.tournament


def warn_on_stderr(d: Diagnostic) -> None:
    """Print one diagnostic on stderr (the faces' ``warn`` for :func:`read_trf`)."""
    sys.stderr.write(f"{d}\n")


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (temporary file + fsync + rename)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise ArbitroError(f"{target}: cannot write: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_trf(t: Tournament, path: str | os.PathLike[str], version: str = "trf26", *, strict: bool = False) -> None:
    """Write ``t`` as TRF (``trf26`` or ``trf16``, ``strict``: see :func:`format_trf`) to ``path``, atomically, UTF-8."""
    atomic_write_text(path, format_trf(t, version, strict=strict))
