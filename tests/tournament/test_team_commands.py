"""The team service's commands on the skeleton of every log (issue 32): draft, publish, unpair, settings,
corrections; each checks the rules, emits one typed event, and a failed command leaves the log as it was."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament.log import EventData, EventLog
from arbitro.tournament.team_events import (
    TeamBoardResult,
    TeamRoundPaired,
    TeamRoundPublished,
    TeamRoundUnpaired,
    TeamSettingsChanged,
    team_event,
)
from arbitro.tournament.team_log import TeamService, replay


def _league(teams: int = 6, rounds: int = 5) -> TeamService:
    s = TeamService()
    s.create("Liga", "team_swiss", 2, rounds)
    for t in range(1, teams + 1):
        s.register_team(f"Club {t}", [{"name": f"P{t}.{i}", "rating": 2300 - 20 * t - i} for i in range(1, 4)])
    return s


def _results(s: TeamService, rnd: int, code: str = "=") -> None:
    for w, _b in s.state.pairings[rnd]:
        for board in (1, 2):
            s.enter_board(rnd, w, board, code)


def _same_after_replay(s: TeamService) -> None:
    again = replay(team_event(e.kind, e.payload) for e in s.events)
    assert again.to_event() == s.state.to_event()
    assert (again.published, again.draft_round, again.corrections) == (s.state.published, s.state.draft_round, s.state.corrections)


def test_the_team_service_is_the_skeleton_of_every_log() -> None:
    s = _league()
    assert isinstance(s, EventLog) and all(isinstance(e, EventData) for e in s.events)
    assert s.expected_version == 0 and s.version == len(s.new_events) == 7
    again = TeamService(s.events)
    assert again.expected_version == 7 and again.new_events == ()


def test_pair_as_a_draft_then_publish() -> None:
    s = _league()
    assert s.pair_next_round(publish=False) == 1
    assert s.state.draft_round == 1 and not s.state.is_published(1)
    assert s.state.to_event(drafts=False).matches == [] and len(s.state.to_event().matches) == 3
    assert isinstance(s.events[-1], TeamRoundPaired) and s.events[-1].published is False
    with pytest.raises(ArbitroError, match="round 1 is a draft: publish or unpair it first"):
        s.pair_next_round()
    assert s.publish_round() == 1
    assert isinstance(s.events[-1], TeamRoundPublished) and s.state.draft_round == 0
    with pytest.raises(ArbitroError, match="already published"):
        s.publish_round()
    assert len(s.state.to_event(drafts=False).matches) == 3
    _same_after_replay(s)


def test_pair_and_publish_at_once_writes_both_events() -> None:
    s = _league()
    before = s.version
    s.pair_next_round()
    assert [type(e) for e in s.events[before:]] == [TeamRoundPaired, TeamRoundPublished]
    assert s.state.is_published(1)


def test_unpair_takes_back_the_last_round_until_it_has_a_result() -> None:
    s = _league()
    with pytest.raises(ArbitroError, match="no round has been paired"):
        s.unpair_round()
    s.pair_next_round(publish=False)
    w, b = s.state.pairings[1][0]
    ids = s.state.require().teams[b].member_ids()
    s.set_lineup(1, b, [ids[0], ids[2]])  # a reserve on board 2: the line-up goes with the round
    assert s.unpair_round("wrong team list") == 1
    assert isinstance(s.events[-1], TeamRoundUnpaired) and s.events[-1].reason == "wrong team list"
    assert s.state.paired_rounds == 0 and (1, b) not in s.state.lineups and not s.state.published
    s.pair_next_round()
    s.enter_board(1, s.state.pairings[1][0][0], 1, "1")
    with pytest.raises(ArbitroError, match="already has results"):
        s.unpair_round()
    _same_after_replay(s)


def test_unpair_refuses_a_finished_competition() -> None:
    s = _league(teams=4, rounds=1)
    s.pair_next_round()
    _results(s, 1)
    assert s.state.finished
    with pytest.raises(ArbitroError, match="finished"):
        s.unpair_round()


def test_a_correction_needs_a_reason_and_counts_and_names_the_rounds_paired_since() -> None:
    s = _league()
    s.pair_next_round()
    _results(s, 1)
    s.pair_next_round()
    w = s.state.pairings[1][0][0]
    with pytest.raises(ArbitroError, match="correction needs a reason"):
        s.enter_board(1, w, 1, "1")
    assert s.rounds_paired_since(1) == [2]
    assert s.enter_board(1, w, 1, "1", reason="scoresheet")
    assert isinstance(s.events[-1], TeamBoardResult) and s.events[-1].to_payload()["reason"] == "scoresheet"
    assert s.state.corrections == 1
    _same_after_replay(s)


def test_change_settings_logs_only_what_changed_and_checks_the_rules() -> None:
    s = _league(rounds=5)
    assert s.change_settings(name="Liga", city="") is False  # nothing changed, nothing logged
    assert s.change_settings(name="Liga 2027", city="Oviedo", start_date="2027-01-02", rounds=6,
                             tiebreaks=["EMMSB", "BH"], norm_event="team_championship")  # fmt: skip
    e = s.events[-1]
    assert isinstance(e, TeamSettingsChanged)
    assert e.to_payload() == {
        "name": "Liga 2027", "city": "Oviedo", "start_date": "2027/01/02", "rounds": 6,
        "tiebreaks": ["EMMSB", "BH"], "norm_event": "team_championship",
    }  # fmt: skip
    ev = s.state.require()
    assert (ev.name, ev.city, ev.start_date, ev.rounds, ev.tiebreaks) == ("Liga 2027", "Oviedo", "2027/01/02", 6, ("EMMSB", "BH"))
    assert s.state.norm_event == "team_championship"
    s.pair_next_round()
    _results(s, 1)
    s.pair_next_round()
    before = s.version
    with pytest.raises(ArbitroError, match="2 rounds are already paired"):
        s.change_settings(rounds=1)
    with pytest.raises(ArbitroError, match="name: required"):
        s.change_settings(name=" ")
    with pytest.raises(ArbitroError, match=r"tie-breaks cannot change once round 1 has been paired \(C.07 Art. 2\)"):
        s.change_settings(tiebreaks=["BH"])
    assert s.change_settings(tiebreaks=["EMMSB", "BH"]) is False  # the same, unchanged
    with pytest.raises(ArbitroError):
        TeamService(s.events[:7]).change_settings(tiebreaks=["NOPE"])
    with pytest.raises(ArbitroError, match="date"):
        s.change_settings(end_date="mañana")
    assert s.version == before
    _same_after_replay(s)


def test_a_round_robin_keeps_the_rounds_of_its_table() -> None:
    s = TeamService()
    s.create("Liga", "team_round_robin", 2, None)
    for t in range(1, 5):
        s.register_team(f"Club {t}", [{"name": f"P{t}.{i}"} for i in range(1, 3)])
    with pytest.raises(ArbitroError, match="rounds of its table"):
        s.change_settings(rounds=5)


def test_a_failed_command_leaves_the_state_as_the_log_says() -> None:
    s = _league()
    s.pair_next_round()
    w = s.state.pairings[1][0][0]

    class Boom(Exception):
        pass

    with pytest.raises(Boom), s.transaction() as emit:
        emit(TeamBoardResult(1, w, 1, "1"))
        assert s.state.results[(1, w, 1)].value == "1"  # applied at once inside the transaction
        raise Boom
    assert (1, w, 1) not in s.state.results and not any(isinstance(e, TeamBoardResult) for e in s.events)


def test_an_individual_tournament_replays_on_the_same_skeleton() -> None:
    """Both kinds of log are :class:`EventLog`s: the individual replay is the skeleton's too."""
    from arbitro.tournament import TournamentService
    from arbitro.tournament.state import TournamentLog
    from arbitro.tournament.state import replay as individual_replay

    svc = TournamentService(clock=lambda: "2026-12-05T00:00:00+00:00")
    svc.create(name="Abierto", rounds=3)
    for i in range(1, 5):
        svc.register_player(f"P{i}", rating=2000 - i)
    log = TournamentLog(svc.events)
    assert log.expected_version == len(svc.events) and log.new_events == ()
    assert log.state.to_tournament() == individual_replay(svc.events).to_tournament() == svc.state.to_tournament()
    assert issubclass(TournamentLog, EventLog) and issubclass(TeamService, EventLog)
    assert isinstance(svc, TournamentLog) and svc.expected_version == 0 and svc.version == len(svc.new_events)
