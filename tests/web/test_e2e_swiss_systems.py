"""A 9-round Double-Swiss (C.04.5) and a Dubov (C.04.4.1) event run end to end at the web desk (issue 17).

In Debian's Chromium through Playwright: the arbiter creates the event with the
creation form (the system chosen from the registry's list), registers the players,
pairs every round with "Pair next round" (pairing and publishing), types every
result by keyboard (Double-Swiss: both games of each match in one form, game 2
with colours reversed, C.04.5 4.4), then downloads the TRF from the desk. The
download reads back equal to the event (same players, pairings and results), and
importing it through the desk's import form gives the same tournament again.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.trf import parse_trf
from arbitro.web.tournaments import models, service, store

pytestmark = E2E

TWO_GAMES = next(s for s in registry.service_systems() if s.games_per_round == 2)
DUBOV = registry.get("dubov")
KEYS = ["1", "=", "0", "1", "0", "=", "1", "1", "0"]


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR", accept_downloads=True)
    pg = context.new_page()
    pg.set_default_timeout(20000)
    yield pg
    context.close()


def _games(t: Tournament) -> dict[int, list[tuple[int | None, str, str]]]:
    """Every player's round blocks: (opponent, colour, code)."""
    return {
        p.start_rank: [(r.opponent, r.colour.value, r.code.value) for r in p.results] for p in t.iter_players()
    }


def _players(t: Tournament) -> list[tuple[int, str, int]]:
    return [(p.start_rank, p.name, p.rating) for p in t.iter_players()]


def _run(page, base: str, system: registry.PairingSystem, rounds: int, players: int, name: str, folder: str):
    make_arbiter()
    login(page, base)
    page.goto(f"{base}/desk/new/")
    page.fill("input[name=name]", name)
    page.select_option("select[name=system]", system.key)  # the registry's choice list
    page.fill("input[name=rounds]", str(rounds))
    page.check("input[name=published]")  # new tournaments are drafts until the arbiter makes them public (issue 15)
    shot(page, "create-form-1366", folder)
    page.click("form.form button[type=submit]")
    page.wait_for_url("**/desk/t/**")
    page.fill("textarea[name=players]", "\n".join(f"Player{i:02d}, Web; {2350 - 23 * i}" for i in range(1, players + 1)))
    page.click("button[data-op=register_many]")
    page.wait_for_load_state()
    row = models.Tournament.objects.get(name=name)
    games = system.games_per_round
    for rnd in range(1, rounds + 1):
        page.click("#pair-next")
        page.click("#publish-round")  # the draft reviewed, then published (issue 15 item 3)
        page.wait_for_selector("#results-form input.result")
        inputs = page.locator("#results-form input.result")
        row.refresh_from_db()
        st = service.state(row)
        assert st.paired_rounds == rnd * games
        assert inputs.count() == sum(len(st.round(c).boards) for c in range(rnd * games - games + 1, rnd * games + 1))
        inputs.first.focus()
        for b in range(inputs.count()):  # one key per game; Enter moves to the next empty field
            page.keyboard.press(KEYS[(b + rnd) % len(KEYS)])
            page.keyboard.press("Enter")
        if rnd in (1, rounds):
            shot(page, f"desk-round{rnd}-typed-1366", folder)
        page.click("#save-results")
        page.wait_for_load_state()
        row.refresh_from_db()
        st = service.state(row)
        for c in range(rnd * games - games + 1, rnd * games + 1):
            assert st.round(c).complete and st.round(c).published, f"round column {c} not complete"
    if rounds:
        shot(page, "desk-finished-1366", folder)
    row.refresh_from_db()
    assert row.status == models.Tournament.Status.FINISHED
    return row


