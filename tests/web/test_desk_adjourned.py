"""Adjourned games at the desk (issue 33 item 5; VCL4THP v13 Q157-Q169 as transcribed): the results form
takes ``*`` through the core parser, a later non-draw asks for the confirmation page (Q163) and the
tournament cannot be finished while a game is adjourned (Q169)."""

from __future__ import annotations

import html

import pytest
from desk_support import desk_post
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.web.tournaments import models, result_entry, service

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(client):
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Aplazadas", "city": "Mar del Plata", "system": "rr"}, user)
    service.register_many(row, "\n".join(f"Jugador{i}, Demo; {2000 - i}" for i in range(1, 7)), user)
    row.refresh_from_db()
    service.pair_next(row, user)
    row.refresh_from_db()
    client.force_login(user)
    return client, row, user


def _form(row, rnd: int, typed: dict[int, str], seen: dict[int, str] | None = None) -> dict[str, str]:
    boards = service.state(row).round(rnd).boards
    data = {"op": "results", "round": str(rnd)}
    for board, text in typed.items():
        g = boards[board - 1]
        data[f"r_{g.white}_{g.black}"] = text
    for board, text in (seen or {}).items():
        g = boards[board - 1]
        data[f"s_{g.white}_{g.black}"] = text
    return data


def test_Q162_the_panel_shows_the_star_and_the_result_typed_over_it_is_saved(setup) -> None:
    client, row, _ = setup
    desk_post(client, row.slug, _form(row, 1, {1: "1-0", 2: "*", 3: "½-½"}))
    row.refresh_from_db()
    g = service.state(row).round(1).boards[1]
    panel = html.unescape(client.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode())
    assert f'name="s_{g.white}_{g.black}" value="*"' in panel
    # the form as the panel sends it: the star seen, the result typed over it
    desk_post(client, row.slug, _form(row, 1, {2: "0-1"}, {2: "*"}))
    row.refresh_from_db()
    st = service.state(row)
    assert st.adjourned_games() == [] and st.round(1).boards[1].black_code is ResultCode.WIN


def test_Q157_the_desk_records_an_adjourned_game_typed_as_a_star(setup) -> None:
    client, row, _ = setup
    assert result_entry.script_data(True)["forms"]["*"] == "*"  # the browser accepts it too
    desk_post(client, row.slug, _form(row, 1, {1: "1-0", 2: "*", 3: "½-½"}))
    row.refresh_from_db()
    st = service.state(row)
    assert st.adjourned_games() == [(1, 2)]
    # the same form sent again with the star unchanged is no error and changes nothing
    events = row.events.count()
    desk_post(client, row.slug, _form(row, 1, {1: "1-0", 2: "*", 3: "½-½"}))
    row.refresh_from_db()
    assert row.events.count() == events


def test_Q169_Q163_no_finish_while_adjourned_and_a_later_non_draw_is_confirmed(setup) -> None:
    client, row, user = setup
    desk_post(client, row.slug, _form(row, 1, {1: "1-0", 2: "*", 3: "½-½"}))
    row.refresh_from_db()
    with pytest.raises(ArbitroError, match="aplazada|adjourned"):
        service.check_finish(row)
    service.pair_next(row, user)  # round 2 over the adjourned game (a draw for pairing, Q167)
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 2
    resp = desk_post(client, row.slug, _form(row, 1, {2: "1-0"}))
    page = html.unescape(resp.content.decode())
    assert resp.status_code == 200 and 'name="confirmed"' in page  # the Level-3 page (Q163)
    row.refresh_from_db()
    assert service.state(row).adjourned_games() == [(1, 2)]  # nothing saved before the confirmation
    data = {**_form(row, 1, {2: "1-0"}), "confirmed": "1"}
    desk_post(client, row.slug, data)
    row.refresh_from_db()
    st = service.state(row)
    assert st.adjourned_games() == [] and st.round(1).boards[1].white_code is ResultCode.WIN


def test_Q157_Q164_the_pages_show_the_adjourned_game_pending_and_the_export_writes_a_question_mark(setup) -> None:
    client, row, user = setup
    desk_post(client, row.slug, _form(row, 1, {1: "1-0", 2: "*", 3: "½-½"}))
    row.refresh_from_db()
    for name in ("pairings_current", "standings", "crosstable", "players"):
        assert client.get(reverse(f"tournaments:{name}", args=[row.slug])).status_code == 200, name
    assert client.get(reverse("tournaments:desk_panel", args=[row.slug])).status_code == 200
    audit = client.get(reverse("tournaments:desk_audit", args=[row.slug]))
    assert audit.status_code == 200 and "partida aplazada o pospuesta" in html.unescape(audit.content.decode()).lower()
    pairings = html.unescape(client.get(reverse("tournaments:pairings", args=[row.slug, 1])).content.decode())
    assert "*" in pairings
    trf = client.get(reverse("tournaments:desk_export", args=[row.slug])).content.decode()
    assert "### Adjourned @ Round 1 board 2" in trf
    assert sum(line[91:].count(" ?") for line in trf.splitlines() if line.startswith("001")) == 2
    service.pair_next(row, user)
    row.refresh_from_db()
    for name in ("pairings_current", "standings", "crosstable"):
        assert client.get(reverse(f"tournaments:{name}", args=[row.slug])).status_code == 200, name
