"""Property tests of C.04.6's absolute criteria over 2,000 generated team tournaments (issue 18).

For every round of every generated tournament (odd and even fields, forfeited boards and
whole-match forfeits, type A and B preferences, match or game points primary):

* [C1] art. 2.1.1 - no two teams meet twice (forfeited matches are no meeting);
* [C2] art. 2.1.2 - no PAB for a team that had one, won a match by forfeit, or had a full-point bye;
* every team available is paired exactly once; a PAB only with an odd number of teams;
* the pairing is reproducible: re-pairing every round from its own history gives the
  same matches, colours and bye (the checker).
"""

from __future__ import annotations

import pytest

from arbitro.teams.checker import absolute_violations, check_event
from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.model import ColourPreferenceType, PrimaryScore

CHUNKS = 8
PER_CHUNK = 250  # 2,000 tournaments


def _config(seed: int) -> GeneratorConfig:
    teams = 4 + seed % 13
    return GeneratorConfig(
        teams=teams,
        boards=2 + seed % 4,
        reserves=seed % 3,
        rounds=min(3 + seed % 7, teams + 1),
        seed=seed,
        board_forfeit=0.04 if seed % 2 else 0.0,
        match_forfeit=0.03 if seed % 3 == 0 else 0.0,
        colour_type=ColourPreferenceType.B if seed % 5 == 0 else ColourPreferenceType.A,
        primary=PrimaryScore.GAME if seed % 7 == 0 else PrimaryScore.MATCH,
        initial_colour="B" if seed % 4 == 1 else "W",
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_c0406_2_1_absolute_criteria_hold_on_generated_tournaments(chunk: int) -> None:
    rounds = 0
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        e = generate(_config(seed))
        assert absolute_violations(e) == [], seed
        rounds += e.played_rounds()
    assert rounds > PER_CHUNK * 2


@pytest.mark.parametrize("chunk", range(2))
def test_c0406_pairings_are_reproduced_by_the_checker(chunk: int) -> None:
    for seed in range(chunk * 100, (chunk + 1) * 100):
        e = generate(_config(seed))
        bad = [r.differences for r in check_event(e) if not r.ok]
        assert bad == [], seed


def test_checker_reports_a_pairing_the_engine_would_not_make() -> None:
    from dataclasses import replace

    from arbitro.teams.model import Match

    e = generate(GeneratorConfig(teams=8, rounds=4, seed=11, board_forfeit=0, match_forfeit=0))
    r2 = e.matches_of_round(2)
    a, b = r2[0], r2[1]
    swapped = [Match(2, a.white, b.white, a.games), Match(2, a.black, b.black, b.games)]
    tampered = replace(e, matches=[m for m in e.matches if m.round != 2] + swapped)
    bad = [r for r in check_event(tampered) if r.round == 2]
    assert bad and not bad[0].ok
    assert any("not paired by the engine" in d for d in bad[0].differences)
