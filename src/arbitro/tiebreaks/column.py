"""What a tie-break computes: a column of exact values, and the explanation of one value."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbitro.tiebreaks.spec import TiebreakSpec

__all__ = ["Column", "Contribution", "Explanation", "decimals_for", "to_decimal"]


@dataclass(slots=True)
class Column:
    """Values of one tie-break for every player (index order), as integers over ``denominator``.

    ``None`` is "no value" (e.g. AOB of a player without a game over the
    board); it ranks after every value. ``descending`` is True when a higher
    value ranks higher.
    """

    spec: TiebreakSpec
    values: list[int | None]
    denominator: int
    decimals: int
    descending: bool = True

    def decimal(self, i: int) -> Decimal | None:
        v = self.values[i]
        return None if v is None else to_decimal(v, self.denominator, self.decimals)

    def decimals_list(self) -> list[Decimal | None]:
        """Every value as a Decimal (converted once per distinct value)."""
        memo: dict[int, Decimal] = {}
        out: list[Decimal | None] = []
        for v in self.values:
            if v is None:
                out.append(None)
                continue
            d = memo.get(v)
            if d is None:
                d = memo[v] = to_decimal(v, self.denominator, self.decimals)
            out.append(d)
        return out


@dataclass(frozen=True, slots=True)
class Contribution:
    """One round's part in a value: what it contributed, whether it was cut, and why."""

    round: int
    opponent: int | None  # start rank, None for a bye / dummy
    value: Decimal | None
    cut: bool = False
    note: str = ""


@dataclass(frozen=True, slots=True)
class Explanation:
    """How one tie-break value of one player was obtained."""

    code: str
    start_rank: int
    value: Decimal | None
    contributions: tuple[Contribution, ...] = ()
    note: str = ""

    def as_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "start_rank": self.start_rank,
            "value": None if self.value is None else str(self.value),
            "note": self.note,
            "rounds": [
                {
                    "round": c.round,
                    "opponent": c.opponent,
                    "value": None if c.value is None else str(c.value),
                    "cut": c.cut,
                    "note": c.note,
                }
                for c in self.contributions
            ],
        }


def _exact_decimals(denominator: int) -> int:
    """Digits needed to write 1/denominator exactly (denominator = 2^a 5^b), else 2."""
    d = denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    return max(twos, fives) if d == 1 else 2


def decimals_for(default: int, denominator: int) -> int:
    """Printed decimals: the tie-break's usual precision, more only if the value needs it."""
    return max(default, _exact_decimals(denominator))


def to_decimal(value: int, denominator: int, decimals: int) -> Decimal:
    """``value / denominator`` as a Decimal with ``decimals`` places (exact for 2^a 5^b denominators)."""
    q = Decimal(value) / Decimal(denominator)
    return q.quantize(Decimal(1).scaleb(-decimals))
