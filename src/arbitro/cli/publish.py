"""``arbitro publish``: push a tournament's event log to another Arbitro installation (issue 37 item 5).

The venue's laptop runs the tournament with ``arbitro tournament`` (``NAME.trf`` and its log
``NAME.events.jsonl``); ``arbitro publish NAME.trf --to https://server --token T`` sends the log to
the server's ``/api/v1/push/<slug>`` (docs/api.md) in batches. It first asks the server where its
log stands (count and digest), checks that the server's events are the first of its own (else the
logs have diverged: refused, nothing sent), then sends the rest from there. A dropped connection,
a timeout or a busy server (429, 5xx) is retried with a growing pause, each time from the server's
position again, so a batch the server got before the connection dropped is never appended twice.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.errors import ArbitroError
from arbitro.tournament import Event
from arbitro.tournament.logdigest import log_digest

BATCH = 100


class _Transient(Exception):
    """A failure worth retrying (connection, timeout, 429, 5xx); ``wait``: the server's Retry-After."""

    def __init__(self, why: str, wait: float = 0.0) -> None:
        super().__init__(why)
        self.wait = wait


@dataclass(frozen=True, slots=True)
class Pushed:
    """What a publish did: the server's event count at the end, events sent and appended, retries."""

    count: int
    appended: int
    retries: int


def _language() -> str:
    lang = os.environ.get("LC_ALL") or os.environ.get("LC_MESSAGES") or os.environ.get("LANG") or "en"
    return lang[:2] if lang[:2].isalpha() else "en"


def _call(url: str, token: str, body: dict[str, Any] | None, timeout: float) -> dict[str, Any]:
    data = None if body is None else json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    req.add_header("Authorization", f"Bearer {token}")
    req.add_header("Accept-Language", _language())
    if data is not None:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            answer = json.loads(resp.read())
    except urllib.error.HTTPError as err:
        try:
            detail = json.loads(err.read())
        except (ValueError, OSError):
            detail = {}
        if err.code == 429 or err.code >= 500:
            raise _Transient(f"HTTP {err.code}", float(err.headers.get("Retry-After") or 0)) from None
        if err.code == 409 and detail.get("error") in ("gap", "changed_meanwhile"):
            raise _Transient(str(detail.get("detail", "")), 0.0) from None
        raise ArbitroError(f"{url}: {err.code} {detail.get('detail') or err.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as err:  # refused, reset, timeout, a cut answer
        raise _Transient(str(getattr(err, "reason", err))) from None
    if not isinstance(answer, dict):
        raise _Transient("an answer that is not a JSON object")
    return answer


def publish(
    events: Sequence[Event],
    server: str,
    token: str,
    slug: str,
    *,
    batch: int = BATCH,
    retries: int = 8,
    pause: float = 0.5,
    timeout: float = 30.0,
    echo: Callable[[str], None] = lambda _text: None,
) -> Pushed:
    """Push ``events`` (the whole local log) to ``server`` as tournament ``slug`` (see the module)."""
    url = server.rstrip("/") + "/api/v1/push/" + urllib.parse.quote(slug)
    mine = [(e.kind, e.payload) for e in events]
    failures = total_retries = appended = 0
    while True:
        try:
            position = _call(url, token, None, timeout)
            count = int(position["count"])
            if count > len(mine) or log_digest(mine[:count]) != position["digest"]:
                raise ArbitroError(
                    f"{slug}: the server's log ({count} events) is not the beginning of this one ({len(mine)} events): "
                    "the logs have diverged; nothing was sent"
                )
            if count == len(mine):
                return Pushed(count, appended, total_retries)
            chunk = mine[count : count + batch]
            body = {"start": count, "events": [{"kind": k, "payload": p} for k, p in chunk]}
            answer = _call(url, token, body, timeout)
            appended += int(answer.get("appended", 0))
            echo(f"{slug}: {answer.get('count')} / {len(mine)} events on the server")
            failures = 0
        except _Transient as err:
            failures += 1
            total_retries += 1
            if failures > retries:
                raise ArbitroError(f"{url}: gave up after {retries} retries: {err}") from None
            wait = max(err.wait, min(pause * 2 ** (failures - 1), 30.0)) * (1 + random.random() / 4)
            echo(f"{slug}: {err}; again in {wait:.1f} s")
            time.sleep(wait)


def web_log(slug: str) -> list[Event]:
    """The event log of tournament ``slug`` in this installation's web database (``arbitro serve``'s)."""
    from arbitro.web import setup

    setup()
    from arbitro.web.tournaments import eventlog, models

    row = models.Tournament.objects.filter(slug=slug).first()
    if row is None:
        raise ArbitroError(f"{slug}: no such tournament in this installation's web database")
    if not eventlog.is_event_based(row) or eventlog.is_team(row):
        raise ArbitroError(
            f"{slug}: an imported file not yet run at the desk, or a team competition, has no event log to publish"
        )
    return eventlog.log(row)


def default_slug(file: Path) -> str:
    """The server's name of a tournament file: its name in lowercase letters, digits and dashes."""
    stem = file.name.removesuffix(".trf").removesuffix(".TRF").lower()
    return re.sub(r"[^a-z0-9_]+", "-", stem).strip("-")[:80] or "tournament"


def register(app: typer.Typer) -> None:
    @app.command("publish")
    def publish_cmd(
        file: Annotated[
            Path,
            typer.Argument(
                help="The tournament's TRF file (its log NAME.events.jsonl is sent); with --web, the slug of a "
                "tournament in this installation's web database."
            ),
        ],
        to: Annotated[str, typer.Option("--to", help="The server's address, e.g. https://results.example.org")],
        token: Annotated[
            str | None, typer.Option("--token", help="The organisation's API token (default: $ARBITRO_TOKEN).")
        ] = None,
        slug: Annotated[
            str | None, typer.Option("--slug", help="The tournament's name on the server (default: the file's name).")
        ] = None,
        batch: Annotated[int, typer.Option("--batch", min=1, max=500, help="Events per request.")] = BATCH,
        retries: Annotated[int, typer.Option("--retries", min=0, help="Retries in a row after a failure.")] = 8,
        timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for each answer.")] = 30.0,
        web: Annotated[
            bool, typer.Option("--web", help="Send a tournament of this installation's web database (by slug).")
        ] = False,
    ) -> None:
        """Publish a tournament to a federation server: push its event log (resumable, never duplicated)."""
        from arbitro.cli.tournament import log_path, read_log

        secret = token or os.environ.get("ARBITRO_TOKEN", "")
        if not secret:
            raise ArbitroError("--token: the organisation's API token is needed (or $ARBITRO_TOKEN)")
        if not to.startswith(("http://", "https://")):
            raise ArbitroError(f"--to: expected an http:// or https:// address, got {to!r}")
        if web:
            events = web_log(str(file))
            name = slug or str(file)
        else:
            events = read_log(log_path(file))
            name = slug or default_slug(file)
        done = publish(events, to, secret, name, batch=batch, retries=retries, timeout=timeout, echo=typer.echo)
        typer.echo(f"{name}: the server has all {done.count} events ({done.appended} sent now, {done.retries} retries)")
