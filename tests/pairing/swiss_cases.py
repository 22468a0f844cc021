"""Helpers for hand-made positions of the Swiss systems (not a test module)."""

from __future__ import annotations

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament


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
