"""Every pairing system of the registry at the web desk (issue 17): create, pair, enter, publish.

The systems come from the registry (``registry.service_systems``), never by name here
either: a new Swiss system is covered the day it is registered. Double-Swiss (C.04.5)
pairs two-game matches; the desk enters both games of a match in one form, the
public page names the games, and the exported TRF (two columns per match,
docs/decisions.md 2026-12-01) reads back into the same matches.
"""

from __future__ import annotations

import random
import shutil
import subprocess

import pytest
from desk_support import desk_post, desk_url
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.pairing import registry
from arbitro.pairing.registry import SystemKind
from arbitro.trf import parse_trf
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db

SWISS = [s for s in registry.service_systems() if s.is_swiss]
TWO_GAMES = next(s for s in SWISS if s.games_per_round == 2)


@pytest.fixture
def logged(client):
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    client.force_login(user)
    return client


def _create(logged, system: registry.PairingSystem, rounds: int, players: int) -> models.Tournament:
    name = f"Open {system.key}"
    resp = logged.post(reverse("tournaments:desk_create"), {"name": name, "system": system.key, "rounds": rounds, "published": "on"})
    assert resp.status_code == 302, resp.content.decode()[:2000]
    row = models.Tournament.objects.get(name=name)
    text = "\n".join(f"Player{i:02d}, Test; {2300 - 17 * i}" for i in range(1, players + 1))
    resp = logged.post(reverse("tournaments:desk_register_many", args=[row.slug]), {"players": text})
    assert resp.status_code == 302
    return row


def _pair(logged, row: models.Tournament) -> None:
    resp = logged.post(reverse("tournaments:desk_pair", args=[row.slug]), {}, follow=True)
    assert b"paired as a draft" in resp.content or b"emparejada" in resp.content, resp.content[:3000]
    resp = logged.post(reverse("tournaments:desk_publish", args=[row.slug]), {}, follow=True)
    assert b"published" in resp.content or b"publicada" in resp.content, resp.content[:3000]  # the draft reviewed


def _enter_all(logged, row: models.Tournament, rng: random.Random) -> None:
    """One desk form for the round (both columns of a two-game match), a random result per game."""
    row.refresh_from_db()
    st = service.state(row)
    games = st.pairing_system.games_per_round
    columns = list(range(st.paired_rounds - games + 1, st.paired_rounds + 1))
    data: dict[str, object] = {"op": "results", "round": [str(c) for c in columns]}
    for c in columns:
        for g in st.round(c).boards:
            data[f"r_{g.white}_{g.black}"] = rng.choice(["1-0", "0-1", "½-½"])
            data[f"s_{g.white}_{g.black}"] = ""
    resp = desk_post(logged, row.slug, data)
    assert resp.status_code == 302
    row.refresh_from_db()
    assert all(service.state(row).round(c).complete for c in columns)


@pytest.mark.parametrize("system", SWISS, ids=lambda s: s.key)
def test_every_registry_swiss_system_runs_at_the_desk_C_04(logged, system):
    """Create (form choice from the registry), pair, enter results and publish three rounds."""
    resp = logged.get(reverse("tournaments:desk_create"))
    assert f'value="{system.key}"'.encode() in resp.content  # the creation form lists it
    row = _create(logged, system, rounds=3, players=9)
    rng = random.Random(system.key)
    for _ in range(3):
        _pair(logged, row)
        _enter_all(logged, row, rng)
    row.refresh_from_db()
    st = service.state(row)
    assert st.system == system.key and st.paired_rounds == 3 * system.games_per_round
    assert all(r.published for r in st.rounds)
    assert row.status == models.Tournament.Status.FINISHED
    back = parse_trf(logged.get(reverse("tournaments:desk_export", args=[row.slug])).content).tournament
    assert registry.of_tournament(back).key == system.key
    assert all(c.departures == [] for c in registry.of_tournament(back).check(back))  # C.02: the checker agrees


