"""FMA 5.1, B.1, 8.1-8.6, Anexo I, Anexo II III (end of tournament); Anexo III, 9 (Torneo Mayor)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from arbitro.errors import ArbitroError
from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.end import (
    Announcement,
    abierto_transfer,
    champion_messages,
    next_categories,
    promotions_and_relegations,
    trophies,
)
from arbitro.federations.fma.mayor import (
    Playoff,
    PlayoffGame,
    armageddon_colours,
    decide_champion,
    select_field,
)

START = dt.date(2026, 5, 1)
ANNOUNCED = Announcement(2, 2, dt.date(2026, 4, 20))
IDS = [f"P{i}" for i in range(1, 13)]
NAMES = {p: f"Name {p}" for p in IDS}


def test_fma_5_1_b1_promotions_and_relegations_by_final_position() -> None:
    own = dict.fromkeys(IDS[:8], Category.TERCERA)
    moves, notes = promotions_and_relegations("Tercera", Category.TERCERA, START, IDS[:8], own, NAMES, ANNOUNCED)
    ups = [m.player for m in moves if m.kind == "promotion"]
    downs = [m.player for m in moves if m.kind == "relegation"]
    assert ups == ["P1", "P2"] and downs == ["P7", "P8"]
    assert all(m.to is Category.SEGUNDA for m in moves if m.kind == "promotion")
    assert all(m.to is Category.CUARTA for m in moves if m.kind == "relegation")
    assert not notes


def test_fma_5_1_not_announced_before_start_nobody_moves() -> None:
    own = dict.fromkeys(IDS[:8], Category.TERCERA)
    late = Announcement(2, 2, dt.date(2026, 5, 2))
    for ann in (late, None, Announcement(2, 2, None)):
        moves, notes = promotions_and_relegations("Tercera", Category.TERCERA, START, IDS[:8], own, NAMES, ann)
        assert moves == [] and notes[0].id == "promotion.not_announced" and notes[0].article == "FMA 5.1"


def test_fma_b1_places_counted_within_the_category() -> None:
    own = dict.fromkeys(IDS[:6], Category.TERCERA)
    own["P1"] = Category.CUARTA  # invited from Cuarta, wins the Tercera
    moves, _ = promotions_and_relegations("Tercera", Category.TERCERA, START, IDS[:6], own, NAMES, ANNOUNCED)
    assert [m.player for m in moves if m.kind == "promotion"] == ["P2", "P3"]


def test_fma_5_1_cuarta_has_no_relegation_primera_no_promotion() -> None:
    own = dict.fromkeys(IDS[:6], Category.CUARTA)
    moves, _ = promotions_and_relegations("Cuarta", Category.CUARTA, START, IDS[:6], own, NAMES, ANNOUNCED)
    assert {m.kind for m in moves} == {"promotion"}
    own = dict.fromkeys(IDS[:6], Category.PRIMERA)
    moves, _ = promotions_and_relegations("Primera", Category.PRIMERA, START, IDS[:6], own, NAMES, ANNOUNCED)
    assert {m.kind for m in moves} == {"relegation"}


def test_fma_anexo_ii_iii1_lower_category_in_primera_top10_moves_up() -> None:
    own = dict.fromkeys(IDS, Category.PRIMERA)
    own["P4"] = Category.TERCERA
    own["P11"] = Category.SEGUNDA  # 11th: outside the first 10
    moves, _ = promotions_and_relegations("Primera", Category.PRIMERA, START, IDS, own, NAMES, Announcement(0, 1, START))
    top10 = [m for m in moves if m.message.id == "promotion.primera_top10"]
    assert [(m.player, m.to) for m in top10] == [("P4", Category.SEGUNDA)]
    assert top10[0].message.article == "FMA Anexo II III.1"
    assert [m.player for m in moves if m.kind == "relegation"] == ["P12"]  # III.2


def test_fma_b1_promotion_prevails_over_relegation_same_year() -> None:
    own = dict.fromkeys(IDS[:6], Category.SEGUNDA)
    m1, _ = promotions_and_relegations("Seg I", Category.SEGUNDA, START, IDS[:6], own, NAMES, ANNOUNCED)
    m2, _ = promotions_and_relegations("Seg II", Category.SEGUNDA, START, list(reversed(IDS[:6])), own, NAMES, ANNOUNCED)
    nxt, notes = next_categories(dict(own), m1 + m2, NAMES)
    assert nxt["P1"] is Category.PRIMERA
    assert any(n.id == "category.promotion_prevails" for n in notes)
    assert nxt["P3"] is Category.SEGUNDA


def test_fma_8_4_8_6_trophies_first_three_one_per_category() -> None:
    won, notes = trophies([("Seg I", ["P1", "P2", "P3", "P4"]), ("Seg II", ["P2", "P5", "P1", "P6"])], Category.SEGUNDA, NAMES)
    assert [(t.tournament, t.player, t.place) for t in won] == [
        ("Seg I", "P1", 1), ("Seg I", "P2", 2), ("Seg I", "P3", 3),
        ("Seg II", "P5", 1), ("Seg II", "P6", 2),
    ]
    assert {n.id for n in notes} == {"trophy.already"} and notes[0].article == "FMA 8.6"


def test_fma_anexo_i_iv_8_1_champion_and_abierto_entry() -> None:
    ms = champion_messages("Seg II", Category.SEGUNDA, ["P2", "P1"], NAMES, 2027)
    assert [m.article for m in ms] == ["FMA Anexo I IV, C", "FMA 8.1, 8.2"]
    assert "2027" in ms[1].text("en")


def test_fma_8_2_abierto_entry_not_transferable() -> None:
    ok, m = abierto_transfer("Ana", "Bea")
    assert not ok and m.article == "FMA 8.2"


# -- Torneo Mayor ----------------------------------------------------------
RANKING = [("R1", 2300), ("R2", 2250), ("R3", 2200), ("R4", 2150), ("R5", 2100), ("R6", 2050), ("R7", 2000)]
PRIMERA = ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"]
ALL = {p: p for p in ["C", "M2", "M3", "M4", "M5", "M6"] + [r for r, _ in RANKING] + PRIMERA}


def field(unavailable: dict[str, str], reigning: str | None = "C", ranking=RANKING):  # type: ignore[no-untyped-def]
    return select_field(
        reigning=reigning,
        previous_standings=["C", "M2", "M3", "M4", "M5", "M6"],
        ranking=ranking,
        primera_order=PRIMERA,
        unavailable=unavailable,
        names=ALL,
    )


def test_fma_anexo_iii_i_regular_field() -> None:
    f = field({})
    assert f.players == ["C", "R1", "R2", "Q1", "Q2", "Q3"] and f.complete
    assert [s.message.article for s in f.seats] == [
        "FMA Anexo III I.1.1", "FMA Anexo III I.2.1", "FMA Anexo III I.2.1",
        "FMA Anexo III I.3.1", "FMA Anexo III I.3.1", "FMA Anexo III I.3.1",
    ]


def test_fma_anexo_iii_i12_champion_absent_next_of_last_mayor_up_to_5th() -> None:
    f = field({"C": "viaje", "M2": "no"})
    assert f.seats[0].player == "M3" and f.seats[0].message.article == "FMA Anexo III I.1.2"
    f = field({"C": "x", "M2": "x", "M3": "x", "M4": "x", "M5": "x"})
    assert f.seats[-1].message.article == "FMA Anexo III I.1.3" and f.seats[-1].player == "Q4"
    assert "M6" not in f.players  # only down to 5th


def test_fma_anexo_iii_i22_rating_fallback_up_to_6th_then_primera() -> None:
    f = field({"R1": "x", "R2": "x"})
    assert [s.player for s in f.seats if s.route == "rating"] == ["R3", "R4"]
    assert f.seats[1].message.article == "FMA Anexo III I.2.2"
    f = field({r: "x" for r, _ in RANKING[:6]})
    rating = [s for s in f.seats if s.route == "rating"]
    assert [s.player for s in rating] == ["Q4", "Q5"]  # R7 is 7th: not eligible
    assert rating[0].message.article == "FMA Anexo III I.2.3"


def test_fma_anexo_iii_i32_primera_fallback_and_no_double_seat() -> None:
    ranking = [("Q1", 2300), ("R2", 2250), ("R3", 2200)]
    f = field({"Q2": "x"}, ranking=ranking)
    assert [s.player for s in f.seats if s.route == "primera"] == ["Q3", "Q4", "Q5"]
    assert any(n.id == "mayor.already_in" for n in f.notes)
    assert f.seats[-1].message.article == "FMA Anexo III I.3.2"


def test_fma_anexo_iii_i_incomplete_field_is_reported() -> None:
    f = select_field(reigning=None, previous_standings=[], ranking=[], primera_order=["Q1"], unavailable={}, names=ALL)
    assert not f.complete and f.notes[-1].id == "mayor.incomplete"


PTS = {"A": Decimal("6.5"), "B": Decimal("6.5"), "C": Decimal("5"), "D": Decimal("4")}
N = {k: k for k in PTS}


def test_fma_9_sole_winner_is_champion() -> None:
    champ, notes = decide_champion(["A", "C"], {"A": Decimal(7), "C": Decimal(5)}, False, None, N)
    assert champ == "A" and notes[0].article == "FMA 9, Anexo III"


def test_fma_anexo_iii_iv3_three_tied_decided_by_6_1() -> None:
    pts = {"A": Decimal(6), "B": Decimal(6), "C": Decimal(6)}
    champ, notes = decide_champion(["B", "A", "C"], pts, False, None, N)
    assert champ == "B" and notes[0].id == "mayor.tie_many"


def test_fma_anexo_iii_iii2_two_tied_pending_without_match() -> None:
    champ, notes = decide_champion(["A", "B", "C"], PTS, False, None, N)
    assert champ is None and notes[-1].id == "mayor.playoff_pending"


def test_fma_anexo_iii_iii21_rapid_decides() -> None:
    po = Playoff(rapid=(PlayoffGame("A", "1/2-1/2"), PlayoffGame("B", "0-1")))
    champ, notes = decide_champion(["A", "B"], PTS, False, po, N)
    assert champ == "A"
    assert notes[1].id == "mayor.colour_choice" and "A" in notes[1].text("es")


def test_fma_anexo_iii_iii22_blitz_decides() -> None:
    draws = (PlayoffGame("A", "1/2-1/2"), PlayoffGame("B", "1/2-1/2"))
    blitz = (PlayoffGame("A", "1-0"), PlayoffGame("B", "1-0"), PlayoffGame("A", "0-1"), PlayoffGame("B", "1-0"))
    champ, _ = decide_champion(["A", "B"], PTS, False, Playoff(rapid=draws, blitz=blitz), N)
    assert champ == "B"


def test_fma_anexo_iii_iii23_then_the_better_tiebreak() -> None:
    draws = (PlayoffGame("A", "1/2-1/2"), PlayoffGame("B", "1/2-1/2"))
    blitz = draws + draws
    champ, notes = decide_champion(["A", "B"], PTS, False, Playoff(rapid=draws, blitz=blitz), N)
    assert champ == "A" and notes[-1].article == "FMA Anexo III III.2.3"


def test_fma_anexo_iii_iii24_armageddon_draw_wins_for_black() -> None:
    draws = (PlayoffGame("A", "1/2-1/2"), PlayoffGame("B", "1/2-1/2"))
    po = Playoff(rapid=draws, blitz=draws + draws, armageddon=PlayoffGame("A", "1/2-1/2"))
    champ, notes = decide_champion(["A", "B"], PTS, True, po, N)
    assert champ == "B" and notes[-1].article == "FMA Anexo III III.2.4"
    # the file sets White: the note must not claim Arbitro drew the colours (issue 20)
    assert "by lot" not in notes[-1].text("en") and "as given in the file" in notes[-1].text("en")
    assert "según el archivo" in notes[-1].text("es")


def test_fma_anexo_iii_iii24_armageddon_colours_by_seeded_lot() -> None:
    assert armageddon_colours("A", "B", 7) == armageddon_colours("B", "A", 7)
    draws = (PlayoffGame("A", "1/2-1/2"), PlayoffGame("B", "1/2-1/2"))
    po = Playoff(rapid=draws, blitz=draws + draws, armageddon=PlayoffGame("", "1-0"))
    champ, notes = decide_champion(["A", "B"], PTS, True, po, N, lots_seed=7)
    assert champ == armageddon_colours("A", "B", 7)[0]
    assert "colours by lot (seed 7)" in notes[-1].text("en")


def test_fma_anexo_iii_iii2_wrong_number_of_games_is_an_error() -> None:
    with pytest.raises(ArbitroError, match="2 games expected"):
        decide_champion(["A", "B"], PTS, False, Playoff(rapid=(PlayoffGame("A", "1-0"),)), N)


def test_fma_anexo_iii_iii2_playoff_must_start_within_7_days() -> None:
    from arbitro.federations.fma.mayor import check_playoff_start

    last = dt.date(2026, 11, 20)
    assert check_playoff_start(Playoff(start=dt.date(2026, 11, 27)), last) is None
    late = check_playoff_start(Playoff(start=dt.date(2026, 11, 28)), last)
    assert late is not None and late.article == "FMA Anexo III III.2"
    assert check_playoff_start(Playoff(), last) is None
