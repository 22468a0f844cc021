"""Scenario tests of the norm evaluator, one or more per article of B.01 1.4 and per tricky case
(shared/reference/titles.md §8), pass and fail sides. Test names cite the article."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Player, ResultCode, RoundResult
from arbitro.titles.editions import edition_for_date, get_edition
from arbitro.titles.norms import NormOptions, evaluate_norm, evaluate_norms, titles_to_evaluate


def gm(kit: Any, result: str, rating: int = 2500, title: str = "GM", fed: str = "") -> Any:
    return kit.Opp(result, rating, title, fed)


# -- editions (B.01 2024 0.5: the edition in force at the start) -------------------------------
@pytest.mark.parametrize(
    ("day", "code"),
    [
        (dt.date(2005, 7, 1), "2005"),
        (dt.date(2009, 6, 30), "2005"),
        (dt.date(2009, 7, 1), "2009"),
        (dt.date(2015, 3, 1), "2009"),
        (dt.date(2017, 7, 1), "2017"),
        (dt.date(2021, 12, 31), "2017"),
        (dt.date(2022, 1, 1), "2022"),
        (dt.date(2023, 12, 31), "2022"),
        (dt.date(2024, 1, 1), "2024"),
        (None, "2024"),
    ],
)
def test_edition_chosen_by_start_date_B01_0_5(day: dt.date | None, code: str) -> None:
    assert edition_for_date(day).code == code


def test_edition_of_tournament_start_and_override_B01_0_5(kit: Any) -> None:
    t = kit.build(kit.games(9, 7, rating=2450), start=dt.date(2006, 3, 1))
    assert evaluate_norm(t, 1, "GM").edition == "2005"
    assert evaluate_norm(t, 1, "GM", edition="2024").edition == "2024"
    with pytest.raises(ArbitroError):
        evaluate_norm(t, 1, "GM", edition="1999")


def test_uncertain_values_are_flagged_in_the_output_B01_1_4_6a(kit: Any) -> None:
    t = kit.build([gm(kit, "1", rating=0, title="")] + kit.games(8, 6.5, rating=2550))
    r = evaluate_norm(t, 1, "GM")
    assert any("unrated_max_fraction" in u for u in r.uncertain)
    assert any("[uncertain:" in line for line in r.explanation)
    assert "uncertain" in get_edition("2017").uncertain["unrated_value"] or get_edition("2017").uncertain


# -- 1.4.1a/b minimum games ------------------------------------------------------------------
def test_nine_games_make_a_norm_B01_1_4_1a(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(9, 7, rating=2450)), 1, "GM")
    assert r.achieved and r.games == 9 and r.ra == 2450 and r.rp == 2670 and str(r.score) == "7.0"


def test_eight_games_are_too_few_B01_1_4_1a(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(8, 7, rating=2500)), 1, "GM")
    assert not r.achieved and "B.01 1.4.1a" in r.failed_rules and r.games is None


def test_team_championship_seven_games_B01_1_4_1b(kit: Any) -> None:
    t = kit.build(kit.games(7, 5.5, rating=2400))
    assert evaluate_norm(t, 1, "GM", options=NormOptions(event="team_championship")).achieved
    assert not evaluate_norm(t, 1, "GM").achieved


def test_2005_nine_round_team_championship_needs_eight_B01_2005_1_41b(kit: Any) -> None:
    t = kit.build(kit.games(7, 5.5, rating=2400) + [gm(kit, "U"), gm(kit, "U")], start=dt.date(2006, 1, 1))
    r = evaluate_norm(t, 1, "GM", options=NormOptions(event="team_championship"))
    assert not r.achieved and "B.01 1.41b" in r.failed_rules
    t17 = kit.build(kit.games(7, 5.5, rating=2400) + [gm(kit, "U"), gm(kit, "U")], start=dt.date(2018, 1, 1))
    assert evaluate_norm(t17, 1, "GM", options=NormOptions(event="team_championship")).achieved


# -- 1.4.1c: 8 played + 1 forfeit win or PAB in 9 rounds -------------------------------------
def test_eight_played_plus_forfeit_win_counts_as_nine_B01_1_4_1c(kit: Any) -> None:
    rounds = kit.games(8, 6, rating=2450)
    rounds.insert(3, gm(kit, "+"))
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.achieved and r.games == 9 and r.games_counted == 8
    assert any("8 played games suffice" in line for line in r.explanation)


def test_eight_played_plus_pab_counts_as_nine_B01_1_4_1c(kit: Any) -> None:
    rounds = kit.games(8, 6, rating=2450) + [gm(kit, "U")]
    assert evaluate_norm(kit.build(rounds), 1, "GM").games == 9


def test_eight_played_plus_half_bye_fails_B01_1_4_1c(kit: Any) -> None:
    rounds = kit.games(8, 6, rating=2450) + [gm(kit, "H")]
    assert not evaluate_norm(kit.build(rounds), 1, "GM").achieved


def test_threshold_uses_eight_played_games_B01_1_4_1c(kit: Any) -> None:
    """5.5/8 = 69 % (dp 141) with Ra 2450 = 2591 < 2600: the 8 games decide, not 9 rounds."""
    rounds = kit.games(8, 5.5, rating=2450) + [gm(kit, "U")]
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert not r.achieved and r.rp == 2591


def test_2017_pab_is_not_an_eight_game_norm_B01_2017_1_51(kit: Any) -> None:
    rounds = kit.games(8, 6, rating=2450) + [gm(kit, "U")]
    assert not evaluate_norm(kit.build(rounds, start=dt.date(2018, 1, 1)), 1, "GM").achieved
    forfeit = kit.games(8, 6, rating=2450) + [gm(kit, "+")]
    r = evaluate_norm(kit.build(forfeit, start=dt.date(2018, 1, 1)), 1, "GM")
    assert r.achieved and r.games == 8


# -- 1.4.1d extra games, 1.7 cap ---------------------------------------------------------------
def test_extra_games_for_whole_points_above_requirement_B01_1_4_1d(kit: Any) -> None:
    """9 games, Ra 2450: 6.5 needed (2450+158=2608); 8.5 exceeds it by 2 whole points -> 11 games."""
    r = evaluate_norm(kit.build(kit.games(9, 8.5, rating=2450)), 1, "GM")
    assert r.achieved and r.games == 11 and r.extra_games == 2


def test_no_extra_games_for_half_a_point_B01_1_4_1d(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(9, 7, rating=2450)), 1, "GM")
    assert r.games == 9 and r.extra_games == 0


def test_norm_counts_at_most_thirteen_games_B01_1_7(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(13, 11, rating=2500)), 1, "GM")
    assert r.achieved and r.games == 13 and any("1.7" in line for line in r.explanation)


def test_2005_has_no_thirteen_game_cap_B01_2005_1_41c(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(13, 11, rating=2500), start=dt.date(2006, 1, 1)), 1, "GM")
    assert r.achieved and r.games is not None and r.games > 13


# -- 1.4.2 excluded games -----------------------------------------------------------------------
def test_non_fide_opponent_excluded_B01_1_4_2a(kit: Any) -> None:
    rounds = kit.games(8, 6.5, rating=2500) + [gm(kit, "1", fed="NON")]
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert not r.achieved and r.games_counted == 8
    assert r.audit[8].status == "excluded" and r.audit[8].article == "B.01 1.4.2a"


def test_fid_opponent_counts_but_is_no_federation_B01_1_4_2a(kit: Any) -> None:
    r = evaluate_norm(kit.build([gm(kit, r.result, fed="FID") for r in kit.games(9, 7, rating=2450)]), 1, "GM")
    assert not r.achieved and r.failed_rules == ["B.01 1.4.3"] and r.games_counted == 9


def test_fid_majority_does_not_breach_one_federation_cap_B01_1_4_4(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="FID") for o in kit.games(7, 5, rating=2450)] + [gm(kit, "1", 2450), gm(kit, "1", 2450)]
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.achieved


def _rr_with_unrated(kit: Any, their_result: ResultCode) -> Any:
    rounds = kit.games(9, 7, rating=2500)
    rounds[0] = gm(kit, "1", rating=0, title="")
    t = kit.build(rounds, system="BERGER_ROUNDROBIN")
    unrated = t.players[2]
    rated = t.players[3]
    unrated.results[1:] = [RoundResult(3, None, their_result)]
    rated.results[0] = RoundResult(2, None, their_result.mirrored)
    return t


def test_rr_unrated_opponent_scoring_zero_excluded_B01_1_4_2b(kit: Any) -> None:
    r = evaluate_norm(_rr_with_unrated(kit, ResultCode.LOSS), 1, "GM")
    assert r.audit[0].status == "excluded" and r.audit[0].article == "B.01 1.4.2b" and r.games_counted == 8


def test_rr_unrated_opponent_with_a_draw_counts_B01_1_4_2b(kit: Any) -> None:
    r = evaluate_norm(_rr_with_unrated(kit, ResultCode.DRAW), 1, "GM")
    assert r.audit[0].status == "counted" and r.games_counted == 9


def test_swiss_unrated_opponent_scoring_zero_counts_B01_1_4_2b(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2500)
    rounds[0] = gm(kit, "1", rating=0, title="")
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.audit[0].status == "counted"


def test_forfeit_excluded_B01_1_4_2c(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2450)
    rounds.insert(2, gm(kit, "+"))
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.audit[2].status == "excluded" and r.audit[2].article == "B.01 1.4.2c" and r.games_counted == 9


def test_forfeit_leaves_too_few_games_B01_1_4_2c(kit: Any) -> None:
    rounds = kit.games(8, 7, rating=2450) + [gm(kit, "+"), gm(kit, "U")]
    assert not evaluate_norm(kit.build(rounds), 1, "GM").achieved


def test_played_unrated_game_counts_B01_1_4_2c(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2450)
    rounds[-1] = gm(kit, "W", 2450)
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.achieved and r.games_counted == 9


def test_last_round_no_show_counted_as_loss_B01_2005_1_42c(kit: Any) -> None:
    """2005 has no 8-of-9 rule: the last-round no-show is counted as a played loss instead."""
    rounds = kit.games(8, 7, rating=2450) + [gm(kit, "+", 2450)]
    r = evaluate_norm(kit.build(rounds, start=dt.date(2006, 1, 1)), 1, "GM")
    assert r.achieved and r.games_counted == 9 and str(r.score) == "7.0"
    assert r.audit[8].status == "counted as a loss" and "1.42c" in r.audit[8].article


def test_no_show_before_the_last_round_is_not_counted_B01_2005_1_42c(kit: Any) -> None:
    rounds = kit.games(8, 7, rating=2450)
    rounds.insert(4, gm(kit, "+", 2450))
    assert not evaluate_norm(kit.build(rounds, start=dt.date(2006, 1, 1)), 1, "GM").achieved


# -- 1.4.3 / 1.4.4 federations ------------------------------------------------------------------
def test_one_other_federation_is_not_enough_B01_1_4_3(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="FRA") for o in kit.games(9, 7, rating=2450)]
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert "B.01 1.4.3" in r.failed_rules


def test_own_federation_at_most_three_fifths_B01_1_4_4(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    ok = [gm(kit, o.result, fed="ESP" if i < 5 else "") for i, o in enumerate(res)]
    bad = [gm(kit, o.result, fed="ESP" if i < 6 else "") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(ok), 1, "GM").achieved
    r = evaluate_norm(kit.build(bad), 1, "GM")
    assert r.failed_rules == ["B.01 1.4.4"]


def test_one_federation_at_most_two_thirds_B01_1_4_4(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    ok = [gm(kit, o.result, fed="FRA" if i < 6 else "") for i, o in enumerate(res)]
    bad = [gm(kit, o.result, fed="FRA" if i < 7 else "") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(ok), 1, "GM").achieved
    assert evaluate_norm(kit.build(bad), 1, "GM").failed_rules == ["B.01 1.4.4"]


def test_2005_maxima_rounded_up_B01_2005_1_44(kit: Any) -> None:
    """9 x 60 % = 5.4 -> 6 own-federation opponents allowed in 2005; 2017 rounds 3/5 x 9 down to 5."""
    res = kit.games(9, 7, rating=2450)
    six_own = [gm(kit, o.result, fed="ESP" if i < 6 else "") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(six_own, start=dt.date(2006, 1, 1)), 1, "GM").achieved
    assert not evaluate_norm(kit.build(six_own, start=dt.date(2018, 1, 1)), 1, "GM").achieved


def test_national_championship_exempts_host_players_only_B01_1_4_3a(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    opts = NormOptions(event="national_championship")
    assert evaluate_norm(kit.build(rounds, host="ESP"), 1, "GM", options=opts).achieved
    assert not evaluate_norm(kit.build(rounds, host="FRA"), 1, "GM", options=opts).achieved


def test_zonal_exempts_everyone_B01_1_4_3c(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    r = evaluate_norm(kit.build(rounds, host="FRA"), 1, "GM", options=NormOptions(event="zonal"))
    assert r.achieved and any("waived" in line for line in r.explanation)


def _field(n: int, *, titled: int, feds: tuple[str, ...], rounds: int, miss: int = 0) -> list[Player]:
    """n foreign rated players paired among themselves in every round (start ranks 100+)."""
    out = []
    for i in range(n):
        p = Player(100 + i, f"Field {i}", title="GM" if i < titled else "", rating=2300, federation=feds[i % len(feds)])
        partner = 100 + (i ^ 1)
        p.results = [RoundResult(partner, None, ResultCode.DRAW) for _ in range(rounds)]
        out.append(p)
    for p in out[:miss]:
        p.results[0] = RoundResult(None, None, ResultCode.HALF_BYE)
        p.results[1] = RoundResult(None, None, ResultCode.HALF_BYE)
    return out


def test_swiss_exemption_waives_federation_rules_B01_1_4_3d(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    field = _field(20, titled=10, feds=("FRA", "GER", "ITA"), rounds=9)
    r = evaluate_norm(kit.build(rounds, extra_players=field), 1, "GM")
    assert r.achieved and any("1.4.3d" in line for line in r.explanation)


def test_swiss_exemption_needs_ten_titled_B01_1_4_3d(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    field = _field(20, titled=9, feds=("FRA", "GER", "ITA"), rounds=9)
    assert not evaluate_norm(kit.build(rounds, extra_players=field), 1, "GM").achieved


def test_swiss_exemption_counted_in_every_round_B01_1_4_3d(kit: Any) -> None:
    """Two players missing two rounds no longer count: 18 foreign players remain."""
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    field = _field(20, titled=12, feds=("FRA", "GER", "ITA"), rounds=9, miss=2)
    assert not evaluate_norm(kit.build(rounds, extra_players=field), 1, "GM").achieved
    assert evaluate_norm(kit.build(rounds, extra_players=field, start=dt.date(2018, 1, 1)), 1, "GM").achieved


def test_swiss_exemption_not_for_round_robins_B01_1_4_3d(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    field = _field(20, titled=10, feds=("FRA", "GER", "ITA"), rounds=9)
    assert not evaluate_norm(kit.build(rounds, extra_players=field, system="BERGER_ROUNDROBIN"), 1, "GM").achieved


# -- 1.4.5 titled opponents -------------------------------------------------------------------
def test_half_of_opponents_titled_B01_1_4_5a(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    five = [gm(kit, o.result, 2450, "GM" if i < 3 else ("FM" if i < 5 else "")) for i, o in enumerate(res)]
    four = [gm(kit, o.result, 2450, "GM" if i < 3 else ("FM" if i < 4 else "")) for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(five), 1, "GM").achieved
    assert evaluate_norm(kit.build(four), 1, "GM").failed_rules == ["B.01 1.4.5a"]


def test_candidate_masters_are_not_titled_B01_1_4_5a(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    cms = [gm(kit, o.result, 2450, "GM" if i < 3 else ("CM" if i < 5 else "")) for i, o in enumerate(res)]
    assert "B.01 1.4.5a" in evaluate_norm(kit.build(cms), 1, "GM").failed_rules


def test_gm_norm_needs_three_gms_B01_1_4_5b(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    two = [gm(kit, o.result, 2450, "GM" if i < 2 else "IM") for i, o in enumerate(res)]
    three = [gm(kit, o.result, 2450, "GM" if i < 3 else "IM") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(two), 1, "GM").failed_rules == ["B.01 1.4.5b-e"]
    assert evaluate_norm(kit.build(three), 1, "GM").achieved


def test_im_norm_counts_im_and_gm_not_wgm_B01_1_4_5c(kit: Any) -> None:
    res = kit.games(9, 6, rating=2350)
    ims = [gm(kit, o.result, 2350, "IM" if i < 3 else "FM") for i, o in enumerate(res)]
    wgms = [gm(kit, o.result, 2350, "WGM" if i < 3 else "FM") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(ims), 1, "IM").achieved
    assert evaluate_norm(kit.build(wgms), 1, "IM").failed_rules == ["B.01 1.4.5b-e"]


def test_norm_title_holders_one_third_for_long_events_B01_1_4_5b(kit: Any) -> None:
    """13 games need ceil(13/3) = 5 GMs; with 4, dropping a won game against an IM (12 games, 4 GMs) rescues."""
    res = kit.games(13, 10, rating=2450)
    four = [gm(kit, o.result, 2450, "GM" if i < 4 else "IM") for i, o in enumerate(res)]
    five = [gm(kit, o.result, 2450, "GM" if i < 5 else "IM") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(five), 1, "GM").dropped_rounds == []
    r = evaluate_norm(kit.build(four), 1, "GM")
    assert r.achieved and r.games_counted == 12 and len(r.dropped_rounds) == 1


def test_2005_wgm_norm_two_gms_suffice_B01_2005_1_45d(kit: Any) -> None:
    res = kit.games(9, 6, rating=2300)
    opps = [gm(kit, o.result, 2300, "GM" if i < 2 else "WFM") for i, o in enumerate(res)]
    opps = [gm(kit, o.result, o.rating, o.title if i < 5 else "") if False else o for i, o in enumerate(opps)]
    r = evaluate_norm(kit.build(opps, sex="w", start=dt.date(2006, 1, 1)), 1, "WGM")
    assert r.achieved


# -- 1.4.6 ratings of opponents -----------------------------------------------------------------
def test_at_most_two_unrated_in_nine_B01_1_4_6a(kit: Any) -> None:
    res = kit.games(9, 8, rating=2600)
    two = [gm(kit, o.result, 0 if i < 2 else 2600) for i, o in enumerate(res)]
    three = [gm(kit, o.result, 0 if i < 3 else 2600) for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(two), 1, "GM").achieved
    assert "B.01 1.4.6a" in evaluate_norm(kit.build(three), 1, "GM").failed_rules


def test_only_lowest_opponent_raised_to_floor_B01_1_4_6c(kit: Any) -> None:
    """8 x 2500 + 2000 + 2100: only the 2000 is raised to 2200 -> Ra = round(24300/10) = 2430."""
    res = kit.games(10, 8, rating=2500)
    opps = [gm(kit, o.result, 2000 if i == 0 else (2100 if i == 1 else 2500)) for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(opps), 1, "GM").ra == 2430


def test_2005_two_lowest_raised_to_floor_B01_2005_1_46c1(kit: Any) -> None:
    """2005: floor 2250, two raised: 8 x 2500 + 2250 + 2250 -> Ra 2450."""
    res = kit.games(10, 8, rating=2500)
    opps = [gm(kit, o.result, 2000 if i == 0 else (2100 if i == 1 else 2500)) for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(opps, start=dt.date(2006, 1, 1)), 1, "GM").ra == 2450


def test_unrated_at_1400_then_floored_B01_1_4_6d(kit: Any) -> None:
    """The unrated opponent (1400) is the lowest and is raised to 2200: Ra = (8 x 2500 + 2200) / 9 = 2467."""
    res = kit.games(9, 7, rating=2500)
    opps = [gm(kit, o.result, 0 if i == 0 else 2500, "" if i == 0 else "GM") for i, o in enumerate(res)]
    opps[1] = gm(kit, opps[1].result, 2300)
    r = evaluate_norm(kit.build(opps), 1, "GM")
    assert r.ra == round((7 * 2500 + 2300 + 2200) / 9)


def test_unrated_value_by_edition_B01_2005_1_46d(kit: Any) -> None:
    """Two unrated opponents: 2024 counts 1400 (one raised to 2200); 2005 counts 1600 (both raised to 2250)."""
    res = kit.games(9, 7, rating=2500)
    opps = [gm(kit, o.result, 0 if i < 2 else 2500, "" if i < 2 else "GM") for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(opps), 1, "GM").ra == round((7 * 2500 + 2200 + 1400) / 9)
    assert evaluate_norm(kit.build(opps, start=dt.date(2006, 1, 1)), 1, "GM").ra == round((7 * 2500 + 2 * 2250) / 9)


# -- 1.4.7 / 1.4.8 Ra, Rp, 35 % ------------------------------------------------------------------
def test_ra_rounded_half_up_B01_1_4_7b(kit: Any) -> None:
    res = kit.games(10, 7, rating=2400)
    opps = [gm(kit, o.result, 2405 if i == 0 else 2400) for i, o in enumerate(res)]
    assert evaluate_norm(kit.build(opps), 1, "GM").ra == 2401  # 24005 / 10 = 2400.5 -> 2401


def test_rp_just_below_threshold_fails_B01_1_4_8a(kit: Any) -> None:
    """9 games, 7 points (dp 220): Ra 2379 gives Rp 2599."""
    r = evaluate_norm(kit.build(kit.games(9, 7, rating=2379)), 1, "GM")
    assert not r.achieved and r.rp == 2599


def test_rp_at_threshold_passes_B01_1_4_8a(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(9, 5, rating=2557)), 1, "GM")
    assert r.achieved and r.rp == 2600


def test_ra_below_minimum_blocks_despite_performance_B01_1_4_8a(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(9, 9, rating=2370)), 1, "GM")
    assert r.rp is not None and r.rp > 2600 and r.failed_rules == ["B.01 1.4.7"]


def test_minimum_score_is_exact_35_percent_B01_1_4_8b(kit: Any) -> None:
    """4.5/13 = 34.6 % rounds to 35 % but fails; 5/13 passes."""
    assert "B.01 1.4.8b" in evaluate_norm(kit.build(kit.games(13, 4.5, rating=2750)), 1, "GM").failed_rules
    assert evaluate_norm(kit.build(kit.games(13, 5, rating=2750)), 1, "GM").achieved


def test_2005_performance_threshold_2601_B01_2005_1_48(kit: Any) -> None:
    t = kit.build(kit.games(9, 5, rating=2557), start=dt.date(2006, 1, 1))
    assert not evaluate_norm(t, 1, "GM").achieved
    t = kit.build(kit.games(9, 5, rating=2558), start=dt.date(2006, 1, 1))
    assert evaluate_norm(t, 1, "GM").achieved


# -- 1.4.1e/f leaving games out ------------------------------------------------------------------
def test_dropping_a_win_against_untitled_rescues_mix_B01_1_4_1f(kit: Any) -> None:
    """10 games need 4 GMs; without the won game against the untitled player 9 games need 3."""
    res = ["1", "=", "1", "=", "1", "=", "1", "=", "0", "1"]
    opps = [gm(kit, r, 2500, "GM" if i < 3 else "IM") for i, r in enumerate(res)]
    opps[9] = gm(kit, "1", 2490, "FM")  # the weakest defeated opponent is left out first
    r = evaluate_norm(kit.build(opps, title="IM"), 1, "GM")
    assert r.achieved and r.dropped_rounds == [10] and r.games_counted == 9
    assert r.audit[9].status == "dropped" and r.audit[9].article == "B.01 1.4.1f"


def test_ignoring_games_after_an_early_norm_B01_1_4_1e(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2450)[::-1] + [gm(kit, "0", 2450), gm(kit, "0", 2450)]
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert r.achieved and r.dropped_rounds == [10, 11] and r.audit[10].article == "B.01 1.4.1e"
    assert len(r.audit) == 11  # the report still shows every game


def test_losses_cannot_be_dropped_in_the_middle_B01_1_4_1f(kit: Any) -> None:
    rounds = [gm(kit, "0", 2450), gm(kit, "0", 2450)] + kit.games(9, 7, rating=2450)
    r = evaluate_norm(kit.build(rounds), 1, "GM")
    assert not r.achieved and any("every legal choice" in line or "no choice" in line for line in r.explanation)


def test_no_tail_drop_with_predetermined_pairings_2024_B01_1_4_1e(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2450)[::-1] + [gm(kit, "0", 2450), gm(kit, "0", 2450)]
    t = kit.build(rounds, system="BERGER_ROUNDROBIN")
    assert not evaluate_norm(t, 1, "GM").achieved


def test_2017_tail_drop_in_round_robin_if_full_mix_B01_2017_1_42(kit: Any) -> None:
    rounds = kit.games(9, 7, rating=2450)[::-1] + [gm(kit, "0", 2450), gm(kit, "0", 2450)]
    t = kit.build(rounds, system="BERGER_ROUNDROBIN", start=dt.date(2018, 1, 1))
    assert evaluate_norm(t, 1, "GM").achieved
    bad_mix = rounds[:9] + [gm(kit, "0", 0, title="") for _ in range(6)]  # 6 unrated: the full mix fails 1.46a
    t2 = kit.build(bad_mix, system="BERGER_ROUNDROBIN", start=dt.date(2018, 1, 1))
    assert not evaluate_norm(t2, 1, "GM").achieved


def test_smallest_change_first_B01_1_4_1f(kit: Any) -> None:
    """Two wins against untitled players; dropping one (the weaker) is enough."""
    res = ["1", "=", "1", "=", "1", "=", "=", "0", "1", "1"]
    opps = [gm(kit, r, 2500, "GM" if i < 3 else "IM") for i, r in enumerate(res)]
    opps[8] = gm(kit, "1", 2510, "FM")
    opps[9] = gm(kit, "1", 2490, "FM")
    r = evaluate_norm(kit.build(opps), 1, "GM")
    assert r.achieved and r.dropped_rounds == [10]


def test_not_enough_games_cannot_be_rescued_by_dropping_B01_1_4_1f(kit: Any) -> None:
    r = evaluate_norm(kit.build(kit.games(8, 7, rating=2500)), 1, "GM")
    assert any("cannot help" in line for line in r.explanation)


# -- women's titles, holders ----------------------------------------------------------------------
def test_titles_evaluated_per_holder_and_sex_B01_1_4() -> None:
    assert titles_to_evaluate(Player(1, "a", sex="m")) == ["GM", "IM"]
    assert titles_to_evaluate(Player(1, "a", sex="w", title="WFM")) == ["GM", "IM", "WGM", "WIM"]
    assert titles_to_evaluate(Player(1, "a", sex="w", title="IM")) == ["GM", "WGM"]
    assert titles_to_evaluate(Player(1, "a", sex="m", title="GM")) == []
    assert titles_to_evaluate(Player(1, "a", sex="", title="WFM")) == ["GM", "IM", "WGM", "WIM"]
    assert titles_to_evaluate(Player(1, "a", sex="w", title="WGM")) == ["GM", "IM"]


def test_women_norms_for_women_only_B01_1_4(kit: Any) -> None:
    t = kit.build(kit.games(9, 6, rating=2300), sex="m")
    assert [n.title for n in evaluate_norms(t, players=[1])[0].norms] == ["GM", "IM"]
    tw = kit.build(kit.games(9, 6, rating=2300), sex="w")
    norms = {n.title: n.achieved for n in evaluate_norms(tw, players=[1])[0].norms}
    assert norms == {"GM": False, "IM": False, "WGM": True, "WIM": True}


# -- double round robin, long events ----------------------------------------------------------
def test_double_round_robin_counts_distinct_opponents_B01_1_4_5f(kit: Any) -> None:
    """6 players, 10 rounds: 5 distinct opponents, 3 GMs suffice (10 games would need 4)."""
    t = kit.build(kit.games(10, 7.5, rating=2500), system="BERGER_DOUBLE_ROUNDROBIN")
    me = t.players[1]
    titles = ["GM", "GM", "GM", "IM", "IM"]
    for p in list(t.players.values())[1:]:
        p.title = titles[(p.start_rank - 2) % 5]
        p.federation = ["FRA", "GER", "ITA", "NED", "ENG"][(p.start_rank - 2) % 5]
    for r, res in enumerate(me.results):
        assert res.opponent is not None
        me.results[r] = RoundResult(2 + r % 5, res.colour, res.code)
    r = evaluate_norm(t, 1, "GM")
    assert r.achieved


def test_long_event_warns_ratings_at_time_of_game_B01_1_1_4(kit: Any) -> None:
    t = kit.build(kit.games(9, 7, rating=2450), start=dt.date(2024, 1, 10), end=dt.date(2024, 3, 1))
    assert any("1.1.4" in line for line in evaluate_norm(t, 1, "GM").explanation)
    t = kit.build(kit.games(9, 7, rating=2450), start=dt.date(2024, 1, 10), end=dt.date(2024, 1, 20))
    assert not any("1.1.4" in line for line in evaluate_norm(t, 1, "GM").explanation)


def test_unknown_player_or_title_is_an_arbitro_error_B01_1_4(kit: Any) -> None:
    t = kit.build(kit.games(9, 7))
    with pytest.raises(ArbitroError):
        evaluate_norm(t, 99, "GM")
    with pytest.raises(ArbitroError):
        evaluate_norm(t, 1, "FM")


# -- World Cup, double round robin size, facts for the application ------------------------------
def test_world_cup_eight_game_norm_counts_as_nine_B01_2017_1_41a(kit: Any) -> None:
    t = kit.build(kit.games(8, 6, rating=2500), start=dt.date(2019, 9, 1))
    r = evaluate_norm(t, 1, "GM", options=NormOptions(event="world_cup"))
    assert r.achieved and r.games_counted == 8 and r.games == 9


def test_2005_ko_championship_eight_games_count_as_eight_B01_2005_1_41b(kit: Any) -> None:
    t = kit.build(kit.games(8, 6, rating=2500), start=dt.date(2006, 9, 1))
    r = evaluate_norm(t, 1, "GM", options=NormOptions(event="world_cup"))
    assert r.achieved and r.games == 8


def test_double_round_robin_needs_six_players_B01_1_4_5f(kit: Any) -> None:
    """A 5-player double round robin (8 rounds, 4 distinct opponents) cannot give a norm."""
    t = kit.build(kit.games(8, 6.5, rating=2550), system="BERGER_DOUBLE_ROUNDROBIN")
    me = t.players[1]
    for r, res in enumerate(me.results):
        me.results[r] = RoundResult(2 + r % 4, res.colour, res.code)
    for rank in list(t.players):
        if rank > 5:
            del t.players[rank]
    r = evaluate_norm(t, 1, "GM", options=NormOptions(min_games=8))
    assert "B.01 1.4.5f" in r.failed_rules


def test_exemption_and_eight_of_nine_reported_for_the_application_B01_1_4_3e(kit: Any) -> None:
    rounds = [gm(kit, o.result, fed="ESP") for o in kit.games(9, 7, rating=2450)]
    r = evaluate_norm(kit.build(rounds, host="FRA"), 1, "GM", options=NormOptions(event="zonal"))
    assert r.exemption is not None and "zonal" in r.exemption
    plain = evaluate_norm(kit.build(kit.games(9, 7, rating=2450)), 1, "GM")
    assert plain.exemption is None and not plain.eight_of_nine
    eight = evaluate_norm(kit.build(kit.games(8, 6, rating=2450) + [gm(kit, "U")]), 1, "GM")
    assert eight.eight_of_nine


def test_swiss_exemption_does_not_clear_other_rules_B01_1_4_3d(kit: Any) -> None:
    res = kit.games(9, 7, rating=2450)
    rounds = [gm(kit, o.result, 2450, "GM" if i < 3 else "", fed="ESP") for i, o in enumerate(res)]
    field = _field(20, titled=10, feds=("FRA", "GER", "ITA"), rounds=9)
    r = evaluate_norm(kit.build(rounds, extra_players=field), 1, "GM")
    assert r.failed_rules == ["B.01 1.4.5a"]


def test_long_event_uses_ratings_at_the_time_of_each_game_B01_1_1_4(kit: Any) -> None:
    """A 60-day event: the file says 2300, but the opponents were 2450 when the games were played."""
    t = kit.build(kit.games(9, 7, rating=2300), start=dt.date(2024, 1, 10), end=dt.date(2024, 3, 9))
    assert not evaluate_norm(t, 1, "GM").achieved
    at_game = {(r, r + 1): (2450, "GM") for r in range(1, 10)}
    r = evaluate_norm(t, 1, "GM", options=NormOptions(game_ratings=at_game))
    assert r.achieved and r.ra == 2450
    assert any("given for 9 of 9" in line for line in r.explanation)
