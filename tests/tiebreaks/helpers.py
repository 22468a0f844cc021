"""Build small tournaments from a compact crosstable for the tie-break tests.

Each player is a string of round blocks separated by spaces: ``5w1`` (opponent
5, White, won), ``3b=``, ``2b0``, ``4w+`` / ``4b-`` (forfeits), ``U`` (PAB),
``F`` (full-point bye), ``H`` (half-point bye), ``Z`` (zero-point bye), ``.``
(not paired). Results must be given for both players of a game.
"""

from __future__ import annotations

import datetime as dt

from arbitro.model import Colour, Player, ResultCode, RoundResult, ScoringSystem, Tournament

__all__ = ["make_tournament"]


def _block(text: str) -> RoundResult:
    if text == ".":
        return RoundResult(None, None, ResultCode.NOT_PAIRED)
    if text in ("U", "F", "H", "Z"):
        return RoundResult(None, Colour.NONE, ResultCode(text))
    opponent, colour, code = int(text[:-2]), Colour(text[-2]), ResultCode(text[-1])
    return RoundResult(opponent, colour, code)


def make_tournament(
    rows: dict[int, str],
    *,
    ratings: dict[int, int] | None = None,
    start: dt.date | None = dt.date(2025, 5, 1),
    rounds: int | None = None,
    system: str = "FIDE_DUTCH",
    scoring: ScoringSystem | None = None,
) -> Tournament:
    t = Tournament(
        name="test", start_date=start, rounds=rounds, system=system, scoring=scoring or ScoringSystem()
    )
    for sr, text in rows.items():
        results = [_block(b) for b in text.split()]
        rating = (ratings or {}).get(sr, 2000 - 10 * sr)
        p = Player(start_rank=sr, name=f"Player {sr}", rating=rating, results=results)
        p.points = p.score(t.scoring)
        t.players[sr] = p
    for sr, p in t.players.items():  # the crosstable must be symmetric
        for r, res in enumerate(p.results):
            if res.opponent is not None:
                other = t.players[res.opponent].results[r]
                assert other.opponent == sr and other.code is res.code.mirrored, (sr, r + 1)
    return t
