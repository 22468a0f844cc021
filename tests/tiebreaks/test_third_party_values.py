"""Independent cross-check: values committed by lichess-org/scalachess for two real events.

``test-kit/src/test/resources/snapshot/tiebreak/uzchesscup.txt`` (SB, WIN, BWG, KS of the UzChess Cup
Masters 2025 round robin) and ``official_tournament.txt`` (BH-C1, BH, ARO-C1 of the Women's World Rapid
2024); reference/tiebreaks.md §9.3 notes that they equal the TEC checker's. The fixture files are
tests/fixtures/trf (rebuilt from the published games); players are matched by name.
"""

from __future__ import annotations

from decimal import Decimal

from tests.fixture_paths import FIXTURES

from arbitro.standings import compute_standings
from arbitro.trf import read_trf

UZCHESS = FIXTURES / "trf" / "uzchess-cup-2025-rr.trf"
WWR = FIXTURES / "trf" / "women-world-rapid-2024.trf"

# name: SB, WIN, BWG, KS
UZ_VALUES = {
    "Praggnanandhaa R": ("25.25", 4, 1, "3.5"),
    "Abdusattorov, Nodirbek": ("22.5", 4, 0, "3.0"),
    "Sindarov, Javokhir": ("22.25", 3, 1, "3.0"),
    "Erigaisi Arjun": ("21.5", 2, 2, "3.0"),
    "Maghsoodloo, Parham": ("20.5", 2, 1, "3.5"),
    "Rapport, Richard": ("18.75", 2, 2, "2.5"),
    "Yakubboev, Nodirbek": ("19.5", 2, 1, "2.5"),
    "Vokhidov, Shamsiddin": ("16.5", 2, 1, "2.5"),
    "Nepomniachtchi, Ian": ("16.0", 0, 0, "3.0"),
    "Aravindh, Chithambaram VR.": ("11.25", 0, 0, "1.5"),
}
# name: BH-C1, BH, ARO-C1
WWR_VALUES = {
    "Koneru, Humpy": ("63.0", "67.0", 2344),
    "Ju, Wenjun": ("75.0", "80.5", 2414),
    "Lagno, Kateryna": ("72.0", "77.0", 2381),
    "Khamdamova, Afruza": ("64.0", "68.0", 2410),
    "Cori T., Deysi": ("61.0", "61.5", 2347),
    "Paragua, Megan Althea": ("56.0", "59.0", 2327),
    "Noshin, Anjum": ("39.0", "39.5", 2094),
    "Berezovska , Svetlana": ("39.5", "40.5", 2021),
}


def test_uzchess_cup_round_robin_sb_win_bwg_ks_c07_art15() -> None:
    t = read_trf(UZCHESS)
    st = compute_standings(t, ["DE", "SB", "WIN", "BWG", "KS"])
    by_name = {t.players[r.start_rank].name.strip(): r for r in st.rows}
    for name, (sb, win, bwg, ks) in UZ_VALUES.items():
        v = by_name[name].values
        assert (v["SB"], v["WIN"], v["BWG"], v["KS"]) == (
            Decimal(sb),
            Decimal(win),
            Decimal(bwg),
            Decimal(ks),
        ), name


def test_women_world_rapid_buchholz_and_aro_cut_c07_8_1_14_1() -> None:
    t = read_trf(WWR)
    st = compute_standings(t, ["BH/C1", "BH", "ARO/C1"])
    by_name = {t.players[r.start_rank].name.strip(): r for r in st.rows}
    for name, (bhc1, bh, aro) in WWR_VALUES.items():
        v = by_name[name].values
        assert (v["BH/C1"], v["BH"], v["ARO/C1"]) == (Decimal(bhc1), Decimal(bh), Decimal(aro)), name
