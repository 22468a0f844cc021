"""Two arbiters at the same tournament at the same time (issue 11 §1).

Optimistic concurrency: each desk command replays the event log, runs, and commits
only if nobody appended to the log meanwhile (``service._commit`` under a row lock);
otherwise the arbiter reads "changed meanwhile" and nothing is saved. Results of other
boards are re-applied to the new state automatically; a board whose result the
arbiter did not see is refused (no lost update).

The interleavings are forced step by step on any database; the threaded races run on
PostgreSQL only (``DATABASE_URL=postgres://...``: ``dev.py`` runs tests/web again there).
"""

from __future__ import annotations

import os
import threading

import pytest
from desk_support import desk_post
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client
from django.utils import translation

from arbitro.errors import ArbitroError
from arbitro.web.tournaments import models, service
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
postgres_only = pytest.mark.skipif(not ON_POSTGRES, reason="threaded races need PostgreSQL (DATABASE_URL=postgres://...)")


def _tournament(n_players: int = 8, name: str = "Concurrencia"):
    User = get_user_model()
    chief = User.objects.create_user(f"chief-{name}", password="pw-chief-123")
    arb = User.objects.create_user(f"arb-{name}", password="pw-arb-123")
    row = service.create({"name": name, "system": "swiss", "rounds": 5}, chief)
    models.Role.objects.create(user=arb, tournament=row, kind=models.Role.Kind.ARBITER)
    service.register_many(row, "\n".join(f"Player{i}, X; {2000 - 10 * i}" for i in range(n_players)), chief)
    service.pair_next(row, chief)
    row.refresh_from_db()
    return row, chief, arb


def _games(row):
    return service.state(row).round(1).boards


def _post_results(client: Client, row, results: dict[int, str], seen: dict[int, str]):
    data: dict[str, str] = {"op": "results", "round": "1"}
    for i, g in enumerate(_games(row), start=1):
        if i in results:
            data[f"r_{g.white}_{g.black}"] = results[i]
        if i in seen:
            data[f"s_{g.white}_{g.black}"] = seen[i]
    resp = desk_post(client, row.slug, data, follow=True)  # the panel shows (and uses up) the messages
    assert resp.status_code == 200 and resp.redirect_chain
    return [str(m) for m in get_messages(resp.wsgi_request)]


def _result(row, board: int) -> tuple[object, object]:
    row.refresh_from_db()
    g = service.state(row).round(1).boards[board - 1]
    return g.white_code, g.black_code


@pytest.mark.django_db
def test_a_result_entered_meanwhile_is_not_overwritten() -> None:
    """Both pages showed board 1 empty; B saves 1-0, then A's 0-1 is refused with "changed meanwhile"."""
    row, chief, arb = _tournament()
    a, b = Client(), Client()
    a.cookies["django_language"] = b.cookies["django_language"] = "en"
    a.force_login(chief)
    b.force_login(arb)
    assert any("1 result saved" in m for m in _post_results(b, row, {1: "1-0"}, {1: ""}))
    before = _result(row, 1)
    msgs = _post_results(a, row, {1: "0-1"}, {1: ""})
    assert any("changed meanwhile" in m for m in msgs), msgs
    assert _result(row, 1) == before
    # the same result typed by both is no conflict
    msgs = _post_results(a, row, {1: "1-0"}, {1: ""})
    assert not any("changed meanwhile" in m for m in msgs), msgs
    # after a reload (the page now shows 1-0) the correction goes through
    _post_results(a, row, {1: "0-1"}, {1: "1-0"})
    assert _result(row, 1) != before
    assert models.TournamentEvent.objects.filter(tournament=row, kind="result_corrected").count() == 1


