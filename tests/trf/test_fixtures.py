"""Every fixture TRF validates and round-trips through TRF-2026 and TRF16 (issue 2, done-when 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.trf import format_trf, parse_trf

FILES = sorted(
    p for folder in ("trf", "dutch", "roundrobin", "dutch-perf") for p in (FIXTURES / folder).glob("*.trf")
)


def _id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_fixture_validates_and_round_trips(path: Path) -> None:
    result = parse_trf(path.read_bytes(), str(path))
    assert result.errors == [], [str(d) for d in result.errors]
    assert result.tournament.players
    if path.parent.name in ("dutch", "roundrobin"):
        # generated files: not even a warning is expected
        assert result.warnings == [], [str(d) for d in result.warnings]
    for version in ("trf26", "trf16"):
        again = parse_trf(format_trf(result.tournament, version), version)
        assert again.errors == []
        assert again.tournament == result.tournament, version


def test_sample_trf2026_reads_every_itdx_record() -> None:
    """trf.md §7.1: 142, 152, 192, 202, 222, 240 and 260 of the sample file."""
    from importlib import resources

    from arbitro.model import ByeRequest, Colour, ProhibitedPairing

    text = resources.files("arbitro.data").joinpath("sample-open-2026.trf").read_text()
    result = parse_trf(text)
    t = result.tournament
    assert result.version == "trf26" and result.errors == []
    assert t.rounds == 5 and t.initial_colour is Colour.BLACK and t.system == "FIDE_DUTCH"
    assert t.tiebreaks == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert t.time_control_code == "5400+30"
    assert t.requested_byes == [ByeRequest(4, "H", 6)]
    assert t.prohibited_pairings == [ProhibitedPairing((2, 4), 4, 5)]
    assert t.played_rounds == 3 and len(t.round_dates) == 5
    assert t.players[6].title == "WIM" and t.players[6].sex == "w"
    assert "Sample TRF-2026 ITDX file" in t.comments[0]


def test_trf16_next_round_bye_column_is_a_request() -> None:
    """trf.md §7.2: ``0000 - H`` in the column of the round to be paired is the 240 H of TRF-2026."""
    from importlib import resources

    from arbitro.model import ByeRequest

    text = resources.files("arbitro.data").joinpath("sample-open-2026.trf").read_text()
    t = parse_trf(text).tournament
    trf16 = format_trf(t, "trf16")
    assert "0000 - H" in trf16 and "\n240 " not in trf16 and "XXP 2 4" not in trf16
    assert "XXR 5" in trf16 and "XXC black1" in trf16
    again = parse_trf(trf16).tournament
    assert again.requested_byes == [ByeRequest(4, "H", 6)]
    assert again == t
