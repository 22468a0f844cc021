"""The desk's players and settings pages (issue 15 items 4 and 5), in Debian's Chromium through Playwright.

* edit a player; remove one before round 1;
* a late entry (C.04.2 2.4-2.5: it takes its place, everyone below is renumbered) keeps every
  public player URL pointing at the same person;
* validation errors are translated form errors (FIDE id, 31/02/2025, a 34-character name);
* the rating-list search finds "Pérez" by "perez" and lists each person once;
* the settings at creation: FIDE rated, rating type, scoring, tie-breaks, byes, a draft.

Screenshots of each page at 390 px and 1366 px: ``screenshots/desk-players/``.
"""

from __future__ import annotations

from e2e_support import E2E, login, make_arbiter, shot, shots

from arbitro.web.tournaments import models, service, store

pytestmark = E2E

FOLDER = "desk-players"


def _shots(page, name: str) -> None:
    shots(page, name, FOLDER, (390, 1366))


def _open(user, name: str, n: int = 6, rounds: int = 5) -> models.Tournament:
    row = service.create({"name": name, "city": "Rosario", "system": "dutch", "rounds": rounds}, user)
    service.register_many(row, "\n".join(f"Jugador{i:02d}, Demo; {2200 - 25 * i}; ; ARG" for i in range(1, n + 1)), user)
    row.refresh_from_db()
    return row


def _start(page, base: str) -> None:
    login(page, base)


