"""Registration: players entered, removed and corrected; byes requested; withdrawals and returns.

C.04.2 2.4-2.5 (late entries), 3.2 (withdrawals), 3.3 (requested byes within the tournament's
:class:`~arbitro.tournament.byes.ByeLimits`).
"""

from __future__ import annotations

import secrets
from typing import Any

from arbitro.errors import ArbitroError, msg
from arbitro.limits import check_text
from arbitro.model import TITLES
from arbitro.tournament import events as ev
from arbitro.tournament.byes import check_bye_request
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event
from arbitro.tournament.numbers import draw_lots, late_entry_order, swiss_order
from arbitro.tournament.state import TournamentState

__all__ = ["RegistrationCommands"]


class RegistrationCommands(ServiceCore):
    """``register_player``, ``remove_player``, ``update_player``, ``request_bye``,
    ``set_half_point_bye_eligibility``, ``cancel_bye``,
    ``withdraw``, ``return_player``."""

    def register_player(
        self,
        name: str,
        *,
        rating: int = 0,
        title: str = "",
        federation: str = "",
        fide_id: str = "",
        sex: str = "",
        birth_date: str = "",
        missed_rounds: str = "Z",
    ) -> int:
        """Register a player (also a late entry); returns the pairing number.

        C.04.2 2.4-2.5: a late entry scores ``missed_rounds`` (``Z``, or ``H``
        if the rules say so) for the rounds already paired and takes its place
        in the C.04.2 2.2 order, everyone below being renumbered. Once round 1
        is paired the others keep their order (an exchange stands) and the entry
        is slotted in at the place its rating, title and the announced tie
        criterion earn, after round 4 too: C.04.2 2.4 gives a late entry an
        appropriate number (the TEC's reading, VCL4THP Q156); only corrections
        stop at round 4 (2.3).
        """
        s = self._require_open()
        if not name.strip():
            raise ArbitroError(msg("player.no_name", "name: a player needs a name"))
        _check_player_text({"name": name, "federation": federation, "fide_id": fide_id, "birth_date": birth_date})
        if title and title not in TITLES:
            raise ArbitroError(
                msg("player.title", "title: expected one of {titles} or nothing, got {got!r}", titles=", ".join(TITLES), got=title)
            )
        if rating < 0 or rating > 3500:
            raise ArbitroError(msg("player.rating", "rating: expected 0 (unrated) to 3500, got {got}", got=rating))
        if sex not in ("", "m", "w"):
            raise ArbitroError(msg("player.sex", "sex: expected m, w or nothing, got {got!r}", got=sex))
        if missed_rounds not in ("Z", "H"):
            raise ArbitroError(msg("player.missed_rounds", "missed rounds: expected Z or H, got {got!r}", got=missed_rounds))
        if fide_id and any(p.fide_id == fide_id for p in s.header.players.values()):
            raise ArbitroError(msg("player.duplicate_fide_id", "FIDE id: {fide_id} is already registered", fide_id=fide_id))
        if s.is_round_robin and s.rounds:
            raise ArbitroError(
                msg("player.rr_late_entry", "a round robin cannot take a late entry once round 1 has been paired (C.05 Annex 1)")
            )
        with self._tx() as tx:
            number = max(tx.state.header.players, default=0) + 1
            tx.emit(
                ev.PlayerRegistered(
                    start_rank=number,
                    name=name.strip(),
                    rating=rating,
                    title=title,
                    federation=federation,
                    fide_id=fide_id,
                    sex=sex,
                    birth_date=birth_date,
                    missed_rounds=missed_rounds,
                )
            )
            st = tx.state
            if st.numbers_assigned:
                if st.is_round_robin:
                    self._manual_numbers_drawn_again(st)
                    seed = secrets.randbelow(2**31)
                    order = draw_lots(st.header.players, seed)
                    tx.emit(ev.PairingNumbersAssigned(order=tuple(order), method="lots", seed=seed))
                    number = order.index(number) + 1
                elif st.rounds or st.numbers_exchanged:  # the others keep their numbers' order (exchanges stand)
                    order = late_entry_order(st.header.players.values(), number, st.tie_order, st.tie_seed)
                    # "late_entry" keeps the exchanges made by hand standing (state.numbers_exchanged)
                    method = "late_entry" if st.numbers_exchanged else "rating"
                    tx.emit(ev.PairingNumbersAssigned(order=tuple(order), method=method))
                    number = order.index(number) + 1
                else:
                    order = swiss_order(st.header.players.values(), st.tie_order, st.tie_seed)
                    tx.emit(ev.PairingNumbersAssigned(order=tuple(order), method="rating"))
                    number = order.index(number) + 1
        return number

    def remove_player(self, player: int, seed: int | None = None) -> list[Event]:
        """Remove a player before round 1 is paired (a registration in error, a withdrawal before the start).

        The numbers above close the gap. A round robin whose numbers were drawn
        draws again (old C.06 II "drawing of lots", dutch-system.md §5.4),
        except when the number of players was even and the player had the last
        number: the table is unchanged and that number becomes the free round.
        """
        s = self._require_open()
        s.player(player)
        if s.rounds:
            raise ArbitroError(
                msg("remove.paired", "remove: round 1 has been paired; withdraw player {player} instead (C.04.2 3.2)", player=player)
            )
        keep_table = len(s.header.players) % 2 == 0 and player == max(s.header.players)
        with self._tx() as tx:
            tx.emit(ev.PlayerRemoved(start_rank=player))
            st = tx.state
            if st.is_round_robin and st.numbers_assigned and not keep_table and len(st.header.players) >= 2:
                self._manual_numbers_drawn_again(st)
                seed = secrets.randbelow(2**31) if seed is None else seed
                tx.emit(ev.PairingNumbersAssigned(order=tuple(draw_lots(st.header.players, seed)), method="lots", seed=seed))
        return list(tx.events)

    def _manual_numbers_drawn_again(self, st: TournamentState) -> None:
        """A warning when a new draw replaces numbers the arbiter set by hand (VCL4THP Q95)."""
        if st.numbers_method == "manual":
            self.warnings.append(
                msg(
                    "numbers.manual_redrawn",
                    "the round robin's field changed: the pairing numbers set by hand were drawn again by lot; "
                    "set them again by hand if needed",
                )
            )

    def update_player(self, player: int, **changes: Any) -> list[Event]:
        """Correct a player's record (name, rating, title, federation, FIDE id, sex, birth date).

        Only the fields given (not ``None``) change; the pairing number does not
        (C.04.2 2.3: numbers change only by a renumbering, never by an edit).
        """
        s = self._require_open()
        current = s.player(player)
        known = ("name", "rating", "title", "federation", "fide_id", "sex", "birth_date")
        unknown = set(changes) - set(known)
        if unknown:
            raise ArbitroError(f"update: unknown field(s) {', '.join(sorted(unknown))}")
        given = {k: v for k, v in changes.items() if v is not None and v != getattr(current, k)}
        if not given:
            return []
        if "name" in given and not str(given["name"]).strip():
            raise ArbitroError("name: a player needs a name")
        _check_player_text({k: given.get(k) for k in _PLAYER_TEXT})
        title, rating, sex = given.get("title"), given.get("rating"), given.get("sex")
        if title and title not in TITLES:
            raise ArbitroError(f"title: expected one of {', '.join(TITLES)} or nothing, got {title!r}")
        if rating is not None and not 0 <= rating <= 3500:
            raise ArbitroError(f"rating: expected 0 (unrated) to 3500, got {rating}")
        if sex is not None and sex not in ("", "m", "w"):
            raise ArbitroError(f"sex: expected m, w or nothing, got {sex!r}")
        fide_id = given.get("fide_id")
        if fide_id and any(p.fide_id == fide_id for n, p in s.header.players.items() if n != player):
            raise ArbitroError(f"FIDE id: {fide_id} is already registered")
        if "name" in given:
            given["name"] = str(given["name"]).strip()
        with self._tx() as tx:
            tx.emit(ev.PlayerUpdated(start_rank=player, **given))
        return list(tx.events)

    def request_bye(self, player: int, round_number: int, kind: str = "H", *, confirm: bool = False) -> list[Event]:
        """A requested bye (C.04.2 3.3) within the tournament's :class:`ByeLimits`.

        A half-point bye is refused for a player made ineligible for them (VCL4THP Q175-Q176,
        :meth:`set_half_point_bye_eligibility`); the second and every later half-point bye of a
        player needs ``confirm`` (Level 3: confirm or cancel, VCL4THP Q174).
        """
        s = self._require_open()
        s.player(player)
        kind = kind.upper()
        if kind == "H" and player in s.hpb_ineligible:
            raise ArbitroError(
                msg(
                    "bye.half_point_ineligible",
                    "bye: player {player} is not eligible for half-point byes (VCL4THP Q175); "
                    "make the player eligible first if the rules allow",
                    player=player,
                )
            )
        if s.is_round_robin:
            raise ArbitroError(
                msg(
                    "bye.round_robin",
                    "bye: in a round robin every game is fixed by the Berger table; a player who cannot play "
                    "loses by forfeit (enter 0F-1F) or withdraws",
                )
            )
        if s.is_withdrawn(player, round_number):
            raise ArbitroError(msg("bye.withdrawn", "bye: player {player} has withdrawn", player=player))
        games = s.pairing_system.games_per_round
        if (round_number - 1) % games:
            raise ArbitroError(
                msg(
                    "bye.match_column",
                    "bye: round column {column} is game {game} of round {round}; a bye applies to the whole match "
                    "(C.04.5 Preface): request it for column {first}",
                    column=round_number,
                    game=(round_number - 1) % games + 1,
                    round=(round_number - 1) // games + 1,
                    first=round_number - (round_number - 1) % games,
                )
            )
        if (player, round_number) in s.requested_byes:
            raise ArbitroError(
                msg("bye.duplicate", "bye: player {player} already has a bye for round {round}", player=player, round=round_number)
            )
        check_bye_request(
            s.bye_limits,
            kind=kind,
            round_number=round_number,
            paired_rounds=s.paired_rounds,
            total_rounds=s.total_rounds,
            already=s.bye_count(player, kind),
        )
        already = s.bye_count(player, kind)
        if kind == "H" and already and not confirm:
            raise ArbitroError(
                msg(
                    "bye.half_point_confirm",
                    "bye: player {player} already has {count} half-point "
                    + ("byes" if already > 1 else "bye")
                    + "; confirm to grant another one for round {round} (Level 3, VCL4THP Q174)",
                    player=player,
                    count=already,
                    round=round_number,
                )
            )
        with self._tx() as tx:
            if kind == "F":
                self.warnings.append(
                    msg("bye.full_point", "full-point byes are deprecated by FIDE (VCL.17); use them only if the rules allow")
                )
            if kind == "H" and already:
                self.warnings.append(
                    msg(
                        "bye.half_point_again",
                        "player {player} already has {count} half-point " + ("byes" if already > 1 else "bye") + " (TEC checklist)",
                        player=player,
                        count=already,
                    )
                )
            tx.emit(ev.ByeRequested(player=player, round=round_number, kind_code=kind))
        return list(tx.events)

    def set_half_point_bye_eligibility(self, player: int, eligible: bool, reason: str = "") -> list[Event]:
        """Make a player ineligible (``eligible=False``) for half-point byes, or eligible again (VCL4THP Q175).

        A tournament's rules may bar some players from half-point byes (e.g. those entered on
        conditions); a half-point bye requested for an ineligible player is refused (Q176). The
        byes already granted stay: cancel them with :meth:`cancel_bye` if the rules say so.
        """
        s = self._require_open()
        s.player(player)
        if (player not in s.hpb_ineligible) == eligible:
            return []
        check_text("reason", reason)
        with self._tx() as tx:
            tx.emit(ev.HalfPointByeEligibilitySet(player=player, eligible=eligible, reason=reason.strip()))
            if not eligible:
                held = sorted(r for (p, r), k in tx.state.requested_byes.items() if p == player and k == "H")
                if held:
                    self.warnings.append(
                        msg(
                            "bye.half_point_held",
                            "player {player} already holds half-point byes requested for round(s) {rounds}; "
                            "cancel them if the rules say so",
                            player=player,
                            rounds=", ".join(map(str, held)),
                        )
                    )
        return list(tx.events)

    def cancel_bye(self, player: int, round_number: int) -> list[Event]:
        s = self._require_open()
        if (player, round_number) not in s.requested_byes:
            raise ArbitroError(
                msg("bye.none", "bye: player {player} has no requested bye for round {round}", player=player, round=round_number)
            )
        with self._tx() as tx:
            tx.emit(ev.ByeCancelled(player=player, round=round_number))
        return list(tx.events)

    def withdraw(self, player: int, from_round: int | None = None) -> list[Event]:
        """Withdraw a player from ``from_round`` on (default: the next round to pair; C.04.2 3.2).

        Swiss: no longer paired. Round robin: the remaining games are lost by forfeit.
        """
        s = self._require_open()
        s.player(player)
        first = s.paired_rounds + 1 if from_round is None else from_round
        if first <= s.paired_rounds:
            raise ArbitroError(
                msg(
                    "withdraw.paired",
                    "withdraw: round {round} is already paired; enter the result of the game (e.g. a forfeit) and "
                    "withdraw the player from round {next}",
                    round=first,
                    next=s.paired_rounds + 1,
                )
            )
        if player in s.withdrawn:
            raise ArbitroError(
                msg(
                    "withdraw.already",
                    "withdraw: player {player} has already withdrawn (from round {round})",
                    player=player,
                    round=s.withdrawn[player],
                )
            )
        if s.total_rounds is not None and first > s.total_rounds:
            raise ArbitroError(
                msg(
                    "withdraw.no_round",
                    "withdraw: the tournament has {total} rounds; there is no round {round}",
                    total=s.total_rounds,
                    round=first,
                )
            )
        with self._tx() as tx:
            tx.emit(ev.PlayerWithdrawn(player=player, from_round=first))
        return list(tx.events)

    def return_player(self, player: int) -> list[Event]:
        """A withdrawn player comes back from the next round to pair (the withdrawal undone).

        The rounds missed stay as they were (``Z``, or a forfeit entered); a round
        robin cannot take a player back (its remaining games were forfeited, C.05).
        """
        s = self._require_open()
        s.player(player)
        if player not in s.withdrawn:
            raise ArbitroError(f"return: player {player} has not withdrawn")
        if s.is_round_robin and s.withdrawn[player] <= s.paired_rounds:
            raise ArbitroError("return: a round robin player who has missed a round cannot come back (C.05)")
        first = s.paired_rounds + 1
        if s.total_rounds is not None and first > s.total_rounds:
            raise ArbitroError(f"return: all {s.total_rounds} rounds have been paired")
        with self._tx() as tx:
            tx.emit(ev.PlayerReturned(player=player, from_round=first))
        return list(tx.events)


_PLAYER_TEXT = {"name": "player name", "federation": "federation", "fide_id": "fide id", "birth_date": "birth date"}


def _check_player_text(fields: dict[str, Any]) -> None:
    """The text fields of a player record: no control characters, within the widths of limits.md."""
    for key, label in _PLAYER_TEXT.items():
        value = fields.get(key)
        if value is not None:
            if not isinstance(value, str):
                raise ArbitroError(f"{label}: expected text, got {value!r}")
            check_text(label, value)
