"""Reading a JSON document named on the command line: one message for an unreadable or invalid file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arbitro.limits import MAX_JSON_BYTES, loads_json
from arbitro.trf.files import read_input


def read_json(path: Path, what: str = "JSON file") -> Any:
    """The document in ``path``; ``ArbitroError`` naming the file (and line:column) otherwise (exit 2).

    Within the limits of docs/formats/limits.md: a regular file of at most 8 MB, UTF-8, nested at
    most 32 deep, no NaN/Infinity, integers of at most 18 digits, strings of at most 10,000 characters.
    """
    return loads_json(read_input(path, MAX_JSON_BYTES, what), str(path))
