"""Ratings as data (issue 34 items 1-2): official ratings, the announced method, the list check and its confirmed apply.

* ``set_official_ratings`` - official ratings of one player, with their source (VCL4THP Q116, Q134);
* ``set_rating_method`` - the tournament-rating method of TRF-2026 ``172`` (Q145), before round 1;
* ``keep_rating_list`` - a list the tournament keeps (the list valid at the start, Q137);
* ``rating_differences`` - every player against a list: proposals only (Q133, Q142);
* ``apply_rating_differences`` - the arbiter's confirmed apply, all or a chosen subset (Q142-Q144).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from arbitro.errors import ArbitroError, msg
from arbitro.model import OfficialRating
from arbitro.ratings.consistency import Difference, RatingList, check
from arbitro.ratings.lists import KINDS, method_of
from arbitro.tournament import events as ev
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.events import Event

__all__ = ["RatingCommands"]


def _row(start_rank: int, r: OfficialRating) -> tuple[int, str, str, int, str, str, bool]:
    return (start_rank, r.scope, r.kind, r.value, r.list_name, r.list_date, r.manual)


def _check_rating(r: OfficialRating) -> None:
    if r.kind not in KINDS:
        raise ArbitroError(msg("ratings.kind", "rating kind: expected standard, rapid or blitz, got {got!r}", got=r.kind))
    if not 0 <= r.value < 4000:
        raise ArbitroError(msg("ratings.value", "rating: expected 0 (unrated) to 3999, got {got}", got=r.value))
    scope = r.scope
    if not (scope == "FIDE" or (len(scope) == 3 and scope.isalpha() and scope.isupper())):
        raise ArbitroError(msg("ratings.scope", "rating list: expected FIDE or a federation code, got {got!r}", got=scope))


class RatingCommands(ServiceCore):
    """``set_official_ratings``, ``set_rating_method``, ``keep_rating_list``, ``rating_differences``,
    ``apply_rating_differences``."""

    def set_official_ratings(self, start_rank: int, ratings: Iterable[OfficialRating]) -> Event:
        """Record official ratings of a player (``manual=True``: typed by the arbiter, Q134)."""
        s = self._require_open()
        s.player(start_rank)
        rows = []
        for r in ratings:
            _check_rating(r)
            rows.append(_row(start_rank, r))
        with self._tx() as tx:
            return tx.emit(ev.PlayerRatingsSet(ratings=tuple(rows)))

    def set_rating_method(self, method: str, federation: str = "") -> Event:
        """The announced tournament-rating method (TRF-2026 ``172``); fixed once round 1 is paired."""
        s = self._require_open()
        try:
            m = method_of(method)
        except ValueError as err:
            raise ArbitroError(str(err)) from None
        federation = federation.strip().upper()
        if m.value not in ("FIDE", "OTHER") and not (len(federation) == 3 and federation.isalpha()):
            raise ArbitroError(
                msg("ratings.federation", "rating method {method}: name the federation of the national ratings (e.g. ARG)",
                    method=m.value)
            )
        if s.rounds:
            raise ArbitroError(
                msg("ratings.method_fixed", "rating method: it is announced before the start and fixed once round 1 is paired")
            )
        with self._tx() as tx:
            return tx.emit(ev.RatingMethodSet(method=m.value, federation=federation))

    def keep_rating_list(self, rating_list: RatingList, *, role: str, sha256: str = "", path: str = "") -> Event:
        """Keep a list: ``start`` (the list valid at the start, Q137, kept once) or ``in_force``."""
        s = self._require_created()
        if role not in ("start", "in_force"):
            raise ArbitroError(f"rating list role: expected start or in_force, got {role!r}")
        if role == "start" and any(k.role == "start" for k in s.rating_lists):
            raise ArbitroError(msg("ratings.start_kept", "the list valid at the start is already kept"))
        with self._tx() as tx:
            return tx.emit(
                ev.RatingListKept(name=rating_list.name, scope=rating_list.scope, date=rating_list.date, role=role,
                                  sha256=sha256, path=path)
            )

    def rating_differences(self, rating_list: RatingList, kinds: Sequence[str] | None = None) -> list[Difference]:
        """Every registered player against ``rating_list``: the differences, nothing changed (Q133, Q142).

        ``kinds`` default: every kind the list carries, each player compared on the kinds recorded
        for him (a player with no official rating: on the tournament's rate of play).
        """
        s = self._require_created()
        return check(s.header.iter_players(), rating_list, kinds, rate=s.rating_type or "standard")

    def apply_rating_differences(
        self,
        rating_list: RatingList,
        differences: Sequence[Difference],
        *,
        confirm: bool,
        only: Iterable[int] | None = None,
    ) -> Event:
        """Apply the differences the arbiter confirmed (Level 3: without ``confirm`` nothing changes, Q142).

        ``only`` applies them to a chosen subset of players (Q144). The event keeps the list and the
        values replaced, so the log shows what changed and from where.
        """
        s = self._require_open()
        chosen = set(only) if only is not None else None
        picked = [d for d in differences if chosen is None or d.start_rank in chosen]
        if not picked:
            raise ArbitroError(msg("ratings.nothing", "no rating differences to apply"))
        if not confirm:
            listing = "; ".join(str(d).strip() for d in picked)
            raise ArbitroError(
                msg("ratings.confirm", "{count} rating(s) would change ({listing}): confirm to apply them",
                    count=len(picked), listing=listing)
            )
        for d in picked:
            s.player(d.start_rank)
        rows = tuple(
            _row(d.start_rank, OfficialRating(d.scope, kind, value, rating_list.name, rating_list.date))
            for d in picked
            for kind, value in d.to_record()
        )
        with self._tx() as tx:
            return tx.emit(
                ev.RatingsApplied(list_name=rating_list.name, list_date=rating_list.date, ratings=rows,
                                  previous=tuple(d.recorded for d in picked))  # one per difference
            )
