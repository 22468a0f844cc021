"""Where the reference programs are: the one place tests, tools and benchmarks look (issue 32).

The reference programs are never committed (their code, binaries and build recipes stay outside the
repository). Each is found by its own environment variable first, then in one folder of reference
programs, ``$ARBITRO_REFS``, which defaults to ``refs`` beside the clone (``<clone>/../refs``), so
the repository names no machine path:

==================  ===========================  ==============================================
program             variable                     default under ``$ARBITRO_REFS``
==================  ===========================  ==============================================
bbpPairings v6.0.0  ``ARBITRO_BBP``              ``bbpPairings/bbpPairings.exe``
TieBreakServer      ``ARBITRO_TEC`` (folder),    ``TieBreakServer`` (its ``.venv/bin/python``
(FIDE's TEC)        ``ARBITRO_TEC_PYTHON``       when present, else this Python; needs networkx)
Gacrux              ``ARBITRO_GACRUX`` (a Python  —
                    with the ``gacrux`` package)
Burstein files      ``ARBITRO_BURSTEIN_BBP``     ``burstein-gen/bbp`` (``bbpPairings --burstein -g``)
py4swiss            ``PY4SWISS_PYTHON``          ``py4swiss/.venv/bin/python``
chesspairing (Go)   ``CHESSPAIRING``             ``go-bin/chesspairing``
==================  ===========================  ==============================================

``BBPPAIRINGS`` is read too, as the older name of ``ARBITRO_BBP``. Everything here uses only the
standard library: tools import it as a sibling module, the tests through ``tests/conftest.py``
(which puts ``tools/`` on ``sys.path``) and the benchmarks the same way.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "Tec",
    "bbp_or_default",
    "burstein_folder",
    "chesspairing",
    "find_bbp",
    "find_tec",
    "find_tec_folder",
    "gacrux_python",
    "py4swiss_python",
    "refs_dir",
]

CLONE = Path(__file__).resolve().parents[1]


def refs_dir() -> Path:
    """The folder of reference programs: ``$ARBITRO_REFS``, else ``refs`` beside the clone."""
    env = os.environ.get("ARBITRO_REFS")
    return Path(env) if env else CLONE.parent / "refs"


def _executable(path: Path) -> Path | None:
    return path if path.is_file() and os.access(path, os.X_OK) else None


def bbp_or_default() -> Path:
    """bbpPairings' executable as configured (it may not exist: for a ``--bbp`` default)."""
    env = os.environ.get("ARBITRO_BBP") or os.environ.get("BBPPAIRINGS")
    return Path(env) if env else refs_dir() / "bbpPairings" / "bbpPairings.exe"


def find_bbp() -> Path | None:
    """bbpPairings' executable, or ``None`` when it is not on this machine."""
    return _executable(bbp_or_default())


def find_tec_folder() -> Path | None:
    """The TieBreakServer folder (``trf2json.py`` and ``tiebreakchecker.py`` in it), or ``None``."""
    env = os.environ.get("ARBITRO_TEC")
    folder = Path(env) if env else refs_dir() / "TieBreakServer"
    if (folder / "trf2json.py").is_file() and (folder / "tiebreakchecker.py").is_file():
        return folder
    return None


def tec_python(folder: Path) -> str:
    """The Python that runs TEC: ``$ARBITRO_TEC_PYTHON``, its own ``.venv``, else this one."""
    env = os.environ.get("ARBITRO_TEC_PYTHON")
    if env:
        return env
    own = folder / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


@dataclass(frozen=True, slots=True)
class Tec:
    """FIDE's TEC (TieBreakServer): its folder and a Python that can run it."""

    folder: Path
    python: str


def find_tec() -> Tec | None:
    """FIDE's TEC reader and checker with a Python that imports networkx, or ``None``."""
    folder = find_tec_folder()
    if folder is None:
        return None
    python = tec_python(folder)
    probe = subprocess.run([python, "-c", "import networkx"], capture_output=True, check=False)
    return Tec(folder, python) if probe.returncode == 0 else None


def gacrux_python() -> str | None:
    """``$ARBITRO_GACRUX``: a Python with FIDE's ``gacrux`` package, or ``None``."""
    return os.environ.get("ARBITRO_GACRUX") or None


def burstein_folder() -> Path:
    """Files written by ``bbpPairings --burstein -g`` (may not exist)."""
    env = os.environ.get("ARBITRO_BURSTEIN_BBP")
    return Path(env) if env else refs_dir() / "burstein-gen" / "bbp"


def py4swiss_python() -> str:
    """A Python with py4swiss installed, or ``""`` when none is configured or present."""
    env = os.environ.get("PY4SWISS_PYTHON")
    if env:
        return env
    own = refs_dir() / "py4swiss" / ".venv" / "bin" / "python"
    return str(own) if own.exists() else ""


def chesspairing() -> str:
    """The chesspairing (Go) command, or ``""`` when none is configured or present."""
    env = os.environ.get("CHESSPAIRING")
    if env:
        return env
    own = _executable(refs_dir() / "go-bin" / "chesspairing")
    return str(own) if own else ""
