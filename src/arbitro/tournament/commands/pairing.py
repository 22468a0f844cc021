"""Pairing a round: by the system's engine or the Berger table, or by hand when no pairing exists.

Also the pairings prohibited in advance (TRF-2026 ``260``). What happens to a round once
paired (a change by hand, unpairing, publishing) is in :mod:`arbitro.tournament.commands.rounds`.
"""

from __future__ import annotations

from collections.abc import Sequence

from arbitro.errors import ArbitroError, Message, msg
from arbitro.limits import check_text
from arbitro.model import ResultCode
from arbitro.pairing import berger
from arbitro.pairing import settings as system_settings
from arbitro.pairing.types import NoValidPairing, RoundPairing
from arbitro.tournament import events as ev
from arbitro.tournament.by_hand import cover_problems, round_breaches, session_note
from arbitro.tournament.chess960 import draw_position, position_note, starting_rank
from arbitro.tournament.commands.core import ServiceCore, Tx
from arbitro.tournament.commands.numbering import number_players
from arbitro.tournament.events import Event
from arbitro.tournament.state import TournamentState

__all__ = ["PairingCommands", "setup_warnings"]


def _swaps_last_rounds(s: TournamentState) -> bool:
    """A double round robin: the last two rounds of cycle 1 swapped (the default), or not (VCL4THP Q98)."""
    return s.settings_in_force().get("no_last_rounds_swap") is not True


def setup_warnings(s: TournamentState) -> list[Message]:
    """What makes the announced set-up impossible to finish, said before round 1 is paired (VCL4THP Q62).

    A Swiss pairs no two players twice (C.04.1 b) and gives no player the pairing-allocated bye
    twice (C.04.1 c): with ``n`` players at most ``n - 1`` rounds (``n`` when ``n`` is odd, every
    player having the bye once) can be paired. A round robin's rounds follow from its players.
    """
    system = s.pairing_system
    if system.is_round_robin or s.total_rounds is None:
        return []
    players = len([p for p in s.header.players if not s.is_withdrawn(p, 1)])
    rounds = s.total_rounds // system.games_per_round
    possible = players if players % 2 else players - 1
    if players < 2 or rounds <= possible:
        return []
    return [
        msg(
            "setup.rounds_impossible",
            "set-up: {rounds} rounds are announced but {players} players can play at most {possible} rounds "
            "without meeting twice (C.04.1 b-c); the tournament cannot finish as announced (VCL4THP Q62)",
            rounds=rounds,
            players=players,
            possible=possible,
        )
    ]


