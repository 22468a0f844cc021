"""Direct titles: FM/CM/WFM/WCM by rating (2005 1.3, 2017 1.3, 2024 1.3) and championship titles (2017 0.61)."""

from __future__ import annotations

import datetime as dt

from arbitro.titles.application import Applicant, Application, EventTitle, RatingEntry, RatingKind, Status
from arbitro.titles.application.direct import check_direct_titles, check_event_title, check_rating_title

D = dt.date.fromisoformat
MAN = Applicant("Player, Test", sex="m", federation="ARG")
WOMAN = Applicant("Player, Tess", sex="w", federation="ARG")


def r(day: str, value: int, games: int | None = 100, kind: RatingKind = RatingKind.PUBLISHED) -> RatingEntry:
    return RatingEntry(f"ratings {day}", D(day), value, kind, games)


def test_2017_1_31_fm_with_2300_and_30_rated_games() -> None:
    res = check_rating_title("FM", MAN, [r("2019-01-01", 2290), r("2019-03-01", 2301, games=45)])
    assert res.status is Status.PASS
    assert res.achieved_on == D("2019-03-01")
    assert res.article == "B.01 (2017) 1.3"


def test_2017_1_3_fm_rating_with_fewer_than_30_rated_games_does_not_count() -> None:
    res = check_rating_title("FM", MAN, [r("2019-03-01", 2305, games=25), r("2019-04-01", 2302, games=33)])
    assert res.status is Status.PASS
    assert res.achieved_on == D("2019-04-01")  # the first entry had only 25 rated games
    assert any("25 rated games" in n for n in res.notes)


def test_2017_1_3_fm_not_reached_with_too_few_games_fails() -> None:
    res = check_rating_title("FM", MAN, [r("2019-03-01", 2305, games=25)])
    assert res.status is Status.FAIL


def test_2017_1_3_unknown_number_of_rated_games_is_not_determinable() -> None:
    res = check_rating_title("CM", MAN, [r("2020-03-01", 2210, games=None)])
    assert res.status is Status.UNKNOWN
    assert "rated games" in res.missing


def test_2005_1_3_published_rating_needs_no_game_count() -> None:
    res = check_rating_title("CM", MAN, [r("2010-01-01", 2200, games=None)])
    assert res.status is Status.PASS
    assert res.article == "B.01 (2005) 1.3"


def test_2005_1_3_interim_rating_does_not_give_a_direct_title() -> None:
    res = check_rating_title("CM", MAN, [r("2010-05-12", 2215, kind=RatingKind.INTERIM)])
    assert res.status is Status.FAIL
    assert any("published" in n for n in res.notes)


def test_2024_1_3_interim_rating_with_30_games_counts() -> None:
    res = check_rating_title("WFM", WOMAN, [r("2024-05-12", 2101, games=31, kind=RatingKind.INTERIM)])
    assert res.status is Status.PASS and res.article == "B.01 (2024) 1.3"


def test_2017_1_33_wfm_below_2100_fails_with_the_gap() -> None:
    res = check_rating_title("WFM", WOMAN, [r("2019-01-01", 2099)])
    assert res.status is Status.FAIL and "2100" in res.missing


def test_0_31_women_titles_not_for_men_and_fm_open_to_women() -> None:
    assert check_rating_title("WCM", MAN, [r("2019-01-01", 2100)]).status is Status.FAIL
    assert check_rating_title("FM", WOMAN, [r("2019-01-01", 2310)]).status is Status.PASS


def test_direct_titles_listed_for_a_man_leave_out_women_titles() -> None:
    results = check_direct_titles(Application(MAN, ratings=(r("2019-01-01", 2250),)))
    assert [(x.title, x.status) for x in results] == [("FM", Status.FAIL), ("CM", Status.PASS)]


def test_2024_0_6_2_event_title_awarded_when_the_minimum_rating_is_reached() -> None:
    ev = EventTitle("event_titles[0]", "IM", "Continental U20, 1st", D("2024-08-10"))
    res = check_event_title(ev, MAN, [r("2024-06-01", 2150), r("2024-11-01", 2204, games=80)])
    assert res.status is Status.PASS and not res.conditional
    assert res.achieved_on == D("2024-11-01")  # later of the result and the rating (2017 0.44)


def test_2017_0_61_event_title_below_the_minimum_is_conditional() -> None:
    ev = EventTitle("event_titles[0]", "IM", "Continental U20, 1st", D("2024-08-10"))
    res = check_event_title(ev, MAN, [r("2024-06-01", 2150)])
    assert res.conditional and res.achieved_on is None
    assert "2200" in res.missing


def test_2017_0_61_conditional_holder_may_take_a_lower_title_at_its_rating() -> None:
    ev = EventTitle("event_titles[0]", "GM", "World U20, 1st", D("2024-08-10"))
    res = check_event_title(ev, MAN, [r("2024-06-01", 2230, games=120)])
    assert res.conditional
    assert [t for t, _ in res.lower_titles] == ["IM", "FM", "CM"]


def test_2024_0_6_2_olympiad_cm_needs_no_minimum_rating() -> None:
    ev = EventTitle("event_titles[0]", "CM", "Olympiad 2024", D("2024-09-23"), olympiad=True)
    res = check_event_title(ev, MAN, [r("2024-06-01", 1700)])
    assert res.status is Status.PASS and not res.conditional


def test_2024_0_6_2_thirty_games_for_ratings_after_2024() -> None:
    ev = EventTitle("event_titles[0]", "WCM", "Continental U10, 1st", D("2024-08-10"))
    res = check_event_title(ev, WOMAN, [r("2024-09-01", 1850, games=12)])
    assert res.conditional
