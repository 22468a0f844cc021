"""FIDE mode: what the FIDE rules forbid, each rule a small function.

FIDE mode is on by default (C.04.A VCL.01; C.02 Technical Acceptance). The
service calls these checks while ``state.fide_mode`` is true; each raises
:class:`~arbitro.errors.ArbitroError` naming the rule. Rules enforced
elsewhere: results (VCL.13/14, :mod:`arbitro.tournament.results`), pairing
numbers after round 4 (C.04.2 2.3, :mod:`arbitro.tournament.numbers`),
prohibited pairings after round 1 and leaving FIDE mode (the service).
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import ArbitroError
from arbitro.model import ScoringSystem
from arbitro.pairing.berger import rounds_for
from arbitro.tournament.state import Game, TournamentState, pairing_system

__all__ = [
    "BUCHHOLZ_FAMILY",
    "check_manual_pairing",
    "check_scoring",
    "check_tiebreaks",
    "counts_as_meeting",
]

#: The Buchholz family, which a round robin does not use (C.07; TEC checklist: "hide Buchholz").
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})

Pair = tuple[int, int]


def check_scoring(scoring: ScoringSystem) -> None:
    """TEC checklist (peers.md §3.2): two draws may not be worth more than a win plus a loss."""
    if 2 * scoring.draw > scoring.win + scoring.loss:
        raise ArbitroError(
            "scoring: two draws worth more than a win and a loss are refused in FIDE mode "
            f"(draw {scoring.draw}, win {scoring.win}, loss {scoring.loss})"
        )


def check_tiebreaks(system: str, tiebreaks: Sequence[str]) -> None:
    """The list must be readable (C.07 Art. 5, TRF-2026 ``202``); no Buchholz family in a round robin."""
    if not tiebreaks:
        return
    from arbitro.tiebreaks.spec import parse_tiebreak_list

    specs = parse_tiebreak_list(list(tiebreaks))
    if pairing_system(system).is_round_robin:
        bad = [spec.text for spec in specs if spec.code in BUCHHOLZ_FAMILY]
        if bad:
            raise ArbitroError(
                f"tie-breaks: {', '.join(bad)} belong to the Buchholz family, which FIDE mode does not use in a "
                "round robin (C.07)"
            )


def counts_as_meeting(game: Game) -> bool:
    """A game counts as a meeting unless it was forfeited (C.04.2 3.5: may be paired again)."""
    return not (game.white_code is not None and game.white_code.is_forfeit)


def check_manual_pairing(
    state: TournamentState, boards: Sequence[Pair], bye: int | None, number: int, published: bool, reason: str
) -> None:
    """A manual pairing of round ``number`` in FIDE mode.

    * C.04.2 4.4: a published pairing is changed only for a stated reason;
    * ``260``: prohibited pairings hold;
    * C.04.1 art. 2: no rematch of a game played over the board (the second
      cycle of a double round robin repeats the first, C.05 Annex 1);
    * C.04.1 art. 4: no second pairing-allocated bye (Swiss).
    """
    if published and not reason.strip():
        raise ArbitroError(
            f"change pairing: round {number} is published; FIDE mode needs the reason for changing it (C.04.2 4.4)"
        )
    for w, b in boards:
        for pp in state.header.prohibited_pairings:
            if w in pp.players and b in pp.players and pp.applies_to(number):
                raise ArbitroError(f"change pairing: {w} and {b} may not meet (prohibited pairing)")
    games = state.pairing_system.games_per_round  # a two-game match (C.04.5): the rounds before its game 1
    earlier = state.rounds[: number - (number - 1) % games - 1]
    cycle = rounds_for(len(state.header.players)) if state.is_double_round_robin else None
    for w, b in boards:
        for r in earlier:
            if cycle is not None and r.number <= cycle < number:
                continue
            game = r.game_of(w)
            if game is not None and b in game.players and counts_as_meeting(game):
                raise ArbitroError(
                    f"change pairing: {w} and {b} already played each other in round {r.number}; "
                    "FIDE mode refuses a rematch (C.04.1 art. 2)"
                )
    if bye is not None and not state.is_round_robin and any(r.bye == bye for r in earlier):
        raise ArbitroError(
            f"change pairing: player {bye} already had the pairing-allocated bye; FIDE mode refuses a second one "
            "(C.04.1 art. 4)"
        )
