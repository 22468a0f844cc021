"""One prize per player (the most valuable), category prizes, best club."""

from __future__ import annotations

from decimal import Decimal as D

from arbitro.prizes import Eligibility, Entrant, Prize, PrizeGroup, PrizeList, Sharing, distribute

#   rank: name, points, rating, sex, birth year, club
FIELD = [
    ("Ana", "7", 2300, "w", 1990, "Club A"),
    ("Bruno", "6.5", 2250, "m", 2011, "Club B"),
    ("Carla", "6", 2000, "w", 2012, "Club A"),
    ("Dario", "6", 1750, "m", 1950, "Club B"),
    ("Elena", "5", 0, "w", 1958, "Club A"),
    ("Fede", "4", 1650, "m", 2013, "Club C"),
    ("Gabi", "3", 0, "m", None, ""),
]


def entrants() -> list[Entrant]:
    return [
        Entrant(i + 1, name, i + 1, D(pts), rating, sex, year, "ARG", club)
        for i, (name, pts, rating, sex, year, club) in enumerate(FIELD)
    ]


def _list(one: bool = True, sharing: Sharing = Sharing.TIEBREAK) -> PrizeList:
    return PrizeList(
        (
            PrizeGroup("Overall", (Prize(1, D(1000), ("Trophy",)), Prize(2, D(600)), Prize(3, D(300)))),
            PrizeGroup("Women", (Prize(1, D(400)),), Eligibility(women=True)),
            PrizeGroup("U16", (Prize(1, D(200)), Prize(2, D(100))), Eligibility(max_age=16)),
            PrizeGroup("Seniors 65+", (Prize(1, D(150)),), Eligibility(min_age=65)),
            PrizeGroup("U1800", (Prize(1, D(250)),), Eligibility(rating_max=1799)),
            PrizeGroup("Unrated", (Prize(1, D(50)),), Eligibility(unrated=True)),
            PrizeGroup("Best club", (Prize(1, D(0), ("Cup",)),), club_top=2),
        ),
        sharing=sharing,
        one_prize_per_player=one,
        reference_year=2026,
    )


def test_no_player_gets_two_prizes_when_the_list_forbids_it() -> None:
    # By value: 1000 Ana, 600 Bruno, Women 400 Carla (3rd, not yet awarded), 3rd place 300 Dario,
    # U1800 250 Fede (Dario has one), U16 200/100 nobody left (Bruno, Carla, Fede have one),
    # Seniors 150 Elena (68; Dario has one), Unrated 50 Gabi.
    dist = distribute(_list(), entrants())
    players = [a.start_rank for a in dist.awards if a.start_rank is not None]
    assert len(players) == len(set(players)), dist.awards
    by_group = {g: [a.name for a in dist.awards if a.group == g] for g in {a.group for a in dist.awards}}
    assert by_group["Overall"] == ["Ana", "Bruno", "Dario"]
    assert by_group["Women"] == ["Carla"]
    assert by_group["U1800"] == ["Fede"]
    assert by_group["Seniors 65+"] == ["Elena"]
    assert by_group["Unrated"] == ["Gabi"]
    assert ("U16", 1) in dist.unawarded and ("U16", 2) in dist.unawarded


def test_highest_value_rule_each_takes_the_most_valuable_prize() -> None:
    dist = distribute(_list(), entrants())
    # Carla: 3rd overall (300) or best woman (400) or U16 (200): the 400
    assert [(a.group, a.cash) for a in dist.for_player(3)] == [("Women", D(400))]
    # Dario: 3rd overall (300), U1800 (250) or senior (150): the 300
    assert [(a.group, a.cash) for a in dist.for_player(4)] == [("Overall", D(300))]


def test_without_the_rule_a_player_may_win_several_prizes() -> None:
    dist = distribute(_list(one=False), entrants())
    assert {a.group for a in dist.for_player(1)} == {"Overall", "Women"}  # Ana: 1st overall and best woman
    assert {a.group for a in dist.for_player(3)} >= {"Overall", "U16"}


def test_women_prize_larger_than_third_place_is_taken_by_the_third() -> None:
    # A 700 women's prize is worth more than 3rd place (300): Carla (3rd, a woman) takes it; 3rd goes to Dario.
    pl = PrizeList(
        (
            PrizeGroup("Overall", (Prize(1, D(1000)), Prize(2, D(600)), Prize(3, D(300)))),
            PrizeGroup("Women", (Prize(1, D(700)), Prize(2, D(100))), Eligibility(women=True)),
        )
    )
    dist = distribute(pl, entrants())
    assert [(a.group, a.place, a.name) for a in dist.awards] == [
        ("Overall", 1, "Ana"), ("Overall", 2, "Bruno"), ("Overall", 3, "Dario"),
        ("Women", 1, "Carla"), ("Women", 2, "Elena"),
    ]


