"""Burstein system (C.04.4.2, 2026): bbpPairings v6.0.0 replays, its departures, the absolute criteria.

Fixtures in ``fixtures/burstein-bbp`` were written by ``bbpPairings.exe --burstein -g``
(seeds on their first line); the full set of 119 generated files is replayed
with ``-m slow`` from the folder tools/refprogs.py finds (``$ARBITRO_BURSTEIN_BBP``).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest
import refprogs  # tools/ (tests/conftest.py): the one finder of the reference programs

from arbitro.pairing.absolute import violations
from arbitro.pairing.burstein import BursteinOptions, bbp_default_acceleration, pair_round, seeding_rounds
from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.generator import GeneratorConfig, generate
from arbitro.pairing.registry import PairOptions, by_trf_code, get
from arbitro.pairing.system_check import check_system
from arbitro.trf import read_trf

HERE = Path(__file__).parent
FIXTURES = HERE / "fixtures" / "burstein-bbp"
DEPARTURES = HERE / "departures" / "burstein"
BBP = BursteinOptions.bbp()


def _replay(path: Path) -> list[int]:
    t = read_trf(path)
    return [
        rnd
        for rnd in range(1, t.played_rounds + 1)
        if not same_pairing(pair_round(t, rnd, BBP), recorded_pairing(t, rnd))
    ]


@pytest.mark.parametrize("name", sorted(p.name for p in FIXTURES.glob("*.trf")))
def test_bbp_generated_tournaments_replay_round_by_round(name: str) -> None:
    """bbpPairings v6.0.0 --burstein: every round (pairs, colours, PAB) re-paired from its history."""
    assert _replay(FIXTURES / name) == []


@pytest.mark.slow
def test_all_bbp_generated_tournaments_replay(request: pytest.FixtureRequest) -> None:
    """The whole generated set (119 files, 6-300 players, about 2 CPU minutes): only with ``-m slow``."""
    if "slow" not in (request.config.getoption("markexpr") or "") and not os.environ.get("ARBITRO_SLOW"):
        pytest.skip("full Burstein replay: run with -m slow (or ARBITRO_SLOW=1)")
    folder = refprogs.burstein_folder()
    files = sorted(folder.glob("*.trf"))
    if not files:
        pytest.skip(f"no bbpPairings Burstein files in {folder} (see tools/burstein_bbp_compare.py)")
    bad = {p.name: r for p in files if (r := _replay(p))}
    assert bad == {}


def _lines(name: str, options: BursteinOptions | None = None) -> list[str]:
    return pair_round(read_trf(DEPARTURES / name), None, options).as_bbp_lines()


def test_c04_4_2_1_8_index_is_buchholz_then_sb() -> None:
    """1.8: Buchholz, then Sonneborn-Berger, then TPN; bbp ranks by SB, Buchholz, Median (the old text).

    The bbp line is the output of ``bbpPairings.exe --burstein FILE -p``.
    """
    name = "c04-4-2-1-8-index-buchholz-then-sb.trf"
    assert _lines(name, BBP) == ["3", "3 5", "4 2", "1 0"]
    assert _lines(name, replace(BBP, index_sb_first=False)) == ["3", "3 5", "4 1", "2 0"]


def test_c04_4_2_1_6_seeding_rounds_are_paired_by_the_dutch_system() -> None:
    """1.6: round 1 of a 5-round event is a seeding round (Dutch); bbp pairs it by the Index."""
    name = "c04-4-2-1-6-seeding-rounds-dutch.trf"
    assert _lines(name, BBP) == ["3", "3 1", "2 6", "4 5"]  # bbpPairings.exe output
    assert _lines(name, replace(BBP, no_seeding_rounds=False)) == ["3", "4 1", "2 5", "6 3"]
    assert _lines(name) == ["3", "4 1", "2 5", "6 3"]


def test_c04_7_no_acceleration_unless_announced() -> None:
    """C.04.7 Preface / C.04.2 1.1: no virtual points unless announced; bbp adds the old Burstein default."""
    name = "c04-7-no-default-acceleration.trf"
    assert _lines(name, BBP) == ["3", "3 1", "2 6", "4 5"]  # bbpPairings.exe output
    assert _lines(name, replace(BBP, default_acceleration=False)) == ["3", "6 1", "2 5", "4 3"]


def test_c04_4_2_3_1_3_pab_to_the_player_with_most_games_played() -> None:
    """3.1.3: among the lowest scores the PAB goes to the player with more games; bbp takes the lowest-ranked.

    bbpPairings.exe aborts on this file (any round with a PAB may crash it:
    burstein.cpp reuses a vector iterator after ``erase``); the bbp line is its
    algorithm as replayed on the generated files.
    """
    name = "c04-4-2-3-1-3-pab-most-games-played.trf"
    assert _lines(name, BBP) == ["3", "1 4", "3 2", "5 0"]
    assert _lines(name, replace(BBP, bye_without_completion=False)) == ["3", "1 5", "3 2", "4 0"]


def test_c04_1_art4_no_pab_after_a_full_point_bye() -> None:
    """C.04.1 art. 4 (2026) / [C2]: player 5 scored a win's points by a full-point bye in round 1.

    bbp's pre-2025 rule bars only an earlier PAB or forfeit win and gives 5 the PAB
    (``bbpPairings.exe --burstein FILE -p`` prints exactly the bbp line).
    """
    name = "c04-1-4-pab-after-full-point-bye.trf"
    assert _lines(name, BBP) == ["3", "4 1", "2 3", "5 0"]
    assert _lines(name, replace(BBP, bye_pre_2025=False)) == ["3", "4 1", "2 5", "3 0"]
    assert _lines(name) == ["3", "4 1", "2 5", "3 0"]


def test_seeding_rounds_count() -> None:
    """1.6.2: min(R/2, 4) seeding rounds."""
    assert [seeding_rounds(r) for r in (1, 2, 5, 7, 9, 11)] == [0, 1, 2, 3, 4, 4]


def test_bbp_default_acceleration_is_the_top_half_in_rounds_one_and_two() -> None:
    t = read_trf(DEPARTURES / "c04-7-no-default-acceleration.trf")
    assert sorted(bbp_default_acceleration(t, 1)) == [1, 2, 3]
    assert bbp_default_acceleration(t, 3) == {}


def test_registry_codes_and_engine() -> None:
    system = get("burstein")
    assert system.article == "C.04.4.2"
    assert by_trf_code("FIDE_BURSTEIN") is system
    t = read_trf(FIXTURES / "b3.trf")
    assert system.pair(t, 3, PairOptions(bbp_compat=True)) == pair_round(t, 3, BBP)


def _generated(seed: int, players: int, rounds: int) -> GeneratorConfig:
    return GeneratorConfig(
        {
            "PlayersNumber": players,
            "RoundsNumber": rounds,
            "ForfeitRate": 8,
            "RetiredRate": 9,
            "HalfPointByeRate": 7,
            "DrawPercentage": 30,
        }
    )


@pytest.mark.parametrize("seed", range(1, 16))
def test_absolute_criteria_and_checker_on_generated_tournaments(seed: int) -> None:
    """C.04.1 arts. 2, 4, 6, 7 on Arbitro-generated Burstein events; the checker accepts every round."""
    system = get("burstein")
    t = generate(
        _generated(seed, 7 + 3 * seed, 7),
        seed,
        pair=lambda t, rnd: system.pair(t, rnd, PairOptions()),
        system=system.trf_code,
    )
    assert violations(t) == []
    assert all(c.agrees for c in check_system(t, system))


def test_c04_4_2_2_3_2_c6_outgoing_floater_of_least_score() -> None:
    """2.3.2 [C6]: minimise the scores (in descending order) of a bracket's outgoing floaters.

    Round 8 of a bbp-generated 26-player event (10 rounds, so past the seeding rounds). Player 2
    (5.5 points) comes down into the 4.5 bracket, which has an odd number of players: one of them
    floats again. bbp (the pre-2026 text, no [C6]) floats whoever its 4.3 order leaves over, player 2,
    who meets 16 (4.0); [C6] floats a 4.5 resident instead (17, who meets 16) and 2 plays 10 (4.5).
    The bbp lines are the output of ``bbpPairings.exe --burstein FILE -p``.
    """
    name = "c04-4-2-2-3-2-c6-floater-of-least-score.trf"
    bbp = [
        "13",
        "25 5",
        "2 16",
        "4 7",
        "10 17",
        "8 22",
        "3 26",
        "14 11",
        "6 9",
        "1 21",
        "13 24",
        "18 19",
        "12 15",
        "20 23",
    ]
    assert _lines(name, BBP) == bbp
    c6 = [
        "13",
        "25 5",
        "2 10",
        "4 7",
        "16 17",
        "8 22",
        "3 26",
        "14 11",
        "6 9",
        "1 21",
        "13 24",
        "18 19",
        "12 15",
        "20 23",
    ]
    assert _lines(name, replace(BBP, floaters_by_order=False)) == c6
    assert _lines(name) == c6


def test_c04_4_2_2_3_2_c7_floater_chosen_for_the_next_brackets_c6() -> None:
    """2.3.2 [C7]: choose the outgoing floaters so that the next bracket complies with [C1]-[C6].

    A hand-made round 3 of 5 (past the seeding rounds, 1.6): A, B, C on 2 points (Index in that
    order), X1-X3 on 1.5 and B all with an absolute black preference (so no two of them can meet,
    [C3]), Y1-Y3 on 1.0 with an absolute white one. The 1.5 group cannot be paired alone and is
    merged with the 1.0 group (phase 1). One of A, B, C floats; [C5], [C6] and [C8] of the top
    bracket do not choose between B and C. If B floats (bbp, and 4.3's order), B can only meet a
    Y, so one X must float on (1.5 points); if C floats, C meets X1 and the next bracket floats a
    Y (1.0): its own [C6] holds, so [C7] floats C. The bbp line is the output of
    ``bbpPairings.exe --burstein FILE -p``.
    """
    name = "c04-4-2-2-3-2-c7-next-bracket-c6.trf"
    bbp = ["8", "1 3", "7 2", "9 4", "8 6", "15 5", "11 12", "13 14", "16 10"]
    assert _lines(name, BBP) == bbp
    c7 = ["8", "1 2", "3 4", "7 5", "8 6", "9 12", "11 14", "13 15", "16 10"]
    assert _lines(name) == c7
    assert _lines(name, replace(BursteinOptions(), full_search=True)) == c7
    without = ["8", "1 3", "7 2", "9 4", "8 6", "13 5", "11 14", "15 12", "16 10"]
    assert _lines(name, replace(BursteinOptions(), next_bracket_ignored=True)) == without
