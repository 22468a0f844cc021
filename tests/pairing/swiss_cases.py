"""Helpers for hand-made positions of the Swiss systems (not a test module)."""

from __future__ import annotations

import random

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.generator import GeneratorConfig
from arbitro.pairing.types import RoundPairing


def field(n: int, rounds: int = 5, colour: Colour = Colour.WHITE, system: str = "") -> Tournament:
    """``n`` players rated 2500, 2490, ... in TPN order."""
    t = Tournament(rounds=rounds, initial_colour=colour, system=system)
    for i in range(1, n + 1):
        t.players[i] = Player(start_rank=i, name=f"P{i}", rating=2500 - 10 * (i - 1))
    return t


def play(t: Tournament, white: int, black: int, code: ResultCode) -> None:
    """One game, ``code`` from White's side."""
    t.players[white].results.append(RoundResult(black, Colour.WHITE, code))
    t.players[black].results.append(RoundResult(white, Colour.BLACK, code.mirrored))


def bye(t: Tournament, rank: int, code: ResultCode = ResultCode.PAIRING_BYE) -> None:
    t.players[rank].results.append(RoundResult(None, Colour.NONE, code))


def two_whites_each(rounds: int = 5) -> Tournament:
    """Six players after two rounds; 1 and 2 (2 points each) both had White twice (absolute Black)."""
    t = field(6, rounds=rounds)
    for white, black in ((1, 4), (2, 5), (3, 6), (1, 5), (2, 6), (4, 3)):
        play(t, white, black, ResultCode.WIN)
    return t


def pairs_of(pairing: RoundPairing) -> set[frozenset[int]]:
    return {frozenset((b.white, b.black)) for b in pairing.boards}


def random_config(rng: random.Random, max_players: int = 40) -> GeneratorConfig:
    """A generator configuration drawn from ``rng``: forfeits, retirements, half-point byes."""
    return GeneratorConfig(
        {
            "PlayersNumber": rng.randint(5, max_players),
            "RoundsNumber": rng.randint(3, 9),
            "DrawPercentage": rng.randint(10, 50),
            "ForfeitRate": rng.randint(6, 30),
            "RetiredRate": rng.randint(6, 40),
            "HalfPointByeRate": rng.randint(5, 40),
        }
    )
