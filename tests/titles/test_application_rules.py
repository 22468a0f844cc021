"""Scenario tests of the title-application rules (IT2), pass and fail sides, by article and edition.

Each norm is judged by the B.01 edition in force when its tournament started;
the application rules by the edition in force on the application date.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from decimal import Decimal

import pytest

from arbitro.titles.application import (
    Applicant,
    Application,
    NormRecord,
    RatingEntry,
    RatingKind,
    Status,
    TournamentInfo,
    check_application,
    check_title,
)

D = dt.date.fromisoformat
MAN = Applicant("Player, Test", sex="m", federation="ESP", fide_id="100")
WOMAN = Applicant("Player, Tess", sex="w", federation="ESP", fide_id="200")


def norm(
    entry: str,
    start: str,
    *,
    titles: tuple[str, ...] = ("IM",),
    games: int = 9,
    days: int = 8,
    excess: int | None = 0,
    foreign: bool | None = True,
    one_a_day: bool | None = True,
    qualifying: bool | None = None,
    **kw: object,
) -> NormRecord:
    s = D(start)
    t_kw = {k: kw.pop(k) for k in ("rounds", "team_championship", "world_cup") if k in kw}
    t = TournamentInfo(
        entry,
        s,
        s + dt.timedelta(days=days),
        one_round_per_day=one_a_day,
        qualifying_event=qualifying,
        **t_kw,  # type: ignore[arg-type]
    )
    from arbitro.titles.application import norm_edition_for

    excess_points = {} if excess is None else dict.fromkeys(titles, excess)
    return NormRecord(
        entry=entry,
        titles=titles,
        tournament=t,
        games=games,
        edition=str(kw.pop("edition", norm_edition_for(s))),
        excess_points=excess_points,
        foreign_requirement_met=foreign,
        **kw,  # type: ignore[arg-type]
    )


def rating(
    day: str, value: int, kind: RatingKind = RatingKind.PUBLISHED, games: int | None = 100
) -> RatingEntry:
    return RatingEntry(f"rating {day}", D(day), value, kind, games)


def rule(result, name: str):  # type: ignore[no-untyped-def]
    return next(r for r in result.rules if r.rule == name)


def three_im_norms(start_year: int = 2018) -> tuple[NormRecord, ...]:
    return tuple(norm(f"n{i}", f"{start_year + i}-03-01") for i in range(3))


# -- 1.51 / 1.5.1: two or more norms, 27 games ----------------------------------------------------


def test_2017_1_51_three_nine_game_norms_cover_27_games_pass() -> None:
    app = Application(MAN, three_im_norms(), (rating("2019-01-01", 2410),), date=D("2021-01-10"))
    r = check_title(app, "IM")
    assert r.edition == "2017"
    assert rule(r, "total_games").status is Status.PASS
    assert rule(r, "total_games").numbers["games"] == 27
    assert rule(r, "total_games").article == "B.01 (2017) 1.51"
    assert r.status is Status.PASS


def test_2017_1_51_two_nine_game_norms_are_18_games_fail() -> None:
    app = Application(MAN, three_im_norms()[:2], (rating("2019-01-01", 2410),), date=D("2021-01-10"))
    r = check_title(app, "IM")
    games = rule(r, "total_games")
    assert games.status is Status.FAIL
    assert games.numbers == {"games": 18, "required": 27, "per_norm": {"n0": 9, "n1": 9}}
    assert "9 more game(s) in IM norms" in r.missing
    assert r.status is Status.FAIL


def test_2024_1_5_1_a_single_norm_is_not_enough_even_with_13_games() -> None:
    app = Application(MAN, (norm("big", "2024-03-01", games=13),), (rating("2024-01-01", 2410),))
    r = check_title(app, "IM")
    assert rule(r, "norm_count").status is Status.FAIL
    assert rule(r, "norm_count").article == "B.01 (2024) 1.5.1"
    assert "1 more IM norm(s)" in r.missing


def test_2024_1_5_1_two_norms_pass_the_norm_count() -> None:
    norms = (norm("a", "2024-03-01", games=13), norm("b", "2024-05-01", games=13))
    r = check_title(Application(MAN, norms, (rating("2024-01-01", 2410),)), "IM")
    assert rule(r, "norm_count").status is Status.PASS
    assert rule(r, "total_games").numbers["games"] == 26
    assert rule(r, "total_games").status is Status.FAIL


# -- 1.41c / 1.4.1d extra games and the 1.7 cap -----------------------------------------------------


def test_2017_1_41c_whole_points_above_the_requirement_extend_the_count() -> None:
    # Ra 2400, 9 games: an IM performance needs 5.5 (61 %, dp 80 -> 2480; 5/9 = 56 % -> 2443).
    # 7.5/9 exceeds it by 2 whole points: the norm counts 11 games; two of them and a 9 make 29... 2 norms: 20
    n1 = norm("n1", "2018-03-01", excess=None, score=Decimal("7.5"), ra=2400)
    n2 = norm("n2", "2019-03-01", excess=None, score=Decimal("7.5"), ra=2400)
    n3 = norm("n3", "2020-03-01", excess=None, score=Decimal("5.5"), ra=2400)
    r = check_title(Application(MAN, (n1, n2, n3), (rating("2019-01-01", 2410),), date=D("2021-01-01")), "IM")
    per = rule(r, "total_games").numbers["per_norm"]
    assert per == {"n1": 11, "n2": 11, "n3": 9}
    steps = next(u.count.steps for u in r.norms if u.norm.entry == "n1")
    assert any("1.41c" in s for s in steps)


def test_2017_1_41c_two_norms_with_extra_games_reach_27() -> None:
    # 9 games at Ra 2400 with 9/9: requirement 5.5 -> 3 whole points above -> 12; plus a 13-round norm (cap).
    n1 = norm("n1", "2018-03-01", excess=None, score=Decimal("9"), ra=2400)
    n2 = norm("n2", "2019-03-01", excess=3, games=13)
    n3 = norm("n3", "2020-03-01", excess=0, games=9, foreign=False)
    r = check_title(Application(MAN, (n1, n2, n3), (rating("2019-01-01", 2410),), date=D("2021-01-01")), "IM")
    assert rule(r, "total_games").numbers["per_norm"] == {"n1": 12, "n2": 13, "n3": 9}
    assert r.status is Status.PASS


def test_2024_1_7_cap_a_norm_counts_for_at_most_13_games() -> None:
    n = norm("long", "2024-03-01", games=15, excess=2)
    r = check_title(Application(MAN, (n, norm("b", "2024-06-01")), (rating("2024-01-01", 2410),)), "IM")
    use = next(u for u in r.norms if u.norm.entry == "long")
    assert use.count is not None and use.count.counted == 13
    assert any("1.7" in s for s in use.count.steps)


def test_2005_norm_has_no_13_game_cap_in_its_edition() -> None:
    # The 2005 text has no cap (titles.md §2): a 15-game 2005 norm counts 15.
    n = norm("old", "2006-03-01", games=15)
    r = check_title(Application(MAN, (n,), (rating("2019-01-01", 2410),), date=D("2019-02-01")), "IM")
    assert r.norms[0].count is not None and r.norms[0].count.counted == 15


def test_1_41c_unknown_extra_games_make_a_short_total_not_determinable() -> None:
    # 9 (extra unknown, up to the cap of 13) + 9 + 7 = 25 known, up to 29: cannot tell.
    n1 = norm("n1", "2018-03-01", excess=None)
    n2 = norm("n2", "2019-03-01")
    n3 = norm("n3", "2018-09-23", games=7, rounds=9, team_championship=True, days=13)
    r = check_title(Application(MAN, (n1, n2, n3), (rating("2019-01-01", 2410),), date=D("2021-01-01")), "IM")
    assert rule(r, "total_games").status is Status.UNKNOWN
    assert r.status is Status.UNKNOWN


def test_1_41c_unknown_extra_games_cannot_rescue_a_hopeless_total() -> None:
    # two norms of unknown extra games count at most 13 + 13 = 26 (1.7 cap): short of 27 whatever they were
    n1, n2 = norm("n1", "2018-03-01", excess=None), norm("n2", "2019-03-01", excess=None)
    r = check_title(Application(MAN, (n1, n2), (), date=D("2021-01-01")), "IM")
    assert rule(r, "total_games").status is Status.FAIL


# -- 8-game norms: forfeit win (2017 1.51), forfeit win or bye counting 9 (2024 1.4.1c) -----------


def test_2024_1_4_1c_eight_games_after_a_bye_count_as_nine() -> None:
    norms = (norm("eight", "2024-03-01", games=8, eight_of_nine="U", rounds=9), *three_im_norms(2024)[1:])
    r = check_title(Application(MAN, norms, (rating("2024-01-01", 2410),), date=D("2026-06-01")), "IM")
    assert rule(r, "total_games").numbers["per_norm"]["eight"] == 9
    assert rule(r, "total_games").status is Status.PASS


def test_2024_1_4_1c_only_one_eight_game_norm_counts_as_nine() -> None:
    norms = (
        norm("e1", "2024-03-01", games=8, eight_of_nine="+", rounds=9),
        norm("e2", "2024-06-01", games=8, eight_of_nine="U", rounds=9),
        norm("n3", "2025-03-01"),
    )
    r = check_title(Application(MAN, norms, (rating("2024-01-01", 2410),), date=D("2026-01-01")), "IM")
    per = rule(r, "total_games").numbers["per_norm"]
    assert per == {"e1": 9, "e2": 8, "n3": 9}
    assert rule(r, "total_games").status is Status.FAIL


def test_2017_1_51_eight_game_forfeit_norm_makes_26_games_enough() -> None:
    norms = (
        norm("eight", "2018-03-01", games=8, eight_of_nine="+", rounds=9),
        norm("n2", "2019-03-01"),
        norm("n3", "2020-03-01"),
    )
    r = check_title(Application(MAN, norms, (rating("2019-01-01", 2410),), date=D("2021-01-01")), "IM")
    games = rule(r, "total_games")
    assert games.numbers["games"] == 26 and games.numbers["required"] == 26
    assert games.status is Status.PASS
    assert any("1.51" in n for n in games.notes)


def test_2017_1_51_a_bye_is_not_a_forfeit_win_so_eight_games_are_no_norm() -> None:
    n = norm("eight", "2018-03-01", games=8, eight_of_nine="U", rounds=9)
    r = check_title(Application(MAN, (n, *three_im_norms(2019)), (rating("2019-01-01", 2410),)), "IM")
    use = next(u for u in r.norms if u.norm.entry == "eight")
    assert not use.usable
    assert use.checks[0].status is Status.FAIL and use.checks[0].numbers == {"games": 8, "required": 9}


def test_2005_1_41a_eight_games_after_a_forfeit_are_no_norm() -> None:
    n = norm("old8", "2006-03-01", games=8, eight_of_nine="+", rounds=9)
    r = check_title(Application(MAN, (n,), (), date=D("2010-01-01")), "IM")
    assert not r.norms[0].usable
    assert "1.41a" in r.norms[0].checks[0].article


# -- team events and the World Cup (2005 1.41b, 2017 1.41a, 2024 1.4.1b) -------------------------


def test_2017_1_41a_seven_games_in_a_9_round_team_championship_are_a_norm() -> None:
    n = norm("olymp", "2018-09-23", games=7, rounds=9, team_championship=True, days=13)
    r = check_title(Application(MAN, (n,), (), date=D("2019-01-01")), "IM")
    assert r.norms[0].usable
    assert r.norms[0].count is not None and r.norms[0].count.counted == 7


def test_2005_1_41b_seven_games_in_a_9_round_team_championship_are_not_enough() -> None:
    n = norm("team05", "2006-05-20", games=7, rounds=9, team_championship=True, days=13)
    r = check_title(Application(MAN, (n,), (), date=D("2010-01-01")), "IM")
    assert not r.norms[0].usable
    assert r.norms[0].checks[0].numbers == {"games": 7, "required": 8}


def test_2017_1_41a_world_cup_eight_game_norm_counts_as_nine() -> None:
    n = norm("wc", "2019-09-09", games=8, world_cup=True, days=20)
    r = check_title(Application(MAN, (n,), (), date=D("2020-01-01")), "IM")
    assert r.norms[0].usable and r.norms[0].count is not None and r.norms[0].count.counted == 9


# -- rating requirement (2017 1.53, 2024 1.5.3) ------------------------------------------------------


def test_2024_1_5_3_rating_reached_at_some_time_even_if_lower_now() -> None:
    ratings = (rating("2022-01-01", 2395), rating("2023-01-01", 2402), rating("2024-01-01", 2350))
    r = check_title(Application(MAN, three_im_norms(2022), ratings, date=D("2025-01-01")), "IM")
    rr = rule(r, "rating")
    assert rr.status is Status.PASS and rr.numbers["reached"] == 2402
    assert rr.article == "B.01 (2024) 1.5.3"


def test_2024_1_5_3_rating_never_reached_fails_with_the_gap() -> None:
    r = check_title(
        Application(MAN, three_im_norms(2022), (rating("2023-01-01", 2390),), date=D("2025-01-01")), "IM"
    )
    assert rule(r, "rating").status is Status.FAIL
    assert "a rating of 2400 (10 points more)" in r.missing


def test_2017_1_53_interim_rating_counts_with_a_note() -> None:
    ratings = (rating("2019-05-12", 2401, RatingKind.INTERIM, games=None),)
    r = check_title(Application(MAN, three_im_norms(), ratings, date=D("2021-01-01")), "IM")
    rr = rule(r, "rating")
    assert rr.status is Status.PASS and rr.numbers["kind"] == "interim"
    assert any("burden of proof" in n for n in rr.notes)


# -- foreign federations (2017 1.43, 2024 1.4.3e) ----------------------------------------------------


def test_2024_1_4_3e_no_norm_with_the_normal_foreign_requirement_fails() -> None:
    norms = tuple(norm(f"n{i}", f"{2022 + i}-03-01", foreign=False, qualifying=True) for i in range(3))
    r = check_title(Application(MAN, norms, (rating("2023-01-01", 2410),), date=D("2025-06-01")), "IM")
    assert rule(r, "foreign_federations").status is Status.FAIL
    assert rule(r, "foreign_federations").article == "B.01 (2024) 1.4.3e"


def test_2017_1_43_one_norm_meeting_the_foreign_requirement_is_enough() -> None:
    norms = (norm("a", "2018-03-01", foreign=True), norm("b", "2019-03-01", foreign=False))
    r = check_title(Application(MAN, norms, (), date=D("2020-01-01")), "IM")
    assert rule(r, "foreign_federations").status is Status.PASS


def test_1_4_3e_unknown_foreign_requirement_is_not_determinable() -> None:
    norms = (norm("a", "2018-03-01", foreign=None), norm("b", "2019-03-01", foreign=False))
    r = check_title(Application(MAN, norms, (), date=D("2020-01-01")), "IM")
    assert rule(r, "foreign_federations").status is Status.UNKNOWN


# -- one round a day: GM (2017 1.13a), GM and WGM (2024 1.1.3a) ------------------------------------


def _gm(norms: tuple[NormRecord, ...], day: str, who: Applicant = MAN, title: str = "GM"):  # type: ignore[no-untyped-def]
    return check_title(Application(who, norms, (rating("2019-01-01", 2510),), date=D(day)), title)


def test_2017_1_13a_gm_application_without_a_one_round_a_day_norm_fails() -> None:
    norms = tuple(norm(f"g{i}", f"{2018 + i}-03-01", titles=("GM",), one_a_day=False) for i in range(3))
    r = _gm(norms, "2021-06-01")
    assert rule(r, "one_round_a_day").status is Status.FAIL
    assert rule(r, "one_round_a_day").article == "B.01 (2017) 1.13a"


def test_2017_1_13a_one_norm_from_a_one_round_a_day_event_passes() -> None:
    norms = tuple(norm(f"g{i}", f"{2018 + i}-03-01", titles=("GM",), one_a_day=(i == 1)) for i in range(3))
    assert rule(_gm(norms, "2021-06-01"), "one_round_a_day").status is Status.PASS


def test_2017_1_13a_does_not_apply_to_wgm() -> None:
    norms = tuple(norm(f"w{i}", f"{2018 + i}-03-01", titles=("WGM",), one_a_day=False) for i in range(3))
    r = _gm(norms, "2021-06-01", WOMAN, "WGM")
    assert rule(r, "one_round_a_day").status is Status.NOT_APPLICABLE


def test_2024_1_1_3a_applies_to_wgm_too() -> None:
    norms = tuple(norm(f"w{i}", f"{2018 + i}-03-01", titles=("WGM",), one_a_day=False) for i in range(3))
    r = _gm(norms, "2024-06-01", WOMAN, "WGM")
    assert rule(r, "one_round_a_day").status is Status.FAIL
    assert rule(r, "one_round_a_day").article == "B.01 (2024) 1.1.3a"


# -- qualifying-event norm (2022/2024 1.5.6) -------------------------------------------------------


def test_2024_1_5_6_norm_after_june_2022_needs_a_qualifying_event_norm() -> None:
    norms = (norm("a", "2021-03-01"), norm("b", "2022-03-01"), norm("c", "2022-07-02", qualifying=False))
    r = check_title(Application(MAN, norms, (rating("2021-01-01", 2410),), date=D("2024-03-01")), "IM")
    q = rule(r, "qualifying_event")
    assert q.status is Status.UNKNOWN  # a and b are not known either way
    norms = tuple(replace(n, tournament=replace(n.tournament, qualifying_event=False)) for n in norms)
    r = check_title(Application(MAN, norms, (rating("2021-01-01", 2410),), date=D("2024-03-01")), "IM")
    assert rule(r, "qualifying_event").status is Status.FAIL
    assert "a IM norm from a qualifying event (1.5.6)" in r.missing


def test_2024_1_5_6_an_older_norm_from_a_qualifying_event_satisfies_it() -> None:
    norms = (
        norm("a", "2021-03-01", qualifying=True),
        norm("b", "2022-03-01"),
        norm("c", "2022-07-02", qualifying=False),
    )
    r = check_title(Application(MAN, norms, (rating("2021-01-01", 2410),), date=D("2024-03-01")), "IM")
    assert rule(r, "qualifying_event").status is Status.PASS


def test_2022_1_5_6_not_asked_when_every_norm_is_from_before_july_2022() -> None:
    r = check_title(
        Application(MAN, three_im_norms(2019), (rating("2021-01-01", 2410),), date=D("2023-03-01")), "IM"
    )
    assert r.edition == "2022"
    assert rule(r, "qualifying_event").status is Status.NOT_APPLICABLE
    assert r.status is Status.PASS


# -- old norms (2017 slides S3; 2024 1.5.5) --------------------------------------------------------


def test_2024_1_5_5_pre_2005_norm_registered_in_time_counts() -> None:
    n = norm("old", "2003-05-01", registered=D("2012-10-01"))
    r = check_title(Application(MAN, (n, *three_im_norms(2019)[:2]), (), date=D("2024-03-01")), "IM")
    use = next(u for u in r.norms if u.norm.entry == "old")
    assert use.usable and use.checks[1].status is Status.PASS


def test_2024_1_5_5_pre_2005_norm_not_registered_expires() -> None:
    n = norm("old", "2003-05-01")
    r = check_title(Application(MAN, (n,), (), date=D("2024-03-01")), "IM")
    assert not r.norms[0].usable
    assert r.norms[0].checks[1].status is Status.FAIL
    assert rule(r, "norm_count").numbers["norms"] == 0


def test_2024_1_5_5_registration_in_july_2013_is_not_determinable_the_sources_disagree() -> None:
    n = norm("old", "2003-05-01", registered=D("2013-07-15"))
    r = check_title(Application(MAN, (n, *three_im_norms(2019)), (rating("2019-01-01", 2410),)), "IM")
    assert r.norms[0].checks[1].status is Status.UNKNOWN
    assert r.status is Status.UNKNOWN


# -- women's titles; one norm for several titles -----------------------------------------------------


def test_0_31_wgm_is_not_open_to_a_man() -> None:
    norms = tuple(norm(f"w{i}", f"{2018 + i}-03-01", titles=("WGM",)) for i in range(3))
    r = check_title(Application(MAN, norms, (rating("2019-01-01", 2310),), date=D("2021-01-01")), "WGM")
    assert rule(r, "women_title").status is Status.FAIL


def test_2017_1_5_one_norm_counts_for_two_titles() -> None:
    shared = norm("both", "2018-03-01", titles=("GM", "IM"))
    norms = (shared, norm("i2", "2019-03-01"), norm("i3", "2020-03-01"))
    result = check_application(Application(MAN, norms, (rating("2019-01-01", 2410),), date=D("2021-01-01")))
    by_title = {t.title: t for t in result.titles}
    assert set(by_title) == {"GM", "IM"}
    assert by_title["IM"].status is Status.PASS
    assert any(u.norm.entry == "both" for u in by_title["GM"].norms)
    assert rule(by_title["GM"], "norm_count").status is Status.FAIL


# -- editions mixed in one application -----------------------------------------------------------


def test_mixed_editions_each_norm_by_its_own_edition() -> None:
    """A 2005 norm (no cap), a 2017 8-game team norm (7 games is the 2017 minimum) and a 2024 norm."""
    norms = (
        norm("n2006", "2006-03-01", games=10),
        norm("olymp2018", "2018-09-23", games=7, rounds=9, team_championship=True, days=13, foreign=False),
        norm("n2024", "2024-03-01", games=10, foreign=False, qualifying=True),
    )
    r = check_title(Application(MAN, norms, (rating("2010-01-01", 2400),), date=D("2024-06-01")), "IM")
    assert [u.norm.edition for u in r.norms] == ["2005", "2017", "2024"]
    assert rule(r, "total_games").numbers["games"] == 27
    assert r.status is Status.PASS
    assert rule(r, "qualifying_event").status is Status.PASS


def test_mixed_editions_2005_team_norm_of_7_games_fails_while_2017_one_passes() -> None:
    norms = (
        norm("team2006", "2006-05-20", games=7, rounds=9, team_championship=True, days=13),
        norm("team2018", "2018-09-23", games=7, rounds=9, team_championship=True, days=13),
    )
    r = check_title(Application(MAN, norms, (), date=D("2019-01-01")), "IM")
    usable = {u.norm.entry: u.usable for u in r.norms}
    assert usable == {"team2006": False, "team2018": True}


# -- recorded numbers re-checked (1.48 / 1.4.8) -------------------------------------------------------


def test_2017_1_48_recorded_numbers_below_the_title_performance_exclude_the_norm() -> None:
    # 6/9 = 67 % -> dp 125; Ra 2250 + 125 = 2375 < 2400: no WGM performance.
    n = norm("weak", "2018-03-01", titles=("WGM",), score=Decimal("6"), ra=2250)
    r = check_title(Application(WOMAN, (n,), (), date=D("2019-01-01")), "WGM")
    perf = r.norms[0].checks[2]
    assert perf.status is Status.FAIL and perf.numbers["rp"] == 2375
    assert not r.norms[0].usable


# -- achievement date (2017 0.44) ------------------------------------------------------------------


def test_2017_0_44_title_achieved_on_the_later_of_last_result_and_rating() -> None:
    ratings = (rating("2018-01-01", 2380), rating("2021-07-01", 2401))
    r = check_title(Application(MAN, three_im_norms(), ratings, date=D("2021-09-01")), "IM")
    assert r.last_result == D("2020-03-09")
    assert r.achieved_on == D("2021-07-01")


def test_2017_0_44_rating_first_then_the_norm_completing_the_27_games() -> None:
    norms = (*three_im_norms(), norm("surplus", "2020-11-01"))
    r = check_title(Application(MAN, norms, (rating("2018-01-01", 2405),), date=D("2021-01-01")), "IM")
    assert r.achieved_on == D("2020-03-09")  # the surplus fourth norm does not move the date


def test_no_achievement_date_when_not_eligible() -> None:
    r = check_title(
        Application(MAN, three_im_norms()[:2], (rating("2018-01-01", 2405),), date=D("2021-01-01")), "IM"
    )
    assert r.achieved_on is None


# -- the required score behind 1.41c, checked against the 2017 10-round table (S3 slides) -----------


@pytest.mark.parametrize(
    ("ra", "title", "expected"),
    [
        (2380, "GM", "8"), (2406, "GM", "8"), (2407, "GM", "7.5"), (2564, "GM", "5.5"), (2599, "GM", "5.5"),
        (2600, "GM", "5"), (2710, "GM", "3.5"), (2230, "IM", "8"), (2257, "IM", "7.5"), (2560, "IM", "3.5"),
        (2180, "WGM", "8"), (2510, "WGM", "3.5"), (2030, "WIM", "8"), (2360, "WIM", "3.5"),
    ],
)  # fmt: skip
def test_2017_1_41c_required_score_matches_the_10_round_table(ra: int, title: str, expected: str) -> None:
    from fractions import Fraction

    from arbitro.titles.application.counting import required_score

    assert required_score(ra, 10, title, "2017") == Fraction(expected)


@pytest.mark.parametrize(
    ("ra", "title", "expected"),
    [
        (2381, "GM", "7"), (2434, "GM", "7"), (2435, "GM", "6.5"), (2600, "GM", "5"), (2601, "GM", "4.5"),
        (2681, "GM", "3.5"), (2231, "IM", "7"), (2371, "IM", "5.5"), (2531, "IM", "3.5"),
        (2181, "WGM", "7"), (2401, "WGM", "4.5"), (2031, "WIM", "7"), (2330, "WIM", "4"), (2331, "WIM", "3.5"),
    ],
)  # fmt: skip
def test_2005_1_41c_required_score_matches_the_2005_9_round_table(ra: int, title: str, expected: str) -> None:
    """B.01 2005 table 1.49a, 9 rounds (seed 003): Rp 2601 / 2451 / 2401 / 2251 after rounding."""
    from fractions import Fraction

    from arbitro.titles.application.counting import required_score

    assert required_score(ra, 9, title, "2005") == Fraction(expected)
