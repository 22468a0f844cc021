"""What a pairing system returns for one round (shared by Dutch and Berger)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Board:
    """One game of a round: start ranks of White and Black."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round.

    ``boards`` are in board order (C.04.2 / bbpPairings ``sortResults``).
    ``bye`` is the player who receives the pairing-allocated bye, if any.
    ``unpaired`` are players left out of the pairing on purpose (requested
    byes, withdrawn players), with the bye kind ``F``/``H``/``Z``.
    """

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    unpaired: dict[int, str] = field(default_factory=dict)

    def as_bbp_lines(self) -> list[str]:
        """The bbpPairings ``-p`` output: number of pairs, then ``white black`` per board, bye as ``N 0``."""
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria (bbpPairings exit code 1)."""
