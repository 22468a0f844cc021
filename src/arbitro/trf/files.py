"""Reading and writing TRF files on disk: the only I/O of the TRF package.

Writes are atomic: the text goes to a temporary file in the same folder,
is flushed to disk, then renamed over the target, so a crash leaves either
the old file or the new one, never half of one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.trf.diagnostics import TrfError
from arbitro.trf.reader import ParseResult, parse_trf
from arbitro.trf.writer import format_trf

__all__ = ["atomic_write_text", "load_trf", "read_trf", "write_trf"]


def load_trf(path: str | os.PathLike[str], *, validate: bool = True) -> ParseResult:
    """Parse the file at ``path``; a missing or unreadable file is an :class:`ArbitroError`."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ArbitroError(f"{p}: no such file") from None
    except IsADirectoryError:
        raise ArbitroError(f"{p}: is a folder, expected a TRF file") from None
    except OSError as exc:
        raise ArbitroError(f"{p}: cannot read: {exc.strerror}") from None
    return parse_trf(data, str(p), validate=validate)


def read_trf(path: str | os.PathLike[str]) -> Tournament:
    """The tournament in the file at ``path``; raises :class:`TrfError` if it has errors."""
    result = load_trf(path)
    if result.errors:
        raise TrfError(result.diagnostics)
    return result.tournament


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


def write_trf(t: Tournament, path: str | os.PathLike[str], version: str = "trf26") -> None:
    """Write ``t`` as TRF (``trf26`` or ``trf16``) to ``path``, atomically, UTF-8."""
    atomic_write_text(path, format_trf(t, version))