def test_best_club_by_the_best_two_players() -> None:
    dist = distribute(_list(), entrants())
    ranking = dist.clubs["Best club"]
    assert [(c.club, c.points) for c in ranking] == [("Club A", D(13)), ("Club B", D("12.5")), ("Club C", D(4))]
    cup = next(a for a in dist.awards if a.group == "Best club")
    assert cup.start_rank is None and cup.name == "Club A" and cup.items == ("Cup",)


def test_trophy_stays_with_the_tiebreak_winner_while_cash_is_shared() -> None:
    field = [Entrant(1, "A", 1, D(7)), Entrant(2, "B", 2, D(7)), Entrant(3, "C", 3, D(5))]
    pl = PrizeList((PrizeGroup("Overall", (Prize(1, D(1000), ("Trophy",)), Prize(2, D(600)))),), sharing=Sharing.HORT)
    dist = distribute(pl, field)
    assert [(a.name, a.cash, a.items) for a in dist.awards] == [("A", D(900), ("Trophy",)), ("B", D(700), ())]


def test_unknown_birth_year_does_not_qualify_for_an_age_prize() -> None:
    pl = PrizeList((PrizeGroup("U16", (Prize(1, D(10)),), Eligibility(max_age=16)),), reference_year=2026)
    field = [Entrant(1, "X", 1, D(5)), Entrant(2, "Y", 2, D(4), birth_year=2015)]
    assert [a.name for a in distribute(pl, field).awards] == ["Y"]


def test_no_warning_when_every_share_beats_the_other_prizes_USCF_32B3() -> None:
    field = [
        Entrant(1, "A", 1, D(7)), Entrant(2, "B", 2, D(7), sex="w"), Entrant(3, "C", 3, D(7)),
        Entrant(4, "W", 4, D(3), sex="w"),
    ]  # fmt: skip
    pl = PrizeList(
        (
            PrizeGroup("Overall", (Prize(1, D(1000)), Prize(2, D(100)), Prize(3, D(100)))),
            PrizeGroup("Women", (Prize(1, D(450)),), Eligibility(women=True)),
        ),
        sharing=Sharing.EQUAL,
    )
    dist = distribute(pl, field)
    # by value: 1000 A, Women 450 B (not yet awarded), 100 C, 100 W; A and C share 1100 -> 550 each
    assert [(a.name, a.cash) for a in dist.awards if a.group == "Overall"] == [("A", D(550)), ("C", D(550)), ("W", D(100))]
    assert dist.warnings == ()
    pl2 = PrizeList(pl.groups[:1] + (PrizeGroup("Women", (Prize(1, D(300)),), Eligibility(women=True)),),
                    sharing=Sharing.EQUAL)  # fmt: skip
    dist2 = distribute(pl2, field)
    # by value: 1000 A, Women 300 B, 100 C, 100 W; B's 300 is not shared, A and C share 550 each: no warning
    assert dist2.warnings == ()


def test_share_below_a_prize_won_by_a_lower_ranked_player_is_a_warning() -> None:
    # Hort, 1000/700, three tied on 7: A 500+283.34, B 350+283.33, C 0+283.33. By announced value B took the
    # 700 place rather than the women's 650, which went to W (ranked below); after sharing B has 633.33 < 650.
    field = [Entrant(1, "A", 1, D(7)), Entrant(2, "B", 2, D(7), sex="w"), Entrant(3, "C", 3, D(7)),
             Entrant(4, "W", 4, D(3), sex="w")]  # fmt: skip
    pl = PrizeList(
        (
            PrizeGroup("Overall", (Prize(1, D(1000)), Prize(2, D(700)))),
            PrizeGroup("Women", (Prize(1, D(650)),), Eligibility(women=True)),
        ),
        sharing=Sharing.HORT,
    )
    dist = distribute(pl, field)
    assert [(a.name, a.cash) for a in dist.awards] == [
        ("A", D("783.34")), ("B", D("633.33")), ("C", D("283.33")), ("W", D(650)),
    ]
    assert len(dist.warnings) == 1 and "B receives 633.33" in dist.warnings[0] and "Women place 1" in dist.warnings[0]
