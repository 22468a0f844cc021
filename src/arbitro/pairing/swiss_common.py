"""What the 2026 Swiss systems other than Dutch share (C.04.1, C.04.2): state, PAB order, history, board order.

Dubov, Lim and Double-Swiss all assign the pairing-allocated bye before the
pairing (Dubov 3.1, Lim 1.1, Double-Swiss 3.4), keep a float history, and
publish boards in the order of C.04.2 3.6.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from arbitro.model import Colour, Tournament
from arbitro.pairing.bracket_swiss import BracketRules, pair_brackets
from arbitro.pairing.colours import board_key
from arbitro.pairing.dutch_state import DutchOptions, PlayerState, RoundState, build_state, points
from arbitro.pairing.types import Board, NoValidPairing, RoundPairing

__all__ = [
    "FloatHistory",
    "both_granted",
    "float_history",
    "pair_with_bye_first",
    "round_state",
    "same_absolute",
    "to_round_pairing",
]


def round_state(t: Tournament, round_number: int | None) -> RoundState:
    """The state before ``round_number`` (default: the next round), shared rules of C.04.1/C.04.2."""
    rnd = round_number if round_number is not None else t.played_rounds + 1
    if rnd < 1:
        raise ValueError(f"round number must be at least 1, got {rnd}")
    # Pairing-number parity (Dubov 5.2.1, Lim, Double-Swiss 4.3.1): the literal TPN of C.04.2 2.3,
    # never-paired absentees counted. The Dutch and Burstein engines take bbpPairings' and Gacrux's
    # reading since issue 35 (dutch-system.md §6.1 #3); these systems keep the literal one until an
    # independent engine of theirs is compared on it (docs/acceptance/discrepancies/departure-3.md).
    return build_state(t, rnd, DutchOptions.literal())


def both_granted(a: PlayerState, b: PlayerState) -> bool:
    """Both colour preferences can be granted (Dubov [C7], Lim 5)."""
    return a.pref is None or b.pref is None or a.pref is not b.pref


def same_absolute(a: PlayerState, b: PlayerState) -> bool:
    """The same absolute colour preference: such players never meet (Dubov [C3])."""
    return a.absolute and b.absolute and a.pref is b.pref


class FloatHistory:
    """Per player: rounds upfloated (paired against a higher score) and floats of the last round."""

    def __init__(self) -> None:
        self.upfloats: dict[int, int] = {}
        self.up_last: set[int] = set()
        self.float_last: set[int] = set()


def float_history(t: Tournament, played: int, *, played_only: bool = False) -> FloatHistory:
    """Floats by standings score before each round (C.04.4.1 1.8, C.04.5 1.5).

    ``played_only``: only games played over the board give floats, as C.04.3 1.4.2 (2026) defines
    them ("after two players with different scores have played each other"); Dubov reads it so
    (docs/decisions.md 2026-12-04). Otherwise every paired round counts, a forfeit too.
    """
    h = FloatHistory()
    running = {rank: 0 for rank in t.players}
    for k in range(played):
        before = dict(running)
        for rank, p in t.players.items():
            r = p.results[k] if k < len(p.results) else None
            if r is None:
                continue
            running[rank] += points(t.scoring.points(r.code))
            if r.opponent is None or r.opponent not in before or (played_only and not r.is_played):
                continue
            mine, theirs = before[rank], before[r.opponent]
            if mine < theirs:
                h.upfloats[rank] = h.upfloats.get(rank, 0) + 1
            if k == played - 1 and mine != theirs:
                h.float_last.add(rank)
                if mine < theirs:
                    h.up_last.add(rank)
    return h


def pair_with_bye_first(
    st: RoundState,
    candidates: Iterable[PlayerState],
    rules: BracketRules,
) -> tuple[list[tuple[PlayerState, PlayerState]], PlayerState | None]:
    """The PAB to the first candidate that leaves the others pairable, then the brackets."""
    players = st.players
    if len(players) % 2 == 0:
        return pair_brackets(players, st.forbidden, rules), None
    for bye in candidates:
        rest = [p for p in players if p is not bye]
        try:
            return pair_brackets(rest, st.forbidden, rules), bye
        except NoValidPairing:
            continue
    raise NoValidPairing("no player can receive the pairing-allocated bye and leave the others pairable")


def to_round_pairing(
    st: RoundState,
    pairs: list[tuple[PlayerState, PlayerState]],
    bye: PlayerState | None,
    colour: Callable[[PlayerState, PlayerState], Colour],
) -> RoundPairing:
    """Colours by the system's rule and boards in C.04.2 3.6 order."""
    boards = [(a, b) if colour(a, b) is Colour.WHITE else (b, a) for a, b in pairs]
    boards.sort(key=lambda wb: board_key(wb[0], wb[1]))
    return RoundPairing(
        round=st.round,
        boards=tuple(Board(w.id, b.id) for w, b in boards),
        bye=bye.id if bye is not None else None,
        unpaired=dict(sorted(st.unpaired.items())),
    )