class PairingCommands(ServiceCore):
    """``prohibit_pairing``, ``pair_next_round``, ``pair_round_by_hand``, ``set_chess960_position``."""

    def prohibit_pairing(
        self, players: Sequence[int], first_round: int | None = None, last_round: int | None = None
    ) -> list[Event]:
        """Players who must not meet (TRF-2026 ``260``), e.g. from the same family or club.

        TEC checklist (peers.md §3.2): a prohibition added after round 1 has been
        paired forces leaving FIDE mode, so FIDE mode refuses it.
        """
        s = self._require_open()
        if len(set(players)) < 2:
            raise ArbitroError("prohibit: name at least two different players")
        for p in players:
            s.player(p)
        if s.is_round_robin:
            raise ArbitroError("prohibit: a round robin's games are fixed by the Berger table")
        if first_round is not None and last_round is not None and first_round > last_round:
            raise ArbitroError(f"prohibit: rounds {first_round}-{last_round} are in the wrong order")
        if s.fide_mode and s.paired_rounds:
            raise ArbitroError(
                "prohibit: prohibited pairings added after round 1 has been paired are not allowed in FIDE mode; "
                "leave FIDE mode first"
            )
        if first_round is not None and first_round <= s.paired_rounds:
            raise ArbitroError(f"prohibit: round {first_round} is already paired")
        with self._tx() as tx:
            tx.emit(ev.PairingProhibited(players=tuple(sorted(players)), first_round=first_round, last_round=last_round))
        return list(tx.events)

    def pair_next_round(self, seed: int | None = None) -> list[Event]:
        """Pair the next round: the system's engine (registry) for a Swiss, the Berger table for a round robin.

        Refused while the previous round is missing results. Pairing numbers
        are assigned first if that has not been done (``seed`` for the lot).
        """
        s = self._require_open()
        self._check_settled_for_pairing(s)
        if len(s.header.players) < 2:
            raise ArbitroError(msg("pair.too_few", "pair: register at least 2 players first"))
        number = s.paired_rounds + 1
        if s.total_rounds is not None and number > s.total_rounds:
            raise ArbitroError(msg("pair.all_paired", "pair: all {total} rounds have been paired", total=s.total_rounds))
        with self._tx() as tx:
            self.warnings.extend(self._adjourned_warnings(s))
            if number == 1:
                self.warnings.extend(setup_warnings(s))  # VCL4THP Q62: before the start
            if not tx.state.numbers_assigned:
                number_players(tx, seed)
            st = tx.state
            system = st.pairing_system
            if system.is_round_robin:
                pairing = berger.round_pairing(
                    sorted(st.header.players), number, system.double, swap_last=_swaps_last_rounds(st)
                )
                unpaired: dict[int, str] = {}
            else:
                unpaired = {p: "Z" for p in st.header.players if st.is_withdrawn(p, number)}
                unpaired.update({p: k for (p, r), k in st.requested_byes.items() if r == number})
                pairing = self._pair_swiss(st, number)
                _check_cover(st, pairing, unpaired, number)
            engine = system.key
            boards = tuple((b.white, b.black) for b in pairing.boards)
            for game_index in range(system.games_per_round):
                # C.04.5 4.4: game 2 of a match with the colours of game 1 reversed, in its own TRF column
                tx.emit(
                    ev.RoundPaired(
                        round=number + game_index,
                        boards=boards if game_index % 2 == 0 else tuple((b, w) for w, b in boards),
                        bye=pairing.bye,
                        unpaired=tuple(sorted(unpaired.items())),
                        engine=engine,
                    )
                )
            _draw_chess960(tx, number, system.games_per_round)
            if st.is_round_robin:
                for index, game in enumerate(tx.state.round(number).boards, start=1):
                    gone = [tx.state.is_withdrawn(p, number) for p in game.players]
                    if any(gone):
                        white = ResultCode.FORFEIT_LOSS if gone[0] else ResultCode.FORFEIT_WIN
                        black = ResultCode.FORFEIT_LOSS if gone[1] else ResultCode.FORFEIT_WIN
                        tx.emit(ev.ResultEntered(round=number, board=index, white=white.value, black=black.value))
        return list(tx.events)

    def _check_settled_for_pairing(self, s: TournamentState) -> None:
        """Refuse to pair over a missing result (VCL4THP Q158 NO); an adjourned game does not block.

        A game adjourned or postponed counts as a draw for pairing, and only as a
        draw (Q167); pairing over one gives a Level-2 warning that names it (Q168).
        """
        games = s.pairing_system.games_per_round
        for rnd in s.rounds[-games:]:  # a two-game match (C.04.5): both games
            if not rnd.settled:
                missing = ", ".join(map(str, rnd.unsettled_boards()))
                raise ArbitroError(
                    msg(
                        "pair.incomplete",
                        "pair: round {round} is not complete: no result yet on board(s) {boards}",
                        round=rnd.number,
                        boards=missing,
                    )
                )

    @staticmethod
    def _adjourned_warnings(s: TournamentState) -> list[Message]:
        """Level 2 (acknowledge) before pairing over a game still adjourned (VCL4THP Q168)."""
        return [
            msg(
                    "pair.adjourned",
                    "round {round} board {board}: the game is adjourned; it counts as a draw for this pairing only "
                    "(VCL4THP Q167-Q168)",
                round=number,
                board=board,
            )
            for number, board in s.adjourned_games()
        ]

    def _pair_swiss(self, st: TournamentState, number: int) -> RoundPairing:
        system = st.pairing_system
        t = st.to_tournament(adjourned="draw")  # an adjourned game: a draw for pairing only (VCL4THP Q167)
        games = system.games_per_round
        if (number - 1) % games:
            raise ArbitroError(
                msg("pair.second_game", "pair: round column {column} is the second game of a match already paired", column=number)
            )
        match = (number - 1) // games + 1  # the engine of a two-game system counts matches (C.04.5)
        try:
            if self._engine is not None:
                return self._engine(t, match)
            # the tournament's declarations, not the file's text: a Maxi-tournament (C.04.4.3 3.2.3)
            return system.pair(t, match, system_settings.pair_options(system, st.system_settings))
        except NoValidPairing as err:
            raise ArbitroError(
                msg(
                    "pair.impossible",
                    "pair: no valid pairing exists for round {round} ({article} [C1]-[C3]): {why}",
                    round=number,
                    article=system.article,
                    why=str(err),
                )
            ) from None
        except ValueError as err:
            raise ArbitroError(
                msg("pair.engine", "pair: the {system} cannot pair round {round}: {why}", system=system.name, round=number, why=str(err))
            ) from None

    def pair_round_by_hand(
        self, boards: Sequence[tuple[int, int]], *, bye: int | None = None, reason: str = "", confirm: bool = False
    ) -> list[Event]:
        """Make the next round by hand when the engine proves none exists (VCL4THP Q63-Q69).

        A manual pairing session: refused while the engine can pair the round (pair it, then
        change it by hand: ``### MPA``); the reason is required (it is the report's line); every
        player must be on one board, get the bye or be absent (withdrawn, requested bye). The
        round is checked against the engine's absolute criteria at the end of the session: what
        it breaks (a rematch, C.04.1 art. 2; a prohibited pairing; a second pairing-allocated
        bye, art. 4; the colour rules, art. 6-7) is listed and the round is made only with
        ``confirm`` (Level 3: confirm or cancel). The round is recorded as paired by hand
        (engine ``manual``) with one ``### MPA @ Round n: manual pairing session ...`` line that
        names the engine's proof, the boards and each breach, so ``arbitro check`` names the
        round as made by hand.
        """
        check_text("reason", reason)
        if not reason.strip():
            raise ArbitroError(
                msg("by_hand.reason", "round by hand: give the reason (it is written into the tournament report)")
            )
        s = self._require_open()
        system = s.pairing_system
        if system.is_round_robin or system.games_per_round > 1:
            raise ArbitroError(
                msg("by_hand.system", "round by hand: the {system} always has a pairing; pair it", system=system.name)
            )
        for rnd in s.rounds[-1:]:
            if not rnd.complete:
                raise ArbitroError(
                    msg(
                        "pair.incomplete",
                        "pair: round {round} is not complete: no result yet on board(s) {boards}",
                        round=rnd.number,
                        boards=", ".join(map(str, rnd.missing_boards())),
                    )
                )
        number = s.paired_rounds + 1
        if s.total_rounds is not None and number > s.total_rounds:
            raise ArbitroError(msg("pair.all_paired", "pair: all {total} rounds have been paired", total=s.total_rounds))
        with self._tx() as tx:
            if not tx.state.numbers_assigned:
                number_players(tx, None)
            st = tx.state
            absent = {p: "Z" for p in st.header.players if st.is_withdrawn(p, number)}
            absent.update({p: k for (p, r), k in st.requested_byes.items() if r == number})
            try:
                self._pair_swiss(st, number)
            except ArbitroError as err:
                if err.code != "pair.impossible":
                    raise
                why = str(err.params.get("why", err))
            else:
                raise ArbitroError(
                    msg(
                        "by_hand.engine_can",
                        "round by hand: the engine can pair round {round}; pair it, then change boards by hand (### MPA)",
                        round=number,
                    )
                )
            problems = cover_problems(st, number, boards, bye, absent)
            if problems:
                raise ArbitroError(problems[0])
            breaches = round_breaches(st, number, boards, bye)
            if breaches and not confirm:
                raise ArbitroError(
                    msg(
                        "by_hand.confirm",
                        "round by hand: round {round} breaks: {breaches}; confirm to make it anyway (Level 3)",
                        round=number,
                        breaches=" | ".join(breaches),
                        why=why,  # the engine's proof, for a face's confirmation page (not in the template)
                    )
                )
            self.warnings.extend(breaches)
            unpaired = tuple(sorted((p, k) for p, k in absent.items() if p not in {x for b in boards for x in b}))
            pairs = tuple((w, b) for w, b in boards)
            tx.emit(ev.RoundPaired(round=number, boards=pairs, bye=bye, unpaired=unpaired, engine="manual"))
            note = session_note(number, pairs, bye, why, breaches, author=self.author, reason=reason)
            tx.emit(ev.PairingChanged(round=number, boards=pairs, bye=bye, unpaired=unpaired, reason=reason, mpa=note))
            _draw_chess960(tx, number, 1)
        return list(tx.events)

    def set_chess960_position(self, round_number: int, position: int) -> list[Event]:
        """The Chess960 starting position of a paired round, drawn at the venue (FIDE Laws, Guidelines III).

        Replaces the one the program drew when the round was paired, while no result of the round
        is in (the position is the same on every board). Refused when the tournament is not Chess960.
        """
        s = self._require_open()
        if not s.chess960:
            raise ArbitroError(msg("chess960.off", "Chess960: the tournament is not played as Chess960"))
        starting_rank(position)  # 0-959
        rnd = s.round(round_number)
        if any(g.has_result for g in rnd.boards):
            raise ArbitroError(
                msg(
                    "chess960.started",
                    "Chess960: round {round} already has results; its starting position cannot change",
                    round=rnd.number,
                )
            )
        if s.chess960_positions.get(rnd.number) == position:
            return []
        with self._tx() as tx:
            note = position_note(rnd.number, position) + " (drawn by the arbiter)"
            tx.emit(ev.Chess960PositionSet(round=rnd.number, position=position, method="arbiter", note=note))
        return list(tx.events)


def _draw_chess960(tx: Tx, number: int, columns: int) -> None:
    """A Chess960 tournament: one starting position drawn for round ``number`` (Guidelines III, Art. I;
    VCL4THP Q222), the same on every board and in every game of a match (``columns``)."""
    if not tx.state.chess960:
        return
    position = draw_position()
    for column in range(number, number + columns):
        tx.emit(ev.Chess960PositionSet(round=column, position=position, method="lot", note=position_note(column, position)))


def _check_cover(st: TournamentState, pairing: RoundPairing, unpaired: dict[int, str], number: int) -> None:
    """The engine's pairing must place every present player exactly once and nobody absent."""
    placed = [p for b in pairing.boards for p in (b.white, b.black)] + ([pairing.bye] if pairing.bye is not None else [])
    expected = set(st.header.players) - set(unpaired)
    if sorted(placed) != sorted(expected):
        raise ArbitroError(
            msg("pair.cover", "pair: the engine's pairing of round {round} does not cover the players present", round=number)
        )
