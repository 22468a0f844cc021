"""FMA 1.2-1.7, 5.2, B.2: categories."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitro.federations.fma.categories import (
    Category,
    CategoryClaim,
    category_by_rating,
    decide_claim,
    newcomer_category,
    parse_category,
)

START = dt.datetime(2026, 5, 1, 18, 0)


@pytest.mark.parametrize(
    ("rating", "expected"),
    [
        (1200, Category.CUARTA),
        (1699, Category.CUARTA),
        (1700, Category.TERCERA),
        (1799, Category.TERCERA),
        (1800, Category.SEGUNDA),
        (1899, Category.SEGUNDA),
        (1900, Category.PRIMERA),
        (2450, Category.PRIMERA),
    ],
)
def test_fma_1_3_category_by_standard_rating_bands(rating: int, expected: Category) -> None:
    assert category_by_rating(rating) is expected


@pytest.mark.parametrize("rating", [None, 0])
def test_fma_1_3_no_rating_enters_lowest_category(rating: int | None) -> None:
    cat, m = newcomer_category("Ana", rating)
    assert cat is Category.CUARTA
    assert m.id == "category.unrated" and m.article == "FMA 1.3"


def test_fma_1_3_newcomer_message_cites_rating() -> None:
    cat, m = newcomer_category("Ana", 1750)
    assert cat is Category.TERCERA
    assert "1750" in m.text("es") and "Tercera" in m.text("es")


def test_fma_1_2_b2_category_order_up_and_down() -> None:
    assert Category.TERCERA.up is Category.SEGUNDA
    assert Category.PRIMERA.up is Category.PRIMERA
    assert Category.CUARTA.down is Category.CUARTA
    assert Category.PRIMERA.is_higher_than(Category.SEGUNDA)
    assert parse_category("Segunda") is Category.SEGUNDA
    with pytest.raises(ValueError):
        parse_category("quinta")


def _claim(hours_before: float, board: str | None, evaluation: Category | None = None) -> CategoryClaim:
    return CategoryClaim(
        player="P1",
        tournament="segunda",
        filed=START - dt.timedelta(hours=hours_before),
        requested=Category.SEGUNDA,
        board=board,
        evaluation=evaluation,
        evaluator="MI Pérez",
    )


def test_fma_1_4_claim_less_than_72_hours_before_start_is_refused() -> None:
    d = decide_claim(_claim(71.5, "accepted"), "Ana", Category.TERCERA, START)
    assert d.category is Category.TERCERA and not d.changed
    assert d.messages[-1].id == "claim.late" and d.messages[-1].article == "FMA 1.4"


def test_fma_1_4_claim_exactly_72_hours_before_is_in_time() -> None:
    d = decide_claim(_claim(72, "accepted"), "Ana", Category.TERCERA, START)
    assert d.category is Category.SEGUNDA and d.changed


def test_fma_1_4_claim_rejected_or_pending_keeps_category() -> None:
    assert decide_claim(_claim(100, "rejected"), "Ana", Category.TERCERA, START).category is Category.TERCERA
    pending = decide_claim(_claim(100, None), "Ana", Category.TERCERA, START)
    assert pending.category is Category.TERCERA and pending.messages[-1].id == "claim.pending"


def test_fma_1_5_1_6_accepted_claim_goes_by_the_evaluation() -> None:
    d = decide_claim(_claim(100, "accepted", evaluation=Category.PRIMERA), "Ana", Category.TERCERA, START)
    assert d.category is Category.PRIMERA
    assert d.messages[-1].article == "FMA 1.6" and "MI Pérez" in d.messages[-1].text("en")


def test_fma_5_2_inactivity_appeal_uses_article_1_6() -> None:
    claim = CategoryClaim("P1", "t", START - dt.timedelta(days=10), Category.CUARTA, "accepted", Category.CUARTA,
                          inactivity=True)
    d = decide_claim(claim, "Ana", Category.SEGUNDA, START)
    assert d.category is Category.CUARTA
    assert [m.article for m in d.messages] == ["FMA 5.2", "FMA 1.6"]
