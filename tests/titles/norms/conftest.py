"""Builders for norm scenario tests: one applicant (start rank 1) and one opponent per round."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament


@dataclass
class Opp:
    """One round of the applicant: the opponent and the applicant's result code."""

    result: str  # 1 = 0 + - W D L, or U H F Z for a round without opponent
    rating: int = 2500
    title: str = "GM"
    fed: str = ""  # "" = a distinct federation per opponent
    sex: str = "m"


def build(
    rounds: Sequence[Opp],
    *,
    fed: str = "ESP",
    title: str = "",
    sex: str = "m",
    rating: int = 2450,
    system: str = "FIDE_DUTCH",
    start: dt.date | None = dt.date(2024, 5, 1),
    end: dt.date | None = None,
    host: str = "ESP",
    total_rounds: int | None = None,
    extra_players: Sequence[Player] = (),
) -> Tournament:
    t = Tournament(name="Norm test", federation=host, start_date=start, end_date=end, system=system)
    t.rounds = total_rounds if total_rounds is not None else len(rounds)
    me = Player(1, "Applicant", sex=sex, title=title, rating=rating, federation=fed)
    t.players[1] = me
    feds = ["FRA", "GER", "ITA", "NED", "ENG", "USA", "IND", "CHN", "HUN", "POL", "CZE", "SWE", "NOR", "DEN", "AUT", "SUI", "BEL", "POR", "IRL", "SCO"]
    rank = 2
    for i, o in enumerate(rounds):
        if o.result in ("U", "H", "F", "Z"):
            me.results.append(RoundResult(None, None, ResultCode(o.result)))
            continue
        p = Player(rank, f"Opponent {rank}", sex=o.sex, title=o.title, rating=o.rating, federation=o.fed or feds[i % len(feds)])
        code = ResultCode(o.result)
        colour = Colour.NONE if code.is_forfeit else (Colour.WHITE if i % 2 == 0 else Colour.BLACK)
        me.results.append(RoundResult(rank, colour, code))
        p.results = [RoundResult(None, None, ResultCode.NOT_PAIRED) for _ in range(i)]
        p.results.append(RoundResult(1, colour.opposite, code.mirrored))
        t.players[rank] = p
        rank += 1
    for p in extra_players:
        t.players[p.start_rank] = p
    return t


def games(n: int, score: float, *, rating: int = 2500, title: str = "GM") -> list[Opp]:
    """n games with ``score`` points: losses first, then draws, wins last."""
    half = round(score * 2)
    wins, draws = divmod(half, 2)
    res = ["0"] * (n - wins - draws) + ["="] * draws + ["1"] * wins
    return [Opp(r, rating, title) for r in res]


@pytest.fixture
def norm_event() -> Callable[..., Tournament]:
    return build


@pytest.fixture
def norm_games() -> Callable[..., list[Opp]]:
    return games


@pytest.fixture
def opp() -> Callable[..., Any]:
    return Opp


@pytest.fixture
def kit() -> Any:
    """The builders as one object: ``kit.build``, ``kit.games``, ``kit.Opp``."""
    from types import SimpleNamespace

    return SimpleNamespace(build=build, games=games, Opp=Opp)
