"""Properties of the application checker over random dossiers (B.01 2017 0.44, 1.51; 2024 1.5.1)."""

from __future__ import annotations

import datetime as dt

from hypothesis import given, settings
from hypothesis import strategies as st

from arbitro.titles.application import (
    Applicant,
    Application,
    NormRecord,
    RatingEntry,
    Status,
    TournamentInfo,
    check_title,
    norm_edition_for,
)

MAN = Applicant("Player, Test", sex="m", federation="ESP")


@st.composite
def norms(draw: st.DrawFn) -> tuple[NormRecord, ...]:
    count = draw(st.integers(1, 5))
    out = []
    for i in range(count):
        start = dt.date(2018, 1, 1) + dt.timedelta(days=draw(st.integers(0, 2000)))
        games = draw(st.integers(9, 13))
        t = TournamentInfo(f"T{i}", start, start + dt.timedelta(days=8), one_round_per_day=True, qualifying_event=True)
        out.append(
            NormRecord(f"n{i}", ("IM",), t, games, norm_edition_for(start),
                       excess_points={"IM": draw(st.integers(0, 3))}, foreign_requirement_met=True)
        )  # fmt: skip
    return tuple(out)


@settings(max_examples=60, deadline=None)
@given(norms(), st.integers(2300, 2500), st.integers(0, 2000))
def test_achievement_date_is_the_later_of_last_result_and_rating(
    records: tuple[NormRecord, ...], peak: int, offset: int
) -> None:
    rating = RatingEntry("r", dt.date(2018, 1, 1) + dt.timedelta(days=offset), peak)
    app = Application(MAN, records, (rating,), date=dt.date(2025, 12, 31))
    r = check_title(app, "IM")
    total = sum(min(13, n.games + n.excess_points["IM"]) for n in records)
    expected = Status.PASS if len(records) >= 2 and total >= 27 and peak >= 2400 else Status.FAIL
    assert r.status is expected
    if r.status is Status.PASS:
        assert r.achieved_on == max(r.last_result or dt.date.min, rating.date)
        assert r.last_result in {n.date for n in records}
        # a norm achieved after the title does not move the date
        late_start = (r.achieved_on or dt.date.min) + dt.timedelta(days=1)
        late = NormRecord("late", ("IM",), TournamentInfo("late", late_start, late_start), 9,
                          norm_edition_for(late_start), excess_points={"IM": 0}, foreign_requirement_met=True)  # fmt: skip
        again = check_title(Application(MAN, (*records, late), (rating,), date=dt.date(2030, 1, 1)), "IM")
        assert again.achieved_on == r.achieved_on
    else:
        assert r.achieved_on is None
