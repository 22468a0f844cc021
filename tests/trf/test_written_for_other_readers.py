"""What Arbitro writes, other readers read (issue 37 item 3): points, absences, dates, widths, records."""

from __future__ import annotations

from decimal import Decimal

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Colour, ProhibitedPairing, ResultCode, RoundResult, Tournament
from arbitro.trf import format_trf, parse_trf
from arbitro.trf.writer import normalise_birth_date

SAMPLE = """\
012 Sample
XXR 3
001    1 m    Alpha, Ann                        2000 ESP     1000001 1990/01/01  9.0    1     2 w 1
001    2 w    Bravo, Bea                        1900 ESP     1000002 01.02.1991  0.0    2     1 b 0
001    3 m    Charlie, Carl                     1800 ESP     1000003 1992        0.0    3
"""


def _sample() -> Tournament:
    return parse_trf(SAMPLE, "sample.trf").tournament


@pytest.mark.parametrize("version", ["trf26", "trf16"])
def test_points_column_is_the_sum_of_the_results_and_the_original_is_kept(version: str) -> None:
    """bbpPairings refuses and the TEC reader misreads a total the results do not give (trf.md §6.1)."""
    text = format_trf(_sample(), version)
    line = next(x for x in text.splitlines() if x.startswith("001    1"))
    assert line[80:84] == " 1.0"
    assert "### 001 points of player 1: 9.0 in the original, written 1.0 (the sum of the results)" in text.splitlines()
    back = parse_trf(text)
    assert back.errors == [] and [w.field for w in back.warnings] == []
    assert format_trf(back.tournament, version) == text  # the note is not repeated


def test_a_round_not_paired_is_a_blank_block_never_0000_dash_blank() -> None:
    """``0000 -`` with a blank result: the trimmed line ends inside the block and bbpPairings refuses it."""
    t = _sample()
    t.players[3].results = [RoundResult(None, Colour.NONE, ResultCode.NOT_PAIRED)]
    t.players[1].results.append(RoundResult(2, Colour.BLACK, ResultCode.DRAW))
    t.players[2].results.append(RoundResult(1, Colour.WHITE, ResultCode.DRAW))
    t.players[3].results.append(RoundResult(None, Colour.NONE, ResultCode.NOT_PAIRED))
    for version in ("trf26", "trf16"):
        text = format_trf(t, version)
        assert "0000 -  " not in text and not any(x.endswith("0000 -") for x in text.splitlines())
        back = parse_trf(text).tournament
        assert [r.code for r in back.players[3].results] == [ResultCode.NOT_PAIRED] * 2


def test_birth_dates_are_written_yyyy_mm_dd() -> None:
    t = _sample()
    assert [p.birth_date for p in t.iter_players()] == ["1990/01/01", "1991/02/01", "1992/00/00"]
    t.players[1].birth_date = "31.12.1980"  # a model filled elsewhere
    assert "1980/12/31" in format_trf(t)
    assert [normalise_birth_date(x) for x in ("02.05.1988", "1988-05-02", "1988", "", "120242", "31.02.1990")] == [
        "1988/05/02", "1988/05/02", "1988/00/00", "", None, None,
    ]


@pytest.mark.parametrize("version", ["trf26", "trf16"])
def test_ten_thousand_players_are_refused_not_written_unreadable(version: str) -> None:
    """Columns 5-8 hold four digits in TRF16 and TRF-2026 (trf.md §3.2, §4.1): start rank 10,000 does not fit."""
    from arbitro.model import Player

    t = Tournament(name="Huge")
    t.players = {r: Player(start_rank=r, name=f"P{r}") for r in range(1, 10_001)}
    with pytest.raises(ArbitroError, match=r"start rank 10,000 does not fit the 4-digit start-rank field"):
        format_trf(t, version)
    del t.players[10_000]
    assert len(parse_trf(format_trf(t, version)).tournament.players) == 9_999


def test_strict_trf16_has_only_trf16_records() -> None:
    t = _sample()
    t.system, t.tiebreaks, t.program, t.time_control_code = "FIDE_DUTCH", ["BH", "SB"], "Arbitro", "5400+30"
    t.prohibited_pairings = [ProhibitedPairing((1, 3), 2, 3), ProhibitedPairing((2, 3), 5, 5)]
    loose = format_trf(t, "trf16")
    assert "192 FIDE_DUTCH" in loose  # the lossless TRF16 of issue 2 keeps them
    text = format_trf(t, "trf16", strict=True)
    codes = [x[:3] for x in text.splitlines()]
    assert not {"182", "192", "202", "222", "260"} & set(codes)
    assert "XXP 1 3" in text and "XXP 2 3" not in text  # the ban of the next round only
    back = parse_trf(text)
    assert back.version == "trf16" and back.errors == []
    assert back.tournament.players[1].score(back.tournament.scoring) == Decimal(1)
