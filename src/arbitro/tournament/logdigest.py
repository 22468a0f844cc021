"""The fingerprint of an event log, shared by the server and the client of a push (issue 37 item 5).

An event is its ``kind`` and ``payload`` (time and author are the installation's own: the web keeps
them in its rows, the CLI in its lines); the digest of a log is the SHA-256 of one canonical JSON
line per event (keys sorted), so two installations holding the same events in the same order give
the same digest whatever their storage.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any


def canonical(kind: str, payload: Mapping[str, Any]) -> str:
    """One event as canonical JSON (sorted keys, no spaces): what a push compares and hashes."""
    return json.dumps({"kind": kind, "payload": payload}, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def log_digest(events: Iterable[tuple[str, Mapping[str, Any]]]) -> str:
    """The SHA-256 (hex) of a log given as ``(kind, payload)`` pairs in order."""
    h = hashlib.sha256()
    for kind, payload in events:
        h.update(canonical(kind, payload).encode())
        h.update(b"\n")
    return h.hexdigest()
