"""The event log is the web's only truth; pairing systems come from the registry (issue 14).

* finishing and re-opening are events: the status follows from the log, the
  next desk action does not undo it, and the version only grows;
* one result POST replays the log once (counted: every replay applies
  ``tournament_created`` exactly once), and the page after it none;
* a pairing system registered in the registry appears in the tournament form
  and pairs at the desk.
"""

from __future__ import annotations

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse
from tests.pairing.dummy_system import KEY, registered

from arbitro.tournament import events as ev
from arbitro.tournament import state as core_state
from arbitro.web.tournaments import eventlog, forms, models, service, versioned

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief():
    user = get_user_model().objects.create_user("chief", password="pw-chief-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


@pytest.fixture
def logged(client, chief):
    client.force_login(chief)
    return client


@pytest.fixture
def replays(monkeypatch):
    """How many replays ran: each one applies ``tournament_created`` once."""
    count = {"n": 0}
    created = core_state._HANDLERS[ev.TournamentCreated]

    def counting(state, payload):
        count["n"] += 1
        created(state, payload)

    monkeypatch.setitem(core_state._HANDLERS, ev.TournamentCreated, counting)
    return count


def _swiss(chief, players=6):
    row = service.create({"name": "Verdad", "system": "dutch", "rounds": 3}, chief)
    service.register_many(row, "\n".join(f"Jugador {i}, A; {2000 - 10 * i}" for i in range(players)), chief)
    service.pair_next(row, chief, seed=3)
    row.refresh_from_db()
    return row


def _results_post(row):
    st = service.state(row)
    data = {"op": "results", "round": str(st.paired_rounds)}
    for game in st.round().boards:
        data[f"r_{game.white}_{game.black}"] = "1-0"
    return data


def test_one_result_post_replays_the_log_once(logged, chief, replays, django_capture_on_commit_callbacks):
    row = _swiss(chief)
    data = _results_post(row)
    eventlog.clear_cache()
    before, events = row.version, row.events.count()
    replays["n"] = 0
    with django_capture_on_commit_callbacks(execute=True):
        resp = desk_post(logged, row.slug, data)
    assert resp.status_code == 302
    assert replays["n"] == 1
    row.refresh_from_db()
    assert row.version == before + 1  # one append
    assert row.events.count() == events + 3  # the three boards of round 1
    replays["n"] = 0
    assert logged.get(reverse("tournaments:standings", args=[row.slug])).status_code == 200
    assert logged.get(reverse("tournaments:desk_panel", args=[row.slug])).status_code == 200
    assert replays["n"] == 0  # the state the POST replayed serves the next pages
    assert row.state_trf == ""  # no second copy of the state beside the log


def test_finishing_and_reopening_are_events_and_the_version_only_grows(logged, chief):
    row = _swiss(chief)
    versions = [row.version]
    desk_post(logged, row.slug, _results_post(row))
    row.refresh_from_db()
    versions.append(row.version)
    logged.post(desk_url(row.slug, "finish"), {"confirmed": "1"})
    row.refresh_from_db()
    versions.append(row.version)
    assert row.status == models.Tournament.Status.FINISHED
    assert service.state(row).finished
    resp = logged.post(desk_url(row.slug, "pair"), {}, follow=True)  # the next desk action does not undo it
    assert "re-open" in resp.content.decode().lower() or "reabr" in resp.content.decode().lower()
    row.refresh_from_db()
    assert row.status == models.Tournament.Status.FINISHED and row.version == versions[-1]
    logged.post(desk_url(row.slug, "reopen"), {"confirmed": "1"})
    row.refresh_from_db()
    versions.append(row.version)
    assert row.status == models.Tournament.Status.RUNNING
    logged.post(desk_url(row.slug, "pair"), {})
    row.refresh_from_db()
    versions.append(row.version)
    assert service.state(row).paired_rounds == 2
    assert versions == sorted(set(versions))  # strictly growing
    kinds = list(row.events.values_list("kind", flat=True))
    assert kinds.count("tournament_finished") == 1 and kinds.count("tournament_reopened") == 1


def test_a_registered_pairing_system_appears_in_the_tournament_form_and_pairs_at_the_desk(logged):
    assert KEY not in dict(forms.CreateForm().fields["system"].widget.choices)
    with registered() as system:
        assert KEY in dict(forms.CreateForm().fields["system"].widget.choices)
        page = logged.get(reverse("tournaments:desk_create")).content.decode()
        assert f'value="{KEY}"' in page and system.name in page
        resp = logged.post(reverse("tournaments:desk_create"), {"name": "Semilla", "system": KEY, "rounds": 3})
        assert resp.status_code == 302
        row = models.Tournament.objects.get(name="Semilla")
        service.register_many(row, "A, a\nB, b\nC, c\nD, d\nE, e", None)
        assert logged.post(reverse("tournaments:desk_pair", args=[row.slug]), {}).status_code == 302
        st = service.state(row)
        assert st.system == KEY
        assert [(g.white, g.black) for g in st.round(1).boards] == [(1, 2), (3, 4)] and st.round(1).bye == 5


def test_old_form_values_still_name_a_system(logged):
    """Forms posted ``swiss``/``rr``/``drr`` before the registry: aliases of the registry."""
    for value, key in (("swiss", "dutch"), ("rr", "round_robin"), ("drr", "double_round_robin")):
        form = forms.CreateForm({"name": "X", "system": value})
        assert form.is_valid(), form.errors
        assert form.cleaned_data["system"] == key
    assert not forms.CreateForm({"name": "X", "system": "monrad"}).is_valid()


def test_a_process_that_had_the_previous_version_extends_it_by_the_new_results_without_a_replay(chief, replays):
    """Issue 19 (load): another server process (no state seeded by the commit) reads the new version of a
    result entered by applying the results after its previous version's state, equal to the full replay."""
    row = _swiss(chief)
    eventlog.clear_cache()
    previous = service.state(row)  # this process's state of the version before the results
    st = service.state(row)
    for number in (1, 2):
        service.enter_results(row, st.paired_rounds, {number: "1-0" if number == 1 else "½-½"}, chief)
    row.refresh_from_db()
    with versioned._LOCK:  # as in a process that did not commit them: only the previous version is known
        for key in [k for k in versioned._CACHE if k[0] == row.pk and k[1] > _version_of(row, previous)]:
            del versioned._CACHE[key]
    replays["n"] = 0
    new = service.state(row)
    assert replays["n"] == 0
    full = core_state.replay(service._log(row))
    assert new.rounds == full.rounds and new.events_applied == full.events_applied
    assert [g.white_code for g in previous.round().boards] == [None] * len(previous.round().boards)


def _version_of(row, previous):
    return next(v for (pk, v, key), value in versioned._CACHE.items() if pk == row.pk and key == "state" and value is previous)
