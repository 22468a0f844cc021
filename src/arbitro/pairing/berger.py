"""Round robins: the FIDE Berger tables (C.05 Annex 1).

Rules (C.05 Annex 1, dutch-system.md §5.1):

* the tables are printed for an even number of players ``n``; in every pair
  the first number has White;
* with an odd number of players the table for ``n + 1`` is used and the
  highest number marks the free round (the player "paired" with it does not
  play that round);
* a double round robin repeats the first cycle with colours reversed; the
  last two rounds of the first cycle are swapped, so that nobody gets the same
  colour three times in a row.

The tables are generated from the closed form of dutch-system.md §5.2, which
reproduces the published FIDE tables (board order included).

Public API
----------
``berger_table(n, double=False)``
    All rounds of the table for ``n`` players as ``(white, black)`` pairs of
    pairing numbers, board order. For odd ``n`` the pairs include ``n + 1``,
    the free-round marker.
``round_pairing(start_ranks, round_number, double=False)``
    One round for the given players (in pairing-number order) as a
    :class:`~arbitro.pairing.types.RoundPairing`; the odd player's free round
    is :attr:`RoundPairing.bye` (scored as a zero-point ``Z`` round in the TRF,
    it is not a pairing-allocated bye).
``next_round_pairing(t)``
    The next round of a round-robin :class:`~arbitro.model.Tournament`: the
    first round without any recorded result.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.types import Board, RoundPairing

__all__ = [
    "NO_SWAP_NOTE",
    "berger_round",
    "berger_table",
    "is_double_round_robin",
    "next_round_pairing",
    "round_pairing",
    "rounds_for",
]

Pair = tuple[int, int]

#: The ``###`` line of a double round robin whose first cycle keeps its last two rounds in table order
#: (the arbiter's choice, VCL4THP Q98: the setting ``no_last_rounds_swap``; TRF-2026 has no record for it).
NO_SWAP_NOTE = "Double round robin: the last two rounds of cycle 1 are not swapped (arbiter's choice, C.05 Annex 1)"


def _table_size(n: int) -> int:
    """The even table size used for ``n`` players (C.05 Annex 1: odd ``n`` uses ``n + 1``)."""
    if n < 2:
        raise ArbitroError(f"a round robin needs at least 2 players, got {n}")
    return n + 1 if n % 2 else n


def rounds_for(n: int, double: bool = False) -> int:
    """Number of rounds of a round robin with ``n`` players (one or two cycles)."""
    size = _table_size(n)
    return (size - 1) * (2 if double else 1)


def berger_round(n: int, round_number: int) -> list[Pair]:
    """Round ``round_number`` of the single-cycle Berger table for even ``n`` (C.05 Annex 1).

    Closed form of dutch-system.md §5.2: with ``m = n - 1``, odd rounds start
    with ``(a, n)``, ``a = (r + 1) / 2``; even rounds with ``(n, a)``,
    ``a = n / 2 + r / 2``; board ``i + 1`` is ``(a + i, a - i)`` modulo ``m``.
    """
    if n < 2 or n % 2:
        raise ArbitroError(f"Berger tables are defined for an even number of players, got {n}")
    m = n - 1
    if not 1 <= round_number <= m:
        raise ArbitroError(f"a Berger table for {n} players has rounds 1-{m}, not {round_number}")
    if round_number % 2:
        a = (round_number + 1) // 2
        pairs: list[Pair] = [(a, n)]
    else:
        a = n // 2 + round_number // 2
        pairs = [(n, a)]
    for i in range(1, n // 2):
        white = (a - 1 + i) % m + 1
        black = (a - 1 - i) % m + 1
        pairs.append((white, black))
    return pairs


def berger_table(n: int, double: bool = False, swap_last: bool = True) -> list[list[tuple[int, int]]]:
    """The Berger table for ``n`` players (C.05 Annex 1), one list of pairs per round.

    Odd ``n`` uses the table for ``n + 1``; its pairs include ``n + 1``, the
    free-round marker. ``double=True`` gives two cycles: the first with its
    last two rounds swapped, the second the original rounds in order with
    colours reversed (C.05 Annex 1, dutch-system.md §5.3). ``swap_last=False``: the arbiter chose
    to keep the first cycle in table order (VCL4THP Q98; the double round robin's setting
    ``no_last_rounds_swap``).
    """
    size = _table_size(n)
    single = [berger_round(size, r) for r in range(1, size)]
    if not double:
        return single
    first = list(single)
    if swap_last and len(first) >= 2:
        first[-1], first[-2] = first[-2], first[-1]
    second = [[(black, white) for white, black in rnd] for rnd in single]
    return first + second


def round_pairing(
    start_ranks: Sequence[int], round_number: int, double: bool = False, *, swap_last: bool = True
) -> RoundPairing:
    """Round ``round_number`` for the players ``start_ranks`` (pairing-number order).

    Table number ``k`` is ``start_ranks[k - 1]``. For an odd number of
    players, the one meeting the free-round marker gets :attr:`RoundPairing.bye`.
    """
    n = len(start_ranks)
    total = rounds_for(n, double)
    if not 1 <= round_number <= total:
        raise ArbitroError(
            f"a {'double ' if double else ''}round robin of {n} players has rounds 1-{total}, "
            f"not {round_number}"
        )
    size = _table_size(n)
    pairs = berger_table(n, double, swap_last)[round_number - 1]
    boards: list[Board] = []
    bye: int | None = None
    for white, black in pairs:
        if size != n and size in (white, black):
            bye = start_ranks[(black if white == size else white) - 1]
            continue
        boards.append(Board(start_ranks[white - 1], start_ranks[black - 1]))
    return RoundPairing(round=round_number, boards=tuple(boards), bye=bye)


def is_double_round_robin(t: Tournament) -> bool:
    """True for a double round robin (``192`` code or ``092`` text containing DOUBLE)."""
    code = t.system.upper()
    if code:
        return "DOUBLE" in code
    return "DOUBLE" in t.type_text.upper()


def _recorded_rounds(t: Tournament) -> int:
    """The last round with a game in it (played or forfeited).

    A trailing column holding only byes (``0000 - Z``/``H``/``F``, absences
    known before the pairing, dutch-system.md §7.2) is input for the round to
    pair, not a paired round.
    """
    last = 0
    for player in t.players.values():
        for index, result in enumerate(player.results, start=1):
            if result.opponent is not None:
                last = max(last, index)
    return last


def next_round_pairing(t: Tournament, *, swap_last: bool = True) -> RoundPairing:
    """The Berger pairing of the first round of ``t`` without a recorded result (C.05 Annex 1).

    Pairing numbers are the start ranks in ascending order. Double round robin
    when ``192``/``092`` say so, or when ``142`` announces two cycles, or more
    than one cycle has already been played.
    """
    if not t.players:
        raise ArbitroError("the tournament has no players to pair")
    ranks = sorted(t.players)
    recorded = _recorded_rounds(t)
    single = rounds_for(len(ranks))
    # 192/092 say "double"; else the announced rounds (142) or the rounds already played reveal it
    double = is_double_round_robin(t) or t.rounds == 2 * single or recorded > single
    total = rounds_for(len(ranks), double)
    if t.rounds is not None and t.rounds != total:
        kind = "double round robin" if double else "round robin"
        raise ArbitroError(
            f"142: a {kind} of {len(ranks)} players has {total} rounds, but the file announces {t.rounds}"
        )
    round_number = recorded + 1
    if round_number > total:
        raise ArbitroError(f"all {total} rounds of the round robin are already paired")
    return round_pairing(ranks, round_number, double, swap_last=swap_last)
