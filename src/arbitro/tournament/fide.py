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

from arbitro.errors import ArbitroError, Message, msg
from arbitro.model import ScoringSystem
from arbitro.pairing.berger import rounds_for
from arbitro.tournament.state import Game, TournamentState, pairing_system

__all__ = [
    "BUCHHOLZ_FAMILY",
    "check_manual_pairing",
    "check_scoring",
    "check_tiebreaks",
    "colour_warnings",
    "correctable_rounds",
    "counts_as_meeting",
]

#: The Buchholz family, which a round robin does not use (C.07; TEC checklist: "hide Buchholz").
BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB"})

Pair = tuple[int, int]


def check_scoring(scoring: ScoringSystem) -> None:
    """TEC checklist (peers.md §3.2): two draws may not be worth more than a win plus a loss."""
    if 2 * scoring.draw > scoring.win + scoring.loss:
        raise ArbitroError(
            msg(
                "fide.scoring",
                "scoring: two draws worth more than a win and a loss are refused in FIDE mode "
                "(draw {draw}, win {win}, loss {loss})",
                draw=scoring.draw, win=scoring.win, loss=scoring.loss,
            )
        )  # fmt: skip


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
                msg(
                    "fide.rr_buchholz",
                    "tie-breaks: {tiebreaks} belong to the Buchholz family, which FIDE mode does not use in a "
                    "round robin (C.07)",
                    tiebreaks=", ".join(bad),
                )
            )


def correctable_rounds(state: TournamentState) -> range:
    """The rounds whose results FIDE mode lets the arbiter correct: the last paired round and the one before.

    VCL4THP Q189-Q191 (acceptance checklist v13, as transcribed in
    ``fide-acceptance-vcl4thp.md``): the round before the last must be correctable
    (Q190), no earlier round (Q189/Q191 are hard fails); an older round is corrected
    for the rating report only (Q192, C.04.2 4.3). With two-game matches (C.04.5) a
    round is a match: the columns of the last two paired matches.
    """
    games = state.pairing_system.games_per_round
    last_match = (state.paired_rounds - 1) // games if state.paired_rounds else 0
    first_column = max(0, last_match - 1) * games + 1
    return range(first_column, state.paired_rounds + 1)


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
            msg(
                "change.reason",
                "change pairing: round {round} is published; FIDE mode needs the reason for changing it (C.04.2 4.4)",
                round=number,
            )
        )
    for w, b in boards:
        for pp in state.header.prohibited_pairings:
            if w in pp.players and b in pp.players and pp.applies_to(number):
                raise ArbitroError(msg("change.prohibited", "change pairing: {white} and {black} may not meet (prohibited pairing)", white=w, black=b))
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
                    msg(
                        "change.rematch",
                        "change pairing: {white} and {black} already played each other in round {round}; "
                        "FIDE mode refuses a rematch (C.04.1 art. 2)",
                        white=w,
                        black=b,
                        round=r.number,
                    )
                )
    if bye is not None and not state.is_round_robin and any(r.bye == bye for r in earlier):
        raise ArbitroError(
            msg(
                "change.second_pab",
                "change pairing: player {player} already had the pairing-allocated bye; FIDE mode refuses a second one "
                "(C.04.1 art. 4)",
                player=bye,
            )
        )


def colour_warnings(state: TournamentState, boards: Sequence[Pair], number: int) -> list[Message]:
    """What a manual pairing of round ``number`` breaks of the absolute colour rules (warnings, not refusals).

    Over the games played before the round (forfeits and byes do not count, C.04.3 1.6):

    * C.04.1 art. 6: the colour difference stays within -2..+2;
    * C.04.1 art. 7: never the same colour three times in a row.

    Together they are the Dutch [C3] (C.04.3 2.1.3): two players with the same absolute colour
    preference meet only as topscorers in the final round, where one of them breaks art. 6 or 7.
    C.04.1 (2026) lets a system make exceptions, so the arbiter is warned and decides.
    """
    games = state.pairing_system.games_per_round
    earlier = state.rounds[: number - (number - 1) % games - 1]

    def history(player: int) -> list[bool]:  # True: White, over played games
        out = []
        for r in earlier:
            game = r.game_of(player)
            if game is not None and game.has_result and counts_as_meeting(game):
                out.append(game.white == player)
        return out

    warnings: list[Message] = []
    for white, black in boards:
        for player, gets_white in ((white, True), (black, False)):
            past = history(player)
            diff = sum(1 if w else -1 for w in past) + (1 if gets_white else -1)
            colour = msg("colour.white", "White") if gets_white else msg("colour.black", "Black")
            shown = f"{diff:+d}"
            if abs(diff) > 2:
                warnings.append(
                    msg(
                        "change.colour_difference",
                        "change pairing: {name} ({player}) gets {colour} and a colour difference of {diff} "
                        "(C.04.1 art. 6 allows -2..+2)",
                        name=state.player(player).name, player=player, colour=colour, diff=shown,
                    )
                )  # fmt: skip
            if len(past) >= 2 and past[-1] == past[-2] == gets_white:
                warnings.append(
                    msg(
                        "change.colour_three",
                        "change pairing: {name} ({player}) gets {colour} for the third time in a row "
                        "(C.04.1 art. 7)",
                        name=state.player(player).name, player=player, colour=colour,
                    )
                )  # fmt: skip
    return warnings
