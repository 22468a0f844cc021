"""Round-robin pairing numbers set by hand before round 1 (VCL4THP Q95, a hard fail when missing).

C.05 (Annex 1 Berger tables, Annex 2 Varma tables) pairs by pairing number; the numbers come from
a lot or from the organiser's allocation (the Varma envelopes), so the arbiter must be able to set
them by hand before round 1 and never after it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.pairing.berger import berger_table
from arbitro.tournament import TournamentService, replay

from .conftest import PLAYERS, fixed_clock
from .test_cli_roundrobin import ok, refused


def test_vcl4thp_q95_c05_rr_numbers_set_by_hand_before_round_1_and_the_berger_table_follows_them(
    rr7: TournamentService,
) -> None:
    names = {p.start_rank: p.name for p in rr7.state.header.players.values()}
    order = (7, 3, 1, 2, 6, 5, 4)
    (event,) = rr7.assign_pairing_numbers(order=order)
    assert event.payload == {"order": list(order), "method": "manual"}
    assert [rr7.state.header.players[n].name for n in range(1, 8)] == [names[o] for o in order]
    assert rr7.state.numbers_method == "manual"
    rr7.pair_next_round()  # no lot: the numbers stand
    assert [rr7.state.header.players[n].name for n in range(1, 8)] == [names[o] for o in order]
    expected = {(w, b) for w, b in berger_table(7, double=True)[0] if 8 not in (w, b)}
    assert {(g.white, g.black) for g in rr7.state.round(1).boards} == expected
    assert replay(rr7.events) == rr7.state
    with pytest.raises(ArbitroError, match="cannot change once round 1 is paired"):
        rr7.assign_pairing_numbers(order=(1, 2, 3, 4, 5, 6, 7))


def test_vcl4thp_q95_the_order_must_name_every_player_once(rr7: TournamentService) -> None:
    for bad in ((1, 2, 3), (1, 1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6, 9)):
        with pytest.raises(ArbitroError, match=r"list each of the 7 players' current numbers \(1-7\) exactly once") as err:
            rr7.assign_pairing_numbers(order=bad)
        assert err.value.code == "numbers.manual_order"
    assert not rr7.state.numbers_assigned


def test_vcl4thp_q95_a_swiss_keeps_the_c0402_2_2_order() -> None:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Open", rounds=5)
    for name, rating, title in PLAYERS[:4]:
        svc.register_player(name, rating=rating, title=title)
    with pytest.raises(ArbitroError, match=r"only a round robin's can be set by hand") as err:
        svc.assign_pairing_numbers(order=(4, 3, 2, 1))
    assert err.value.code == "numbers.manual_swiss"


def test_vcl4thp_q95_a_late_registration_draws_again_and_warns_that_the_hand_numbers_went(
    rr7: TournamentService,
) -> None:
    rr7.assign_pairing_numbers(order=(7, 6, 5, 4, 3, 2, 1))
    rr7.register_player("Late, Player", rating=2000)
    assert rr7.state.numbers_method == "lots"
    assert any("set by hand were drawn again" in w for w in rr7.warnings)


def test_vcl4thp_q95_cli_numbers_order_and_swap(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "rr.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "RR", "--system", "round-robin", "--author", "IA Test")
    for name, rating, title in PLAYERS[:6]:
        ok(capsys, "add-player", f, name, "--rating", str(rating), "--title", title)
    out = ok(capsys, "numbers", f, "--order", "6,5,4,3,2,1")
    assert "numbers set by hand" in out and out.splitlines()[0].split()[1:3] == ["Kosteniuk,", "Alexandra"]
    out = ok(capsys, "numbers", f, "--swap", "1,2")
    assert out.splitlines()[0].split()[1:3] == ["Muzychuk,", "Anna"]
    assert "exactly once" in refused(capsys, trf, "numbers", f, "--order", "1,2,3")
    assert "two different" in refused(capsys, trf, "numbers", f, "--swap", "1,1")
    assert "expected pairing numbers" in refused(capsys, trf, "numbers", f, "--order", "a,b")
    assert "no player with pairing number 9" in refused(capsys, trf, "numbers", f, "--swap", "1,9")
    ok(capsys, "pair", f)
    assert "cannot change once round 1" in refused(capsys, trf, "numbers", f, "--swap", "1,2")
