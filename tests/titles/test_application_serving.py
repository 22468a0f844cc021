"""A norm for a higher title serves an application for a lower title (B.01 1.5), per edition.

Source: the QC's 2017 slides (seed S3, the project's reference seed 000_*.txt, "Requisitos para la
concesión del título"): "Si una norma es suficiente para más de un título, puede ser usada
como parte de la solicitud de ambos". Sufficiency is derived from the thresholds of the
norm's edition (1.46c floors, 1.47/1.48 Ra and Rp minima, 1.45b-e title holders).
"""

from __future__ import annotations

import pytest

from arbitro.titles.application import Application, Status, check_title
from arbitro.titles.application.serving import norm_serves, sufficient_for

from .test_application_rules import MAN, WOMAN, D, norm, rating, rule

# A tournament start date in force for each norm edition (B.01 0.22: judged by the start).
EDITION_STARTS = {
    "2005": "2006-03-01",
    "2009": "2010-03-01",
    "2017": "2018-03-01",
    "2022": "2022-03-01",
    "2024": "2024-03-01",
}


def _three(title: str, start: str) -> tuple:  # type: ignore[type-arg]
    year = int(start[:4])
    return tuple(norm(f"n{i}", f"{year}-0{3 + 2 * i}-01", titles=(title,), qualifying=True) for i in range(3))


@pytest.mark.parametrize("edition", list(EDITION_STARTS))
def test_b01_1_5_three_gm_norms_serve_an_im_application(edition: str) -> None:
    norms = _three("GM", EDITION_STARTS[edition])
    assert {n.edition for n in norms} == {edition}
    app = Application(MAN, norms, (rating("2005-01-01", 2410),), date=D("2024-06-01"))
    r = check_title(app, "IM")
    assert rule(r, "norm_count").numbers["norms"] == 3  # today's code: "0 valid IM norm(s)"
    assert rule(r, "total_games").numbers["games"] == 27
    assert r.status is Status.PASS
    assert any("a GM norm, counted for IM" in n for n in r.notes)


@pytest.mark.parametrize("edition", list(EDITION_STARTS))
def test_b01_1_5_wgm_norms_serve_a_wim_application(edition: str) -> None:
    norms = _three("WGM", EDITION_STARTS[edition])
    app = Application(WOMAN, norms, (rating("2005-01-01", 2210),), date=D("2024-06-01"))
    r = check_title(app, "WIM")
    assert rule(r, "norm_count").numbers["norms"] == 3
    assert r.status is Status.PASS


@pytest.mark.parametrize("edition", list(EDITION_STARTS))
def test_b01_1_5_cross_gender_gm_and_im_norms_serve_a_woman_wgm_application(edition: str) -> None:
    start = EDITION_STARTS[edition]
    year = int(start[:4])
    norms = (
        norm("gm", f"{year}-03-01", titles=("GM",), qualifying=True),
        norm("im", f"{year}-05-01", titles=("IM",), qualifying=True),
        norm("wgm", f"{year}-07-01", titles=("WGM",), qualifying=True),
    )
    app = Application(WOMAN, norms, (rating("2005-01-01", 2310),), date=D("2024-06-01"))
    r = check_title(app, "WGM")
    assert rule(r, "norm_count").numbers["norms"] == 3
    assert r.status is Status.PASS


@pytest.mark.parametrize("edition", list(EDITION_STARTS))
def test_b01_1_5_a_wgm_norm_does_not_serve_an_im_application(edition: str) -> None:
    # WGM Rp 2400 (2005: 2401) is below the IM minimum 2450 (2451): not sufficient for IM.
    norms = _three("WGM", EDITION_STARTS[edition])
    app = Application(WOMAN, norms, (rating("2005-01-01", 2410),), date=D("2024-06-01"))
    r = check_title(app, "IM")
    assert rule(r, "norm_count").numbers["norms"] == 0
    assert r.status is Status.FAIL


def test_b01_1_5_the_women_titles_stay_closed_to_men_even_with_gm_norms() -> None:
    norms = _three("GM", "2018-03-01")
    r = check_title(Application(MAN, norms, (rating("2017-01-01", 2310),), date=D("2021-01-01")), "WGM")
    assert rule(r, "women_title").status is Status.FAIL
    assert r.status is Status.FAIL


@pytest.mark.parametrize("edition", list(EDITION_STARTS))
def test_b01_1_5_sufficiency_chain_per_edition(edition: str) -> None:
    code = norm("x", EDITION_STARTS[edition]).edition
    chain = ("GM", "IM", "WGM", "WIM")
    for i, higher in enumerate(chain):
        for j, lower in enumerate(chain):
            assert sufficient_for(code, higher, lower) is (i <= j), (higher, lower)


def test_b01_1_5_a_gm_norm_below_the_im_numbers_is_still_checked_for_im() -> None:
    # The recorded numbers are re-checked for the title applied for (1.48): Ra 2385 and 6.5/9
    # (72 %, dp 166 -> Rp 2551) is an IM performance as well; the note names the GM norm.
    from decimal import Decimal

    n = norm("n", "2018-03-01", titles=("GM",), score=Decimal("6.5"), ra=2385, excess=None)
    assert norm_serves(n, "IM") == "GM"
    assert norm_serves(n, "GM") == "GM"
    r = check_title(Application(MAN, (n,), (rating("2017-01-01", 2410),), date=D("2021-01-01")), "IM")
    perf = next(c for u in r.norms for c in u.checks if c.rule == "performance")
    assert perf.status is Status.PASS
    assert perf.numbers["rp_min"] == 2450
