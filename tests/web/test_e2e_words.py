"""Every word in the reader's language, in Debian's Chromium (issue 15 item 7).

The pages the core's words reach: the norms page and a player's norm (the B.01 1.4 checks with
their reasoning), the TRF import page after a bad upload (each problem with its line, column and
field), the team standings (header and legend spell the same C.07 codes), and the desk's list of
bye requests after a late entry (each request under its own player, C.04.2 2.4). Each page is
shot at 1366 and 390 px in Spanish and English (``screenshots/words/``).
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from e2e_support import E2E, login, make_arbiter, shots

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.trf import format_trf
from arbitro.web.tournaments import desk_players, models, service, store
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import submit

pytestmark = E2E

FOLDER = "words"


def _norm_trf() -> str:
    """5.5/9 against nine 2500 GMs of nine federations: an IM norm, the GM norm missed by Rp (B.01 1.4.8a)."""
    t = Tournament(name="Abierto de normas", city="Rosario", federation="ESP", start_date=dt.date(2026, 5, 1),
                   system="FIDE_DUTCH")  # fmt: skip
    t.rounds = 9
    me = Player(1, "Gómez, Ana", rating=2450, federation="ESP")
    t.players[1] = me
    feds = ["FRA", "GER", "ITA", "NED", "ENG", "USA", "IND", "CHN", "HUN"]
    for i, r in enumerate(["0", "0", "=", "1", "1", "=", "1", "1", "0"]):
        rank = i + 2
        opp = Player(rank, f"Ugarte {chr(65 + i)}., Eva", title="GM", rating=2500, federation=feds[i])
        code = ResultCode(r)
        colour = Colour.WHITE if i % 2 == 0 else Colour.BLACK
        me.results.append(RoundResult(rank, colour, code))
        opp.results = [RoundResult(None, None, ResultCode.NOT_PAIRED) for _ in range(i)]
        opp.results.append(RoundResult(1, colour.opposite, code.mirrored))
        t.players[rank] = opp
    return format_trf(t)


BAD_TRF = "\n".join([
    "012 Abierto roto", "042 2026/11/28", "062 3", "092 Individual: Swiss-System", "142 3",
    "001    1 x    Gomez, Ana                        2abc ARG                         1.0          2 w 1",
    "001    2 m    Quiroga, Tomas                    2100 ARG                         0.0          3 b Q",
    "001    2 m    Zarate, Lucia                     2000 ARG                         0.0",
    "",
])  # fmt: skip


def _team_event(user) -> str:
    c = Client()
    c.force_login(user)
    r = c.post("/desk/teams/new/", {"name": "Liga de clubes", "system": "team_swiss", "boards": 2, "rounds": 3,
                                     "match_win": "2", "match_draw": "1", "match_loss": "0"})  # fmt: skip
    assert r.status_code == 302
    slug = r["Location"].rstrip("/").split("/")[-1]
    for t in range(1, 5):
        players = "\n".join(f"Socio{t}{i}, Ana; {2300 - 30 * t - i}" for i in range(1, 4))
        c.post(f"/desk/teams/{slug}/register-team/", {"name": f"Club {t}", "players": players})
    c.post(f"/desk/teams/{slug}/pair/", {})
    return slug


def _late_entry_with_byes(user) -> str:
    row = service.create({"name": "Abierto con byes", "system": "dutch", "rounds": 7}, user)
    for i in range(6):
        service.register(row, {"name": f"Jugador, {chr(65 + i)}", "rating": 2000 - 10 * i}, user)
    row.refresh_from_db()
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {1: "1-0", 2: "0-1", 3: "1/2-1/2"}, user)
    row.refresh_from_db()
    names = {p.name: p.start_rank for p in store.load(row).players.values()}
    for name, rnd in (("Jugador, A", 4), ("Jugador, C", 5)):
        submit(operations.Bye, row, {"player": str(names[name]), "round": str(rnd), "kind": "H"}, user)
        row.refresh_from_db()
    desk_players.register(row, {"name": "Tardío, Fuerte", "rating": 2600}, user)
    return row.slug


@pytest.mark.parametrize("lang", ["es", "en"])
def test_core_words_on_the_pages_in_the_readers_language(browser, live_server, lang) -> None:
    user = make_arbiter()
    norms_row = store.import_trf(_norm_trf(), source="normas.trf")
    team_slug = _team_event(user)
    bye_slug = _late_entry_with_byes(user)
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR" if lang == "es" else "en-GB")
    ctx.set_default_timeout(20000)
    page = ctx.new_page()
    base = live_server.url
    login(page, base)
    ctx.add_cookies([{"name": "django_language", "value": lang, "url": base}])

    # the norms page: achieved, in reach with the reasoning of the rule not met (B.01 1.4.8a Rp)
    page.goto(f"{base}/t/{norms_row.slug}/norms/")
    why = page.locator("table.norms td.why").all_inner_texts()
    assert any("2600" in w for w in why), why  # the GM norm's Rp minimum, with the numbers
    word = "hace falta al menos" if lang == "es" else "at least"
    assert any(word in w for w in why), why
    shots(page, f"norms-{lang}", FOLDER)
    page.goto(f"{base}/t/{norms_row.slug}/player/1/")
    page.locator("details").first.evaluate("d => d.open = true")
    reasons = " ".join(page.locator("ul.rules .why").all_inner_texts())
    assert ("otras federaciones" if lang == "es" else "other federations") in reasons, reasons
    shots(page, f"player-norm-{lang}", FOLDER)

    # a bad TRF: every problem with its line and field
    upload = live_server_tmp() / "roto.trf"
    upload.write_text(BAD_TRF, encoding="utf-8")
    page.goto(f"{base}/desk/import/")
    page.set_input_files("input[name=file]", str(upload))
    page.locator("form.form button[type=submit]").last.click()
    page.wait_for_selector("#trf-problems")
    problems = page.locator("#trf-problems li").all_inner_texts()
    assert len(problems) == 3, problems
    if lang == "es":
        assert any(p.startswith("línea 8, columna 5, campo 001 número inicial:") for p in problems), problems
        assert any("resultado de la ronda 1" in p and "se esperaba uno de" in p for p in problems), problems
    else:
        assert any(p.startswith("line 8, column 5, field 001 start rank:") for p in problems), problems
    shots(page, f"import-errors-{lang}", FOLDER)

    # team standings: the header's codes are the legend's
    page.goto(f"{base}/teams/{team_slug}/")
    header = page.locator("#team-standings thead th").all_inner_texts()
    legend = page.locator("#team-legend").inner_text()
    assert header[2] == "MPTS", header
    for code in header[2:]:
        assert re.search(rf"\b{re.escape(code)}\b", legend), (code, legend)
    shots(page, f"team-standings-{lang}", FOLDER)

    # the desk's bye requests after a late entry renumbered the field: each under its player
    page.goto(f"{base}/desk/t/{bye_slug}/")
    core = store.load(models.Tournament.objects.get(slug=bye_slug))
    a = next(p for p in core.players.values() if p.name == "Jugador, A")
    text = page.locator("body").inner_text()
    assert f"{a.start_rank}. Jugador, A" in text
    assert ("registrado en la mesa" if lang == "es" else "recorded at the desk") in text  # said at display time
    shots(page, f"desk-byes-{lang}", FOLDER)
    ctx.close()


def live_server_tmp():
    import tempfile
    from pathlib import Path

    return Path(tempfile.mkdtemp(prefix="arbitro-words-"))