@pytest.mark.django_db
def test_interleaved_commands_commit_only_on_the_state_they_saw() -> None:
    """A replays, B commits, A commits: A is refused (its command was checked against an old state)."""
    row, chief, arb = _tournament()
    svc_a = service._service(row, chief)
    svc_b = service._service(row, arb)
    svc_b.enter_result(1, "1-0", round_number=1)
    service._commit(row, svc_b, arb)
    svc_a.enter_result(2, "0-1", round_number=1)
    n_events = models.TournamentEvent.objects.filter(tournament=row).count()
    with pytest.raises(ArbitroError, match="changed meanwhile"):
        service._commit(row, svc_a, chief)
    assert models.TournamentEvent.objects.filter(tournament=row).count() == n_events
    seqs = list(models.TournamentEvent.objects.filter(tournament=row).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


@pytest.mark.django_db
def test_results_of_other_boards_saved_meanwhile_are_merged() -> None:
    """B saved board 1 after A's page loaded; A's board 2 is applied to the new state (retry), both kept."""
    row, chief, arb = _tournament()
    real = service._commit
    calls = {"n": 0}

    def racing_commit(r, svc, user):
        calls["n"] += 1
        if calls["n"] == 1:  # B's result lands between A's replay and A's commit
            other = service._service(r, arb)
            other.enter_result(1, "1-0", round_number=1)
            real(r, other, arb)
        return real(r, svc, user)

    service_commit = pytest.MonkeyPatch()
    service_commit.setattr(service, "_commit", racing_commit)
    try:
        a = Client()
        a.cookies["django_language"] = "en"
        a.force_login(chief)
        msgs = _post_results(a, row, {2: "0-1"}, {2: ""})
    finally:
        service_commit.undo()
    assert not any("changed meanwhile" in m for m in msgs), msgs
    assert _result(row, 1)[0] is not None and _result(row, 2)[0] is not None


@pytest.mark.django_db
def test_pairing_the_same_round_twice_interleaved_yields_one_pairing() -> None:
    row, chief, arb = _tournament()
    # finish round 1 so that round 2 can be paired
    service.enter_results(row, 1, {i: "1-0" for i in range(1, len(_games(row)) + 1)}, chief)
    row.refresh_from_db()
    svc_a = service._service(row, chief)
    svc_b = service._service(row, chief)
    svc_a.pair_next_round(seed=1)
    svc_b.pair_next_round(seed=2)
    service._commit(row, svc_a, chief)
    with pytest.raises(ArbitroError, match="changed meanwhile"):
        service._commit(row, svc_b, chief)
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 2


# -- real threads on PostgreSQL --------------------------------------------------------------------------


def _race(row_pk: int, jobs):
    """Run the jobs in threads that all replay before any commits (a barrier inside ``_commit``)."""
    barrier = threading.Barrier(len(jobs), timeout=20)
    real = service._commit
    first = threading.local()

    def synced_commit(r, svc, user):
        if not getattr(first, "done", False):
            first.done = True
            barrier.wait()
        return real(r, svc, user)

    outcomes: list[object] = [None] * len(jobs)

    def run(i, job):
        try:
            row = models.Tournament.objects.get(pk=row_pk)
            with translation.override("en"):
                outcomes[i] = job(row)
        except Exception as err:  # noqa: BLE001 - collected and asserted on by the test
            outcomes[i] = err
        finally:
            connection.close()

    mp = pytest.MonkeyPatch()
    mp.setattr(service, "_commit", synced_commit)
    try:
        threads = [threading.Thread(target=run, args=(i, j)) for i, j in enumerate(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        mp.undo()
    return outcomes


@postgres_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pg_two_arbiters_pair_the_same_round_at_once_one_pairing() -> None:
    row, chief, arb = _tournament(name="PG pairing")
    service.enter_results(row, 1, {i: "1-0" for i in range(1, len(_games(row)) + 1)}, chief)
    out = _race(row.pk, [lambda r: service.pair_next(r, chief), lambda r: service.pair_next(r, chief)])
    ok = [o for o in out if o == 2]
    refused = [o for o in out if isinstance(o, ArbitroError) and "changed meanwhile" in str(o)]
    assert len(ok) == 1 and len(refused) == 1, out
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 2
    assert models.TournamentEvent.objects.filter(tournament=row, kind="round_paired").count() == 2


@postgres_only
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_pg_two_arbiters_enter_the_same_round_at_once_no_lost_update() -> None:
    row, chief, arb = _tournament(name="PG results")
    n = len(_games(row))

    def desk(user, results, seen):
        def job(r):
            return submit(operations.Results, r, _form(r, results, seen), user)

        return job

    def _form(r, results, seen):
        data = {"round": "1"}
        for i, g in enumerate(service.state(r).round(1).boards, start=1):
            if i in results:
                data[f"r_{g.white}_{g.black}"] = results[i]
            if i in seen:
                data[f"s_{g.white}_{g.black}"] = seen[i]
        return data

    # different boards: both saved (the later one is re-applied to the new state)
    out = _race(row.pk, [desk(chief, {1: "1-0"}, {1: ""}), desk(arb, {2: "0-1"}, {2: ""})])
    assert all(isinstance(o, str) for o in out), out
    assert _result(row, 1)[0] is not None and _result(row, 2)[0] is not None
    # the same board, different results, both saw it empty: one wins, the other is told, nothing lost
    out = _race(row.pk, [desk(chief, {3: "1-0"}, {3: ""}), desk(arb, {3: "0-1"}, {3: ""})])
    saved = [o for o in out if isinstance(o, str)]
    refused = [o for o in out if isinstance(o, ArbitroError) and "changed meanwhile" in str(o)]
    assert len(saved) == 1 and len(refused) == 1, out
    assert models.TournamentEvent.objects.filter(tournament=row, kind="result_corrected").count() == 0
    assert n >= 3


def test_a_public_page_is_built_once_per_version_however_many_clients_ask_at_once() -> None:
    """Single flight in ``eventlog.cached_page``: 8 threads missing the cache at once -> one build."""
    import time as _time

    from arbitro.web.tournaments import eventlog

    class Row:
        pk, version = 987654, 1

    builds: list[int] = []

    def build() -> bytes:
        builds.append(1)
        _time.sleep(0.2)
        return b"page"

    eventlog.clear_cache()
    out: list[bytes] = []
    threads = [threading.Thread(target=lambda: out.append(eventlog.cached_page(Row(), "/x|es", build))) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert out == [b"page"] * 8 and len(builds) == 1