def test_c04_5_desk_pairs_a_match_as_two_games_colours_reversed(logged):
    """C.04.5 4.4: game 2 reverses game 1's colours; 1.4: the PAB is U then H (1½ points)."""
    row = _create(logged, TWO_GAMES, rounds=4, players=7)
    _pair(logged, row)
    row.refresh_from_db()
    st = service.state(row)
    assert st.paired_rounds == 2 and st.total_rounds == 8
    g1, g2 = st.round(1), st.round(2)
    assert [(g.black, g.white) for g in g2.boards] == [(g.white, g.black) for g in g1.boards]
    assert g1.bye is not None and g1.bye == g2.bye
    page = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'id="two-games-note"' in page and page.count('name="round"') >= 2
    for g in g1.boards:
        assert f'name="r_{g.white}_{g.black}"' in page and f'name="r_{g.black}_{g.white}"' in page
    _enter_all(logged, row, random.Random(3))
    row.refresh_from_db()
    t = service.to_model(service.state(row))
    bye = t.players[g1.bye]
    assert [r.code.value for r in bye.results] == ["U", "H"] and bye.points == t.scoring.points(
        bye.results[0].code
    ) + t.scoring.points(bye.results[1].code)
    page = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert page.count('<td class="match">') == len(g1.boards) * 2  # a match score cell on each game line
    assert "–" in page.split('<td class="match">')[2][:8]  # game 2's line carries the match's game points


def test_c04_5_a_match_needs_both_games_before_the_next_round(logged):
    row = _create(logged, TWO_GAMES, rounds=3, players=6)
    _pair(logged, row)
    row.refresh_from_db()
    st = service.state(row)
    data: dict[str, object] = {"op": "results", "round": "1"}
    for g in st.round(1).boards:
        data[f"r_{g.white}_{g.black}"] = "1-0"
    desk_post(logged, row.slug, data)
    resp = logged.post(desk_url(row.slug, "pair"), {}, follow=True)
    assert b"not complete" in resp.content or "no está completa".encode() in resp.content
    row.refresh_from_db()
    assert service.state(row).paired_rounds == 2


def test_c04_5_public_pairings_name_round_and_game_and_keep_the_board_order(logged):
    """Both games of a match show the same boards in the same order (C.04.2 3.6 on the scores before the match)."""
    row = _create(logged, TWO_GAMES, rounds=3, players=8)
    row.published = True
    row.save()
    for _ in range(2):
        _pair(logged, row)
        _enter_all(logged, row, random.Random(5))
    logged.logout()
    one = logged.get(reverse("tournaments:pairings", args=[row.slug, 3])).content.decode()
    two = logged.get(reverse("tournaments:pairings", args=[row.slug, 4])).content.decode()
    assert "2.1" in one and "2.2" in one
    from arbitro.views import round_sheet

    t = service.to_model(service.state(row))
    a, b = round_sheet(t, 3), round_sheet(t, 4)
    assert [frozenset(g.pair) for g in a.games] == [frozenset(g.pair) for g in b.games]
    assert [(g.white_points, g.black_points) for g in a.games] == [(g.black_points, g.white_points) for g in b.games]
    assert one != two


def test_double_swiss_is_the_only_two_game_system_of_the_service():
    """What the desk's two-game form keys on: the registry's ``games_per_round``, from the system's kind."""
    assert {s.games_per_round for s in registry.service_systems()} == {1, 2}
    assert all((s.games_per_round == 2) == (s.kind is SystemKind.DOUBLE_SWISS) for s in registry.all_systems())


