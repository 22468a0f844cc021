"""Unplayed rounds (C.07 Art. 16, Swiss; Art. 15, pre-determined pairings).

Categories of a participant's unplayed rounds (16.2):

* 16.2.1 pairing-allocated bye (PAB) and full-point bye;
* 16.2.2 forfeit win;
* 16.2.3 requested bye (half- or zero-point) followed later by a round that is
  not a voluntary unplayed round;
* 16.2.4 forfeit loss;
* 16.2.5 requested bye not followed by any such round: the end of the
  participant's tournament, including withdrawal (rounds after a withdrawal
  are zero-point byes, 16.1.1).

Voluntary unplayed rounds (VUR, 16.1.2) are the requested byes and the
forfeit losses: categories 16.2.3, 16.2.4 and 16.2.5.

Scores are integers in units of ``1 / scale`` points (see :mod:`.context`).
"""

from __future__ import annotations

from arbitro.model import ResultCode, RoundResult

__all__ = [
    "BYE_FINAL",
    "BYE_RETURNED",
    "CATEGORY_ARTICLE",
    "FORFEIT_LOSS",
    "FORFEIT_WIN",
    "FULL_BYE",
    "PAB",
    "PLAYED",
    "VOLUNTARY",
    "adjusted_score",
    "categorise",
    "dummy_score",
    "raw_kind",
]

PLAYED = 0  # over the board against an opponent
PAB = 1  # 16.2.1 pairing-allocated bye
FULL_BYE = 2  # 16.2.1 full-point bye
FORFEIT_WIN = 3  # 16.2.2
BYE_RETURNED = 4  # 16.2.3 requested bye, the participant came back later
FORFEIT_LOSS = 5  # 16.2.4
BYE_FINAL = 6  # 16.2.5 requested bye / withdrawal to the end
_REQUESTED = 7  # requested bye before its position is known

#: The article defining each category, for explanations.
CATEGORY_ARTICLE: dict[int, str] = {
    PLAYED: "played",
    PAB: "16.2.1 pairing-allocated bye",
    FULL_BYE: "16.2.1 full-point bye",
    FORFEIT_WIN: "16.2.2 forfeit win",
    BYE_RETURNED: "16.2.3 requested bye (participant returned)",
    FORFEIT_LOSS: "16.2.4 forfeit loss",
    BYE_FINAL: "16.2.5 requested bye / withdrawal to the end",
}

#: Voluntary unplayed rounds (16.1.2).
VOLUNTARY: frozenset[int] = frozenset({BYE_RETURNED, FORFEIT_LOSS, BYE_FINAL})

_BYE_WIN_CODES = frozenset({ResultCode.PAIRING_BYE, ResultCode.FULL_BYE, ResultCode.FORFEIT_WIN})


def raw_kind(result: RoundResult | None, win_points: bool) -> int:
    """Classify one round before the 16.2.3 / 16.2.5 split (C.07 16.2; trf.md §3.3).

    ``win_points`` tells whether the round was awarded the points of a win
    (used for byes written with a game code and no opponent).
    """
    if result is None:
        return _REQUESTED  # not paired: a zero-point bye (16.1.1)
    code = result.code
    if result.opponent is not None:
        if code.is_played:
            return PLAYED
        if code is ResultCode.FORFEIT_WIN:
            return FORFEIT_WIN
        return FORFEIT_LOSS  # "-" and a paired round without a result
    if code is ResultCode.PAIRING_BYE or (code.is_played and not win_points):
        return PAB  # "U" (also a game code without opponent, as the TEC checker reads it)
    if code in _BYE_WIN_CODES or win_points:
        return FULL_BYE  # "F", "+" without opponent
    return _REQUESTED  # "H", "Z", "-" without opponent, blank


def categorise(kinds: list[int]) -> list[int]:
    """Split requested byes into 16.2.3 (a non-VUR round follows) and 16.2.5 (none follows)."""
    out = list(kinds)
    returned = False  # a non-VUR round lies ahead
    for r in range(len(out) - 1, -1, -1):
        k = out[r]
        if k == _REQUESTED:
            out[r] = BYE_RETURNED if returned else BYE_FINAL
        elif k not in VOLUNTARY:
            returned = True
    return out


def adjusted_score(points: list[int], kinds: list[int], draw: int, round_robin: bool) -> int:
    """The participant's score as used in the opponents' tie-breaks (16.3).

    16.3.1: rounds of categories 16.2.1 to 16.2.4 count the points awarded.
    16.3.2: rounds of category 16.2.5 are evaluated as draws. In a round robin
    (Art. 15) the points awarded count.
    """
    if round_robin:
        return sum(points)
    total = 0
    for p, k in zip(points, kinds, strict=True):
        total += draw if k == BYE_FINAL else p
    return total


def dummy_score(own: int, opponent_adjusted: int | None, draw: int, rounds: int, version: str) -> int:
    """Score of the dummy opponent of one of the participant's own unplayed rounds (16.4).

    2024: the dummy ends with the participant's own final score. 2026: that
    score, but at most the scheduled opponent's adjusted score for a forfeit
    (16.4.1), and at most a draw in every round for any other unplayed round
    (16.4.2).
    """
    if version == "2024":
        return own
    if opponent_adjusted is not None:
        return min(own, opponent_adjusted)
    return min(own, draw * rounds)
