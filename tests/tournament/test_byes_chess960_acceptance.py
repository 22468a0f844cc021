"""Byes, set-up, double round robins and Chess960 as FIDE's acceptance checklist asks (issue 34 items 5-6).

VCL4THP v13 as transcribed (``shared/reference/fide-acceptance-vcl4thp.md``): Q62 (a set-up that
cannot finish is said before the start), Q98-Q99 (the arbiter chooses whether a double round robin
swaps the last two rounds of its first cycle, C.05 Annex 1), Q102 (a hand-made round-robin round
gets the three-same-colours warning, C.04.1 art. 7), Q174 (Level 3 on the second and later
half-point bye), Q175-Q176 (a player not eligible for half-point byes), Q179 (``###`` for a
full-point bye), Q222 (Chess960: FIDE Laws, Guidelines III).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.berger import berger_table
from arbitro.pairing.types import Board, RoundPairing
from arbitro.tournament import TournamentService, replay
from arbitro.tournament.chess960 import POSITIONS, STANDARD, starting_rank
from arbitro.trf import format_trf, parse_trf

from .conftest import fixed_clock
from .test_cli_roundrobin import ok, refused


def _engine(t: Tournament, r: int) -> RoundPairing:
    """Pairs the players present in start-rank order; the last one gets the bye."""
    absent = t.byes_for_round(r)
    present = [p for p in sorted(t.players) if p not in absent]
    bye = present.pop() if len(present) % 2 else None
    return RoundPairing(r, tuple(Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True)), bye, dict(absent))


def _swiss(n: int = 8, rounds: int = 5) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock(), engine=_engine)
    svc.create(name="Open", rounds=rounds)
    for i in range(n):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    return svc


def _drr(n: int = 4, **settings: object) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Double", system="double_round_robin")
    for i in range(n):
        svc.register_player(f"Player {chr(65 + i)}", rating=2000 - 10 * i)
    if settings:
        svc.change_settings(**settings)
    svc.assign_pairing_numbers(seed=1)
    return svc


def _play(svc: TournamentService, result: str = "1/2-1/2") -> None:
    for board, game in enumerate(svc.state.round().boards, start=1):
        if not game.has_result:
            svc.enter_result(board, result)


# -- Q174: the second and later half-point bye, Level 3 ------------------------------------------


def test_vcl4thp_q174_second_half_point_bye_needs_level_3_confirmation_c04_2_3_3() -> None:
    svc = _swiss()
    svc.request_bye(3, 2)
    n = len(svc.events)
    with pytest.raises(ArbitroError, match=r"already has 1 half-point bye; confirm .* \(Level 3, VCL4THP Q174\)") as err:
        svc.request_bye(3, 4)
    assert err.value.code == "bye.half_point_confirm"
    assert len(svc.events) == n and (3, 4) not in svc.state.requested_byes  # cancel: nothing changed
    svc.request_bye(3, 4, confirm=True)
    assert svc.state.requested_byes[(3, 4)] == "H"
    with pytest.raises(ArbitroError, match="already has 2 half-point byes; confirm"):  # every later one too
        svc.request_bye(3, 5)
    svc.request_bye(2, 5, "Z")  # other kinds and a first half-point bye ask nothing
    svc.request_bye(1, 5)


# -- Q175-Q176: a player not eligible for half-point byes ----------------------------------------


def test_vcl4thp_q175_q176_player_not_eligible_for_half_point_byes_is_refused_one() -> None:
    svc = _swiss()
    svc.set_half_point_bye_eligibility(4, False, reason="entered on conditions")
    assert svc.state.hpb_ineligible == {4}
    n = len(svc.events)
    with pytest.raises(ArbitroError, match=r"player 4 is not eligible for half-point byes \(VCL4THP Q175\)"):
        svc.request_bye(4, 2)
    with pytest.raises(ArbitroError, match="not eligible"):
        svc.request_bye(4, 3, confirm=True)  # no confirmation gives it anyway (Q176)
    assert len(svc.events) == n
    svc.request_bye(4, 2, "Z")  # a zero-point bye is still possible
    assert replay(svc.events).hpb_ineligible == {4}  # kept in the log
    svc.set_half_point_bye_eligibility(4, True)
    svc.request_bye(4, 3)
    assert svc.state.requested_byes[(4, 3)] == "H"


def test_vcl4thp_q175_ineligibility_follows_the_player_through_a_renumbering_c04_2_2_3() -> None:
    svc = _swiss(n=4)
    svc.assign_pairing_numbers(seed=1)
    svc.set_half_point_bye_eligibility(4, False)
    svc.register_player("Late, Strong", rating=2500)  # before round 1: numbered by rating, first
    assert svc.state.player(5).name == "Player D"
    assert svc.state.hpb_ineligible == {5}


# -- Q179: ### for a full-point bye ---------------------------------------------------------------


def test_vcl4thp_q179_full_point_bye_is_written_as_a_trf_note() -> None:
    svc = _swiss(n=7)
    svc.request_bye(2, 1, "F")
    svc.request_bye(3, 3, "F")
    svc.pair_next_round(seed=1)
    _play(svc)
    text = format_trf(svc.state.to_tournament())
    notes = [line for line in text.splitlines() if line.startswith("### FPB")]
    assert notes == [
        "### FPB @ Round 1: player 2 full-point bye (requested; deprecated by FIDE, VCL.17)",
        "### FPB @ Round 3: player 3 full-point bye requested (deprecated by FIDE, VCL.17)",
    ]
    assert [c for c in parse_trf(text).tournament.comments if c.startswith("FPB")] == [n[4:] for n in notes]  # read back


# -- Q62: a set-up that cannot finish ------------------------------------------------------------


def test_vcl4thp_q62_warns_before_the_start_when_the_rounds_cannot_be_paired_c04_1() -> None:
    svc = _swiss(n=4, rounds=7)  # 4 players play at most 3 rounds without meeting twice
    svc.pair_next_round(seed=1)
    assert any(w.code == "setup.rounds_impossible" and "at most 3 rounds" in w for w in svc.warnings)
    fine = _swiss(n=5, rounds=5)  # odd: everyone once against the others and once the bye
    fine.pair_next_round(seed=1)
    assert not any(w.code == "setup.rounds_impossible" for w in fine.warnings)
    early = _swiss(n=4, rounds=3)
    early.change_settings(rounds=6)  # said when the set-up changes, before round 1
    assert [w.code for w in early.warnings] == ["setup.rounds_impossible"]


# -- Q98-Q99: the arbiter chooses whether to swap the last two rounds of cycle 1 ---------------------


def test_vcl4thp_q98_c05_annex1_double_round_robin_swap_of_last_rounds_is_the_arbiters_choice() -> None:
    swapped, kept = _drr(), _drr(no_last_rounds_swap=True)
    for svc in (swapped, kept):
        for _ in range(3):
            svc.pair_next_round()
            _play(svc)
    rounds = {id(svc): [[(g.white, g.black) for g in r.boards] for r in svc.state.rounds] for svc in (swapped, kept)}
    assert rounds[id(swapped)] == [[(p.white, p.black) for p in r.boards] for r in (_table(True)[:3])]
    assert rounds[id(kept)] == [[(p.white, p.black) for p in r.boards] for r in (_table(False)[:3])]
    assert rounds[id(swapped)][1:] == rounds[id(kept)][:0:-1]  # the last two rounds of cycle 1, swapped
    assert "not swapped" in " ".join(kept.state.to_tournament().comments)  # the TRF says so (### line)
    with pytest.raises(ArbitroError, match="cannot change once round 1"):
        kept.change_settings(no_last_rounds_swap=False)
    single = TournamentService(clock=fixed_clock())
    single.create(name="Single", system="round_robin")
    with pytest.raises(ArbitroError):  # a single round robin has no second cycle
        single.change_settings(no_last_rounds_swap=True)


def _table(swap: bool) -> list[RoundPairing]:
    from arbitro.pairing.berger import round_pairing

    assert len(berger_table(4, True, swap)) == 6
    return [round_pairing([1, 2, 3, 4], r, True, swap_last=swap) for r in range(1, 7)]


# -- Q102: a hand-made round of a double round robin: no three same colours ----------------------------


def test_vcl4thp_q102_c04_1_art7_hand_made_double_round_robin_round_warns_on_a_third_same_colour() -> None:
    svc = _drr()
    for _ in range(2):
        svc.pair_next_round()
        _play(svc)
    svc.pair_next_round()
    boards = [(g.white, g.black) for g in svc.state.round(3).boards]
    assert boards == [(4, 3), (1, 2)]  # the Berger table (C.05 Annex 1): 4 had Black, 2 White in rounds 1-2
    svc.change_pairing([(b, w) for w, b in boards], reason="colours reversed by hand")  # 4 Black, 2 White again
    codes = [w.code for w in svc.warnings]
    assert codes.count("change.colour_three") == 2
    assert {w.params["player"] for w in svc.warnings} == {2, 4}
    assert "change.colour_difference" not in codes  # a round robin is warned on art. 7 only


# -- Q222: Chess960 ---------------------------------------------------------------------------------


def test_guidelines_iii_chess960_positions_are_the_960_legal_ones_and_518_is_standard() -> None:
    ranks = {starting_rank(n) for n in range(POSITIONS)}
    assert len(ranks) == 960 and starting_rank(STANDARD) == "RNBQKBNR" and starting_rank(0) == "BBQNNRKR"
    for rank in ranks:
        assert re.fullmatch(r"[^K]*R[^R]*K[^R]*R[^K]*", rank)  # the king between the rooks
        assert (rank.index("B") + rank.rindex("B")) % 2 == 1  # bishops on opposite colours
    with pytest.raises(ArbitroError, match="0 to 959"):
        starting_rank(960)


def test_vcl4thp_q222_chess960_position_drawn_per_round_recorded_and_written_to_the_trf() -> None:
    svc = _swiss(n=6)
    svc.change_settings(chess960=True)
    for _ in range(2):
        svc.pair_next_round(seed=1)
        _play(svc)
    positions = svc.state.chess960_positions
    assert sorted(positions) == [1, 2] and all(0 <= p < 960 for p in positions.values())
    assert replay(svc.events).chess960_positions == positions  # recorded in the log
    notes = [c for c in svc.state.to_tournament().comments if c.startswith("Chess960")]
    assert notes == [f"Chess960 @ Round {r}: starting position {p} ({starting_rank(p)})" for r, p in sorted(positions.items())]
    svc.pair_next_round()
    svc.set_chess960_position(3, STANDARD)  # drawn at the venue instead
    assert svc.state.chess960_positions[3] == STANDARD
    with pytest.raises(ArbitroError, match="already has results"):
        svc.set_chess960_position(2, 0)
    with pytest.raises(ArbitroError, match="cannot change once round 1"):
        svc.change_settings(chess960=False)
    plain = _swiss()
    plain.pair_next_round(seed=1)
    assert plain.state.chess960_positions == {}
    with pytest.raises(ArbitroError, match="not played as Chess960"):
        plain.set_chess960_position(1, 5)


def test_vcl4thp_q222_cli_chess960_tournament_prints_the_position_with_the_pairing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "c960.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "Fischer Random Open", "--rounds", "3", "--chess960", "--author", "IA Test")
    for i in range(4):
        ok(capsys, "add-player", f, f"Player{i}, Test", "--rating", str(2000 - 10 * i))
    out = ok(capsys, "pair", f, "--seed", "1")
    found = re.search(r"Chess960 starting position (\d+): ([BKNQR]{8}) \(every board\)", out)
    assert found and starting_rank(int(found.group(1))) == found.group(2)
    out = ok(capsys, "chess960", f, "518")
    assert "round 1: Chess960 starting position 518: RNBQKBNR" in out
    assert "### Chess960 @ Round 1: starting position 518 (RNBQKBNR)" in trf.read_text()
    assert "0 to 959" in refused(capsys, trf, "chess960", f, "960")


def test_vcl4thp_q174_q175_cli_bye_confirmation_and_eligibility(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "byes.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "Byes Open", "--rounds", "5", "--author", "IA Test")
    for i in range(4):
        ok(capsys, "add-player", f, f"Player{i}, Test", "--rating", str(2000 - 10 * i))
    ok(capsys, "bye", f, "1", "--round", "2")
    assert "Level 3" in refused(capsys, trf, "bye", f, "1", "--round", "3")
    ok(capsys, "bye", f, "1", "--round", "3", "--confirm")
    assert "not eligible" in ok(capsys, "half-point-byes", f, "2", "--ineligible", "--reason", "rules")
    assert "not eligible for half-point byes" in refused(capsys, trf, "bye", f, "2", "--round", "2")
    ok(capsys, "half-point-byes", f, "2", "--eligible")
    ok(capsys, "bye", f, "2", "--round", "2")


def test_vcl4thp_q98_c05_annex1_a_double_round_robin_kept_in_table_order_checks_clean_from_its_trf() -> None:
    """The TRF of a double round robin whose arbiter kept table order says so (### line); the Berger checker
    reads it and finds every round as the table gives it."""
    from arbitro.pairing import registry

    svc = _drr(no_last_rounds_swap=True)
    for _ in range(6):
        svc.pair_next_round()
        _play(svc)
    t = parse_trf(format_trf(svc.state.to_tournament())).tournament
    checks = list(registry.get("double_round_robin").check(t))
    assert len(checks) == 6 and all(c.agrees for c in checks)
