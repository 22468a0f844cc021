"""Public pages over a TRF imported through the core reader (issue 9 §4)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arbitro.web.tournaments import models, store
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(fixtures_dir) -> models.Tournament:
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    return store.import_trf(text, source="small-swiss7.trf")


def test_import_creates_entries_for_every_player(swiss):
    core = store.load(swiss)
    assert swiss.entries.count() == len(core.players) > 0
    assert swiss.slug


def test_home_lists_the_tournament(client, swiss):
    resp = client.get("/")
    assert resp.status_code == 200
    assert swiss.name in resp.content.decode()


@pytest.mark.parametrize("name", ["info", "players", "pairings_current", "standings", "crosstable", "norms"])
def test_tournament_tabs_answer(client, swiss, name):
    resp = client.get(reverse(f"tournaments:{name}", args=[swiss.slug]))
    assert resp.status_code == 200
    assert swiss.name in resp.content.decode()


def test_every_round_page_shows_its_boards(client, swiss):
    core = store.load(swiss)
    for rnd in range(1, core.played_rounds + 1):
        resp = client.get(reverse("tournaments:pairings", args=[swiss.slug, rnd]))
        assert resp.status_code == 200
        html = resp.content.decode()
        for p in core.iter_players():
            r = p.result(rnd)
            if r is not None and r.opponent is not None:
                assert p.name in html


def test_round_beyond_played_is_404(client, swiss):
    core = store.load(swiss)
    assert client.get(reverse("tournaments:pairings", args=[swiss.slug, core.played_rounds + 1])).status_code == 404


def test_player_page_and_person_page(client, swiss):
    core = store.load(swiss)
    first = next(core.iter_players())
    resp = client.get(reverse("tournaments:player", args=[swiss.slug, first.start_rank]))
    assert resp.status_code == 200 and first.name in resp.content.decode()
    entry = swiss.entries.get(start_rank=first.start_rank)
    resp = client.get(reverse("tournaments:person", args=[entry.person_id]))
    assert resp.status_code == 200 and swiss.name in resp.content.decode()


def test_version_changes_when_state_changes(client, swiss):
    """A change is an event appended to the log; the version grows with it (issue 14)."""

    url = reverse("tournaments:version", args=[swiss.slug])
    before = client.get(url).json()["version"]
    submit(operations.Finish, swiss, {}, None)  # the first desk action gives the imported file its log
    after = client.get(url).json()["version"]
    assert after > before
    assert swiss.events.filter(kind="tournament_finished").count() == 1


def test_unpublished_tournament_is_hidden(client, swiss):
    swiss.published = False
    swiss.save()
    assert client.get(reverse("tournaments:info", args=[swiss.slug])).status_code == 404
    assert swiss.name not in client.get("/").content.decode()


def test_bad_trf_is_refused_with_a_message():
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError):
        store.import_trf("this is not a TRF file\n", source="bad.trf")


def test_norms_page_shows_what_the_core_finds_B01(client, fixtures_dir):
    """B.01 norms come from arbitro.titles.norms; the page lists every norm the core says is achieved."""
    from arbitro.titles.norms import evaluate_norms

    text = (fixtures_dir / "trf" / "capo-dorso-2012.trf").read_text(encoding="utf-8")
    row = store.import_trf(text)
    core = store.load(row)
    achieved = [(n.name, n.title) for pn in evaluate_norms(core) for n in pn.norms if n.achieved]
    html = client.get(reverse("tournaments:norms", args=[row.slug])).content.decode()
    for name, _title in achieved:
        assert name in html
    assert "B.01" in html  # the rules not met are cited by article
