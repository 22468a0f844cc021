"""The team crosstable PDF from the public team standings and from the team desk, in Chromium (issue 18:
"the documents (team pairing sheet, match cards, standings, crosstables)"), in Spanish and English,
at 1366 and 390 px; the downloaded file is the document of the reader's language."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from e2e_support import E2E, login, shots
from teams_support import played_team_event

from arbitro.views.teams import team_crosstable
from arbitro.web.teams import service

pytestmark = E2E


def _pdf_text(path) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize(("lang", "title", "link"), [("es", "Tabla cruzada por equipos", "Tabla cruzada (PDF)"),
                                                     ("en", "Team crosstable", "Crosstable (PDF)")])  # fmt: skip
def test_team_crosstable_pdf_from_the_public_standings_and_the_desk(browser, live_server, tmp_path, lang, title, link):
    row = played_team_event(teams=6, boards=3, rounds=4, played=3)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR", accept_downloads=True)
    ctx.set_default_timeout(20000)
    base = live_server.url
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": base}])  # the reader's choice
    page = ctx.new_page()
    page.goto(f"{base}/teams/{row.slug}/")
    shots(page, f"team-standings-{lang}", "team-documents")
    with page.expect_download() as info:
        page.get_by_role("link", name=link).click()
    target = tmp_path / f"public-{lang}.pdf"
    info.value.save_as(target)
    text = _pdf_text(target)
    _codes, rows = team_crosstable(service.event(row))
    assert title in text
    at = [text.index(f" {r.name} ") for r in rows]
    assert at == sorted(at)  # the standings order
    # the desk has it beside the other team documents
    login(page, base, "team-chief", "pw-team-chief-1")  # the creator: chief arbiter of this competition
    page.goto(f"{base}/desk/teams/{row.slug}/")
    shots(page, f"team-desk-{lang}", "team-documents")
    docs = page.locator("#team-documents")
    with page.expect_download() as info:
        docs.get_by_role("link", name="tabla cruzada" if lang == "es" else "crosstable").click()
    target = tmp_path / f"desk-{lang}.pdf"
    info.value.save_as(target)
    assert title in _pdf_text(target)
    ctx.close()
