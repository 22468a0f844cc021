"""Venue to server (issue 37 item 5): POST /api/v1/push/<slug> with an organisation's token.

Idempotent (a batch sent again appends nothing), resumable (a batch past the server's end is
refused with the server's count), a different event at a position the server has is refused 409
naming the position (nothing merged), another organisation's token is refused, the pages follow.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command

from arbitro.tournament import Event, TournamentService
from arbitro.tournament.logdigest import log_digest
from arbitro.web.api import push
from arbitro.web.tournaments import eventlog, models

pytestmark = pytest.mark.django_db

URL = "/api/v1/push/open-2026"


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()
    yield
    cache.clear()


def venue_log(rounds: int = 2) -> list[Event]:
    """A small Swiss run at the venue: six players, ``rounds`` rounds paired and played."""
    svc = TournamentService()
    svc.create(name="Open 2026", rounds=3, city="Sevilla", federation="ESP", start_date="2026-12-01")
    for i in range(6):
        svc.register_player(f"Player {i}, Test", rating=2100 - 50 * i)
    for _ in range(rounds):
        svc.pair_next_round(seed=1)
        for board, _game in enumerate(svc.state.rounds[-1].boards, start=1):
            svc.enter_result(board, "1-0" if board % 2 else "1/2-1/2")
    return list(svc.events)


def _body(events: list[Event], start: int) -> str:
    return json.dumps({"start": start, "events": [{"kind": e.kind, "payload": e.payload} for e in events]})


def _post(client: Any, token: str, events: list[Event], start: int, url: str = URL) -> Any:
    return client.post(
        url, _body(events, start), content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}",
        HTTP_ACCEPT_LANGUAGE="en",
    )


@pytest.fixture
def token() -> str:
    return push.issue_token(models.Organisation.objects.get(slug=models.DEFAULT_ORGANISATION), "venue")


def test_the_token_is_stored_as_a_hash_and_needed(client, token):
    stored = models.ApiToken.objects.get()
    assert token not in (stored.digest, stored.prefix) and stored.prefix == token[:12]
    assert client.get(URL).status_code == 401
    assert client.get(URL, HTTP_AUTHORIZATION="Bearer arb_wrong").json()["error"] == "unauthorized"
    stored.revoked = True
    stored.save()
    assert client.get(URL, HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 401


def test_first_push_creates_the_tournament_and_a_repeat_appends_nothing(client, token):
    log = venue_log()
    first = _post(client, token, log[:10], 0)
    assert first.status_code == 200, first.content
    assert first.json()["appended"] == 10 and first.json()["count"] == 10
    row = models.Tournament.objects.get(slug="open-2026")
    assert row.organisation.slug == models.DEFAULT_ORGANISATION and row.name == "Open 2026" and row.city == "Sevilla"
    again = _post(client, token, log[:10], 0)  # the answer was lost: the same batch again
    assert again.json() | {"appended": 0, "skipped": 10} == again.json() and again.json()["count"] == 10
    overlap = _post(client, token, log[5:], 5)  # from an older position: the known part skipped
    assert overlap.status_code == 200 and overlap.json()["skipped"] == 5
    assert overlap.json()["appended"] == len(log) - 10
    position = client.get(URL, HTTP_AUTHORIZATION=f"Bearer {token}").json()
    assert position == {"tournament": "open-2026", "count": len(log), "digest": log_digest((e.kind, e.payload) for e in log)}
    row.refresh_from_db()
    assert [(e.kind, e.payload) for e in eventlog.log(row)] == [(e.kind, e.payload) for e in log]
    standings = client.get("/api/v1/tournaments/open-2026/standings")
    assert standings.status_code == 200 and len(standings.json()["players"]) == 6
    assert row.status == models.Tournament.Status.RUNNING


def test_a_batch_past_the_end_is_refused_with_the_servers_count(client, token):
    log = venue_log(1)
    _post(client, token, log[:4], 0)
    resp = _post(client, token, log[6:], 6)
    assert resp.status_code == 409
    assert resp.json()["error"] == "gap" and resp.json()["count"] == 4
    assert "event 7" in resp.json()["detail"] and "event 5" in resp.json()["detail"]
    assert models.Tournament.objects.get(slug="open-2026").events.count() == 4


def test_a_different_event_at_a_known_position_is_refused_not_merged(client, token):
    log = venue_log(1)
    assert _post(client, token, log, 0).status_code == 200
    other = venue_log(1)
    other[3] = Event(kind=other[3].kind, payload={**other[3].payload, "name": "Someone Else, X"})
    resp = _post(client, token, other[2:] + venue_log(2)[len(log):], 2)
    assert resp.status_code == 409, resp.content
    body = resp.json()
    assert body["error"] == "conflict" and body["position"] == 4
    assert "Event 4 differs" in body["detail"] and "nothing was written" in body["detail"]
    assert models.Tournament.objects.get(slug="open-2026").events.count() == len(log)


def test_the_conflict_message_in_spanish(client, token):
    log = venue_log(1)
    _post(client, token, log, 0)
    other = [Event(kind="tournament_created", payload={"name": "Otro"})]
    resp = client.post(URL, _body(other, 0), content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_ACCEPT_LANGUAGE="es")
    assert resp.status_code == 409 and "El evento 1 no es igual" in resp.json()["detail"]


def test_another_organisations_token_and_bad_batches_are_refused(client, token):
    log = venue_log(1)
    _post(client, token, log, 0)
    club = models.Organisation.objects.create(name="Club", slug="club", kind="club")
    theirs = push.issue_token(club)
    assert _post(client, theirs, log, 0).status_code == 403
    assert client.post(URL, "not json", content_type="application/json",
                       HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 400
    bad = client.post(URL, json.dumps({"start": 0, "events": [{"kind": "no_such_kind"}]}),
                      content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_event"
    too_many = client.post(URL, json.dumps({"start": 0, "events": [{}] * (push.MAX_EVENTS + 1)}),
                           content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert too_many.status_code == 413
    new = [Event(kind="player_registered", payload={"name": "A"})]
    starts_wrong = _post(client, token, new, 0, url="/api/v1/push/other")
    assert starts_wrong.status_code == 400 and not models.Tournament.objects.filter(slug="other").exists()


def test_the_management_command_issues_a_token_shown_once(capsys):
    call_command("api_token", models.DEFAULT_ORGANISATION, "--name", "laptop")
    token = capsys.readouterr().out.strip()
    assert token.startswith(push.TOKEN_PREFIX)
    assert models.ApiToken.objects.get().digest == push._hash(token)
    call_command("api_token", models.DEFAULT_ORGANISATION, "--revoke", token[:12])
    assert models.ApiToken.objects.get().revoked


def test_the_site_admin_lists_and_revokes_tokens_but_does_not_issue_them(client, token):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.create_superuser("root", password="pw-root-123")
    client.force_login(admin)
    stored = models.ApiToken.objects.get()
    page = client.get("/admin/tournaments/apitoken/")
    assert page.status_code == 200 and stored.prefix in page.content.decode()
    assert token not in page.content.decode()
    assert client.get("/admin/tournaments/apitoken/add/").status_code == 403
    resp = client.post(f"/admin/tournaments/apitoken/{stored.pk}/change/", {"name": "venue", "revoked": "on"})
    assert resp.status_code == 302
    stored.refresh_from_db()
    assert stored.revoked
    assert client.get(URL, HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 401


def test_a_batch_that_does_not_replay_is_refused_and_nothing_written(client, token):
    log = venue_log(1)
    _post(client, token, log[:7], 0)
    wrong = [Event(kind="result_entered", payload={"round": 9, "board": 1, "result": "1-0"})]
    resp = _post(client, token, wrong, 7)
    assert resp.status_code == 400 and resp.json()["error"] == "bad_event"
    assert resp.json()["detail"].startswith("The log does not replay")
    assert models.Tournament.objects.get(slug="open-2026").events.count() == 7