def test_c04_5_a_requested_bye_covers_the_whole_match_Preface(logged):
    """C.04.5 Preface: byes apply to matches; the desk's round is the announced round, both columns get H."""
    row = _create(logged, TWO_GAMES, rounds=3, players=8)
    page = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert 'name="round" type="number" min="1" value="1"' in page
    logged.post(desk_url(row.slug, "bye"), {"player": "3", "round": "1", "kind": "H"})
    _pair(logged, row)
    _enter_all(logged, row, random.Random(1))
    _pair(logged, row)  # round 2 = columns 3 and 4
    row.refresh_from_db()
    t = service.to_model(service.state(row))
    assert [r.code.value for r in t.players[3].results[:2]] == ["H", "H"]
    assert models.ByeRequest.objects.get(tournament=row).round == 1
    info = logged.get(reverse("tournaments:info", args=[row.slug])).content.decode()
    assert "(C.04.5)" in info
    form = logged.get(reverse("tournaments:request_bye", args=[row.slug])).content.decode()
    rounds = form.split('name="round"')[1].split("</select>")[0]
    assert '<option value="3">3</option>' in rounds and '<option value="4">' not in rounds  # rounds, not columns


def test_c04_5_the_core_refuses_a_bye_for_game_2_alone():
    from arbitro.errors import ArbitroError
    from arbitro.tournament import TournamentService

    svc = TournamentService()
    svc.create(name="DS", system=TWO_GAMES.key, rounds=3)
    for i in range(4):
        svc.register_player(f"P{i}, X")
    with pytest.raises(ArbitroError, match="whole match"):
        svc.request_bye(1, 2, "H")


def test_c04_5_pairing_sheet_pdf_names_round_and_game():
    """The documents take the board order from the round sheet; the title names the match's game."""
    from arbitro.documents.tournament_pdf import render_pairings_pdf
    from arbitro.tournament import TournamentService

    svc = TournamentService()
    svc.create(name="DS", system=TWO_GAMES.key, rounds=2)
    for i in range(6):
        svc.register_player(f"P{i}, X", rating=2000 - i)
    svc.pair_next_round(seed=1)
    pdf = render_pairings_pdf(svc.state.to_tournament(include_pending=True), "en", round_number=2)
    assert pdf.startswith(b"%PDF")
    if shutil.which("pdftotext"):
        out = subprocess.run(["pdftotext", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
        assert "Round 1, game 2" in out


def test_c04_5_a_manual_change_applies_to_both_games_C_04_2_4_4(logged):
    """The desk's manual change of a match is typed as game 1; game 2 follows reversed (4.4), both logged (MPA)."""
    row = _create(logged, TWO_GAMES, rounds=3, players=5)
    _pair(logged, row)
    row.refresh_from_db()
    st = service.state(row)
    page = logged.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    b = [(g.white, g.black) for g in st.round(1).boards]
    assert "\n".join(f"{w} {k}" for w, k in b) in page  # the form shows game 1's boards
    new = [(b[0][0], b[1][1]), (b[1][0], b[0][1])]
    resp = logged.post(
        desk_url(row.slug, "change_pairing"),
        {"boards": "\n".join(f"{w} {k}" for w, k in new), "bye": str(st.round(1).bye),
         "reason": "family"},
        follow=True,
    )
    assert resp.status_code == 200
    row.refresh_from_db()
    st = service.state(row)
    assert [(g.white, g.black) for g in st.round(1).boards] == new
    assert [(g.black, g.white) for g in st.round(2).boards] == new
    assert sum(c.startswith("MPA @ Round") for c in st.header.comments) == 2


def test_c04_5_the_pab_is_a_pab_on_both_game_sheets_1_4():
    from arbitro.tournament import TournamentService
    from arbitro.views import round_sheet

    svc = TournamentService()
    svc.create(name="DS", system=TWO_GAMES.key, rounds=2)
    for i in range(5):
        svc.register_player(f"P{i}, X", rating=2000 - i)
    svc.pair_next_round(seed=1)
    t = svc.state.to_tournament(include_pending=True)
    one, two = round_sheet(t, 1), round_sheet(t, 2)
    assert [(b.kind, b.code) for b in one.byes] == [("pab", "U")]
    assert [(b.kind, b.code) for b in two.byes] == [("pab", "H")]
