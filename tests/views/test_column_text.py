"""Standings number style: one style per column (arbitro.views.text.column_text)."""

from __future__ import annotations

from decimal import Decimal

from arbitro.views import column_text as fmt_column


def test_halves_when_every_value_is_a_multiple_of_a_half() -> None:
    assert fmt_column([Decimal("11.5"), Decimal("9.00"), Decimal("0.50"), None]) == ["11½", "9", "½", ""]


def test_decimals_with_the_column_precision_when_any_value_is_not_a_half() -> None:
    # SB column as the core gives it (quantized to 2 places): no "11½" next to "15.75"
    assert fmt_column([Decimal("15.75"), Decimal("11.50"), Decimal("9.00")]) == ["15.75", "11.50", "9.00"]


def test_the_widest_precision_of_the_column_wins() -> None:
    assert fmt_column([Decimal("3.25"), Decimal("2.5"), 1, None]) == ["3.25", "2.50", "1.00", ""]


def test_empty_column() -> None:
    assert fmt_column([]) == []
    assert fmt_column([None, None]) == ["", ""]
