"""Reading a JSON document named on the command line: one message for an unreadable or invalid file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arbitro.errors import ArbitroError


def read_json(path: Path) -> Any:
    """The document in ``path``; ``ArbitroError`` naming the file (and line:column) otherwise (exit 2)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ArbitroError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ArbitroError(f"{path}:{exc.lineno}: JSON: {exc.msg} (column {exc.colno})") from None
