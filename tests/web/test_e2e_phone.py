"""Public pages on a phone (issue 15 item 8), in Debian's Chromium through Playwright.

At 390 px: standings show rank, name, points and the first tie-break without sideways
scrolling (the rest scrolls inside the table, the name column sticky); pairings show both
names; the crosstable header lines up with its columns in every state (nothing played,
a round paired without results, finished). A print of the pairings keeps Black.

Every public page is photographed at 390 and 1366 px into ``screenshots/phone/``
(git-ignored; ``ARBITRO_SCREENSHOTS`` moves it).
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from e2e_support import E2E, shot

from arbitro.web.tournaments import models, service

pytestmark = E2E

NAMES = [
    "Fernández Castellanos, María Guadalupe",
    "Papadopoulos-Konstantinidis, Alexandros",
    "Li, Wen",
    "Van der Westhuizen, Johannes Petrus",
    "Ødegaard, Sigrid",
    "Ramírez, Juan",
    "Nakamura, Hikaru",
    "Schmidt-Hoffmann, Karl-Heinz Friedrich",
    "Pérez, Ana",
    "O'Brien, Seán",
    "Kowalczyk, Małgorzata",
    "Abdusattorov, Nodirbek",
]
RESULTS = ["1-0", "½-½", "0-1", "1-0", "0-1", "½-½"]


def _swiss(state: str) -> models.Tournament:
    """A 12-player Swiss of 5 rounds with long names: ``new`` (nothing paired), ``live`` (round 3 paired,
    no result), ``done`` (all 5 rounds played)."""
    user = get_user_model().objects.get_or_create(username="arbitro")[0]
    system = "rr" if state == "rr" else "swiss"  # rr: a Berger grid (C.05) of 6 with round 3 paired
    row = service.create(
        {"name": f"Abierto {state}", "city": "Mar del Plata", "system": system, "rounds": 5}, user
    )
    names = NAMES[:6] if state == "rr" else NAMES
    service.register_many(row, "\n".join(f"{n}; {2400 - 37 * i}" for i, n in enumerate(names)), user)
    row.refresh_from_db()
    played = {"new": 0, "live": 2, "done": 5, "rr": 2}[state]
    for rnd in range(1, played + 1 + (state in ("live", "rr"))):
        service.pair_next(row, user, seed=1)
        row.refresh_from_db()
        if rnd <= played:
            boards = service.state(row).round(rnd).boards
            service.enter_results(
                row, rnd, {b: RESULTS[(b + rnd) % len(RESULTS)] for b in range(1, len(boards) + 1)}, user
            )
            row.refresh_from_db()
    return row


def _page(browser, width: int):
    ctx = browser.new_context(
        viewport={"width": width, "height": 844 if width < 600 else 900}, locale="es-AR"
    )
    pg = ctx.new_page()
    pg.set_default_timeout(15000)
    return ctx, pg


def _shot(pg, name: str) -> None:
    shot(pg, name, "phone")


def _right(pg, selector: str) -> float:
    box = pg.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"]


def _no_page_scroll(pg) -> None:
    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
        "the page scrolls sideways"
    )


def _aligned(pg, table: str) -> None:
    """Each header cell starts where the cells of its column start (C.05 grid / Swiss crosstable)."""
    heads = pg.evaluate(
        f"[...document.querySelectorAll('{table} thead th')].map(e => e.getBoundingClientRect().left)"
    )
    for row_lefts in pg.evaluate(
        f"[...document.querySelectorAll('{table} tbody tr')].map(r => [...r.children].map(e => e.getBoundingClientRect().left))"
    ):
        assert len(row_lefts) == len(heads), "as many cells as headers"
        assert all(abs(a - b) < 1.5 for a, b in zip(row_lefts, heads, strict=True))


@pytest.mark.parametrize("state", ["new", "live", "done", "rr"])
def test_public_pages_at_390_and_1366_px(browser, live_server, state) -> None:
    row = _swiss(state)
    base = f"{live_server.url}/t/{row.slug}"
    pages = ["", "players/", "standings/", "crosstable/", "pairings/", "norms/", "player/1/"]
    for width in (390, 1366):
        ctx, pg = _page(browser, width)
        try:
            for path in pages:
                pg.goto(f"{base}/{path}")
                _shot(pg, f"{state}-{(path.strip('/').replace('/', '') or 'info')}-{width}")
                if width == 390:
                    _no_page_scroll(pg)
                if path == "crosstable/" and pg.locator("table.cross").count():
                    _aligned(pg, "table.cross")
            if state != "new" and width == 390:
                pg.goto(f"{base}/standings/")
                first = "table.standings tbody tr"
                for col in (1, 2, 4, 5):  # rank, name, points, first tie-break
                    assert _right(pg, f"{first} td:nth-child({col})") <= 390, (
                        f"standings column {col} off screen"
                    )
                name = f"{first} td.name"
                left = pg.locator(name).first.bounding_box()["x"]
                pg.evaluate("document.querySelector('table.standings').parentElement.scrollLeft = 2000")
                assert abs(pg.locator(name).first.bounding_box()["x"] - left) < 1.5, (
                    "the name column is sticky"
                )
                _shot(pg, f"{state}-standings-scrolled-390")
                pg.goto(f"{base}/player/1/")
                assert _right(pg, "table.card tbody tr td:last-child") <= 390, "a player's results off screen"
                pg.goto(f"{base}/pairings/")
                assert _right(pg, "table.pairings tbody tr td:last-child") <= 390, "Black's name off screen"
                for cell in pg.locator("table.pairings tbody tr:not(.bye) td:last-child").all():
                    assert cell.inner_text().strip(), "Black's name shown"
        finally:
            ctx.close()
    if state == "live":
        _print_keeps_black(browser, f"{base}/pairings/")


def _print_keeps_black(browser, url: str) -> None:
    """A browser print (Chromium's own PDF, A4) of the pairings holds every Black player's name."""
    import io

    from pypdf import PdfReader

    ctx, pg = _page(browser, 1366)
    pg.goto(url)
    blacks = [
        t.strip() for t in pg.locator("table.pairings tbody tr:not(.bye) td:last-child a").all_inner_texts()
    ]
    pg.emulate_media(media="print")
    pg.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    _shot(pg, "live-pairings-print")
    assert _right(pg, "table.pairings tbody tr td:last-child") <= 794, "a print cuts Black off"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pg.pdf(format="A4"))).pages)
    flat = " ".join(text.split())
    for name in blacks:
        assert " ".join(name.split()) in flat, f"{name} missing from the printed pairings"
    ctx.close()


@pytest.mark.parametrize("width", [390, 1366])
def test_fma_and_home_pages(browser, live_server, width) -> None:
    ctx, pg = _page(browser, width)
    for path, name in (("/", "home"), ("/federation/", "fma")):
        pg.goto(f"{live_server.url}{path}")
        _shot(pg, f"{name}-{width}")
        if width == 390:
            _no_page_scroll(pg)
    ctx.close()
