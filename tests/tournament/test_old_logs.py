"""Logs written before the typed events (issue 14) still load and replay to the same TRF.

``data/*-2026-11.events.jsonl`` and their ``.trf`` were written by
``arbitro tournament`` as it was on 2026-11-30 (main before issue 14): a Swiss
with a prohibited pairing, a requested bye, a correction, a withdrawal and
FIDE mode left; a round robin paired by the Berger table (``engine: berger``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.tournament import Event, event_from_json, replay
from arbitro.tournament import events as ev
from arbitro.trf import format_trf

DATA = Path(__file__).parent / "data"


def _log(name: str) -> list[Event]:
    text = (DATA / f"{name}.events.jsonl").read_text(encoding="utf-8")
    return [event_from_json(line, f"{name}:{n}") for n, line in enumerate(text.splitlines(), 1) if line.strip()]


@pytest.mark.parametrize("name", ["swiss-2026-11", "roundrobin-2026-11"])
def test_an_old_log_replays_to_the_trf_written_with_it(name: str) -> None:
    state = replay(_log(name))
    assert format_trf(state.to_tournament()) == (DATA / f"{name}.trf").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["swiss-2026-11", "roundrobin-2026-11"])
def test_every_old_event_reads_as_its_typed_payload_and_back(name: str) -> None:
    for event in _log(name):
        data = event.data
        assert isinstance(data, ev.EVENT_TYPES[event.kind])
        assert ev.EVENT_TYPES[event.kind].from_payload(data.to_payload()) == data


def test_an_old_tournament_file_goes_on_with_the_cli(tmp_path: Path) -> None:
    for suffix in (".trf", ".events.jsonl"):
        shutil.copy(DATA / f"roundrobin-2026-11{suffix}", tmp_path / f"rr{suffix}")
    trf = tmp_path / "rr.trf"
    assert main(["tournament", "result", str(trf), "1", "1-0", "2", "0-1", "--author", "IA New"]) == 0
    assert main(["tournament", "pair", str(trf), "--author", "IA New"]) == 0
    assert replay(_log_at(tmp_path / "rr.events.jsonl")).paired_rounds == 3


def _log_at(path: Path) -> list[Event]:
    return [event_from_json(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_older_payload_shapes_still_load() -> None:
    """Keys the service no longer writes (``player_updated``), numbers as text, ``mpa: null``."""
    lines = [
        '{"kind":"tournament_created","timestamp":"","author":"","payload":{"name":"Legacy","rounds":3}}',
        '{"kind":"player_registered","timestamp":"","author":"","payload":{"start_rank":1,"name":"A, a"}}',
        '{"kind":"player_registered","timestamp":"","author":"","payload":{"start_rank":2,"name":"B, b","rating":"1800"}}',
        '{"kind":"player_updated","timestamp":"","author":"","payload":{"start_rank":1,"rating":1950,"title":"FM"}}',
        '{"kind":"round_paired","timestamp":"","author":"","payload":{"round":1,"boards":[[1,2]],"bye":null,"unpaired":[],"engine":"dutch"}}',
        '{"kind":"pairing_changed","timestamp":"","author":"","payload":{"round":1,"boards":[[2,1]],"bye":null,"unpaired":[],"reason":"","mpa":null}}',
    ]
    state = replay(event_from_json(line) for line in lines)
    assert state.system == "dutch"  # the default when the log did not say
    assert state.player(1).rating == 1950 and state.player(1).title == "FM" and state.player(2).rating == 1800
    assert [(g.white, g.black) for g in state.round(1).boards] == [(2, 1)] and not state.header.comments


def test_a_malformed_old_payload_names_the_event_and_field() -> None:
    lines = [
        '{"kind":"tournament_created","timestamp":"","author":"","payload":{"name":"Bad","rounds":3}}',
        '{"kind":"player_registered","timestamp":"","author":"","payload":{"start_rank":"one","name":"A, a"}}',
    ]
    with pytest.raises(ArbitroError, match="start_rank: expected a whole number"):
        replay(event_from_json(line) for line in lines)
