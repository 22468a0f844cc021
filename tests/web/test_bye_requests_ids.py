"""Bye requests stay with their player (issue 15 item 4; C.04.2 2.4-2.5 late entries, C.04.2 3.2 removals).

A request row is keyed by the player's stable id (``Player.public_id``), not the start rank: a
late entry renumbers the field, and a request keyed by the number would move onto another
player. Before round 1, when the ids still follow the provisional numbers, the service moves
the rows with each renumbering; the migration converts rows written under the old key.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web.tournaments import desk_players, models, service, store
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter():
    user = get_user_model().objects.create_user("arbbye", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


def _swiss(arbiter, n=6, rounds=7):
    row = service.create({"name": "Abierto Byes", "system": "dutch", "rounds": rounds}, arbiter)
    for i in range(n):
        service.register(row, {"name": f"Jugador, {chr(65 + i)}", "rating": 2000 - 10 * i}, arbiter)
    row.refresh_from_db()
    return row


def _bye_at_desk(row, start_rank, rnd, arbiter):
    submit(operations.Bye, row, {"player": str(start_rank), "round": str(rnd), "kind": "H"}, arbiter)
    row.refresh_from_db()


def _owner(row, request):
    """The name of the player a request belongs to now."""
    core = store.load(row)
    return next(p.name for p in core.players.values() if p.public_id == request.player)


def _by_name(row):
    return {p.name: p for p in store.load(row).players.values()}


def test_a_late_entry_keeps_each_bye_request_with_its_player_C04_2_2_4(client, arbiter):
    row = _swiss(arbiter)
    service.pair_next(row, arbiter, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "0-1", 3: "1/2-1/2"}, arbiter)
    row.refresh_from_db()
    names = _by_name(row)
    asked = {"Jugador, A": 4, "Jugador, C": 5, "Jugador, F": 6}
    for name, rnd in asked.items():
        _bye_at_desk(row, names[name].start_rank, rnd, arbiter)
    # a strong late entry takes number 1 and pushes everyone down (C.04.2 2.4)
    desk_players.register(row, {"name": "Tardío, Fuerte", "rating": 2600}, arbiter)
    row.refresh_from_db()
    after = _by_name(row)
    assert after["Tardío, Fuerte"].start_rank == 1
    assert after["Jugador, A"].start_rank == names["Jugador, A"].start_rank + 1  # the numbers did move
    requests = list(row.bye_requests.order_by("round"))
    assert [(_owner(row, r), r.round) for r in requests] == list(asked.items())
    # the core's own record of the requests (the replay) agrees with the rows
    by_rank = {p.start_rank: p.name for p in after.values()}
    assert {(by_rank[b.start_rank], b.round) for b in store.load(row).requested_byes} == set(asked.items())
    # the desk lists each request under its player's current number and name
    client.force_login(arbiter)
    html = client.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    for name in asked:
        assert f"{after[name].start_rank}. {name}" in html


def test_renumbering_before_round_1_moves_the_requests_with_the_players(arbiter):
    """Before round 1 the ids follow the provisional numbers: a registration that renumbers moves the rows."""
    row = _swiss(arbiter, n=4)
    names = _by_name(row)
    _bye_at_desk(row, names["Jugador, D"].start_rank, 3, arbiter)
    _bye_at_desk(row, names["Jugador, B"].start_rank, 2, arbiter)
    desk_players.remove(row, names["Jugador, A"].start_rank, arbiter)  # the numbers above close the gap
    row.refresh_from_db()
    after = _by_name(row)
    assert after["Jugador, D"].start_rank == names["Jugador, D"].start_rank - 1
    assert sorted((_owner(row, r), r.round) for r in row.bye_requests.all()) == [("Jugador, B", 2), ("Jugador, D", 3)]


def test_a_removed_player_takes_their_request_with_them_C04_2_3_2(arbiter):
    row = _swiss(arbiter, n=4)
    names = _by_name(row)
    _bye_at_desk(row, names["Jugador, C"].start_rank, 2, arbiter)
    _bye_at_desk(row, names["Jugador, D"].start_rank, 3, arbiter)
    desk_players.remove(row, names["Jugador, C"].start_rank, arbiter)
    row.refresh_from_db()
    assert [(_owner(row, r), r.round) for r in row.bye_requests.all()] == [("Jugador, D", 3)]


@pytest.mark.django_db(transaction=True)
def test_the_migration_converts_start_ranks_to_stable_ids():
    """Rows written under the old key (the start rank the pages showed) get that player's id, and back."""
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    arbiter = get_user_model().objects.create_user("arbmig", password="pw-arb-123")
    models.Role.objects.create(user=arbiter, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = _swiss(arbiter)
    service.pair_next(row, arbiter, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "0-1", 3: "1/2-1/2"}, arbiter)
    desk_players.register(row, {"name": "Tardío, Fuerte", "rating": 2600}, arbiter)
    row.refresh_from_db()
    ids = {p.start_rank: p.public_id for p in store.load(row).players.values()}
    moved = [sr for sr, pid in ids.items() if sr != pid]
    assert moved  # the late entry made numbers and ids differ
    before, after = [("tournaments", "0006_multi_org_organisations")], [("tournaments", "0007_desk_words_bye_player_id")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    for sr in moved:
        old.get_model("tournaments", "ByeRequest").objects.create(tournament_id=row.pk, start_rank=sr, round=4)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(after)
    got = sorted(models.ByeRequest.objects.filter(tournament=row).values_list("player", flat=True))
    assert got == sorted(ids[sr] for sr in moved)
    executor = MigrationExecutor(connection)
    executor.migrate(before)  # and back: the ids become today's start ranks again
    old = executor.loader.project_state(before).apps
    back = sorted(old.get_model("tournaments", "ByeRequest").objects.filter(tournament_id=row.pk).values_list("start_rank", flat=True))
    assert back == sorted(moved)
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_refused_request_is_said_in_the_readers_language_not_the_requesters(client, arbiter):
    """The refusal is kept as the core's code and parameters: a Spanish request reads in English too."""
    row = service.create({"name": "Todos contra todos", "system": "rr"}, arbiter)
    for i in range(4):
        service.register(row, {"name": f"Jugador, {chr(65 + i)}", "rating": 1500 + i}, arbiter)
    player = get_user_model().objects.create_user("jugadora", password="pw-jug-12345")
    entry = row.entries.get(start_rank=1)
    entry.person.user = player
    entry.person.save()
    client.force_login(player)
    client.cookies["django_language"] = "es"
    client.post(reverse("tournaments:request_bye", args=[row.slug]), {"player": "1", "round": "1"})
    req = models.ByeRequest.objects.get(tournament=row)
    assert req.status == models.ByeRequest.Status.REJECTED and req.reason_code == "bye.round_robin"
    client.force_login(arbiter)
    desk = reverse("tournaments:desk_panel", args=[row.slug])
    client.cookies["django_language"] = "en"
    assert "in a round robin every game is fixed by the Berger table" in client.get(desk).content.decode()
    client.cookies["django_language"] = "es"
    html = client.get(desk).content.decode()
    assert "in a round robin" not in html and "Berger" in html
