"""Corrections, undo and round control at the desk (issue 15 items 2, 3 and 9), in Debian's Chromium.

* correcting a round-1 result after round 2 is paired warns, listing the rounds paired since on the
  old score (C.04.2 4.3), asks for confirmation, and records a typed event with its author and a
  ``###`` line in the TRF (FIDE mode);
* the last round is unpaired (while none of its results is entered) and paired again;
* "Pair" makes a draft: nothing of it is public (pages, API, TRF) before "Publish";
* finishing is refused while a result is missing, and asks for a confirmation;
* a finished tournament is re-opened by the chief arbiter only (an event);
* the event log and the audit trail read in words, paged, before and after side by side.

Screenshots of every page touched at 390 px and 1366 px: ``screenshots/round-control/``.
"""

from __future__ import annotations

from e2e_support import E2E, login, make_arbiter, shots

from arbitro.web.tournaments import models, service, store
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

pytestmark = E2E

FOLDER = "round-control"


def _shots(page, name: str) -> None:
    """The page at 1366 px and at 390 px (a phone), then back to 1366."""
    shots(page, name, FOLDER)


def _swiss(user, name: str, players: int = 6, rounds: int = 3) -> models.Tournament:
    row = service.create({"name": name, "city": "Mar del Plata", "system": "dutch", "rounds": rounds}, user)
    service.register_many(
        row, "\n".join(f"Jugador{i:02d}, Demo; {2100 - 25 * i}" for i in range(1, players + 1)), user
    )
    row.refresh_from_db()
    return row


def _play(row: models.Tournament, user, rnd: int, result: str = "1-0") -> None:
    """Pair and publish round ``rnd`` and enter ``result`` on every board (through the web's service)."""
    service.pair_next(row, user, seed=rnd)
    row.refresh_from_db()
    service.enter_results(row, rnd, {b: result for b in range(1, len(service.state(row).round(rnd).boards) + 1)}, user)
    row.refresh_from_db()


def _kinds(row: models.Tournament) -> list[str]:
    return list(row.events.order_by("seq").values_list("kind", flat=True))


def test_c0402_4_3_correcting_round_1_after_round_2_is_paired_warns_and_records_the_event(context, live_server):
    user = make_arbiter()
    row = _swiss(user, "Corrección E2E")
    _play(row, user, 1)
    service.pair_next(row, user, seed=2)  # round 2 paired (and published) on the round-1 scores
    row.refresh_from_db()
    page = context.new_page()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    assert page.locator("#round-selector a").count() == 2
    page.click("#round-selector a >> text=Ronda 1")
    page.wait_for_selector("#closed-round")
    _shots(page, "desk-results-round1-closed")
    first = page.locator("#results-form input.result").first
    name = first.get_attribute("name")
    page.locator("#results-form button.correct").first.click()
    first.fill("0-1")
    page.click("#save-results")
    page.wait_for_selector("#confirm")
    warning = page.inner_text("#confirm-warning")
    assert "C.04.2 4.3" in warning
    assert page.inner_text("#paired-since") == "La ronda 2 se emparejó con la puntuación anterior."
    assert "0-1" in page.inner_text("table.changes") and "1-0" in page.inner_text("table.changes")
    _shots(page, "desk-confirm-correction")
    row.refresh_from_db()
    assert "result_corrected" not in _kinds(row)  # nothing happens before the confirmation
    page.fill("input[name=reason]", "planilla firmada")
    page.click("#confirm-yes")
    page.wait_for_selector("ul.messages li")
    assert "#results" in page.url or "round=1" in page.url
    row.refresh_from_db()
    event = row.events.get(kind="result_corrected")
    white, black = (int(x) for x in name.split("_")[1:])
    st = service.state(row)
    board = next(i for i, g in enumerate(st.round(1).boards, start=1) if (g.white, g.black) == (white, black))
    assert event.author == user and event.payload["round"] == 1 and event.payload["board"] == board
    assert (event.payload["white"], event.payload["black"]) == ("0", "1")
    assert event.payload["reason"] == "planilla firmada"
    assert event.payload["note"].startswith(f"Correction @ Round 1 board {board}: 1-0 -> 0-1 by arbitro")
    assert f"### {event.payload['note']}" in store.export_trf(row).splitlines()  # FIDE mode: a ### line
    # the history in words: the names of the board, before and after side by side
    page.goto(f"{live_server.url}/desk/t/{row.slug}/log/")
    item = page.locator(f"#ev-{event.seq}")
    assert st.player(white).name in item.inner_text() and st.player(black).name in item.inner_text()
    assert item.locator(".before").inner_text().split("\n")[-1] == "1-0"
    assert item.locator(".after").inner_text().split("\n")[-1].startswith("0-1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    _shots(page, "desk-log")
    page.goto(f"{live_server.url}/desk/t/{row.slug}/audit/")
    assert page.locator("ol.history li.hist").count() == row.events.count()
    _shots(page, "desk-audit")
    page.set_viewport_size({"width": 390, "height": 900})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # no 4,000-px-wide audit
    page.close()


def test_a_draft_is_not_public_before_publish_then_unpair_and_pair_again(context, live_server):
    user = make_arbiter()
    row = _swiss(user, "Borrador E2E")
    _play(row, user, 1)
    page = context.new_page()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.click("#pair-next")
    page.wait_for_selector("#draft")
    row.refresh_from_db()
    st = service.state(row)
    assert st.paired_rounds == 2 and not st.round(2).published
    assert page.locator("#draft table.draft-boards tbody tr").count() == 3
    assert "Publicar ronda 2" in page.inner_text("#publish-round")
    assert page.locator("#results-form").count() == 0  # no results on a draft
    assert page.locator("#earlier-rounds a").count() == 1  # round 1 stays correctable
    _shots(page, "desk-draft")
    # the public sees nothing of round 2: pages, API, the TRF
    public = context.browser.new_context(locale="es-AR")
    anon = public.new_page()
    anon.goto(f"{live_server.url}/t/{row.slug}/pairings/")
    names = [st.player(g.white).name for g in st.round(2).boards]
    shown = anon.inner_text("main")
    assert "Ronda 1" in shown
    assert anon.goto(f"{live_server.url}/t/{row.slug}/round/2/").status == 404
    assert anon.goto(f"{live_server.url}/api/v1/tournaments/{row.slug}/rounds/2").status == 404
    assert store.load(row).played_rounds == 1
    records = [line.rstrip() for line in store.export_trf(row).splitlines() if line.startswith("001")]
    assert records and all(len(line) <= 101 for line in records)  # one round of results per player, no draft
    # unpair (confirmed), pair again
    page.click("#unpair")
    page.wait_for_selector("#confirm")
    assert "Desemparejar la ronda 2" in page.inner_text("#confirm-title")
    _shots(page, "desk-confirm-unpair")
    page.click("#confirm-yes")
    page.wait_for_selector("#pair-next")
    row.refresh_from_db()
    assert _kinds(row)[-1] == "round_unpaired" and row.events.last().author == user
    assert service.state(row).paired_rounds == 1
    page.click("#pair-next")
    page.wait_for_selector("#draft")
    page.click("#publish-round")
    page.wait_for_selector("#results-form")
    row.refresh_from_db()
    assert _kinds(row)[-3:] == ["round_unpaired", "round_paired", "round_published"]
    anon.goto(f"{live_server.url}/t/{row.slug}/round/2/")
    for who in names:  # the same pairing, now public
        assert who in anon.inner_text("main")
    public.close()
    page.close()


def test_finish_is_refused_with_a_missing_result_and_asks_for_a_confirmation(context, live_server):
    user = make_arbiter()
    row = _swiss(user, "Final E2E", rounds=1)
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "0-1"}, user)  # board 3 still playing
    row.refresh_from_db()
    page = context.new_page()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.click("#finish")
    page.wait_for_selector("ul.messages li.error")
    assert "tablero(s) 3" in page.inner_text("ul.messages li.error")
    _shots(page, "desk-finish-refused")
    row.refresh_from_db()
    assert "tournament_finished" not in _kinds(row)
    service.enter_results(row, 1, {3: "½-½"}, user)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.click("#finish")
    page.wait_for_selector("#confirm")
    _shots(page, "desk-confirm-finish")
    row.refresh_from_db()
    assert "tournament_finished" not in _kinds(row)
    page.click("#confirm-yes")
    page.wait_for_selector("#finished-note")
    row.refresh_from_db()
    assert _kinds(row)[-1] == "tournament_finished" and row.status == models.Tournament.Status.FINISHED
    assert page.locator("#pair-next").count() == 0  # a finish is not reversed by pairing
    page.close()


