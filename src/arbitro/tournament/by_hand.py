"""A round made by hand when the engine proves that none exists (VCL4THP Q63-Q69).

When the pairing engine proves that no pairing of the next round satisfies the absolute criteria
(C.04.1 art. 2-4; C.04.3 [C1]-[C3]), the event must still be finished: FIDE's acceptance checklist
asks for a manual pairing session to make that round (Q63), with its start and end clear (Q65),
the pairing checked against the engine at its end (Q66-Q68) and confirmed at Level 3, showing
what it breaks (Q69). This module holds the pure parts of that session:

* :func:`cover_problems`: every player of the round is on one board, gets the bye, or is absent
  (withdrawn, or with a requested bye) -- the same rule as a manual change of a paired round;
* :func:`round_breaches`: what the hand-made round breaks of the absolute criteria (rematch,
  prohibited pairing, second pairing-allocated bye; colour rules as warnings), as coded messages;
* :func:`session_note`: the ``### MPA @ Round n`` line that opens and closes the session in the
  report, so that ``arbitro check`` names the round as paired by hand.

The service (:meth:`arbitro.tournament.service.TournamentService.pair_round_by_hand`) runs it.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import ArbitroError, Message, msg
from arbitro.tournament.fide import check_manual_pairing, colour_warnings
from arbitro.tournament.state import TournamentState

Pair = tuple[int, int]


def cover_problems(
    state: TournamentState, number: int, boards: Sequence[Pair], bye: int | None, absent: dict[int, str]
) -> list[Message]:
    """Why ``boards`` and ``bye`` do not make round ``number`` (empty when they do).

    ``absent``: players who are not paired this round (withdrawn, or a requested bye); one of them
    may still be put on a board (C.04.2 4.4: they agreed to play).
    """
    problems: list[Message] = []
    seen: list[int] = [p for pair in boards for p in pair] + ([bye] if bye is not None else [])
    for p in sorted(set(seen)):
        if p not in state.header.players:
            problems.append(msg("by_hand.unknown", "round by hand: there is no player {player}", player=p))
        elif state.is_withdrawn(p, number):
            problems.append(msg("by_hand.withdrawn", "round by hand: player {player} has withdrawn", player=p))
    twice = sorted({p for p in seen if seen.count(p) > 1})
    if twice:
        problems.append(
            msg("by_hand.twice", "round by hand: player(s) {players} appear more than once", players=", ".join(map(str, twice)))
        )
    if any(w == b for w, b in boards):
        problems.append(msg("by_hand.self", "round by hand: a player cannot play himself"))
    left = sorted(set(state.header.players) - set(seen) - set(absent))
    if left:
        problems.append(
            msg(
                "by_hand.left_out",
                "round by hand: player(s) {players} would be left without a game or bye",
                players=", ".join(map(str, left)),
            )
        )
    return problems


def round_breaches(state: TournamentState, number: int, boards: Sequence[Pair], bye: int | None) -> list[Message]:
    """What the hand-made round ``number`` breaks: each board and the bye alone against C.04.1, then colours.

    The FIDE-mode refusals of a manual change (:func:`arbitro.tournament.fide.check_manual_pairing`:
    prohibited pairing, rematch C.04.1 art. 2, second pairing-allocated bye art. 4) become the
    list the arbiter confirms; the colour rules (art. 6-7) are added as they are warned about.
    """
    found: list[Message] = []
    for pair, one_bye in [*(([p], None) for p in boards), *([([], bye)] if bye is not None else [])]:
        try:
            check_manual_pairing(state, pair, one_bye, number, False, "round by hand")
        except ArbitroError as err:
            found.append(_breach(err))
    found.extend(colour_warnings(state, boards, number))
    return found


def _breach(err: ArbitroError) -> Message:
    """A refusal of a manual change, said as what the hand-made round breaks."""
    p = dict(err.params)
    if err.code == "change.rematch":
        return msg("by_hand.rematch", "{white}-{black} is a rematch of round {round} (C.04.1 art. 2)", **p)
    if err.code == "change.prohibited":
        return msg("by_hand.prohibited", "{white}-{black} is a prohibited pairing (TRF-2026 260)", **p)
    if err.code == "change.second_pab":
        return msg("by_hand.second_pab", "player {player} gets a second pairing-allocated bye (C.04.1 art. 4)", **p)
    return msg("by_hand.breach", "round by hand breaks: {what}", what=str(err))


def session_note(
    number: int, boards: Sequence[Pair], bye: int | None, why: str, breaches: Sequence[str], *, author: str, reason: str
) -> str:
    """The ``MPA @ Round n`` line of a manual pairing session (written as ``###`` into the report)."""
    shown = " ".join(f"{w}-{b}" for w, b in boards) + (f" bye {bye}" if bye is not None else "")
    note = (
        f"MPA @ Round {number}: manual pairing session (no valid pairing exists: {why}); "
        f"engine none; manual {shown}"
    )
    if breaches:
        note += "; breaks " + " | ".join(breaches)
    if author:
        note += f"; by {author}"
    if reason:
        note += f"; reason: {reason}"
    return note
