"""`arbitro tournament show` lists the boards in C.04.2 3.6 order, and `result BOARD` means the board shown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .test_cli_roundrobin import ok


def _boards(out: str) -> list[tuple[int, int, int]]:
    """(board, white, black) of the game lines of `tournament show`."""
    rows = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) > 3 and parts[0].isdigit() and parts[1].isdigit():
            black = next(int(parts[i]) for i in range(len(parts) - 1, 1, -1) if parts[i].isdigit() and parts[i - 1].endswith(")"))
            rows.append((int(parts[0]), int(parts[1]), black))
    return rows


def test_a_hand_made_order_is_shown_in_C04_2_3_6_order_and_typed_by_the_board_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "open.trf"
    ok(capsys, "new", str(trf), "--name", "Four", "--rounds", "3", "--author", "IA Test")
    for name, rating in (("Alpha, A", 2100), ("Beta, B", 2000), ("Gamma, C", 1900), ("Delta, D", 1800)):
        ok(capsys, "add-player", str(trf), name, "--rating", str(rating))
    ok(capsys, "pair", str(trf), "--seed", "1")
    engine = _boards(ok(capsys, "show", str(trf)))
    assert [b for b, _, _ in engine] == [1, 2] and 1 in engine[0][1:]  # 3.6: the pair of number 1 first
    # the arbiter lists the boards the other way round (same games): the sheet keeps 3.6
    (_, w1, b1), (_, w2, b2) = engine
    ok(capsys, "change-pairing", str(trf), f"{w2}-{b2}", f"{w1}-{b1}", "--reason", "wall chart")
    assert _boards(ok(capsys, "show", str(trf))) == engine
    out = ok(capsys, "result", str(trf), "1", "1-0")
    assert f"board 1: {w1}-{b1} 1-0" in out
    shown = ok(capsys, "show", str(trf))
    assert any(line.split()[0] == "1" and "1-0" in line for line in shown.splitlines() if line.strip())
    last = json.loads((tmp_path / "open.events.jsonl").read_text(encoding="utf-8").splitlines()[-1])
    assert last["kind"] == "result_entered" and last["payload"]["board"] == 2  # the log's own index
