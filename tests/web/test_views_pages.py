"""The web pages print the rows of arbitro.views, as the PDFs and the static site do (issue 14)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from arbitro.standings import compute_standings
from arbitro.views import crosstable, player_card, standings_table
from arbitro.web.tournaments import models, store

pytestmark = pytest.mark.django_db


def _public(fixtures_dir, name: str) -> models.Tournament:
    row = store.import_trf((fixtures_dir / "trf" / name).read_text(encoding="utf-8"), source=name)
    models.Tournament.objects.filter(pk=row.pk).update(published=True)
    row.refresh_from_db()
    return row


def _cells(html: str, table: str) -> list[list[str]]:
    body = html.split(f'<table class="{table}">', 1)[1].split("</table>", 1)[0].split("<tbody>", 1)[1]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows]


def test_standings_ranks_decided_by_lot_are_starred_with_the_seed_C07_4_2(client, fixtures_dir) -> None:
    row = _public(fixtures_dir, "gros-2010-after-round4.trf")
    t = store.load(row)
    table = standings_table(t, compute_standings(t, after_round=t.played_rounds))
    assert table.by_lot
    client.cookies["django_language"] = "en"
    html = client.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
    cells = _cells(html, "standings")
    assert [c[0] for c in cells] == [line.rank_text for line in table.rows]
    assert [c[3] for c in cells] == [line.points_text for line in table.rows]
    assert f"rank decided by drawing of lots (seed {table.lots_seed}, C.07 4.2)" in html
    client.cookies["django_language"] = "es"
    html = client.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
    assert f"puesto decidido por sorteo (semilla {table.lots_seed}, C.07 4.2)" in html


def test_crosstable_page_is_the_views_crosstable(client, fixtures_dir) -> None:
    for name, grid in (("small-swiss7-byes-forfeits.trf", False), ("small-rr6-forfeit.trf", True)):
        row = _public(fixtures_dir, name)
        t = store.load(row)
        expected = crosstable(t, compute_standings(t), grid=grid)
        html = client.get(reverse("tournaments:crosstable", args=[row.slug])).content.decode()
        cells = _cells(html, "cross")
        width = len(expected.columns)
        assert [c[2 : 2 + width] for c in cells] == [[x if x != "■" else "" for x in r.cells] for r in expected.rows]
        assert [c[2 + width] for c in cells] == [r.points_text for r in expected.rows]
        assert ('class="diag"' in html) is grid


def test_player_page_is_the_player_card_with_bye_labels(client, fixtures_dir) -> None:
    row = _public(fixtures_dir, "small-swiss7-byes-forfeits.trf")
    t = store.load(row)
    client.cookies["django_language"] = "en"
    for p in t.iter_players():
        card = player_card(t, p.start_rank)
        html = client.get(reverse("tournaments:player", args=[row.slug, p.start_rank]))
        cells = _cells(html.content.decode().replace("<table>", '<table class="card">', 1), "card")
        assert [c[3] for c in cells] == [r.mark for r in card.rows]
        for c, r in zip(cells, card.rows, strict=True):
            if r.opponent is None:
                assert c[1] in {"bye (pairing)", "full-point bye", "half-point bye", "zero-point bye", "not paired"}
