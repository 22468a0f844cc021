"""Title fees and surcharges (B.01 2017 2.3), figures kept as data with their source."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from arbitro.titles.fees import DEADLINES, FEE_SCHEDULES, compute_fee

D = dt.date.fromisoformat


def test_fee_schedules_carry_source_and_caution_for_every_title() -> None:
    for sched in FEE_SCHEDULES.values():
        assert sched.source and sched.caution
        assert set(sched.amounts) == {"GM", "IM", "WGM", "WIM", "FM", "CM", "WFM", "WCM"}


def test_s3_fee_list_gm_330_im_165_fm_70_cm_50() -> None:
    amounts = FEE_SCHEDULES["fide-2017-slides"].amounts
    assert (amounts["GM"], amounts["IM"], amounts["FM"], amounts["CM"]) == (330, 165, 70, 50)


def test_2017_2_3_in_time_application_pays_the_base_fee() -> None:
    fee = compute_fee("GM", edition="2017", submitted=D("2019-01-01"), meeting=D("2019-02-15"))
    assert fee.surcharge_percent == 0 and fee.total == Decimal(330)
    assert "seed 000" in fee.source


def test_2017_2_3_late_application_pays_50_percent() -> None:
    fee = compute_fee("IM", edition="2017", submitted=D("2019-02-01"), meeting=D("2019-02-15"))
    assert fee.surcharge_percent == 50 and fee.total == Decimal("247.5")
    assert DEADLINES["2017"].days == 30


def test_2017_2_3_late_surcharge_waived_when_the_last_norm_came_too_late() -> None:
    fee = compute_fee(
        "IM", edition="2017", submitted=D("2019-02-01"), meeting=D("2019-02-15"), last_result=D("2019-01-28")
    )
    assert fee.surcharge_percent == 0
    assert any("waived" in r for r in fee.reasons)


def test_2017_2_3_application_during_the_meeting_pays_100_percent_no_exception() -> None:
    fee = compute_fee(
        "WGM",
        edition="2017",
        during_meeting=True,
        submitted=D("2019-02-15"),
        meeting=D("2019-02-15"),
        last_result=D("2019-02-10"),
    )
    assert fee.surcharge_percent == 100 and fee.total == Decimal(660)


def test_2024_deadline_is_45_days_by_paraphrase() -> None:
    fee = compute_fee("IM", edition="2024", submitted=D("2025-01-01"), meeting=D("2025-02-10"))
    assert fee.surcharge_percent == 50  # 40 days < 45
    assert "paraphrase" in fee.reasons[-1]


def test_surcharge_not_determinable_without_dates_is_said() -> None:
    fee = compute_fee("FM")
    assert fee.surcharge_percent == 0
    assert "not determinable" in fee.reasons[-1]


def test_ecf_schedule_in_gbp() -> None:
    fee = compute_fee("WIM", schedule="ecf-2021")
    assert (fee.currency, fee.base) == ("GBP", Decimal(91))


def test_unknown_schedule_or_title_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown fee schedule"):
        compute_fee("GM", schedule="nope")
    with pytest.raises(ValueError, match="no fee"):
        compute_fee("IA")
