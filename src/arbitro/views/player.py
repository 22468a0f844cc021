"""The player card: one player's rounds (opponent, colour, result) and points, and the running scores."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Colour, Player, Tournament
from arbitro.views.text import bye_kind, points_text, result_mark

__all__ = ["CardRow", "PlayerCard", "player_card", "scores_by_round"]


@dataclass(frozen=True, slots=True)
class CardRow:
    round: int
    opponent: Player | None  # None for a round without opponent
    colour: str  # "w", "b" or ""
    mark: str  # 1 ½ 0 + - or a bye's points (:func:`~arbitro.views.text.result_mark`)
    kind: str  # "" for a game, else the bye's label key (pab, full_bye, half_bye, zero_bye, absent)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: Player
    points: Decimal
    rows: list[CardRow]

    @property
    def points_text(self) -> str:
        return points_text(self.points)


def player_card(t: Tournament, start_rank: int) -> PlayerCard:
    """Every recorded round of one player, with the points computed from the results."""
    p = t.players.get(start_rank)
    if p is None:
        raise ArbitroError(f"player: no player with start rank {start_rank}")
    rows: list[CardRow] = []
    for number, r in enumerate(p.results, start=1):
        opponent = t.players.get(r.opponent) if r.opponent is not None else None
        colour = r.colour.value if r.colour in (Colour.WHITE, Colour.BLACK) and r.colour is not None else ""
        kind = "" if opponent is not None else bye_kind(r.code)
        rows.append(CardRow(number, opponent, colour, result_mark(r.code, t.scoring), kind))
    return PlayerCard(p, p.score(t.scoring), rows)


def scores_by_round(t: Tournament, rounds: int | None = None) -> dict[int, list[Decimal]]:
    """Cumulative score of every player after each round 1..``rounds``."""
    n = t.played_rounds if rounds is None else rounds
    out: dict[int, list[Decimal]] = {}
    for p in t.iter_players():
        total = Decimal(0)
        row: list[Decimal] = []
        for r in range(1, n + 1):
            res = p.result(r)
            if res is not None:
                total += t.scoring.points(res.code)
            row.append(total)
        out[p.start_rank] = row
    return out
