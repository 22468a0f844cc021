"""Pairing numbers by the rules (issue 34 item 3; VCL4THP Q146, Q147, Q156; C.04.2 2.2-2.4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import TournamentService, replay
from arbitro.trf import format_trf, parse_trf

from .conftest import fixed_clock
from .test_cli_roundrobin import ok, refused
from .test_swiss_service import finish_round, simple_engine

#: Equal rating and title; alphabetical order (C, B, A by name reversed) differs from the FIDE IDs'.
TIED = [("Alpha, Ann", "300", "2001-05-01"), ("Bravo, Ben", "200", "1990-01-01"), ("Charlie, Cy", "100", "1995-01-01")]


def _tied(criterion: str | None = None, seed: int | None = None) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock(), engine=simple_engine)
    svc.create(name="Open", rounds=7)
    svc.register_player("Top, Player", rating=2400, fide_id="900")
    for name, fide_id, born in TIED:
        svc.register_player(name, rating=2000, fide_id=fide_id, birth_date=born)
    svc.register_player("Low, Player", rating=1800, fide_id="901")
    if criterion is not None:
        svc.announce_tie_order(criterion, seed)
    svc.assign_pairing_numbers(seed=1)
    return svc


def _names(svc: TournamentService) -> list[str]:
    return [p.name for p in svc.state.header.iter_players()]


def test_vcl4thp_Q146_equal_rating_and_title_follow_the_announced_criterion_C0402_2_2() -> None:
    # C.04.2 2.2 (3): alphabetical "unless another criterion was announced"
    assert _names(_tied())[1:4] == ["Alpha, Ann", "Bravo, Ben", "Charlie, Cy"]
    assert _names(_tied("fide_id"))[1:4] == ["Charlie, Cy", "Bravo, Ben", "Alpha, Ann"]
    assert _names(_tied("age"))[1:4] == ["Bravo, Ben", "Charlie, Cy", "Alpha, Ann"]
    # rating and title still come first
    for criterion in ("fide_id", "age", "lot"):
        names = _names(_tied(criterion, seed=5))
        assert names[0] == "Top, Player" and names[-1] == "Low, Player"
    # the lot is reproducible from its recorded seed
    svc = _tied("lot", seed=5)
    assert svc.events[-2].payload == {"criterion": "lot", "seed": 5}
    assert _names(_tied("lot", seed=5)) == _names(svc)
    assert [p.name for p in replay(svc.events).header.iter_players()] == _names(svc)


def test_vcl4thp_Q146_the_announced_order_renumbers_and_is_kept_for_later_numbers_C0402_2_2() -> None:
    svc = _tied()
    svc.announce_tie_order("fide_id")  # numbers already assigned: they follow at once
    assert _names(svc)[1:4] == ["Charlie, Cy", "Bravo, Ben", "Alpha, Ann"]
    assert replay(svc.events).tie_order == "fide_id"
    # a late entry (C.04.2 2.4) of the same rating and title is placed by the announced criterion too
    svc.pair_next_round(seed=1)
    finish_round(svc)
    number = svc.register_player("Delta, Dee", rating=2000, fide_id="150")
    assert number == 3 and _names(svc)[1:5] == ["Charlie, Cy", "Delta, Dee", "Bravo, Ben", "Alpha, Ann"]
    with pytest.raises(ArbitroError) as err:
        svc.announce_tie_order("name")  # announced before the start
    assert err.value.code == "numbers.tie_order_late"
    with pytest.raises(ArbitroError) as err:
        _tied("shoe size")
    assert err.value.code == "numbers.tie_order"


def test_vcl4thp_Q147_numbers_exchanged_without_editing_ratings_level3_and_trf_note_C0402_2_3() -> None:
    svc = _tied()
    svc.pair_next_round(seed=1)
    finish_round(svc)
    before = svc.events
    ratings = {p.name: p.rating for p in svc.state.header.iter_players()}
    with pytest.raises(ArbitroError) as err:  # Level 3: the consequences, nothing changed
        svc.exchange_pairing_numbers(2, 3, reason="FIDE ID order announced late")
    assert err.value.code == "numbers.exchange_confirm" and "Alpha, Ann" in str(err.value)
    assert svc.events == before
    svc.exchange_pairing_numbers(2, 3, reason="FIDE ID order announced late", confirm=True)
    st = svc.state
    assert [st.player(2).name, st.player(3).name] == ["Bravo, Ben", "Alpha, Ann"]
    assert {p.name: p.rating for p in st.header.iter_players()} == ratings  # no rating edited
    trf = format_trf(st.to_tournament())
    assert "### Pairing numbers exchanged @ Round 1: 2 <-> 3 (FIDE ID order announced late) by IA Test" in trf
    assert parse_trf(trf).tournament.player(2).name == "Bravo, Ben"
    assert replay(svc.events).player(3).name == "Alpha, Ann"


def test_vcl4thp_Q147_the_exchange_keeps_each_players_games() -> None:
    svc = _tied()
    svc.pair_next_round(seed=1)
    finish_round(svc)
    games = {
        frozenset((svc.state.player(g.white).name, svc.state.player(g.black).name)) for g in svc.state.round(1).boards
    }
    svc.exchange_pairing_numbers(3, 4, confirm=True)
    after = {
        frozenset((svc.state.player(g.white).name, svc.state.player(g.black).name)) for g in svc.state.round(1).boards
    }
    assert after == games


def test_vcl4thp_Q147_exchange_refused_across_ratings_in_fide_mode_and_after_round_4_C0402_2_3() -> None:
    svc = _tied()
    with pytest.raises(ArbitroError) as err:
        svc.exchange_pairing_numbers(1, 2, confirm=True)
    assert err.value.code == "numbers.exchange_order"
    with pytest.raises(ArbitroError) as err:
        svc.exchange_pairing_numbers(2, 2, confirm=True)
    assert err.value.code == "numbers.exchange_same"
    for _ in range(4):
        svc.pair_next_round(seed=1)
        finish_round(svc)
    with pytest.raises(ArbitroError, match="C.04.2 2.3"):
        svc.exchange_pairing_numbers(2, 3, confirm=True)


def test_vcl4thp_Q156_late_entry_after_round_4_numbered_by_rating_C0402_2_4() -> None:
    svc = TournamentService(author="IA Test", clock=fixed_clock(), engine=simple_engine)
    svc.create(name="Open", rounds=7)
    for i in range(6):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    svc.assign_pairing_numbers(seed=1)
    for _ in range(4):
        svc.pair_next_round(seed=1)
        finish_round(svc)
    boards = [(svc.state.player(g.white).name, svc.state.player(g.black).name) for g in svc.state.round(4).boards]
    # C.04.2 2.4: the number the entry's rating earns; everyone below moves down one
    assert svc.register_player("Middle, Late", rating=1975) == 4
    st = svc.state
    assert [p.name for p in st.header.iter_players()] == [
        "Player A", "Player B", "Player C", "Middle, Late", "Player D", "Player E", "Player F",
    ]
    # the rounds already paired follow the players, the entry scores its missed rounds as zero
    assert [(st.player(g.white).name, st.player(g.black).name) for g in st.round(4).boards] == boards
    assert st.round(4).unpaired == {4: "Z"}
    assert [r.code for r in st.to_tournament().player(4).results[:4]] == [ResultCode.ZERO_BYE] * 4
    assert svc.register_player("Strong, Late", rating=2900) == 1
    svc.pair_next_round(seed=1)  # round 5 pairs them
    assert 1 in svc.state.round(5).participants() and 5 in svc.state.round(5).participants()


def test_vcl4thp_Q156_late_entry_leaves_the_others_order_alone_C0402_2_3() -> None:
    svc = TournamentService(author="IA Test", clock=fixed_clock(), engine=simple_engine)
    svc.create(name="Open", rounds=7)
    for i in range(4):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    svc.pair_next_round(seed=1)
    finish_round(svc)
    svc.update_player(4, rating=2100)  # a corrected rating does not renumber by itself (2.3)
    assert svc.register_player("Late, Entry", rating=1985) == 3
    assert [p.name for p in svc.state.header.iter_players()] == [
        "Player A", "Player B", "Late, Entry", "Player C", "Player D",
    ]


def test_vcl4thp_Q146_Q147_cli_tie_order_and_exchange_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "open.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "Open", "--rounds", "5")
    for name, fide_id, _ in TIED:
        ok(capsys, "add-player", f, name, "--rating", "2000", "--fide-id", fide_id)
    ok(capsys, "add-player", f, "Low, Player", "--rating", "1800")
    out = ok(capsys, "tie-order", f, "fide_id")
    assert "fide_id" in out
    ok(capsys, "numbers", f, "--seed", "1")
    assert [p.name for p in parse_trf(trf.read_text()).tournament.iter_players()][:3] == ["Charlie, Cy", "Bravo, Ben", "Alpha, Ann"]
    err = refused(capsys, trf, "exchange-numbers", f, "1", "2")  # Level 3: nothing written without --confirm
    assert "--confirm" in err
    refused(capsys, trf, "exchange-numbers", f, "1", "4", "--confirm")  # different ratings, FIDE mode
    out = ok(capsys, "exchange-numbers", f, "1", "2", "--reason", "announced", "--confirm")
    assert out.startswith("### Pairing numbers exchanged before Round 1: 1 <-> 2 (announced)")
    text = trf.read_text()
    assert [p.name for p in parse_trf(text).tournament.iter_players()][:2] == ["Bravo, Ben", "Charlie, Cy"]
    assert "### Pairing numbers exchanged before Round 1: 1 <-> 2 (announced)" in text


def test_vcl4thp_Q147_Q153_renumbering_before_round_4_warns_that_it_undoes_an_exchange_C0402_2_3() -> None:
    svc = _tied()
    svc.exchange_pairing_numbers(2, 3, confirm=True)
    assert svc.state.numbers_exchanged
    before = svc.events
    with pytest.raises(ArbitroError) as err:  # Level 3: the exchange would be lost; nothing changes
        svc.assign_pairing_numbers(seed=1)
    assert err.value.code == "numbers.exchanges_undone" and svc.events == before
    with pytest.raises(ArbitroError) as err:
        svc.announce_tie_order("fide_id")
    assert err.value.code == "numbers.exchanges_undone"
    # a late entry keeps the exchange: it is slotted in among the others
    assert svc.register_player("Late, Low", rating=1900) == 5
    assert _names(svc)[1:3] == ["Bravo, Ben", "Alpha, Ann"] and svc.state.numbers_exchanged
    svc.assign_pairing_numbers(seed=1, confirm=True)  # confirmed: the C.04.2 2.2 order again
    assert _names(svc)[1:3] == ["Alpha, Ann", "Bravo, Ben"] and not svc.state.numbers_exchanged
