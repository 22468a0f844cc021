"""Adjourned and postponed games (issue 33 item 5): VCL4THP v13 Q157-Q169.

As transcribed in ``fide-acceptance-vcl4thp.md`` (two vendors' transcription of TEC's draft; the
final list may differ): Q157 a game can be recorded as adjourned (NO: hard fail); Q158 pairing with
results missing stays NO (so Q159-Q160 are off the path); Q161 no final standings with results
missing; Q162 the adjourned result can be entered at any time (hard fail); Q163 a Level-3
confirmation for a non-draw; Q164 ``?`` in the TRF; Q166 unknown symbols imported as unknown;
Q167 only a draw as the provisional score (hard fail); Q168 a Level-2 warning when pairing with an
adjourned game; Q169 no final standings or TRF while one is open (hard fail).
"""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.tournament import TournamentService, event_from_json, event_to_json, replay
from arbitro.tournament.results import parse_pending
from arbitro.trf import format_trf, parse_trf
from arbitro.views.text import game_result_text

from .conftest import fixed_clock


def _swiss(players: int = 8, rounds: int = 4) -> TournamentService:
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Open", rounds=rounds)
    for i in range(players):
        svc.register_player(f"Player, {chr(65 + i)}", rating=2400 - 50 * i)
    return svc


def _round(svc: TournamentService, results: dict[int, str] | None = None) -> None:
    svc.pair_next_round(seed=7)
    for board in range(1, len(svc.state.round().boards) + 1):
        svc.enter_result(board, (results or {}).get(board, "1-0"))


def test_Q157_a_game_can_be_recorded_as_adjourned_and_is_a_typed_event_shown_pending() -> None:
    svc = _swiss()
    _round(svc, {2: "*"})
    game = svc.state.round(1).boards[1]
    assert game.adjourned == "adjourned" and not game.has_result
    (event,) = [e for e in svc.events if e.kind == "game_adjourned"]
    assert event.payload == {"round": 1, "board": 2, "status": "adjourned"}
    assert event_from_json(event_to_json(event)) == event
    assert replay(svc.events).round(1).boards[1].adjourned == "adjourned"
    # shown as pending on the round sheet view (include_pending) and in result text
    t = svc.state.to_tournament(include_pending=True, ranks=False)
    code = t.players[game.white].results[0].code
    assert code is ResultCode.UNKNOWN
    assert game_result_text(code, code) == "*"


@pytest.mark.parametrize(
    ("text", "status"),
    [("*", "adjourned"), ("?", "adjourned"), ("adj", "adjourned"), ("Aplazada", "adjourned"), ("postponed", "postponed")],
)
def test_Q157_the_typed_forms_of_a_pending_game(text: str, status: str) -> None:
    assert parse_pending(text) == status
    assert parse_pending("1-0") is None


def test_Q157_a_postponed_game_and_no_adjournment_of_a_finished_game() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=7)
    svc.enter_result(1, "1-0")
    svc.adjourn_game(2, status="postponed")
    assert svc.state.round().boards[1].adjourned == "postponed"
    with pytest.raises(ArbitroError) as err:
        svc.enter_result(1, "*")
    assert err.value.code == "adjourn.has_result"
    with pytest.raises(ArbitroError) as err:
        svc.enter_result(2, "adjourned")
    assert err.value.code == "adjourn.already"


def test_Q158_a_missing_result_still_blocks_pairing_but_an_adjourned_game_does_not() -> None:
    svc = _swiss()
    svc.pair_next_round(seed=7)
    svc.enter_result(1, "1-0")
    svc.enter_result(2, "*")
    svc.enter_result(3, "0-1")
    with pytest.raises(ArbitroError) as err:  # board 4 missing: Q158 stays NO (Q159-Q160 off the path)
        svc.pair_next_round(seed=7)
    assert err.value.code == "pair.incomplete" and "board(s) 4" in str(err.value)
    svc.enter_result(4, "½-½")
    svc.pair_next_round(seed=7)
    assert svc.state.paired_rounds == 2


def test_Q167_an_adjourned_game_counts_as_a_draw_for_pairing_and_only_for_pairing() -> None:
    svc = _swiss()
    _round(svc, {1: "*"})
    st = svc.state
    white, black = st.round(1).boards[0].players
    for_pairing = st.to_tournament(adjourned="draw")
    assert for_pairing.players[white].results[0].code is ResultCode.DRAW
    assert for_pairing.players[black].results[0].code is ResultCode.DRAW
    assert for_pairing.players[white].points == for_pairing.players[black].points == 0.5
    # the standings leave the round out: no score is invented for the game (Q161)
    assert st.to_tournament().players[white].results == []
    # the engine pairs round 2 exactly as it would after a draw on that board
    other = _swiss()
    _round(other, {1: "½-½"})
    svc.pair_next_round(seed=7)
    other.pair_next_round(seed=7)
    assert [g.players for g in svc.state.round(2).boards] == [g.players for g in other.state.round(2).boards]