def _download_and_reimport(page, base: str, row: models.Tournament, folder: str) -> None:
    page.goto(f"{base}/desk/t/{row.slug}/")
    with page.expect_download() as info:
        page.click(f"a[href='/desk/t/{row.slug}/export.trf']")
    path = Path(info.value.path())
    text = path.read_text(encoding="utf-8")
    expected = service.to_model(service.state(row))
    back = parse_trf(text).tournament
    assert registry.of_tournament(back).key == registry.get(service.state(row).system).key
    assert _players(back) == _players(expected)
    assert _games(back) == _games(expected)  # the same pairings, colours and results
    assert back.rounds == expected.rounds and back.played_rounds == expected.played_rounds
    assert all(c.departures == [] for c in registry.of_tournament(back).check(back))  # C.02: its checker agrees
    # the TRF read back through the web: the desk's import form
    upload = path.with_name("reimport.trf")
    upload.write_text(text, encoding="utf-8")
    page.goto(f"{base}/desk/import/")
    page.set_input_files("input[name=file]", str(upload))
    page.click("form.form button[type=submit]")
    # the same tournament is already here: the desk asks before making a copy (issue 15 item 6)
    page.click("#import-copy")
    page.wait_for_url("**/desk/t/**")
    again = models.Tournament.objects.exclude(pk=row.pk).get()
    core = store.load(again)
    assert _players(core) == _players(expected) and _games(core) == _games(expected)
    assert registry.of_tournament(core).key == registry.of_tournament(expected).key
    shot(page, "desk-reimported-1366", folder)


def test_c04_5_nine_round_double_swiss_through_the_desk_and_its_trf_reads_back(page, live_server):
    """9 rounds of two-game matches, 11 players (a PAB every round: U then H, C.04.5 1.4)."""
    folder = "swiss-systems"
    row = _run(page, live_server.url, TWO_GAMES, 9, 11, "Double-Swiss E2E", folder)
    t = service.to_model(service.state(row))
    assert t.rounds == 18 and t.played_rounds == 18
    for p in t.iter_players():  # C.04.5 4.4: game 2 of every match reverses game 1's colours
        for k in range(9):
            g1, g2 = p.results[2 * k], p.results[2 * k + 1]
            assert g1.opponent == g2.opponent
            if g1.opponent is None:
                assert g1.code.value in "UHFZ" and g2.code.value in "HFZ"
            else:
                assert g1.colour.opposite is g2.colour
    byes = [p for p in t.iter_players() if any(r.code.value == "U" for r in p.results)]
    assert len(byes) == 9 and all(sum(r.code.value == "U" for r in p.results) == 1 for p in byes)  # [C2]
    # the public pairings: round 9, game 1 and game 2, at a phone's width
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{row.slug}/pairings/")
    assert "9.1" in page.inner_text("nav.rounds") and "9.2" in page.inner_text("nav.rounds")
    shot(page, "public-pairings-round9-game1-390", folder)
    page.goto(f"{live_server.url}/t/{row.slug}/round/18/")
    shot(page, "public-pairings-round9-game2-390", folder)
    page.goto(f"{live_server.url}/t/{row.slug}/standings/")
    shot(page, "public-standings-390", folder)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    shot(page, "desk-finished-390", folder)
    page.set_viewport_size({"width": 1366, "height": 900})
    _download_and_reimport(page, live_server.url, row, folder)


def test_c04_4_1_dubov_event_through_the_desk_and_its_trf_reads_back(page, live_server):
    """7 rounds of the Dubov system, 13 players."""
    folder = "swiss-systems-dubov"
    row = _run(page, live_server.url, DUBOV, 7, 13, "Dubov E2E", folder)
    t = service.to_model(service.state(row))
    assert t.played_rounds == 7
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{row.slug}/pairings/")
    shot(page, "public-pairings-390", folder)
    page.set_viewport_size({"width": 1366, "height": 900})
    _download_and_reimport(page, live_server.url, row, folder)


def test_c04_5_match_half_played_in_english_desk_and_public_page(page, live_server):
    """Game 1 entered, game 2 to play: the desk keeps both games in one form; the pages read in English."""
    folder = "swiss-systems-en"
    user = make_arbiter()
    row = service.create({"name": "Double-Swiss EN", "system": TWO_GAMES.key, "rounds": 5}, user)
    service.register_many(row, "\n".join(f"Player{i:02d}, En; {2200 - 11 * i}" for i in range(1, 10)), user)
    row.refresh_from_db()
    service.pair_next(row, user)
    row.refresh_from_db()
    first = service.state(row).round(1)
    service.enter_results(row, 1, {b: "1-0" for b in range(1, len(first.boards) + 1)}, user)
    login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.click("form.lang button")
    page.wait_for_load_state()
    assert page.get_attribute("html", "lang") == "en"
    text = page.inner_text("#results-form")
    assert "Game" in text and "Match" in text
    assert page.locator("#results-form input.result[readonly]").count() == len(first.boards)  # game 1 saved
    assert page.locator("#results-form input.result:not([readonly])").count() == len(first.boards)
    assert "Results of round 1 (two-game matches)" in page.inner_text("main")
    shot(page, "desk-half-played-en-1366", folder)
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "desk-half-played-en-390", folder)
    page.goto(f"{live_server.url}/t/{row.slug}/pairings/")
    assert "Round 1 · game 1" in page.inner_text("main")
    shot(page, "public-round1-game1-en-390", folder)
    page.goto(f"{live_server.url}/t/{row.slug}/round/2/")
    assert "Round 1 · game 2" in page.inner_text("main")
    shot(page, "public-round1-game2-en-390", folder)
    page.goto(f"{live_server.url}/t/{row.slug}/")
    assert "FIDE Double-Swiss system (C.04.5)" in page.inner_text("main") and "1 / 5" in page.inner_text("main")
    page.set_viewport_size({"width": 1366, "height": 900})
    shot(page, "public-info-en-1366", folder)