def test_a_finished_tournament_is_reopened_by_the_chief_arbiter_only(context, live_server):
    from django.contrib.auth import get_user_model

    chief = make_arbiter()
    row = _swiss(chief, "Reapertura E2E", rounds=2)
    _play(row, chief, 1)
    submit(operations.Finish, row, {"reason": "suspendido"}, chief)
    row.refresh_from_db()
    deputy = get_user_model().objects.create_user("adjunto", password="adjunto-e2e-pw")
    models.Role.objects.create(user=deputy, tournament=row, kind=models.Role.Kind.ARBITER)
    page = context.new_page()
    login(page, live_server.url, "adjunto", "adjunto-e2e-pw")
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    assert page.locator("#reopen").count() == 0 and page.locator("#finished-note").count() == 1
    page.context.clear_cookies()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    _shots(page, "desk-finished")
    page.click("#reopen")
    page.wait_for_selector("#confirm")
    _shots(page, "desk-confirm-reopen")
    page.fill("input[name=reason]", "corregir la ronda 1")
    page.click("#confirm-yes")
    page.wait_for_selector("#pair-next")
    row.refresh_from_db()
    event = row.events.last()
    assert event.kind == "tournament_reopened" and event.author == chief
    assert event.payload["reason"] == "corregir la ronda 1"
    assert row.status == models.Tournament.Status.RUNNING
    page.close()


def test_the_round_control_pages_read_in_english(browser, live_server):
    """The same pages for an English reader: no Spanish word of these items left."""
    user = make_arbiter()
    row = _swiss(user, "English desk")
    _play(row, user, 1)
    service.pair_next(row, user, seed=2, publish=False)  # a draft of round 2
    row.refresh_from_db()
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="en-GB")
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.click("form.lang button[value=en]")  # the reader's choice of language
    page.wait_for_selector("html[lang=en]")
    text = page.inner_text("main")
    assert "Draft of round 2: not public yet" in text and "Publish round 2" in text
    for spanish in ("Borrador", "Desemparejar", "Flotante", "Resultados de rondas anteriores", "Quién"):
        assert spanish not in text
    _shots(page, "en-desk-draft")
    page.click("#unpair")
    page.wait_for_selector("#confirm")
    assert page.inner_text("#confirm-title") == "Unpair round 2"
    _shots(page, "en-desk-confirm-unpair")
    page.goto(f"{live_server.url}/desk/t/{row.slug}/log/")
    log = page.inner_text("main")
    assert "round paired" in log and "before" in log.lower() and "Quién" not in log
    _shots(page, "en-desk-log")
    ctx.close()
