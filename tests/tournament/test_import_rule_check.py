"""VCL4THP Q54-Q55: every imported round is checked against the pairing rules (C.04.1 absolute criteria).

A file whose rounds break them is refused with the list (Level 3: confirm or cancel); once the
arbiter confirms, each such round is logged and exported as ``### Import @ Round n``. A file that
follows the rules imports exactly as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.model import Tournament
from arbitro.tournament import TournamentService
from arbitro.tournament.importing import BrokenRounds, broken_rounds, events_from_tournament
from arbitro.trf import format_trf, parse_trf, read_trf

#: round 2 is a rematch on every board (C.04.1 art. 2)
REMATCH = """\
012 Rematch Open
022 Nowhere
032 XXX
042 2025/05/01
052 2025/05/03
062 4
072 4
092 FIDE_DUTCH_2025
142 3
XXR 3
001    1 m    Alpha, A                          2000 XXX           0             1.5    0     3 w 1     3 b =
001    2 m    Bravo, B                          1950 XXX           0             1.0    0     4 b =     4 w =
001    3 m    Charlie, C                        1900 XXX           0             0.5    0     1 b 0     1 w =
001    4 m    Delta, D                          1850 XXX           0             1.0    0     2 w =     2 b =
"""
#: the same file with a round 2 that keeps the rules
FINE = (
    REMATCH.replace("3 w 1     3 b =", "3 w 1     4 b =")
    .replace("4 b =     4 w =", "4 b =     3 w =")
    .replace("1 b 0     1 w =", "1 b 0     2 b =")
    .replace("2 w =     2 b =", "2 w =     1 w =")
)
STAMP = "2026-12-04T12:00:00+00:00"


def _rematch() -> Tournament:
    return parse_trf(REMATCH).tournament


def test_q54_a_rematch_on_every_board_is_found_in_its_round_c04_1_art_2() -> None:
    found = broken_rounds(_rematch())
    assert list(found) == [2]
    assert sorted(found[2]) == sorted(
        f"player {a}: meets {b} again in round 2 (C.04.1 art. 2)" for a, b in ((1, 3), (3, 1), (2, 4), (4, 2))
    )


def test_q54_the_import_is_refused_with_the_list_until_confirmed() -> None:
    with pytest.raises(BrokenRounds) as caught:
        events_from_tournament(_rematch(), timestamp=STAMP)
    assert caught.value.rounds.keys() == {2}
    assert "round 2: player 1: meets 3 again in round 2 (C.04.1 art. 2)" in str(caught.value)


def test_q55_a_confirmed_import_writes_import_at_round_n_into_log_and_trf() -> None:
    events = events_from_tournament(_rematch(), author="ana", timestamp=STAMP, accept_broken_rounds=True)
    paired = [e for e in events if e.kind == "round_paired"]
    assert "note" not in paired[0].payload  # round 1 keeps the rules
    note = paired[1].payload["note"]
    assert isinstance(note, str) and note.startswith("Import @ Round 2: imported as it was by ana on " + STAMP)
    assert "player 2: meets 4 again in round 2 (C.04.1 art. 2)" in note
    exported = format_trf(TournamentService(events).state.to_tournament())
    assert [line for line in exported.splitlines() if line.startswith("###")] == [f"### {note}"]


def test_q54_a_colour_breach_is_found_c04_1_art_6_7() -> None:
    t = read_trf(FIXTURES / "trf" / "small-swiss7-byes-forfeits.trf")  # player 1: white in rounds 3, 4 and 5
    found = broken_rounds(t)
    assert list(found) == [5]
    assert "player 1: same colour three times in a row in round 5 (art. 7)" in found[5]


def test_q54_the_same_event_with_a_legal_round_2_imports_exactly_as_before() -> None:
    t = parse_trf(FINE).tournament
    assert t.played_rounds == 2 and broken_rounds(t) == {}
    events = events_from_tournament(t, timestamp=STAMP)
    assert [e.payload for e in events] == [e.payload for e in events_from_tournament(t, timestamp=STAMP, accept_broken_rounds=True)]
    assert "###" not in format_trf(TournamentService(events).state.to_tournament())


@pytest.mark.parametrize("path", sorted((FIXTURES / "dutch").glob("d00*.trf"))[:5], ids=lambda p: p.name)
def test_q54_files_that_follow_the_rules_import_as_before(path: Path) -> None:
    t = read_trf(path)
    assert broken_rounds(t) == {}
    events = events_from_tournament(t, timestamp=STAMP)
    assert all("note" not in e.payload for e in events if e.kind == "round_paired")
    assert not [c for c in TournamentService(events).state.header.comments if c.startswith("Import @")]


def test_q54_q55_cli_refuses_with_exit_2_then_accepts_with_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbitro.cli import main

    source = tmp_path / "rematch.trf"
    source.write_text(REMATCH, encoding="utf-8")
    target = tmp_path / "open.trf"
    assert main(["tournament", "new", str(target), "--from-trf", str(source)]) == 2
    err = capsys.readouterr().err
    assert "round 2: player 3: meets 1 again in round 2 (C.04.1 art. 2)" in err
    assert "--accept-broken-rounds" in err
    assert not target.exists() and not (tmp_path / "open.events.jsonl").exists()  # nothing half-written
    assert main(["tournament", "new", str(target), "--from-trf", str(source), "--accept-broken-rounds"]) == 0
    assert "### Import @ Round 2:" in capsys.readouterr().out
    assert "### Import @ Round 2:" in target.read_text(encoding="utf-8")
    assert "Import @ Round 2" in (tmp_path / "open.events.jsonl").read_text(encoding="utf-8")
