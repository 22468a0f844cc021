"""How the rating events change the state (issue 34; VCL4THP Q116, Q134, Q137, Q145).

* ``player_ratings_set`` / ``ratings_applied``: official ratings recorded per list, with their source;
* ``rating_method_set``: the announced method (TRF-2026 ``172``);
* ``rating_list_kept``: a list the tournament keeps (the one valid at the start, Q137).

After each, the tournament rating (``Player.rating``) of every player with official ratings is
taken again by the method, and the national rating of the ``172`` federation becomes the player's
NRS line (TRF-2026 national-rating record). A player without official ratings keeps the rating
typed at registration (the arbiter's own value), and so does every player while neither the rate
of play nor the method is announced.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from arbitro.model import NationalRating, OfficialRating, Player, join_rating_mode
from arbitro.ratings.lists import effective_rating, method_of, tournament_rating_of
from arbitro.tournament import events as ev

if TYPE_CHECKING:
    from arbitro.tournament.state import TournamentState

__all__ = ["KeptList", "apply_method", "apply_ratings", "keep_list", "retake_ratings"]


@dataclass(frozen=True, slots=True)
class KeptList:
    """A rating list the tournament keeps (``rating_list_kept``)."""

    name: str
    scope: str
    date: str
    role: str  # "start" or "in_force"
    sha256: str
    path: str


def _set_official(player: Player, rating: OfficialRating) -> None:
    kept = [r for r in player.official_ratings if (r.scope, r.kind) != (rating.scope, rating.kind)]
    player.official_ratings = [*kept, rating]


def _retake(player: Player, kind: str, method: str, federation: str) -> None:
    if not player.official_ratings:
        return
    player.rating = tournament_rating_of(player, kind, method_of(method), federation)
    if not federation:
        return
    national = effective_rating(player.official_ratings, federation, kind)
    old = next((n for n in player.national_ratings if n.federation == federation), None)
    others = [n for n in player.national_ratings if n.federation != federation]
    if national or old is not None:
        line = NationalRating(
            federation, national, name=player.name, national_id=old.national_id if old else "",
            origin=old.origin if old else "", birth_date=player.birth_date, sex=player.sex, title=player.title,
        )
        player.national_ratings = [*others, line]


def retake_ratings(state: TournamentState, *, always: bool = False) -> None:
    """Every player's tournament rating taken again by the announced method and rate of play.

    While neither is announced, only a confirmed list apply (``always``) takes them again, by the
    defaults (FIDE, standard); a rating recorded at registration leaves the registered one alone.
    """
    h = state.header
    if not always and not state.rating_type and not h.rating_method:
        return
    for player in h.players.values():
        _retake(player, state.rating_type or "standard", h.rating_method or "FIDE", h.rating_federation)


def apply_ratings(state: TournamentState, p: ev.PlayerRatingsSet | ev.RatingsApplied) -> None:
    """Record the official ratings of the rows, then take the tournament ratings again."""
    for start_rank, scope, kind, value, name, date, manual in p.ratings:
        player = state.player(start_rank)
        if not player.official_ratings and player.rating and scope != "FIDE":
            # the rating typed at registration is the player's FIDE rating, typed by hand: kept as such
            _set_official(player, OfficialRating("FIDE", state.rating_type or "standard", player.rating, manual=True))
        _set_official(player, OfficialRating(scope, kind, value, name, date, manual))
    retake_ratings(state, always=isinstance(p, ev.RatingsApplied))


def apply_method(state: TournamentState, p: ev.RatingMethodSet) -> None:
    """The announced method: TRF-2026 ``172`` written from it, the tournament ratings taken again."""
    method_of(p.method)  # refuses an unknown one
    state.header.rating_mode = join_rating_mode(p.federation, p.method)
    retake_ratings(state)


def keep_list(state: TournamentState, p: ev.RatingListKept) -> None:
    state.rating_lists.append(KeptList(p.name, p.scope, p.date, p.role, p.sha256, p.path))
