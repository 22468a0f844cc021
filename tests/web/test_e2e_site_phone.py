"""The static site of ``arbitro site`` on a phone (issue 15 item 8), in Debian's Chromium.

At 390 px no page scrolls sideways (wide tables scroll inside their box), the pairings show
both names, and the standings show rank, name and points. Screenshots at 390 and 1366 px go to
``screenshots/site/``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from e2e_support import CHROMIUM, SHOTS_ROOT

from arbitro.documents.output import write_tree
from arbitro.documents.site import build_site
from arbitro.tournament import TournamentService

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} not installed (apt-get install chromium)"),
]

NAMES = [
    "Fernández Castellanos, María Guadalupe", "Papadopoulos-Konstantinidis, Alexandros", "Li, Wen",
    "Van der Westhuizen, Johannes Petrus", "Ødegaard, Sigrid", "Ramírez, Juan", "Nakamura, Hikaru",
    "Schmidt-Hoffmann, Karl-Heinz Friedrich", "Pérez, Ana", "O'Brien, Seán",
]  # fmt: skip


def _tournament():
    svc = TournamentService(author="test")
    svc.create(name="Abierto Estático", system="dutch", rounds=5, city="Mar del Plata")
    for i, name in enumerate(NAMES):
        svc.register_player(name, rating=2400 - 35 * i, federation="ARG", title="FM" if i < 3 else "")
    results = ["1-0", "½-½", "0-1", "1-0", "0-1"]
    for rnd in range(1, 4):
        svc.pair_next_round(seed=1)
        svc.publish_round()
        for board in range(1, len(svc.state.round(rnd).boards) + 1):
            svc.enter_result(board, results[(board + rnd) % len(results)], round_number=rnd)
    return svc.state.to_tournament(ranks=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    write_tree(folder, build_site(_tournament(), "es"))
    return folder


def test_static_site_fits_a_phone(browser, site) -> None:
    pages = ["index.html", "players.html", "pairings.html", "standings.html", "crosstable.html", "players/1.html"]
    shots = SHOTS_ROOT / "site"
    shots.mkdir(parents=True, exist_ok=True)
    for width in (390, 1366):
        ctx = browser.new_context(viewport={"width": width, "height": 844 if width < 600 else 900})
        pg = ctx.new_page()
        try:
            for name in pages:
                pg.goto((site / name).as_uri())
                pg.screenshot(path=str(shots / f"{name.replace('/', '-')[:-5]}-{width}.png"), full_page=True)
                if width == 390:
                    assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (
                        f"{name} scrolls sideways at 390 px"
                    )
            if width == 390:
                pg.goto((site / "pairings.html").as_uri())
                for row in pg.locator("table tbody tr").all()[:5]:
                    cells = [c for c in row.locator("td").all() if c.is_visible()]
                    right = cells[-1].bounding_box()
                    assert right is not None and right["x"] + right["width"] <= 390, "Black off screen"
                    assert cells[-1].inner_text().strip(), "Black's name shown"
                pg.goto((site / "standings.html").as_uri())
                first = pg.locator("table tbody tr").first
                visible = [c for c in first.locator("td").all() if c.is_visible()]
                for cell in visible[:3]:  # rank, name, points
                    box = cell.bounding_box()
                    assert box is not None and box["x"] + box["width"] <= 390
        finally:
            ctx.close()
