"""The team desk's refusals in the reader's language, in Debian's Chromium (issue 15 item 7).

A line-up out of the team's ranked board order (C.04.6 art. 1.1: the board order follows
the ranked list) is refused by the team core with a coded message; the desk says it in
Spanish or English, never the core's English on a Spanish page. Screenshots at 1366 and 390 px.
"""

from __future__ import annotations

import pytest
from django.test import Client
from e2e_support import E2E, login, make_arbiter, shots

from arbitro.web.teams import service
from arbitro.web.tournaments import models

pytestmark = E2E

SPANISH = "está por delante en la lista del equipo del jugador del tablero anterior"
ENGLISH = "is ranked above the player on the board before"


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_lineup_out_of_ranked_order_is_refused_in_the_readers_language_C04_6(context, live_server, lang) -> None:
    user = make_arbiter()
    c = Client()
    c.force_login(user)
    r = c.post("/desk/teams/new/", {"name": "Liga de palabras", "system": "team_swiss", "boards": 2, "rounds": 3,
                                    "match_win": "2", "match_draw": "1", "match_loss": "0"})  # fmt: skip
    assert r.status_code == 302
    row = models.Tournament.objects.get(name="Liga de palabras")
    for t in (1, 2):
        players = "\n".join(f"Jugador {t}.{i}; {2300 - 30 * t - i}" for i in range(1, 4))
        c.post(f"/desk/teams/{row.slug}/register-team/", {"name": f"Club {t}", "players": players})
    c.post(f"/desk/teams/{row.slug}/pair/", {})
    c.post(f"/desk/teams/{row.slug}/publish/", {})  # a draft (issue 32): published before its results
    row.refresh_from_db()
    st = service.state(row)
    white, black = st.pairings[1][0]
    members = st.require().teams[black].members
    page = context.new_page()
    base = live_server.url
    context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    login(page, base)
    page.goto(f"{base}/desk/teams/{row.slug}/?round=1")
    form = f"#match-{white}"
    page.select_option(f"{form} select[name=l_{black}_1]", str(members[1].id))  # the second of the list on board 1
    page.select_option(f"{form} select[name=l_{black}_2]", str(members[0].id))
    with page.expect_navigation():
        page.click(f"{form} button[type=submit]")
    said = page.locator("ul.messages li.error").inner_text()
    if lang == "es":
        assert SPANISH in said and ENGLISH not in said
    else:
        assert ENGLISH in said and SPANISH not in said
    row.refresh_from_db()
    assert service.state(row).lineup(1, black) != (members[1].id, members[0].id)  # refused: nothing written
    shots(page, f"team-lineup-refused-{lang}", "team-words")