def _no_sideways_scroll(page) -> None:
    """Neither the page nor the results table is wider than the 390 px screen."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth,"
        " ...[...document.querySelectorAll('#results-form .scroll')].flatMap(e => [e.scrollWidth, e.clientWidth])]"
    )
    page_w, page_client, table_w, table_client = widths
    assert page_w <= page_client, widths
    assert table_w <= table_client, widths


def test_c04_5_two_game_results_table_fits_390_px_and_log_counts_match_rounds(page, live_server):
    """C.04.5: the desk's two-game results table does not scroll sideways on a phone (390 px), and the
    event log names match rounds (round 2 · game 1), not TRF game columns, in English and Spanish."""
    folder = "swiss-systems-two-game-390"
    user = make_arbiter()
    row = service.create({"name": "Double-Swiss 390", "system": TWO_GAMES.key, "rounds": 5}, user)
    names = [
        "Fernández-Castellanos, María José", "Villanueva de la Fuente, Juan Sebastián",
        "Rodríguez Altamirano, Guadalupe", "Schwarzenberger, Maximiliane", "Ivanchuk-Kowalczyk, Oleksandr",
        "Papadopoulou, Anastasia", "Nakamura-Okonkwo, Christopher", "Bartholomew-Smith, Elizabeth",
    ]
    service.register_many(row, "\n".join(f"{n}; {2300 - 17 * i}" for i, n in enumerate(names)), user)
    row.refresh_from_db()
    service.pair_next(row, user)
    row.refresh_from_db()
    first = service.state(row).round(1)
    service.enter_results(row, 1, {b: "1-0" for b in range(1, len(first.boards) + 1)}, user)
    service.enter_results(row, 2, {b: "½-½" for b in range(1, len(first.boards) + 1)}, user)
    row.refresh_from_db()
    service.pair_next(row, user)  # round 2 = TRF columns 3 and 4
    login(page, live_server.url)
    for lang, game_word, round_word in (("es", "partida", "ronda"), ("en", "game", "round")):
        page.set_viewport_size({"width": 1366, "height": 900})
        page.goto(f"{live_server.url}/desk/t/{row.slug}/")
        if page.get_attribute("html", "lang") != lang:
            page.click("form.lang button")
            page.wait_for_load_state()
        assert page.get_attribute("html", "lang") == lang
        page.wait_for_selector("#results-form input.result")
        shot(page, f"desk-results-{lang}-1366", folder)
        page.set_viewport_size({"width": 390, "height": 844})
        _no_sideways_scroll(page)
        shot(page, f"desk-results-{lang}-390", folder)
        page.goto(f"{live_server.url}/desk/t/{row.slug}/?round=1#results")  # both games in: the match column filled
        assert "1½–½" in page.inner_text("#results-form")
        _no_sideways_scroll(page)
        shot(page, f"desk-results-round1-{lang}-390", folder)
        page.goto(f"{live_server.url}/desk/t/{row.slug}/log/")
        log = page.inner_text("ol.history").lower()
        assert f"{round_word} 2 · {game_word} 1" in log and f"{round_word} 2 · {game_word} 2" in log
        assert f"{round_word} 1 · {game_word} 2" in log  # the results of game 2 of match 1
        assert f"{round_word} 3 " not in log and f"{round_word} 4 " not in log  # no TRF column as a round
        assert "5 " in log  # five rounds announced (ten TRF columns)
        shot(page, f"desk-log-{lang}-390", folder)
        page.set_viewport_size({"width": 1366, "height": 900})
        shot(page, f"desk-log-{lang}-1366", folder)
