"""The FIDE-mode contract (issue 33 item 2): corrections of past rounds and the number of rounds.

VCL4THP v13 as transcribed in ``fide-acceptance-vcl4thp.md`` (two vendors' transcription of TEC's
draft; the final list may differ):

* Q190: the results of the round before the last must be correctable; Q189/Q191: no earlier round
  (hard fails). Q192: a correction "for the rating report only" (C.04.2 4.3: a correction affects
  only pairings not yet made); Q193: a ``###`` line saying the results used differ from ``001``.
* Q57: the number of rounds cannot change once the tournament has started (Q58-Q61 off the path).
"""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.standings import compute_standings
from arbitro.tournament import TournamentService, event_from_json, event_to_json, replay
from arbitro.tournament.fide import correctable_rounds
from arbitro.trf import format_trf, parse_trf

from .conftest import fixed_clock


def _swiss(players: int = 10, rounds: int = 5) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Open", rounds=rounds)
    for i in range(players):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 50 * i)
    return svc


def _play(svc: TournamentService, rounds: int, result: str = "1-0") -> None:
    for _ in range(rounds):
        svc.pair_next_round(seed=7)
        for board in range(1, len(svc.state.round().boards) + 1):
            svc.enter_result(board, result)


def _standings(svc: TournamentService) -> list[tuple[int, int, str]]:
    t = svc.state.to_tournament()
    return [(r.start_rank, r.rank, str(r.points)) for r in compute_standings(t).rows]


def test_vcl4thp_q190_the_round_before_the_last_can_be_corrected() -> None:
    svc = _swiss()
    _play(svc, 3)
    assert list(correctable_rounds(svc.state)) == [2, 3]
    (event,) = svc.correct_result(1, "0-1", round_number=2, reason="score sheet")
    assert event.kind == "result_corrected"
    assert svc.state.round(2).boards[0].white_code is ResultCode.LOSS


def test_vcl4thp_q189_q191_fide_mode_refuses_a_correction_two_rounds_back_and_nothing_changes() -> None:
    svc = _swiss()
    _play(svc, 3)
    before = (len(svc.events), _standings(svc), format_trf(svc.state.to_tournament(rating_report=True)))
    with pytest.raises(ArbitroError, match=r"round 1 is older than the round before the last paired round \(3\)") as err:
        svc.correct_result(1, "0-1", round_number=1, reason="score sheet")
    assert err.value.code == "correction.fide_old_round"
    assert "rating report only" in str(err.value) and "Q189" in str(err.value)
    assert (len(svc.events), _standings(svc), format_trf(svc.state.to_tournament(rating_report=True))) == before


def test_vcl4thp_q192_q193_c0402_4_3_rating_report_correction_leaves_standings_and_pairings_as_they_were() -> None:
    """Done-when of issue 33: in FIDE mode a correction two rounds back leaves the standings unchanged."""
    svc = _swiss()
    _play(svc, 3)
    standings = _standings(svc)
    game = svc.state.round(1).boards[1]
    pairings = [[(g.white, g.black) for g in r.boards] for r in svc.state.rounds]
    (event,) = svc.correct_result(2, "0-1", round_number=1, reason="score sheet", rating_report=True)
    assert event.kind == "rating_report_corrected"
    assert event.payload["previous"] == ["1", "0"]
    # the tournament keeps its result: standings, the game, the pairings, the next round's input
    assert _standings(svc) == standings
    assert svc.state.round(1).boards[1].white_code is ResultCode.WIN
    assert [[(g.white, g.black) for g in r.boards] for r in svc.state.rounds] == pairings
    svc.pair_next_round()  # round 4 is paired on the tournament's scores
    # the rating report (the TRF) carries the corrected result and says so in a ### line (Q193)
    report = svc.state.to_tournament(rating_report=True)
    assert report.players[game.white].results[0].code is ResultCode.LOSS
    assert report.players[game.black].results[0].code is ResultCode.WIN
    shown = svc.state.to_tournament()
    assert report.players[game.white].points == shown.players[game.white].points  # the standings' points
    assert shown.players[game.white].results[0].code is ResultCode.WIN
    note = (
        f"Rating report @ Round 1 board 2 ({game.white}-{game.black}): 1-0 -> 0-1 by IA Test; "
        "001 carries 0-1, the standings and pairings use 1-0 (C.04.2 4.3): score sheet"
    )
    assert event.payload["note"] == note
    text = format_trf(report)
    assert f"### {note}" in text.splitlines()
    parsed = parse_trf(text).tournament
    assert parsed.players[game.white].results[0].code is ResultCode.LOSS
    # the log round-trips and replays
    assert event_from_json(event_to_json(event)).data == event.data
    assert replay(svc.events) == svc.state


