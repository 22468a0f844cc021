"""A team log written before the typed team events (issue 32) replays unchanged.

``data/team-swiss-7-2026-12-04.events.jsonl`` holds the ``kind`` + payload rows that the team
service wrote as it was on 2026-12-04 (main before issue 32: ``arbitro.teams.log``, untyped
payloads): a 7-team Team Swiss of 5 rounds with a line-up deadline set and removed, a line-up with a
reserve, a whole-match forfeit, a corrected board and a bye each round; ``.trf`` is the TRF that
log's state wrote then. Its rounds were published when paired (no ``published`` key): they still are.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament.team_events import TEAM_EVENT_TYPES, TeamRoundPaired, team_event
from arbitro.tournament.team_log import TeamService, replay
from arbitro.trf.teams import format_team_trf

DATA = Path(__file__).parent / "data"
NAME = "team-swiss-7-2026-12-04"


def _rows() -> list[tuple[str, dict[str, object]]]:
    lines = (DATA / f"{NAME}.events.jsonl").read_text(encoding="utf-8").splitlines()
    return [(d["kind"], d["payload"]) for d in map(json.loads, lines)]


def test_an_old_team_log_replays_to_the_trf_written_with_it() -> None:
    st = replay(team_event(kind, payload) for kind, payload in _rows())
    assert format_team_trf(st.to_event()) == (DATA / f"{NAME}.trf").read_text(encoding="utf-8")
    assert st.finished and st.corrections == 1 and st.norm_event == "team_championship"
    assert st.published == set(range(1, 6)) and st.draft_round == 0
    assert st.to_event(drafts=False) == st.to_event()


def test_every_old_team_event_reads_as_its_typed_payload_and_writes_the_same_json() -> None:
    """The typed event writes back exactly the payload the old service stored (the web's rows are unchanged)."""
    rows = _rows()
    assert {kind for kind, _ in rows} == {
        "team_event_created", "team_registered", "team_lineup_deadline", "team_round_paired",
        "team_lineup_set", "team_board_result", "team_match_forfeit",
    }  # fmt: skip
    for kind, payload in rows:
        data = team_event(kind, payload)
        assert isinstance(data, TEAM_EVENT_TYPES[kind])
        assert data.to_payload() == payload


def test_an_old_team_log_goes_on_with_todays_service() -> None:
    """A service over the old log appends typed events; its next draft is not published until it is."""
    svc = TeamService([team_event(kind, payload) for kind, payload in _rows()])
    assert svc.expected_version == len(_rows()) and svc.new_events == ()
    svc.change_settings(rounds=6)
    rnd = svc.pair_next_round(publish=False)
    assert rnd == 6 and svc.state.draft_round == 6
    assert isinstance(svc.new_events[-1], TeamRoundPaired) and svc.new_events[-1].to_payload()["published"] is False
    assert [m.round for m in svc.state.to_event(drafts=False).matches if m.round == 6] == []
    again = replay(team_event(e.kind, e.payload) for e in svc.events)
    assert again.to_event() == svc.state.to_event() and again.draft_round == 6


def test_a_bad_old_payload_names_the_event_and_the_field() -> None:
    kind, payload = next(row for row in _rows() if row[0] == "team_round_paired")
    with pytest.raises(ArbitroError, match="round: expected a whole number"):
        team_event(kind, {**payload, "round": [1]}, "event 9")
    with pytest.raises(ArbitroError, match="matches: missing"):
        team_event(kind, {"round": 1}, "event 9")
    with pytest.raises(ArbitroError, match="kind: expected one of"):
        team_event("team_unknown", {}, "event 1")
