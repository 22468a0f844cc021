"""Team Swiss (C.04.6, 2026) against FIDE TEC's Gacrux ``pairingfideteam`` (issue 18, "Done when").

Runs only where ``ARBITRO_GACRUX`` names a python with the ``gacrux`` package (MIT; never committed:
``pip install gacrux==1.11.65`` in a venv of its own). docs/pairing-systems/team-swiss.md §8 has the
300-tournament run and its classified differences; here, 40 generated tournaments without empty boards
(Gacrux 1.11.65 cannot read an empty board in a record 300, and a side with every board empty is read
as unpaired): every round Gacrux pairs from the file's history must be Arbitro's, same matches, same
team with White on board 1 (art. 1.6.1), same pairing-allocated bye (art. 1.4, 3.1).
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path

import pytest

from arbitro.teams.generator import generate

REPO = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("team_swiss_gacrux", REPO / "tools" / "team_swiss_gacrux.py")
assert _spec and _spec.loader
gx = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = gx  # its dataclass looks its module up
_spec.loader.exec_module(gx)


@pytest.mark.slow
@pytest.mark.skipif(gx.gacrux_python() is None, reason="Gacrux not installed (set ARBITRO_GACRUX to a python with gacrux)")
def test_c0406_gacrux_pairs_every_round_as_arbitro_on_40_generated_tournaments() -> None:
    python = gx.gacrux_python()
    rounds = 0
    with tempfile.TemporaryDirectory(prefix="gacrux-") as tmp:
        for seed in range(1, 41):
            event = generate(gx.config(seed, board_forfeit=0.0))
            checks, error = gx.check(python, event, Path(tmp), f"t{seed}")
            assert not error, f"seed {seed}: {error}"
            assert len(checks) == event.played_rounds()
            for c in checks:
                assert c.verdict == "equal", f"seed {seed} round {c.round}: arbitro {c.arbitro} gacrux {c.gacrux}"
            rounds += len(checks)
    assert rounds >= 150
