"""Modifiers (C.07 Art. 14) and the specifier syntax of TRF-2026 record 202."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from tests.tiebreaks.helpers import make_tournament

from arbitro.model import Tournament
from arbitro.standings import compute_standings
from arbitro.tiebreaks import TiebreakSpecError, parse_tiebreak, parse_tiebreak_list
from arbitro.tiebreaks.modifiers import apply_cuts
from arbitro.trf import parse_trf

DATA = Path(__file__).parent / "data"


@pytest.fixture(scope="module")
def swiss7() -> Tournament:
    return parse_trf((DATA / "own_swiss7_byes_forfeits.trf").read_bytes()).tournament


@pytest.fixture(scope="module")
def rr6() -> Tournament:
    return parse_trf((DATA / "own_rr6_forfeit.trf").read_bytes()).tournament


# --- specifiers ---------------------------------------------------------------------------------


def test_parse_202_list_c07_art5() -> None:
    specs = parse_tiebreak_list("BH/C1,BH,SB,DE,WIN")
    assert [s.text for s in specs] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert specs[0].cut_low == 1 and specs[1].cut_low == 0


def test_parse_handbook_and_tec_spellings() -> None:
    assert parse_tiebreak("bh-c1").text == "BH/C1"
    assert parse_tiebreak("BH#M1").cut_low == parse_tiebreak("BH!M1").cut_high == 1
    assert parse_tiebreak("SNO").code == "TPN" and parse_tiebreak("GE").code == "REP"


def test_parse_modifiers_c07_14() -> None:
    assert parse_tiebreak("BH/M2").cut_low == 2 and parse_tiebreak("BH/M2").cut_high == 2
    assert parse_tiebreak("KS/L60").koya_percent == Decimal(60)
    assert parse_tiebreak("KS/L-1").koya_offset == Decimal("-0.5")
    assert parse_tiebreak("KS/L+1.").koya_offset == Decimal(1)
    assert parse_tiebreak("ARO/U1400").unrated_rating == 1400
    assert parse_tiebreak("DE/P").forfeits_as_played
    assert parse_tiebreak("TPN/R").reverse
    assert parse_tiebreak("BH/V2024").version == "2024"
    assert parse_tiebreak("AOB/F").fore


@pytest.mark.parametrize("bad", ["XYZ", "BH/C", "BH/Q1", "WIN/C1", "KS/Lx", "ARO/Uabc", "BH/V1999"])
def test_bad_specifiers_are_user_errors(bad: str) -> None:
    with pytest.raises(TiebreakSpecError):
        parse_tiebreak(bad)


# --- Cut / Median ---------------------------------------------------------------------------------


def test_cut_and_median_values_c07_14_1_to_14_4(swiss7: Tournament) -> None:
    """P4 (reference §7): BH 14.0, Cut-1 12.5, Cut-2 10.5, Median-1 8.0 (VUR-free: lowest values go)."""
    row = compute_standings(swiss7, ["BH", "BH/C1", "BH/C2", "BH/M1"], rules="2024").row(4)
    assert [row.values[c] for c in ("BH", "BH/C1", "BH/C2", "BH/M1")] == [
        Decimal(v) for v in ["14", "12.5", "10.5", "8"]
    ]


def test_median_2_with_four_rounds_cuts_everything_c07_14_4() -> None:
    """Four values, two least and two most significant cut: nothing is left (the checker gives 0)."""
    t = make_tournament(
        {1: "2w1 3b1 4w1 5b1", 2: "1b0 5w1 U 4w1", 3: "4w1 1w0 5w1 U", 4: "3b0 U 1b0 2b0", 5: "U 2b0 3b0 1w0"}
    )
    assert compute_standings(t, ["BH/M2"]).row(1).values["BH/M2"] == Decimal("0.0")


def test_cut_prefers_vur_unless_least_value_is_higher_c07_16_5_1() -> None:
    # items: (score, contribution, vur)
    low_vur = [(4, 4, False), (6, 6, True), (5, 5, False)]
    assert apply_cuts(low_vur, 1, 0, 3)[0] == 9  # BH: the VUR is cut although 4 is the lowest score
    sb = [(3, 3, False), (6, 0, True), (5, 5, False)]
    assert apply_cuts(sb, 1, 0, 3)[0] == 5  # SB: least significant (3) above the VUR product (0): cut it
    median = [(4, 4, False), (5, 5, True), (6, 6, False)]
    assert apply_cuts(median, 1, 1, 3)[0] == 4  # Median-1: the VUR (5) low, then the highest (6), 16.5.2


def test_ps_cut_1_drops_round_one_c07_14_1_1_c(swiss7: Tournament) -> None:
    row = compute_standings(swiss7, ["PS", "PS/C1"]).row(4)
    assert row.values["PS"] == Decimal("13.5")
    assert row.values["PS/C1"] == Decimal("12.5")  # running score after round 1 was 1.0 (PAB)


def test_aro_cut_1_drops_lowest_rated_opponent_c07_14_1_1_b(swiss7: Tournament) -> None:
    assert compute_standings(swiss7, ["ARO/C1"]).row(4).values["ARO/C1"] == Decimal(1917)


# --- Koya limit -----------------------------------------------------------------------------------


def test_koya_limit_moves_c07_9_2_and_14_5(rr6: Tournament) -> None:
    """Finals: 3.5 3.5 3.0 2.5 1.5 1.0 over 5 rounds. P1 scored 1 vs 4, 0 vs 2 and 3, 1 (forfeit) vs 5."""
    st = compute_standings(rr6, ["KS", "KS/L60", "KS/L+2", "KS/L-2"])
    row = st.row(1)
    assert row.values["KS"] == Decimal("1.0")  # limit 2.5
    assert row.values["KS/L60"] == Decimal("1.0")  # limit 3.0: 4 (3.0) still in
    assert row.values["KS/L+2"] == Decimal("0.0")  # limit 3.5: only 2 and 3
    assert row.values["KS/L-2"] == Decimal("2.0")  # limit 1.5: 5 is in, the forfeit point counts


# --- forfeits as played, reverse, unrated, version ------------------------------------------------


def test_forfeits_as_played_in_direct_encounter_c07_6_1_1() -> None:
    """1 beat 2 by forfeit and both have 1 point: DE separates them only with /P."""
    t = make_tournament({1: "2w+ 4b0", 2: "1b- 3w1", 3: "4w= 2b0", 4: "3b= 1w1"})
    st = compute_standings(t, ["DE"])
    assert (st.row(1).values["DE"], st.row(2).values["DE"]) == (Decimal(0), Decimal(0))
    st = compute_standings(t, ["DE/P"])
    assert (st.row(1).values["DE/P"], st.row(2).values["DE/P"]) == (Decimal(1), Decimal(2))


def test_tpn_and_reverse_c07_7_8(swiss7: Tournament) -> None:
    st = compute_standings(swiss7, ["PTS", "TPN"])
    assert [r.start_rank for r in st.rows][1:3] == [1, 2]
    st = compute_standings(swiss7, ["PTS", "TPN/R"])
    assert [r.start_rank for r in st.rows][1:3] == [2, 1]


def test_unrated_players_drop_rating_tiebreaks_unless_rated_c07_10_preamble() -> None:
    t = make_tournament({1: "2w1", 2: "1b0", 3: "4w=", 4: "3b="}, ratings={1: 2000, 2: 0, 3: 1800, 4: 1700})
    st = compute_standings(t, ["ARO", "ARO/U1500"])
    assert st.row(3).values["ARO"] is None
    assert st.row(1).values["ARO/U1500"] == Decimal(1500)
    assert compute_standings(t, ["ARO"], unrated_rating=1600).row(1).values["ARO"] == Decimal(1600)


def test_version_pin_overrides_rules_c07_16_4(swiss7: Tournament) -> None:
    st = compute_standings(swiss7, ["BH", "BH/V2026"], rules="2024")
    assert st.row(4).values["BH"] == Decimal("14.0")
    assert st.row(4).values["BH/V2026"] == Decimal("12.0")


def test_aob_fore_mode_c07_8_2_2026(swiss7: Tournament) -> None:
    st = compute_standings(swiss7, ["AOB", "AOB/F", "FB"], rules="2026")
    row = st.explain(4, "AOB/F")
    fb = {r.start_rank: r.values["FB"] for r in st.rows}
    assert [c.value for c in row.contributions] == [fb[c.opponent] for c in row.contributions if c.opponent]


def test_buchholz_fast_cut_equals_general_cut_c07_16_5() -> None:
    import random

    from arbitro.tiebreaks.modifiers import cut_scores

    rng = random.Random(5)
    for _ in range(2000):
        n = rng.randint(0, 9)
        scores = [rng.randint(0, 20) for _ in range(n)]
        vurs = [rng.random() < 0.3 for _ in range(n)]
        low, high = rng.randint(0, 3), rng.randint(0, 2)
        items = [(s, s, v) for s, v in zip(scores, vurs, strict=True)]
        assert cut_scores(scores, vurs, low, high, n) == apply_cuts(items, low, high, n)[0]


def test_koya_absolute_offset_and_swiss_modifier_c07_14_5_6_3(rr6: Tournament) -> None:
    """``KS/K1``: one point above the 50 % limit (3.5: only 2 and 3 count); ``DE/S``: Swiss certainty rules
    in a round robin still separate 3 (beat 2) from 2."""
    st = compute_standings(rr6, ["DE/S", "KS/K1"])
    assert st.row(1).values["KS/K1"] == Decimal("0.0")
    assert st.row(3).values["KS/K1"] == Decimal("1.0")  # 3 beat 2 (3.5)
    assert (st.row(3).values["DE/S"], st.row(2).values["DE/S"]) == (Decimal(1), Decimal(2))
