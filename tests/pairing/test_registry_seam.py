"""Adding a pairing system needs one module and one registry entry (issue 14).

The dummy system of ``tests/pairing/dummy_system.py`` is registered for the test only; it
then appears among ``arbitro pair``'s options, pairs through the CLI and
through the tournament service, and its TRF code is read back.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pairing.dummy_system import KEY, registered

from arbitro.cli import main
from arbitro.pairing import registry
from arbitro.tournament import TournamentService
from arbitro.trf import write_trf

ROUND1 = """012 Seam
142 3
001    1      Player, One                       2400                             0.0
001    2      Player, Two                       2350                             0.0
001    3      Player, Three                     2300                             0.0
001    4      Player, Four                      2250                             0.0
001    5      Player, Five                      2200                             0.0
"""


def test_a_registered_system_appears_in_pair_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # one help line per option
    with registered():
        assert main(["pair", "--help"]) == 0
        out = capsys.readouterr().out
    assert "--top-next" in out and "Top-against-next test system" in out
    assert "--dutch" in out and "--round-robin" in out


def test_a_registered_system_pairs_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "seam.trf"
    trf.write_text(ROUND1, encoding="utf-8")
    with registered():
        assert main(["pair", "--top-next", str(trf), "-p"]) == 0
    assert capsys.readouterr().out.split("\n")[:4] == ["3", "1 2", "3 4", "5 0"]  # bbpPairings: lines, then the pairs, the PAB as "N 0"
    assert main(["pair", "--top-next", str(trf), "-p"]) == 2  # gone with its entry: a usage error


def test_a_registered_system_runs_in_the_tournament_service_and_its_trf_code_reads_back(tmp_path: Path) -> None:
    with registered() as system:
        svc = TournamentService(clock=lambda: "2026-12-01T10:00:00+00:00")
        svc.create(name="Seam", system=KEY, rounds=3)
        for name in ("A, a", "B, b", "C, c", "D, d"):
            svc.register_player(name)
        svc.pair_next_round(seed=1)
        assert [(g.white, g.black) for g in svc.state.round(1).boards] == [(1, 2), (3, 4)]
        assert svc.events[-1].payload["engine"] == KEY
        svc.enter_result(1, "1-0")
        svc.enter_result(2, "½-½")
        t = svc.state.to_tournament()
        assert t.system == system.trf_code
        write_trf(t, tmp_path / "seam.trf")
        from arbitro.trf import read_trf

        assert registry.of_tournament(read_trf(tmp_path / "seam.trf")) is system
    assert KEY not in {s.key for s in registry.all_systems()}
