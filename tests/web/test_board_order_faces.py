"""One board order on every face (issue 14): the web page, the pairing PDF, the CLI and the static site.

For every round of the fixtures (tests/fixtures/dutch, roundrobin, trf) the
four faces list the same boards in the same order, and that order is C.04.2
(2026) 3.6 computed independently here from the Dutch engine's own state
(:func:`arbitro.pairing.dutch_state.build_state` and
:func:`arbitro.pairing.colours.board_key`, pairing scores with the C.04.7
virtual points), or the Berger table's order (C.05 Annex 1) for a round robin
whose games are those of the table.

The web face is checked twice: the TRF as imported, and after the desk adopted
it (its event log, ``service.adopt``), where the log keeps the boards in the
import's order. The default run checks a sample (every kind of file: byes,
forfeits, 3-1-0 scoring, a double round robin, accelerated pairings (XXA), a
round robin out of Berger order); ``-m slow`` (or ARBITRO_SLOW=1) every file.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from tests.fixture_paths import FIXTURES

from arbitro.cli.tournament import pairing_lines
from arbitro.documents import site, tournament_pdf
from arbitro.documents.labels import Labels
from arbitro.documents.layout import Doc
from arbitro.errors import ArbitroError
from arbitro.model import Colour, Tournament
from arbitro.pairing.berger import berger_table, is_double_round_robin
from arbitro.pairing.colours import board_key
from arbitro.pairing.dutch_state import build_state
from arbitro.tournament import replay
from arbitro.tournament.importing import events_from_tournament
from arbitro.trf import parse_trf
from arbitro.web.tournaments import eventlog, models, service, store

pytestmark = pytest.mark.django_db

FILES = [p for folder in ("dutch", "roundrobin", "trf") for p in sorted((FIXTURES / folder).glob("*.trf"))]
SAMPLE = {
    "d004-p11-r6.trf",
    "d005-p9-r4.trf",
    "rr001-p9.trf",
    "rr008-p5-double.trf",
    "small-swiss7-byes-forfeits.trf",
    "small-rr6-forfeit.trf",
    "uzchess-cup-2025-rr.trf",
    "capo-dorso-2012.trf",
    "gros-2010-after-round4.trf",
}
Pair = tuple[int, int]


def _read(path: Path) -> tuple[str, Tournament]:
    text = path.read_text(encoding="utf-8", errors="replace")
    return text, parse_trf(text, source=path.name, validate=False).tournament


def _pairs(t: Tournament, r: int) -> set[Pair]:
    """The games of round ``r`` as recorded (White first; no colour: the lower start rank first)."""
    out: set[Pair] = set()
    for p in t.players.values():
        res = p.result(r)
        if res is None or res.opponent is None or res.opponent not in t.players:
            continue
        a, b = p.start_rank, res.opponent
        if res.colour is Colour.BLACK or (res.colour not in (Colour.WHITE, Colour.BLACK) and b < a):
            a, b = b, a
        out.add((a, b))
    return out


def _reference(t: Tournament, r: int) -> list[Pair]:
    """C.04.2 3.6 by the engine's board key (C.04.7 pairing scores); the Berger table's order (C.05 Annex 1)."""
    pairs = _pairs(t, r)
    n = len(t.players)
    if t.is_round_robin and n >= 2 and sorted(t.players) == list(range(1, n + 1)):
        table = berger_table(n, is_double_round_robin(t))
        if r <= len(table):
            board = {frozenset(pair): i for i, pair in enumerate(table[r - 1])}
            if all(frozenset(pair) in board for pair in pairs):
                return sorted(pairs, key=lambda pair: board[frozenset(pair)])
    states = {s.id: s for s in build_state(t, r).players}
    return sorted(pairs, key=lambda pair: board_key(states[pair[0]], states[pair[1]], True))


def _pdf(t: Tournament, r: int, monkeypatch: pytest.MonkeyPatch) -> list[Pair]:
    """The games table the pairing PDF lays out (its rows: board, No., White, ..., Black, No.)."""
    tables: list[list[list[Any]]] = []
    original = Doc.table

    def table(self: Doc, header: Any, rows: Any, *args: Any, **kwargs: Any) -> Any:
        tables.append(rows)
        return original(self, header, rows, *args, **kwargs)

    monkeypatch.setattr(Doc, "table", table)
    assert tournament_pdf.render_pairings_pdf(t, "en", round_number=r).startswith(b"%PDF")
    monkeypatch.setattr(Doc, "table", original)
    games = [row for rows in tables for row in rows if len(row) == 10]
    assert [row[0] for row in games] == list(range(1, len(games) + 1))
    return [(int(row[1]), int(row[9])) for row in games]


_SITE_ROW = re.compile(r'<tr><td>(\d+)</td><td(?: class="[^"]*")?>(\d+)</td>.*<td(?: class="[^"]*")?>(\d+)</td></tr>$')


def _site(t: Tournament) -> dict[int, list[Pair]]:
    """pairings.html of the static site, round by round."""
    out: dict[int, list[Pair]] = {}
    for part in site._pairings(t, Labels("en")).split('<h3 id="r')[1:]:
        number = int(part.split('"', 1)[0])
        rows = [m.groups() for m in map(_SITE_ROW.match, part.splitlines()) if m]
        assert [int(b) for b, _, _ in rows] == list(range(1, len(rows) + 1))
        out[number] = [(int(w), int(b)) for _, w, b in rows]
    return out


_CLI_ROW = re.compile(r"^\s*(\d+)\s+(\d+) (.*?) \(([^()\s]*)\)\s+(\S*)\s+(\d+) (.*) \(([^()\s]*)\)$")


def _cli(t: Tournament) -> dict[int, list[Pair]] | None:
    """``arbitro tournament show --round N`` of the file imported into an event log (None: no log possible).

    The imported log itself keeps the boards in that order, so a board number typed at
    ``arbitro tournament result`` or named in the audit trail is the board shown.
    """
    try:
        state = replay(events_from_tournament(t))
    except ArbitroError:
        return None
    out: dict[int, list[Pair]] = {}
    for r in range(1, state.paired_rounds + 1):
        rows = [m.groups() for m in map(_CLI_ROW.match, pairing_lines(state, r)[1:]) if m]
        assert [int(g[0]) for g in rows] == list(range(1, len(rows) + 1))
        out[r] = [(int(g[1]), int(g[5])) for g in rows]
        assert [(g.white, g.black) for g in state.round(r).boards] == out[r]
    return out


_WEB_ROW = re.compile(
    r'<tr><td>(\d+)</td><td(?: class="name")?><a href="[^"]*/player/(\d+)/">.*?<td(?: class="name")?><a href="[^"]*/player/(\d+)/">'
)


def _web(client: Any, row: models.Tournament, rounds: int) -> dict[int, list[Pair]]:
    """The public round pages of a tournament row."""
    out: dict[int, list[Pair]] = {}
    for r in range(1, rounds + 1):
        resp = client.get(reverse("tournaments:pairings", args=[row.slug, r]))
        assert resp.status_code == 200
        rows = _WEB_ROW.findall(resp.content.decode())
        assert [int(b) for b, _, _ in rows] == list(range(1, len(rows) + 1))
        out[r] = [(int(w), int(b)) for _, w, b in rows]
    return out


def _check(path: Path, client: Any, monkeypatch: pytest.MonkeyPatch, *, pdf_rounds: int | None = None) -> int:
    """Every face against C.04.2 3.6 for every round of one file; returns the rounds checked."""
    text, t = _read(path)
    rounds = t.played_rounds
    expected = {r: _reference(t, r) for r in range(1, rounds + 1)}
    assert _site(t) == {r: expected[r] for r in range(rounds, 0, -1)}, f"{path.name}: static site"
    for r in range(1, rounds + 1) if pdf_rounds is None else range(1, min(rounds, pdf_rounds) + 1):
        assert _pdf(t, r, monkeypatch) == expected[r], f"{path.name} round {r}: pairing PDF"
    cli = _cli(t)
    if cli is not None:
        assert cli == expected, f"{path.name}: CLI (tournament show)"
    row = store.import_trf(text, source=path.name)
    models.Tournament.objects.filter(pk=row.pk).update(published=True)
    row.refresh_from_db()
    assert _web(client, row, rounds) == expected, f"{path.name}: web page (imported TRF)"
    if cli is not None:  # the desk adopts it: the event log becomes the state
        service.adopt(row)
        row.refresh_from_db()
        eventlog.clear_cache()
        assert service.is_event_based(row)
        assert _web(client, row, rounds) == expected, f"{path.name}: web page (event log)"
    return rounds


@pytest.mark.parametrize("name", sorted(SAMPLE))
def test_same_board_order_on_every_face_C04_2_3_6(name: str, client: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    path = next(p for p in FILES if p.name == name)
    assert _check(path, client, monkeypatch) > 0


@pytest.mark.slow
def test_same_board_order_on_every_face_every_fixture_round(
    request: pytest.FixtureRequest, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every round of every fixture file (about 3 CPU minutes): only with ``-m slow`` or ARBITRO_SLOW=1."""
    if "slow" not in (request.config.getoption("markexpr") or "") and not os.environ.get("ARBITRO_SLOW"):
        pytest.skip("every fixture round: run with -m slow (or ARBITRO_SLOW=1)")
    checked = sum(_check(path, client, monkeypatch) for path in FILES)
    assert len(FILES) == 199 and checked > 1000
