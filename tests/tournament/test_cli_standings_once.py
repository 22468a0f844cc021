"""``arbitro tournament pair`` computes the standings once (issue 14).

The rank column of the TRF (C.07 standings) is needed to check the file on
disk against the log, to give the engine the tournament, to write the new TRF
and to print the pairing; the state ranks an unchanged tournament once.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import arbitro.standings
from arbitro.cli import main


def _run(*args: str) -> None:
    assert main(["tournament", *args]) == 0


def test_tournament_pair_computes_the_standings_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trf = str(tmp_path / "once.trf")
    _run("new", trf, "--name", "Once", "--rounds", "5", "--initial-colour", "w", "--author", "IA Test")
    for i in range(8):
        _run("add-player", trf, f"Player{i}, Test", "--rating", str(2200 - 20 * i), "--author", "IA Test")
    _run("pair", trf, "--author", "IA Test")
    _run("result", trf, "1", "1-0", "2", "1/2-1/2", "3", "0-1", "4", "1-0", "--author", "IA Test")
    calls = {"n": 0}
    compute = arbitro.standings.compute_standings

    def counting(*args: object, **kwargs: object) -> object:
        calls["n"] += 1
        return compute(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(arbitro.standings, "compute_standings", counting)
    _run("pair", trf, "--author", "IA Test")
    assert calls["n"] == 1
