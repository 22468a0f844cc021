"""How many games a norm needs, and how many it counts for towards a title.

Each norm is judged by the edition in force when its tournament started
(B.01 2017 0.22); the figures are the norm evaluator's
(:mod:`arbitro.titles.editions`). The count towards the application total is:

1. the games of the norm (``counts_as`` replaces everything for championship
   norms such as an Olympiad "20-game norm", B.01 1.24 tables);
2. an 8-game World Cup / Women's World Championship norm counts as 9
   (2017 1.41a; 2005 gives 8 games and no conversion);
3. an 8-game norm in 9 rounds after a forfeit win (2024: or a pairing-allocated
   bye) counts as 9 under 2024 1.4.1c, once per application; under 2017 1.51 it
   counts as 8 but the application then needs only 26 games;
4. plus the whole points by which the player exceeded the norm requirement
   (2005/2017 1.41c, 2024 1.4.1d);
5. capped at 13 games (2017 1.7 summary, 2024 1.7) where the norm's edition has
   the cap (the 2005 text has none), after the extension.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from arbitro.titles.application.records import NormRecord
from arbitro.titles.editions import Edition, get_edition

__all__ = ["GameCount", "count_games", "excess_points", "minimum_games", "required_score"]


@dataclass(frozen=True, slots=True)
class GameCount:
    """The games one norm contributes to one title application, with the steps taken."""

    entry: str
    title: str
    games: int
    counted: int
    steps: tuple[str, ...]
    forfeit_concession: str = ""  # "", "counts_9" or "total_26": the one-per-application concession used
    excess_known: bool = True
    #: the most it could count when the extra games are unknown (the cap; None = no cap)
    at_most: int | None = None


def _cite(e: Edition, rule: str) -> str:
    return f"B.01 ({e.code}) {e.articles.get(rule, rule)}"


def eight_of_nine_allowed(norm: NormRecord) -> bool:
    """The record is an 8-of-9 norm of a kind its edition accepts (2017 1.51: forfeit win; 2024 1.4.1c: or PAB)."""
    return bool(norm.eight_of_nine) and norm.eight_of_nine in get_edition(norm.edition).eight_of_nine_codes


def minimum_games(norm: NormRecord) -> tuple[int, str]:
    """The minimum number of games for ``norm`` under its edition, and why.

    B.01 2005 1.41a-b, 2017 1.41a, 2024 1.4.1a-c: 9 games; 7 in a 7-round
    World/Continental team championship; 8 (2005) or 7 (2017 on) in an 8- or
    9-round one; 8 in the World Cup / Women's World Championship; 8 in 9 rounds
    after a forfeit win (2017 1.51) or a pairing-allocated bye (2024 1.4.1c).
    """
    e = get_edition(norm.edition)
    t = norm.tournament
    if t.team_championship and t.rounds in e.team_min_games:
        need = e.team_min_games[t.rounds]
        return need, f"{_cite(e, 'team_games')}: {need} games in a {t.rounds}-round team championship"
    if t.world_cup:
        need = e.world_cup_min_games
        return need, f"{_cite(e, 'team_games')}: {need} games in the World Cup / Women's World Championship"
    if eight_of_nine_allowed(norm):
        return (
            8,
            f"{_cite(e, 'eight_of_nine')}: 8 games played in 9 rounds, the other one a forfeit win or bye",
        )
    return e.min_games, f"{_cite(e, 'min_games')}: at least {e.min_games} games"


@lru_cache(maxsize=4096)
def required_score(ra: int, games: int, title: str, edition: str) -> Fraction | None:
    """The least score (in half points) giving the title performance at average ``ra``.

    Rp = Ra + dp (2017 1.48, 2024 1.4.8-1.4.9; p rounded to a whole percent,
    0.5 up) must reach the edition's minimum, and the score must be at least
    35 % exactly (1.22 / 1.4.8b). ``None`` when no score out of ``games`` is enough.
    """
    from arbitro.ratings import dp_from_percent

    rp_min = get_edition(edition).thresholds[title].rp_min
    for halves in range(0, 2 * games + 1):
        if 100 * halves < 70 * games:  # below 35 %
            continue
        percent = (100 * halves + games) // (2 * games)  # round half up of 100 * (halves / 2) / games
        if ra + dp_from_percent(percent) >= rp_min:
            return Fraction(halves, 2)
    return None


def excess_points(norm: NormRecord, title: str) -> int | None:
    """Whole points above the norm requirement for ``title`` (1.41c / 1.4.1d), or ``None`` if unknown.

    Taken from the record when given; otherwise computed from score, Ra and games
    with the B.02 dp table.
    """
    if title in norm.excess_points:
        return norm.excess_points[title]
    if norm.score is None or norm.ra is None or norm.games <= 0:
        return None
    needed = required_score(norm.ra, norm.games, title, norm.edition)
    if needed is None:
        return 0
    return max(0, math.floor(Fraction(int(norm.score * 2), 2) - needed))


def count_games(norm: NormRecord, title: str, *, concession_available: bool = True) -> GameCount:
    """Games ``norm`` counts for towards ``title`` (see the module docstring for the steps)."""
    e = get_edition(norm.edition)
    steps: list[str] = []
    if norm.counts_as is not None:
        reason = norm.counts_as_reason or "championship norm"
        steps.append(f"counts as {norm.counts_as} games ({reason}, B.01 ({e.code}) 1.24)")
        return GameCount(norm.entry, title, norm.games, norm.counts_as, tuple(steps))
    counted = norm.games
    steps.append(f"{norm.games} games")
    concession = ""
    if norm.tournament.world_cup and norm.games == 8 and e.code != "2005":
        counted = 9
        steps.append(
            f"World Cup / Women's World Championship 8-game norm counts as 9 ({_cite(e, 'team_games')})"
        )
    elif norm.games == 8 and eight_of_nine_allowed(norm):
        cite = _cite(e, "eight_of_nine")
        if not concession_available:
            steps.append(f"a second 8-of-9 norm: only one per application ({cite}); counts as 8")
        elif e.eight_of_nine_counts_as == 9:
            counted = 9
            concession = "counts_9"
            steps.append(f"8 games after a forfeit win or bye count as 9 ({cite})")
        else:
            concession = "total_26"
            steps.append(f"8-game norm after a forfeit win: 26 games suffice for the application ({cite})")
    excess = excess_points(norm, title)
    if not e.extra_games:
        pass
    elif excess is None:
        steps.append(f"extra games for points above the requirement unknown ({_cite(e, 'extra_games')})")
    elif excess > 0:
        counted += excess
        steps.append(f"+{excess} for whole points above the requirement ({_cite(e, 'extra_games')})")
    if e.games_cap is not None and counted > e.games_cap:
        steps.append(f"capped at {e.games_cap} games ({_cite(e, 'games_cap')})")
        counted = e.games_cap
    return GameCount(
        norm.entry,
        title,
        norm.games,
        counted,
        tuple(steps),
        forfeit_concession=concession,
        excess_known=excess is not None or not e.extra_games,
        at_most=counted if excess is not None or not e.extra_games else e.games_cap,
    )
