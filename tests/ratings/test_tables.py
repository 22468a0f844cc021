"""B.02 tables 8.1.1 (p -> dp) and 8.1.2 (D -> PD), checked against published rows."""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tests.fixture_paths import FIXTURES

from arbitro.ratings import (
    DP_TABLE,
    dp_from_fraction,
    dp_from_percent,
    dp_from_score,
    expected_score,
    expected_score_hundredths,
    percent_from_score,
)

#: Line 15 of seed 000_fb05c29b05b5356d.txt (the QC's 2017 slides), byte for byte: see tests/fixtures/README.md.
SEED_2017 = FIXTURES / "seeds" / "000_fb05c29b05b5356d.table-8.1a.txt"


def _published_table_8_1a() -> dict[int, int]:
    """Rows "p + dp - (100-p)" of table 8.1a as printed in the 2017 FIDE slides (seed S3)."""
    text = SEED_2017.read_text(encoding="utf-8")
    start = text.index("Tabla 8.1a")
    rows = re.findall(r"(\d{2,3}) \+ (\d+) -(?: (\d{2}))?", text[start : start + 3000])
    table: dict[int, int] = {}
    for high, dp, low in rows:
        table[int(high)] = int(dp)
        if low:
            table[int(low)] = -int(dp)
    return table


def test_b02_8_1_1_every_row_equals_the_published_2017_table_8_1a() -> None:
    published = _published_table_8_1a()
    assert sorted(published) == list(range(101))
    for percent, dp in published.items():
        assert dp_from_percent(percent) == dp, percent


@pytest.mark.parametrize(
    ("percent", "dp"),
    [
        (100, 800),
        (99, 677),
        (88, 336),
        (83, 273),
        (67, 125),
        (50, 0),
        (35, -110),
        (12, -336),
        (1, -677),
        (0, -800),
    ],
)
def test_b02_8_1_1_published_rows(percent: int, dp: int) -> None:
    assert DP_TABLE[percent] == dp


def test_b02_8_1_1_is_antisymmetric_and_increasing() -> None:
    for p in range(101):
        assert DP_TABLE[p] == -DP_TABLE[100 - p]
    assert all(a < b for a, b in zip(DP_TABLE, DP_TABLE[1:], strict=False))


def test_b01_1_4_8_p_rounded_to_whole_percent_half_up() -> None:
    # 7.5/9 = 83.33 % -> 83 -> 273 (ratings.md §2 example)
    assert dp_from_score(Fraction(15, 2), 9) == 273
    # 0.875 -> 88 % (0.5 up) -> 336: the C.07 10.2 example p = 0.88
    assert percent_from_score(Decimal("3.5"), 4) == 88
    assert dp_from_fraction(Decimal("0.875")) == 336
    # 0.125 -> 13 % (0.5 up, not symmetric rounding) -> -322
    assert dp_from_fraction(Fraction(1, 8)) == -322
    # 2/3 = 66.67 % -> 67
    assert dp_from_fraction(Fraction(2, 3)) == 125
    assert dp_from_fraction(1) == 800
    assert dp_from_fraction(0) == -800


def test_b01_1_4_8_refuses_floats_and_out_of_range() -> None:
    with pytest.raises(TypeError):
        dp_from_fraction(0.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        dp_from_fraction(Fraction(3, 2))
    with pytest.raises(ValueError):
        dp_from_percent(101)
    with pytest.raises(ValueError):
        dp_from_score(1, 0)


# (D, PD of the higher-rated player) at every band edge quoted in ratings.md §3 (B.02 table 8.1.2)
PUBLISHED_PD = [
    (0, "0.50"), (3, "0.50"), (4, "0.51"), (10, "0.51"), (11, "0.52"), (25, "0.53"), (26, "0.54"),
    (61, "0.58"), (62, "0.59"), (121, "0.66"), (122, "0.67"), (245, "0.80"), (246, "0.81"),
    (344, "0.88"), (345, "0.89"), (400, "0.92"), (411, "0.92"), (412, "0.93"), (484, "0.95"),
    (517, "0.96"), (518, "0.97"), (559, "0.97"), (560, "0.98"), (610, "0.98"), (619, "0.98"),
    (620, "0.99"), (735, "0.99"), (736, "1.00"), (1000, "1.00"),
]  # fmt: skip


@pytest.mark.parametrize(("diff", "pd"), PUBLISHED_PD)
def test_b02_8_1_2_published_rows(diff: int, pd: str) -> None:
    assert expected_score(diff) == Decimal(pd)
    assert expected_score(-diff) == 1 - Decimal(pd)


def test_b02_8_1_2_rows_where_an_old_tiebreakserver_copy_is_wrong() -> None:
    # ratings.md §3: the old TEC-FIDE rating.py had D=411 -> .93 and D=610 -> .99; the table says .92 / .98.
    assert expected_score_hundredths(411) == 92
    assert expected_score_hundredths(610) == 98


@given(st.integers(min_value=-2000, max_value=2000))
def test_b02_8_1_2_lower_rated_gets_one_minus_pd(diff: int) -> None:
    assert expected_score_hundredths(diff) + expected_score_hundredths(-diff) == 100


def test_b02_8_1_2_monotone() -> None:
    values = [expected_score_hundredths(d) for d in range(-900, 901)]
    assert all(a <= b for a, b in zip(values, values[1:], strict=False))