def test_vcl4thp_q192_rating_report_correction_is_for_older_rounds_only_and_not_twice_the_same() -> None:
    svc = _swiss()
    _play(svc, 3)
    with pytest.raises(ArbitroError, match="correct it as usual") as err:
        svc.correct_result(1, "0-1", round_number=2, rating_report=True)
    assert err.value.code == "correction.rating_report_recent"
    svc.correct_result(1, "½-½", round_number=1, rating_report=True)
    with pytest.raises(ArbitroError, match="already has"):
        svc.correct_result(1, "½-½", round_number=1, rating_report=True)
    (event,) = svc.correct_result(1, "1-0", round_number=1, rating_report=True)  # back to the played result
    assert event.payload["previous"] == ["=", "="]
    assert "1/2-1/2 -> 1-0" in event.payload["note"]


def test_vcl4thp_q191_outside_fide_mode_an_old_round_is_still_corrected_for_the_standings() -> None:
    svc = _swiss()
    svc.leave_fide_mode(confirm=True, reason="club event", token=svc.fide_exit_token())
    _play(svc, 3)
    (event,) = svc.correct_result(1, "0-1", round_number=1)
    assert event.kind == "result_corrected" and svc.state.round(1).boards[0].white_code is ResultCode.LOSS


def test_vcl4thp_q191_c04_5_two_game_matches_count_a_match_as_a_round() -> None:
    from arbitro.pairing import registry

    two_games = next(s for s in registry.service_systems() if s.games_per_round == 2)
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Matches", system=two_games.key, rounds=3)
    for i in range(6):
        svc.register_player(f"P{i:02d}, X", rating=2100 - 9 * i)
    for _ in range(3):
        svc.pair_next_round(seed=1)
        for column in range(svc.state.paired_rounds - 1, svc.state.paired_rounds + 1):
            for board in range(1, len(svc.state.round(column).boards) + 1):
                svc.enter_result(board, "½-½", round_number=column)
    assert list(correctable_rounds(svc.state)) == [3, 4, 5, 6]  # matches 2 and 3
    with pytest.raises(ArbitroError, match="older than the round before the last"):
        svc.correct_result(1, "1-0", round_number=2)
    svc.correct_result(1, "1-0", round_number=3)


def test_vcl4thp_q57_fide_mode_freezes_the_number_of_rounds_once_round_1_is_paired() -> None:
    svc = _swiss(rounds=5)
    svc.change_settings(rounds=6)  # before the start: still an announcement (C.04.1 art. 1)
    svc.change_settings(rounds=5)
    svc.pair_next_round(seed=1)
    for rounds in (6, 4):  # neither raised nor lowered: Q58-Q61 (Level 4, re-check of the last round) never arise
        with pytest.raises(ArbitroError, match=r"number of rounds \(5\) is fixed once round 1 has been paired") as err:
            svc.change_settings(rounds=rounds)
        assert err.value.code == "settings.fide_rounds" and "Q57" in str(err.value)
    assert svc.state.total_rounds == 5
    assert svc.change_settings(rounds=5, city="Salta")  # the same number with another change: accepted


def test_vcl4thp_q57_outside_fide_mode_a_swiss_may_still_announce_more_rounds() -> None:
    svc = _swiss(rounds=5)
    svc.leave_fide_mode(confirm=True, reason="club event", token=svc.fide_exit_token())
    svc.pair_next_round(seed=1)
    svc.change_settings(rounds=7)
    assert svc.state.total_rounds == 7
