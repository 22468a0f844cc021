"""Adjourned games through ``arbitro tournament result`` (issue 33 item 5; VCL4THP v13 Q157-Q169 as transcribed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.model import ResultCode
from arbitro.tournament import event_from_json, replay
from arbitro.trf import parse_trf

from .test_cli_roundrobin import ok, refused, run


def _state(trf: Path):  # type: ignore[no-untyped-def]
    return replay(event_from_json(x) for x in trf.with_suffix(".events.jsonl").read_text().splitlines())


def _open(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    f = str(tmp_path / "open.trf")
    ok(capsys, "new", f, "--name", "Open", "--rounds", "3", "--author", "IA Test")
    for i in range(6):
        ok(capsys, "add-player", f, f"Player, {chr(65 + i)}", "--rating", str(2300 - 50 * i))
    ok(capsys, "pair", f)
    return f


def test_Q157_Q164_cli_records_an_adjourned_game_and_writes_a_question_mark(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = _open(tmp_path, capsys)
    out = ok(capsys, "result", f, "1", "1-0", "2", "*", "3", "0-1")
    assert "board 2:" in out and "* (adjourned" in out
    st = _state(Path(f))
    assert st.adjourned_games() == [(1, 2)]
    # the file on disk carries ``?`` for that game (TRF-2026) and a ### line saying it is not final
    t = parse_trf(Path(f).read_text()).tournament
    white = st.round(1).boards[1].white
    assert t.players[white].results[0].code is ResultCode.UNKNOWN
    assert any(c.startswith("Adjourned @ Round 1 board 2") for c in t.comments)
    # pairing goes on over it, with a warning (Q167-Q168)
    code, _, err = run(capsys, "pair", f)
    assert code == 0 and "warning: round 1 board 2: the game is adjourned; it counts as a draw" in err


def test_Q162_Q163_cli_enters_the_adjourned_result_later_a_non_draw_with_confirm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = _open(tmp_path, capsys)
    ok(capsys, "result", f, "1", "1-0", "2", "adjourned", "3", "0-1")
    ok(capsys, "pair", f)
    err = refused(capsys, Path(f), "result", f, "--round", "1", "2", "1-0")
    assert "adjourned" in err and "--confirm" in err
    out = ok(capsys, "result", f, "--round", "1", "--confirm", "2", "1-0")
    assert "round 1 board 2:" in out and "1-0" in out
    assert _state(Path(f)).adjourned_games() == []
    assert "?" not in "".join(line[91:] for line in Path(f).read_text().splitlines() if line.startswith("001"))
