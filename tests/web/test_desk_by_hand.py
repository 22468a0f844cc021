"""The round made by hand at the desk when the engine proves none exists (VCL4THP Q63-Q69, issue 33).

Four players, four rounds of the Dutch system: after three rounds every player has met every
other, so no round 4 satisfies C.04.1 art. 2 and "Pair next round" fails with ``pair.impossible``.
The panel then opens the "Round by hand" form; the round typed there is checked by the core,
which lists what it breaks; the desk shows a Level-3 confirmation page (Q69) with each breach and
the engine's proof, and makes the round only on confirm, with a ``### MPA @ Round 4: manual
pairing session`` line in the report (Q65-Q68). While the engine can pair, it is refused in words.
"""

from __future__ import annotations

import re

import pytest
from desk_support import desk_url
from django.urls import reverse

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


def _swiss(arbiter: object, played: int) -> models.Tournament:
    """A 4-player, 4-round Swiss with ``played`` rounds paired, published and drawn on every board."""
    row = service.create({"name": "Cerrado por mano", "system": "swiss", "rounds": 4}, arbiter)
    service.register_many(row, "\n".join(f"Jugador, {chr(65 + i)}; {2000 - 10 * i}" for i in range(4)), arbiter)
    row.refresh_from_db()
    for rnd in range(1, played + 1):
        service.pair_next(row, arbiter, seed=1)
        row.refresh_from_db()
        boards = service.state(row).round(rnd).boards
        service.enter_results(row, rnd, {b: "½-½" for b in range(1, len(boards) + 1)}, arbiter)
        row.refresh_from_db()
    return row


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").replace("&quot;", '"')


def test_Q63_Q69_round_4_impossible_is_made_by_hand_after_a_level_3_confirmation(client, arbiter) -> None:
    row = _swiss(arbiter, played=3)
    st = service.state(row)
    met = {p: set() for p in st.header.players}
    for rnd in st.rounds:
        for g in rnd.boards:
            met[g.white].add(g.black)
            met[g.black].add(g.white)
    assert all(len(v) == 3 for v in met.values())  # everyone has met everyone: no round 4 without a rematch
    client.cookies["django_language"] = "en"
    client.force_login(arbiter)

    resp = client.post(desk_url(row.slug, "pair"), {})  # the engine proves no pairing exists
    assert resp.status_code == 302 and resp["Location"].endswith("?by_hand=1#by-hand")
    panel = client.get(resp["Location"]).content.decode()
    assert "no valid pairing exists for round 4" in panel
    assert re.search(r'<section id="by-hand">\s*<h2>Round by hand</h2>\s*<details open>', panel)
    assert f'action="{desk_url(row, "pair_by_hand")}"' in panel  # the round-by-hand form, posted to its operation

    round1 = [(g.white, g.black) for g in st.round(1).boards]
    boards = "\n".join(f"{b}-{w}" for w, b in round1)  # round 1 again, colours reversed
    reason = "no pairing exists; round 1 replayed with colours reversed"
    page = client.post(desk_url(row.slug, "pair_by_hand"), {"boards": boards, "bye": "", "reason": reason})
    assert page.status_code == 200  # the confirmation page, nothing made yet
    html = page.content.decode()
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 3
    assert "Round 4 by hand" in html and 'id="confirm-no"' in html and f'action="{desk_url(row, "pair_by_hand")}"' in html
    breaches = re.search(r'<ul class="breaches" id="by-hand-breaches">(.*?)</ul>', html, re.S)
    assert breaches is not None
    items = re.findall(r"<li>(.*?)</li>", breaches.group(1))
    rematches = [i for i in items if "is a rematch of round 1 (C.04.1 art. 2)" in i]
    assert len(rematches) == 2  # both boards of round 1 again
    assert all("(C.04.1 art. 7)" in i for i in items if i not in rematches)  # the colour rules, also listed
    proof = re.search(r'<p id="by-hand-proof">(.*?)</p>', html, re.S)
    assert proof is not None and "The engine&#x27;s proof" in proof.group(1) and len(_text(proof.group(1))) > 25
    hidden = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)">', html))
    assert hidden["confirmed"] == "1" and hidden["boards"].split() == boards.split()
    assert f'value="{reason}"' in html.replace("&#x27;", "'")  # the reason carried to the confirmation

    done = client.post(desk_url(row.slug, "pair_by_hand"), {**hidden, "reason": reason})  # confirm: Level 3
    assert done.status_code == 302
    row.refresh_from_db()
    st = service.state(row)
    assert st.paired_rounds == 4 and st.round(4).engine == "manual" and st.round(4).manual
    assert [(g.white, g.black) for g in st.round(4).boards] == [(b, w) for w, b in round1]
    client.post(desk_url(row.slug, "publish"), {})
    row.refresh_from_db()
    service.enter_results(row, 4, {1: "1-0", 2: "0-1"}, arbiter)
    trf = client.get(reverse("tournaments:desk_export", args=[row.slug])).content.decode()
    mpa = [line for line in trf.splitlines() if line.startswith("### MPA @ Round 4: manual pairing session")]
    assert len(mpa) == 1 and "rematch" in mpa[0] and f"reason: {reason}" in mpa[0]