def test_edit_a_player_and_remove_one_before_round_1(context, live_server):
    user = make_arbiter()
    row = _open(user, "Edición de jugadores")
    page = context.new_page()
    _start(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
    _shots(page, "players-before-round-1")
    page.click("tr[data-player='2'] td.actions a")
    page.fill("input[name=name]", "Corregido, Nombre")
    page.fill("input[name=fide_id]", "20012345")
    page.select_option("select[name=title]", "FM")
    _shots(page, "edit-player")
    page.click("#save-player")
    page.wait_for_url("**/players/")
    assert "Jugador Corregido, Nombre guardado." in page.inner_text("ul.messages")
    assert "Corregido, Nombre" in page.inner_text("tr[data-player='2']")
    page.once("dialog", lambda d: d.accept())
    page.click("tr[data-player='6'] button[data-op=remove]")
    page.wait_for_load_state()
    assert "Jugador dado de baja." in page.inner_text("ul.messages")
    row.refresh_from_db()
    core = store.load(row)
    assert len(core.players) == 5
    assert (core.players[2].name, core.players[2].fide_id, core.players[2].title) == ("Corregido, Nombre", "20012345", "FM")
    assert [e.kind for e in row.events.order_by("seq")][-2:] == ["player_updated", "player_removed"]


def test_a_late_entry_keeps_every_public_url(context, live_server):
    user = make_arbiter()
    row = _open(user, "Abierto con tardío", n=8)
    service.pair_next(row, user, seed=7)
    row.refresh_from_db()
    service.enter_results(row, 1, {b: "1-0" for b in range(1, 5)}, user)
    row.refresh_from_db()
    public = context.browser.new_context(viewport={"width": 390, "height": 800}, locale="es-AR")
    anon = public.new_page()
    anon.goto(f"{live_server.url}/t/{row.slug}/standings/")
    links = anon.eval_on_selector_all(
        "table.standings td.name a", "els => els.map(a => [a.getAttribute('href'), a.textContent.trim()])"
    )
    assert len(links) == 8
    page = context.new_page()
    _start(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
    page.fill("input[name=name]", "Tardío, Muy Fuerte")
    page.fill("input[name=rating]", "2600")
    page.fill("input[name=federation]", "ESP")
    page.click("#register-player")
    page.wait_for_load_state()
    assert "número 1" in page.inner_text("ul.messages")  # C.04.2 2.4: takes its place by rating
    _shots(page, "players-after-late-entry")
    for href, name in links:
        anon.goto(f"{live_server.url}{href}")
        assert name in anon.inner_text("main"), href
    row.refresh_from_db()
    late = next(p for p in store.load(row).players.values() if p.name == "Tardío, Muy Fuerte")
    assert late.start_rank == 1 and late.public_id == 9
    anon.goto(f"{live_server.url}/t/{row.slug}/player/9/")
    assert "Tardío, Muy Fuerte" in anon.inner_text("main")
    shot(anon, "public-late-entry-390", FOLDER)
    public.close()


def test_validation_errors_are_translated_form_errors(context, live_server):
    user = make_arbiter()
    row = _open(user, "Validación", n=2)
    page = context.new_page()
    _start(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
    page.fill("input[name=name]", "Apellidolarguísimo " * 3 + "de la Sierra, Nombre")
    page.fill("input[name=fide_id]", "abc<script>")
    page.fill("input[name=birth_date]", "31/02/2025")
    page.fill("input[name=rating]", "4000")
    page.click("#register-player")
    page.wait_for_load_state()
    text = page.inner_text("main")
    assert "Un nombre tiene como máximo 60 caracteres; este tiene 77." in text
    assert "Un FIDE ID tiene solo dígitos." in text
    assert "31/02/2025 no es una fecha del calendario." in text
    assert "Un rating es como máximo 3500." in text
    assert page.input_value("input[name=name]") == "Apellidolarguísimo " * 3 + "de la Sierra, Nombre"  # nothing cut
    _shots(page, "validation-errors")
    page.fill("input[name=name]", "Fernández Castellanos, María Guadalupe")  # 38: kept, and the page says so
    page.fill("input[name=fide_id]", "")
    page.fill("input[name=birth_date]", "")
    page.fill("input[name=rating]", "")
    page.click("#register-player")
    page.wait_for_load_state()
    assert "El informe FIDE (TRF 001) admite 33 caracteres de un nombre: mostrará «Fernández Castellanos, María Guad»." in (
        page.inner_text("ul.messages")
    )
    page.fill("input[name=name]", "Jugador01, Demo")
    page.fill("input[name=fide_id]", "")
    page.fill("input[name=birth_date]", "")
    page.fill("input[name=rating]", "")
    page.click("#register-player")
    page.wait_for_load_state()
    assert "Jugador01, Demo ya está inscripto con el número" in page.inner_text("ul.messages")
    row.refresh_from_db()
    assert len(store.load(row).players) == 3


def test_rating_list_search_perez_finds_perez_once_and_keeps_rating_title_federation(context, live_server):
    user = make_arbiter()
    row = _open(user, "Búsqueda", n=0)
    models.RatingListEntry.objects.create(fide_id="2201234", name="Pérez, José Luis", federation="ESP", title="IM",
                                          sex="M", standard=2411, rapid=2380, birth_year=1990)  # fmt: skip
    models.Person.objects.create(name="Pérez, José Luis", fide_id="2201234", federation="ESP", title="IM")
    models.RatingListEntry.objects.create(fide_id="2205678", name="Peralta, Ana", federation="ARG", standard=1900)
    page = context.new_page()
    _start(page, live_server.url)
    for query in ("perez", "jose perez", "PÉREZ, josé"):
        page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
        page.fill("#player-search", query)
        page.press("#player-search", "Enter")
        page.wait_for_load_state()
        items = page.locator("#found li")
        assert items.count() == 1, query
        assert "Pérez, José Luis" in items.first.inner_text()
    _shots(page, "search-perez")
    page.click("#found button[data-op=register_found]")
    page.wait_for_load_state()
    row.refresh_from_db()
    (p,) = store.load(row).players.values()
    assert (p.name, p.rating, p.title, p.federation, p.fide_id) == ("Pérez, José Luis", 2411, "IM", "ESP", "2201234")


def test_settings_at_creation(context, live_server):
    make_arbiter()
    page = context.new_page()
    _start(page, live_server.url)
    page.goto(f"{live_server.url}/desk/new/")
    page.fill("input[name=name]", "Abierto de Primavera")
    page.select_option("select[name=system]", "dutch")
    page.fill("input[name=rounds]", "9")
    page.check("input[name=rated]")
    page.select_option("select[name=rating_type]", "standard")
    page.fill("input[name=time_control]", "90'+30\"")
    page.select_option("select[name=acceleration]", "baku")
    page.select_option("select[name=scoring]", "3-1-0")
    page.select_option("select[name=tiebreak_preset]", "fide_swiss")
    page.fill("input[name=max_half_point_byes]", "2")
    page.fill("input[name=closed_last_rounds]", "2")
    page.fill("input[name=chief_arbiter]", "IA Laura Pérez")
    page.fill("input[name=deputy_arbiters]", "FA Juan Gómez; NA Ana Ruiz")
    page.fill("input[name=city]", "Córdoba")
    _shots(page, "create-with-settings")
    page.click("form.form button[type=submit]")
    page.wait_for_load_state()
    row = models.Tournament.objects.get(name="Abierto de Primavera")
    assert not row.published  # a draft until the arbiter says so
    st = service.state(row)
    assert (st.rated, st.rating_type, st.acceleration, st.header.rounds) == (True, "standard", "baku", 9)
    assert (st.header.scoring.win, st.header.scoring.draw) == (3, 1)
    assert st.header.tiebreaks[:2] == ["BH/C1", "BH"]
    assert (st.bye_limits.max_half_point_byes, st.bye_limits.last_round) == (2, 7)
    assert st.header.deputy_arbiters == ["FA Juan Gómez", "NA Ana Ruiz"]
    anon = context.browser.new_page()
    assert anon.goto(f"{live_server.url}/t/{row.slug}/").status == 404
    anon.close()
    page.goto(f"{live_server.url}/desk/t/{row.slug}/settings/")
    _shots(page, "settings")
    page.check("input[name=published]")
    page.click("#save-settings")
    page.wait_for_load_state()
    assert "Configuración guardada." in page.inner_text("ul.messages")
    row.refresh_from_db()
    assert row.published
    page.click("form.lang button[name=language]")  # English
    page.wait_for_load_state()
    assert "Settings" in page.inner_text("main") and "Configuración" not in page.inner_text("main")
    _shots(page, "settings-en")
    page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
    assert "Register from the lists" in page.inner_text("main")
    _shots(page, "players-en")


def test_withdraw_and_return_from_the_player_table_C04_2_3_2(context, live_server):
    user = make_arbiter()
    row = _open(user, "Retiros", n=6)
    service.pair_next(row, user, seed=3)
    row.refresh_from_db()
    page = context.new_page()
    _start(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/players/")
    page.once("dialog", lambda d: d.accept())
    page.click("tr[data-player='4'] button[data-op=withdraw]")
    page.wait_for_load_state()
    assert "retirado desde la ronda 2" in page.inner_text("tr[data-player='4']")
    _shots(page, "players-withdrawn")
    page.click("tr[data-player='4'] button[data-op=return]")
    page.wait_for_load_state()
    assert "El jugador vuelve al torneo." in page.inner_text("ul.messages")
    assert "retirado" not in page.inner_text("tr[data-player='4']")
    row.refresh_from_db()
    assert [e.kind for e in row.events.order_by("seq")][-2:] == ["player_withdrawn", "player_returned"]
    assert 4 not in service.state(row).withdrawn
