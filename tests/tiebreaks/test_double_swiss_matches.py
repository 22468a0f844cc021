"""Tie-breaks of a Double-Swiss (C.04.5): a round is a two-game match (docs/decisions.md 2026-12-01).

The games of match k are TRF rounds 2k-1 and 2k. C.04.5 Preface: every pairing
is a match of two games, scored per game; a single forfeited game counts as
played "for the purposes of tie-breaks and standings"; byes apply to matches.
1.4: the PAB is worth a game won and a game drawn (1½, written ``U`` + ``H``).
1.6: a match's colour is the colour of its game 1. C.07 then applies with the
match as its round: Buchholz (8.1) adds each opponent's score once per match,
the dummy of an unplayed match is capped at a drawn match (1-1) per round
(16.4.2), WIN (7.1) counts matches won, REP (7.6) matches elected to play.

Every expected number below was worked out by hand from those articles (the
arithmetic is in the comments), not read from the code.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from tests.tiebreaks.helpers import make_tournament

from arbitro.pairing import registry
from arbitro.standings import compute_standings

SYSTEM = "FIDE_DOUBLESWISS"

# Five players, two matches (four TRF rounds), C.07 2026 rules.
#   match 1: 1-3 1½-½ (1 wins game 1 with White, draws game 2), 2-4 1-1, 5 PAB (U + H = 1½)
#   match 2: 5-1 1-1 (5 wins game 1 with White, 1 wins game 2), 2-3 2-0, 4 PAB
# Points (game points, C.04.5 Preface): 1: 1½+1 = 2½; 2: 1+2 = 3; 3: ½+0 = ½; 4: 1+1½ = 2½; 5: 1½+1 = 2½.
FIVE = {
    1: "3w1 3b= 5b0 5w1",
    2: "4w= 4b= 3w1 3b1",
    3: "1b0 1w= 2b0 2w0",
    4: "2b= 2w= U H",
    5: "U H 1w1 1b0",
}

CODES = ["PTS", "BH", "BH/C1", "SB", "FB", "WIN", "WON", "BPG", "REP", "PS", "KS", "STD"]


def _standings(rows: dict[int, str], codes: list[str], **kw: object):  # type: ignore[no-untyped-def]
    t = make_tournament(rows, start=dt.date(2026, 6, 1), system=SYSTEM)
    games = registry.of_tournament(t).games_per_round  # the registry knows the system, not the test
    assert games == 2
    return t, compute_standings(t, codes, rules="2026", games_per_round=games, **kw)


def _col(st, code: str) -> dict[int, Decimal | None]:  # type: ignore[no-untyped-def]
    return {r.start_rank: r.values[code] for r in st.rows}


def test_c04_5_preface_points_are_game_points_and_a_round_is_a_match() -> None:
    _, st = _standings(FIVE, CODES)
    assert _col(st, "PTS") == {
        1: Decimal("2.5"),
        2: Decimal(3),
        3: Decimal("0.5"),
        4: Decimal("2.5"),
        5: Decimal("2.5"),
    }
    assert st.after_round == 4  # TRF rounds
    assert st.games_per_round == 2
    assert len(st.explain(1, "BH").contributions) == 2  # two matches, not four games


def test_c07_8_1_buchholz_counts_each_opponent_once_per_match() -> None:
    _, st = _standings(FIVE, CODES)
    # 1: opponents 3 (½) + 5 (2½) = 3;  2: 4 (2½) + 3 (½) = 3;  3: 1 (2½) + 2 (3) = 5½.
    # 4: 2 (3) + the PAB's dummy, min(own 2½, a drawn match 1 x 2 matches = 2) (16.4.2) = 5.
    # 5: PAB dummy 2 + 1 (2½) = 4½.
    assert _col(st, "BH") == {
        1: Decimal(3),
        2: Decimal(3),
        3: Decimal("5.5"),
        4: Decimal(5),
        5: Decimal("4.5"),
    }


def test_c07_14_1_cut_1_cuts_one_match_and_the_pab_is_not_a_vur() -> None:
    _, st = _standings(FIVE, CODES)
    # The PAB's second column H is part of the bye (C.04.5 1.4), not a requested bye, so no VUR (16.5.1):
    # 1: 3 - ½ = 2½;  2: 3 - ½ = 2½;  3: 5½ - 2½ = 3;  4: {3, 2} -> 3;  5: {2, 2½} -> 2½.
    assert _col(st, "BH/C1") == {
        1: Decimal("2.5"), 2: Decimal("2.5"), 3: Decimal(3), 4: Decimal(3), 5: Decimal("2.5"),
    }  # fmt: skip
    # REP (7.6): two matches each, none voluntary.
    assert _col(st, "REP") == {1: 2, 2: 2, 3: 2, 4: 2, 5: 2}


def test_c07_9_1_sonneborn_berger_opponent_score_times_match_points() -> None:
    _, st = _standings(FIVE, CODES)
    # 1: ½ x 1½ + 2½ x 1 = 3¼;  2: 2½ x 1 + ½ x 2 = 3½;  3: 2½ x ½ + 3 x 0 = 1¼;
    # 4: 3 x 1 + dummy 2 x 1½ = 6;  5: dummy 2 x 1½ + 2½ x 1 = 5½.
    assert _col(st, "SB") == {
        1: Decimal("3.25"), 2: Decimal("3.5"), 3: Decimal("1.25"), 4: Decimal(6), 5: Decimal("5.5"),
    }  # fmt: skip


def test_c07_8_3_fore_buchholz_takes_the_final_match_as_drawn() -> None:
    _, st = _standings(FIVE, CODES)
    # 1: final match 5-1 was 1-1 already: 5 keeps 2½; 3's final match 0-2 becomes 1-1: ½ - 0 + 1 = 1½. 1½ + 2½ = 4.
    assert _col(st, "FB")[1] == Decimal(4)


def test_c07_7_1_7_2_win_and_won_count_matches_won() -> None:
    _, st = _standings(FIVE, CODES)
    # WIN: 1 won match 1 (1½-½); 2 won match 2 (2-0); 4 and 5 their PAB (1½, a match won, 1.4).
    assert _col(st, "WIN") == {1: 1, 2: 1, 3: 0, 4: 1, 5: 1}
    # WON: over the board only.
    assert _col(st, "WON") == {1: 1, 2: 1, 3: 0, 4: 0, 5: 0}
    # STD (7.7): 1 / ½ / 0 per match: 1 won + drew = 1½; 2 drew + won = 1½; 3 0; 4 drew + PAB = 1½; 5 PAB + drew.
    assert _col(st, "STD") == {
        1: Decimal("1.5"),
        2: Decimal("1.5"),
        3: 0,
        4: Decimal("1.5"),
        5: Decimal("1.5"),
    }


def test_c04_5_1_6_bpg_counts_matches_with_black_in_game_1() -> None:
    _, st = _standings(FIVE, CODES)
    # 1: White in match 1, Black in game 1 of match 2 -> 1; 2: White twice -> 0; 3: Black twice -> 2;
    # 4: Black in match 1, PAB -> 1; 5: PAB, White -> 0.
    assert _col(st, "BPG") == {1: 1, 2: 0, 3: 2, 4: 1, 5: 0}


def test_c07_7_5_progressive_score_after_each_match_and_koya_on_match_maximum() -> None:
    _, st = _standings(FIVE, CODES)
    # PS: 1: 1½ + 2½ = 4; 2: 1 + 3 = 4; 3: ½ + ½ = 1; 4: 1 + 2½ = 3½; 5: 1½ + 2½ = 4.
    assert _col(st, "PS") == {1: Decimal(4), 2: Decimal(4), 3: Decimal(1), 4: Decimal("3.5"), 5: Decimal(4)}
    # KS (9.2): opponents with at least 50% of 2 matches x 2 points = 2: 3 scored ½ against 1 and 0 against 2.
    assert _col(st, "KS")[3] == Decimal("0.5")


# One match, four players: 1-2 where 2 wins game 1 ... no: 1 wins game 1 with White and does not appear for
# game 2 (2 wins it by forfeit): 1-1. 3-4: a draw, then 3 wins with Black: 1½-½.
FORFEIT_GAME = {
    1: "2w1 2b-",
    2: "1b0 1w+",
    3: "4w= 4b1",
    4: "3b= 3w0",
}


def test_c04_5_preface_a_single_forfeited_game_is_treated_as_played() -> None:
    _, st = _standings(FORFEIT_GAME, ["PTS", "BH", "REP", "WON", "TPR", "ARO"])
    # The match 1-2 is a played 1-1 match: 1's Buchholz is 2's score (1), once, no dummy; REP 1 (not a VUR).
    assert _col(st, "BH")[1] == Decimal(1)
    assert _col(st, "BH")[2] == Decimal(1)
    assert _col(st, "REP")[1] == 1
    assert _col(st, "WON") == {1: 0, 2: 0, 3: 1, 4: 0}
    # Ratings (helper: 2000 - 10 x start rank). The match counts as two games against its opponent (Art. 10):
    # 1: ARO 1980, p = 1 / 2 = 50% -> dp 0 -> TPR 1980;  3: ARO 1960, p = 1½ / 2 = 75% -> dp 193 -> 2153;
    # 4: ARO 1970, p = 25% -> dp -193 -> 1777.
    assert _col(st, "ARO")[1] == 1980
    assert _col(st, "TPR") == {1: 1980, 2: 1990, 3: 2153, 4: 1777}


def test_c04_5_preface_a_match_forfeited_in_both_games_is_a_forfeit() -> None:
    rows = {1: "2w+ 2b+", 2: "1b- 1w-", 3: "4w1 4b1", 4: "3b0 3w0"}
    _, st = _standings(rows, ["PTS", "BH", "REP", "WIN", "WON"])
    # 1: forfeit win of the match (16.2.2): dummy min(own 2, 2's adjusted score 0) = 0 (16.4.1).
    assert _col(st, "BH")[1] == 0
    # 2: forfeit loss (16.2.4), a VUR: REP 0; dummy min(own 0, 1's 2) = 0.
    assert _col(st, "REP")[2] == 0
    assert _col(st, "WIN")[1] == 1 and _col(st, "WON")[1] == 0


def test_c04_5_preface_requested_bye_covers_the_match() -> None:
    # 3 takes a requested half-point bye for match 1 (H H = a drawn match, 1); 1-2 1½-½; then 4 joins late... no:
    # four players, 4 has a zero-point bye Z Z for match 1 (not paired). Match 2: 1-3 1-1, 2-4 2-0.
    rows = {
        1: "2w1 2b= 3w= 3b=",
        2: "1b0 1w= 4w1 4b1",
        3: "H H 1b= 1w=",
        4: "Z Z 2b0 2w0",
    }
    _, st = _standings(rows, ["PTS", "BH", "BH/C1", "REP", "WIN"])
    # Points: 1: 1½ + 1 = 2½; 2: ½ + 2 = 2½; 3: 1 + 1 = 2; 4: 0.
    # 3: requested bye then played (16.2.3, a VUR): dummy min(own 2, 1 x 2) = 2; + 1 (2½) -> BH 4½;
    # BH/C1 cuts the VUR first (16.5.1): 2½.  REP: one match elected to play.  WIN: the H H bye is a draw: 0.
    assert _col(st, "BH")[3] == Decimal("4.5")
    assert _col(st, "BH/C1")[3] == Decimal("2.5")
    assert _col(st, "REP")[3] == 1
    assert _col(st, "WIN")[3] == 0
    # 4: zero-point bye, then a loss: dummy min(0, 2) = 0 + 2 (2½) -> 2½.
    assert _col(st, "BH")[4] == Decimal("2.5")


def test_one_game_per_round_is_unchanged() -> None:
    """The default (one game per round) reads the same file column by column, as before."""
    t = make_tournament(FIVE, start=dt.date(2026, 6, 1), system=SYSTEM)
    st = compute_standings(t, ["PTS", "BH"], rules="2026")
    assert st.games_per_round == 1
    assert len(st.explain(1, "BH").contributions) == 4