def test_Q63_a_confirmation_cancelled_makes_nothing(client, arbiter) -> None:
    row = _swiss(arbiter, played=3)
    client.force_login(arbiter)
    round1 = [(g.white, g.black) for g in service.state(row).round(1).boards]
    html = client.post(desk_url(row.slug, "pair_by_hand"), {"boards": "\n".join(f"{w} {b}" for w, b in round1), "reason": "no pairing"}
    ).content.decode()
    back = re.search(r'<a class="button secondary" href="([^"]+)" id="confirm-no">', html)
    assert back is not None and client.get(back.group(1).replace("&amp;", "&")).status_code == 200
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 3 and row.events.filter(kind="round_paired").count() == 3


def test_Q63_refused_in_spanish_while_the_engine_can_pair(client, arbiter) -> None:
    row = _swiss(arbiter, played=1)  # round 2 can be paired: the desk says so in Spanish
    client.cookies["django_language"] = "es"
    client.force_login(arbiter)
    st = service.state(row)
    round1 = [(g.white, g.black) for g in st.round(1).boards]
    resp = client.post(
        desk_url(row.slug, "pair_by_hand"),
        {"boards": "\n".join(f"{b}-{w}" for w, b in round1), "reason": "prueba"},
        follow=True,
    )
    html = resp.content.decode()
    assert "ronda a mano: el motor puede emparejar la ronda 2; emparéjela y luego cambie tableros a mano" in html
    assert "Ronda a mano" in html and "Hacer la ronda a mano" in html  # the form, in Spanish
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 1


def test_Q63_a_missing_reason_is_a_translated_form_error(client, arbiter) -> None:
    row = _swiss(arbiter, played=3)
    client.cookies["django_language"] = "es"
    client.force_login(arbiter)
    resp = client.post(
        desk_url(row.slug, "pair_by_hand"),
        {"boards": "1-2\n3-4", "reason": " "},
        follow=True,
    )
    assert "ronda a mano: indique el motivo (se escribe en el informe del torneo)" in resp.content.decode()
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 3


def test_Q69_the_confirmation_page_in_spanish_says_each_breach_in_spanish(client, arbiter) -> None:
    row = _swiss(arbiter, played=3)
    client.cookies["django_language"] = "es"
    client.force_login(arbiter)
    round1 = [(g.white, g.black) for g in service.state(row).round(1).boards]
    html = client.post(
        desk_url(row.slug, "pair_by_hand"),
        {"boards": "\n".join(f"{w}-{b}" for w, b in round1), "reason": "no existe"},
    ).content.decode()
    assert "Ronda 4 a mano" in html and "La prueba del motor" in html and "Lo que la ronda incumple" in html
    breaches = re.search(r'<ul class="breaches" id="by-hand-breaches">(.*?)</ul>', html, re.S)
    assert breaches is not None
    items = re.findall(r"<li>(.*?)</li>", breaches.group(1))
    assert len(items) >= 2 and not any("is a rematch" in i for i in items)  # the core's codes, translated
    assert sum("(C.04.1 art. 2)" in i for i in items) == 2
    assert "Hacer la ronda 4 de todos modos" in html
