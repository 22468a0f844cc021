"""The FIDE-mode contract through ``arbitro tournament`` (issue 33 item 2; VCL4THP v13 as transcribed).

Q189/Q191 (no correction before the round before the last), Q192/Q193 (the rating-report-only
correction and its ``###`` line), Q57 (the number of rounds frozen once round 1 is paired),
Q95 (round-robin pairing numbers set by hand before round 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.model import ResultCode
from arbitro.tournament import event_from_json, replay
from arbitro.trf import parse_trf

from .test_cli_roundrobin import ok, refused


def _events(trf: Path) -> list:
    return [event_from_json(x) for x in trf.with_suffix(".events.jsonl").read_text().splitlines()]


def _swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str], rounds_played: int) -> tuple[Path, str]:
    trf = tmp_path / "open.trf"
    f = str(trf)
    ok(capsys, "new", f, "--name", "Open", "--rounds", "5", "--author", "IA Test")
    for i in range(10):
        ok(capsys, "add-player", f, f"Player, {chr(65 + i)}", "--rating", str(2400 - 40 * i))
    for _ in range(rounds_played):
        ok(capsys, "pair", f)
        boards = len(replay(_events(trf)).round().boards)
        ok(capsys, "result", f, *[x for b in range(1, boards + 1) for x in (str(b), "1-0")])
    return trf, f


def test_vcl4thp_q189_q192_cli_refuses_an_old_correction_and_records_it_for_the_rating_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf, f = _swiss(tmp_path, capsys, 3)
    standings = ok(capsys, "standings", f)
    err = refused(capsys, trf, "result", f, "1", "0-1", "--round", "1", "--correct", "--reason", "score sheet")
    assert "older than the round before the last" in err and "--rating-report" in err
    assert "give --correct too" in refused(capsys, trf, "result", f, "1", "0-1", "--round", "1", "--rating-report")
    out = ok(capsys, "result", f, "1", "0-1", "--round", "1", "--correct", "--rating-report", "--reason", "score sheet")
    assert out.startswith("### Rating report @ Round 1 board 1")
    assert ok(capsys, "standings", f) == standings  # issue 33 Done-when: the standings are unchanged
    state = replay(_events(trf))
    game = state.round(1).boards[0]
    assert game.white_code is ResultCode.WIN  # the tournament keeps its result
    parsed = parse_trf(trf.read_text()).tournament  # the rating report carries the corrected one
    assert parsed.players[game.white].results[0].code is ResultCode.LOSS
    assert any(c.startswith("Rating report @ Round 1 board 1") for c in parsed.comments)
    assert ok(capsys, "export", f) == trf.read_text()
    ok(capsys, "pair", f)  # the file on disk is the replay's: the next command accepts it
    # the round before the last is still corrected as usual (Q190)
    ok(capsys, "result", f, "1", "0-1", "--round", "3", "--correct", "--reason", "score sheet")
