"""The desk's results and players tables on a phone and a tablet (issue 15 item 8), in Debian's Chromium.

At 390 px (a phone) and 768 px (a tablet) neither table scrolls sideways: each results row shows
its board, both names and the result field ("Correct" under a saved one); each player row shows
the pairing number, the name (title, federation, FIDE id and birth under it), rating, points and
the actions. At 1366 px every column is there. In Spanish and in English.
Screenshots: ``screenshots/desk-tables/``.
"""

from __future__ import annotations

import pytest
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.web.tournaments import models, service

pytestmark = E2E

FOLDER = "desk-tables"
WIDTHS = (390, 768, 1366)


def _event(user) -> models.Tournament:
    row = service.create({"name": "Mesa en el teléfono", "city": "Córdoba", "system": "dutch", "rounds": 5}, user)
    lines = [
        f"{name}; {2400 - 31 * i}; {32100000 + i}; {fed}; {title}"
        for i, (name, fed, title) in enumerate(
            [
                ("Fernández de la Fuente, María Victoria", "ARG", "WIM"),
                ("Pérez, Juan", "ARG", "IM"),
                ("Schwarzenbach-Oyarzún, Maximiliano", "CHI", "FM"),
                ("Núñez, Ana", "URU", ""),
                ("López, Pedro", "ARG", "CM"),
                ("Martínez, Sofía", "PAR", "WFM"),
                ("García, Luis", "ARG", ""),
                ("Rodríguez Larreta, Guillermo Francisco", "ARG", ""),
                ("Sosa, Elena", "BOL", ""),
                ("Ibáñez, Tomás", "ARG", ""),
                ("Quiroga, Lucía", "ARG", ""),
            ],
            start=1,
        )
    ]
    service.register_many(row, "\n".join(lines), user)
    row.refresh_from_db()
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "½-½", 3: "0F-1F"}, user)  # boards 4 and 5 still to enter
    row.refresh_from_db()
    service.withdraw(row, 11, user)
    row.refresh_from_db()
    return row


def _no_sideways(page, table: str, width: int) -> None:
    """The table fits its box: no sideways scrolling, every cell inside the screen."""
    box = page.evaluate(
        """sel => { const t = document.querySelector(sel); const s = t.closest('.scroll');
                    return [s.scrollWidth, s.clientWidth, t.getBoundingClientRect().right]; }""",
        table,
    )
    assert box[0] <= box[1] + 1, f"{table} at {width} px scrolls sideways: {box[0]} > {box[1]}"
    assert box[2] <= width + 1, f"{table} at {width} px ends at {box[2]}"


def _visible(page, selector: str, width: int) -> None:
    loc = page.locator(selector)
    assert loc.count(), selector
    for i in range(loc.count()):
        el = loc.nth(i)
        assert el.is_visible(), f"{selector} #{i} hidden at {width} px"
        b = el.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= width + 1, (selector, i, b, width)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_desk_results_and_players_tables_fit_a_phone_and_a_tablet(browser, live_server, lang):
    user = make_arbiter()
    row = _event(user)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR")
    ctx.set_default_timeout(15000)
    page = ctx.new_page()
    base = live_server.url
    login(page, base)
    page.goto(f"{base}/desk/t/{row.slug}/")
    if lang == "en":
        page.click("form.lang button")
        page.wait_for_load_state()
    assert page.get_attribute("html", "lang") == lang
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{base}/desk/t/{row.slug}/")
        page.wait_for_selector("#results-form button.correct")
        _no_sideways(page, "#results-form table", width)
        for cell in ("td.bd", "td.name", "input.result"):
            _visible(page, f"#results-form tbody tr:not(.bye) {cell}", width)
        _visible(page, "#results-form button.correct", width)
        page.locator("#results").screenshot(path=str(_path(f"results-{lang}-{width}")))
        page.goto(f"{base}/desk/t/{row.slug}/players/")
        _no_sideways(page, "#player-table", width)
        for cell in ("td.no", "td.name", "td.rating", "td.pts", "td.actions a", "td.actions button"):
            _visible(page, f"#player-table tbody {cell}", width)
        meta = page.locator("#player-table tbody tr", has_text="Pérez, Juan").locator("small.inline-meta")
        fide = page.locator("#player-table tbody tr", has_text="Pérez, Juan").locator("td.fide")
        if width <= 600:  # the hidden columns' facts under the name
            assert meta.is_visible() and meta.inner_text() == "IM · ARG · 32100002" and not fide.is_visible()
        elif width >= 1024:
            assert not meta.is_visible() and fide.is_visible() and fide.inner_text() == "32100002"
        shot(page, f"players-{lang}-{width}", FOLDER)
    ctx.close()


def _path(name: str):
    from e2e_support import SHOTS_ROOT

    target = SHOTS_ROOT / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    return target / f"{name}.png"
