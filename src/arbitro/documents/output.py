"""The one I/O function of the documents package: write bytes or text files atomically."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from arbitro.errors import ArbitroError

__all__ = ["write_output", "write_tree"]


def write_output(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write ``data`` to ``path`` (temporary file + rename, so a reader never sees half a PDF)."""
    target = Path(path)
    if target.is_dir():
        raise ArbitroError(f"{target}: is a folder, expected a file name")
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise ArbitroError(f"{target}: folder {folder} does not exist")
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = folder / f".{target.name}.tmp"
    try:
        tmp.write_bytes(raw)
        os.replace(tmp, target)
    except OSError as err:
        raise ArbitroError(f"{target}: cannot write: {err.strerror}") from None


def write_tree(folder: str | os.PathLike[str], files: Mapping[str, bytes | str]) -> list[Path]:
    """Write ``files`` (relative path -> content) under ``folder``, creating sub-folders."""
    root = Path(folder)
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ArbitroError(f"{root}: cannot create the folder: {err.strerror}") from None
    written: list[Path] = []
    for rel, data in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        write_output(target, data)
        written.append(target)
    return written
