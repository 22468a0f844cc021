"""The one place that says where the test fixtures are: ``tests/fixtures`` (see its README.md).

The files there are byte-for-byte copies of the project's reference material (the output of
bbpPairings, FIDE's tie-break checker, the Berger generator, public TRF files), kept in the
repository so that a fresh clone's tests need nothing beside it (issue 31 §3).
Large JSON is stored gzip-compressed; :func:`read_json` reads either form.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: FIDE TEC tie-break checker 1.9.57 values for every ``dutch/`` and ``roundrobin/`` file (gzip of expected.json).
TIEBREAKS_EXPECTED = FIXTURES / "tiebreaks" / "expected.json.gz"


def fixture_files(folder: str) -> list[Path]:
    """The ``*.trf`` files of ``tests/fixtures/<folder>``, sorted by name."""
    return sorted((FIXTURES / folder).glob("*.trf"))


def read_json(path: Path) -> Any:
    """The JSON document at ``path``, gunzipped first when the name ends in ``.gz``."""
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return json.load(fh)
    return json.loads(path.read_text(encoding="utf-8"))