def test_Q168_pairing_over_an_adjourned_game_gives_a_level_2_warning() -> None:
    svc = _swiss()
    _round(svc, {3: "*"})
    svc.warnings.clear()
    svc.pair_next_round(seed=7)
    assert [w.code for w in svc.warnings] == ["pair.adjourned"]
    assert "round 1 board 3" in str(svc.warnings[0])
    for board in range(1, len(svc.state.round().boards) + 1):
        svc.enter_result(board, "1-0")
    svc.warnings.clear()
    svc.pair_next_round(seed=7)  # still open two rounds later: warned again
    assert [w.code for w in svc.warnings] == ["pair.adjourned"]


def test_Q162_the_adjourned_result_can_be_entered_any_time_later() -> None:
    svc = _swiss()
    _round(svc, {2: "*"})
    _round(svc)
    _round(svc)
    (event,) = svc.enter_result(2, "½-½", round_number=1)
    assert event.kind == "result_entered"
    game = svc.state.round(1).boards[1]
    assert game.has_result and game.adjourned == "" and svc.state.adjourned_games() == []
    assert replay(svc.events).round(1).boards[1].white_code is ResultCode.DRAW
    assert "### Adjournment @ Round 1 board 2: adjourned, ½-½ entered later" in format_trf(
        svc.state.to_tournament(rating_report=True)
    )
    # now round 1 is in the standings
    assert all(len(p.results) == 3 for p in svc.state.to_tournament().players.values())


def test_Q163_a_non_draw_for_an_adjourned_game_needs_a_level_3_confirmation() -> None:
    svc = _swiss()
    _round(svc, {2: "*"})
    _round(svc)
    before = len(svc.events)
    with pytest.raises(ArbitroError) as err:
        svc.enter_result(2, "1-0", round_number=1)
    assert err.value.code == "result.adjourned_confirm"
    assert "1 later round(s)" in str(err.value)
    assert len(svc.events) == before  # nothing written without the confirmation
    svc.enter_result(2, "1-0", round_number=1, confirm=True)
    assert svc.state.round(1).boards[1].white_code is ResultCode.WIN


def test_Q163_before_any_round_is_paired_on_the_provisional_draw_no_confirmation_is_needed() -> None:
    svc = _swiss()
    _round(svc, {2: "*"})
    (event,) = svc.enter_result(2, "0-1")  # the game finished before the next pairing: nothing used the draw
    assert event.kind == "result_entered"


def test_Q164_Q166_the_trf_writes_a_question_mark_and_reads_it_back_as_adjourned() -> None:
    svc = _swiss()
    _round(svc, {2: "*"})
    _round(svc)
    text = format_trf(svc.state.to_tournament(rating_report=True))
    game = svc.state.round(1).boards[1]
    line = next(ln for ln in text.splitlines() if ln.startswith(f"001 {game.white:4d}"))
    assert f"{game.black:4d} w ?" in line
    assert "### Adjourned @ Round 1 board 2" in text
    parsed = parse_trf(text)
    assert not parsed.errors
    assert parsed.tournament.players[game.white].results[0].code is ResultCode.UNKNOWN
    # imported back into the service: the game is adjourned again, not a result
    from arbitro.tournament.importing import events_from_tournament

    again = TournamentService(events_from_tournament(parsed.tournament), author="IA Test", clock=fixed_clock())
    assert again.state.adjourned_games() == [(1, 2)]
    assert again.state.paired_rounds == 2


def test_Q169_no_final_standings_or_final_report_while_a_game_is_adjourned() -> None:
    svc = _swiss(rounds=2)
    _round(svc)
    _round(svc, {4: "*"})
    before = len(svc.events)
    with pytest.raises(ArbitroError) as err:
        svc.finish()
    assert err.value.code == "final.adjourned"
    assert "round 2 board 4" in str(err.value)
    assert len(svc.events) == before and not svc.state.finished
    # the standings stop before the round of the open game (no score invented, Q161)
    assert all(len(p.results) == 1 for p in svc.state.to_tournament().players.values())
    svc.enter_result(4, "½-½", round_number=2)
    svc.finish()
    assert svc.state.finished
