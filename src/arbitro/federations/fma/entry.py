"""Who may enter a category tournament (FMA 1.8, 2.2, 7.1, 7.2, Anexo II I, 11.1.6-11.1.8).

:func:`decide_entry` applies, in order: the bans of FMA 11.1.8, 11.1.7 and
11.1.6; residency (FMA 1.8); then the category rules of FMA 2.2: own category
(2.2, first participation by rating 2.2.1), a qualifying place for Primera
(2.2.3, 7.1), proof of a last participation in a higher category (2.2.2), the
semi-open Primera (Anexo II I.2) and, last, an invitation (2.2.4, 7.2: at most
two per tournament, each with a written reason).
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field

from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.messages import Message, Text, msg
from arbitro.federations.fma.registry import FmaPlayer
from arbitro.federations.fma.sanctions import SanctionKind

__all__ = [
    "MAX_INVITATIONS",
    "NEW_RESIDENT_DAYS",
    "QUALIFYING_CHAMPIONSHIPS",
    "EntryContext",
    "EntryDecision",
    "EntryRequest",
    "Qualifier",
    "TournamentInfo",
    "decide_entry",
]

MAX_INVITATIONS = 2  # FMA 7.2
NEW_RESIDENT_DAYS = 60  # FMA 1.8
#: FMA 7.1: the annual championships of these partidos give two places in the next Primera.
QUALIFYING_CHAMPIONSHIPS: tuple[str, ...] = ("Balcarce", "General Alvarado", "Mar Chiquita")


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    id: str
    name: str
    category: Category
    start: _dt.date


@dataclass(frozen=True, slots=True)
class EntryRequest:
    """A player's entry; ``basis`` ``"invitation"`` needs a written ``reason`` (FMA 7.2)."""

    player: str
    basis: str = ""
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Qualifier:
    """A place won in an approved qualifier (FMA 7.1): champion (1) or runner-up (2)."""

    player: str
    championship: str
    year: int
    place: int
    endorsed: bool = True
    date: _dt.date | None = None

    @property
    def won_on(self) -> _dt.date:
        return self.date or _dt.date(self.year, 12, 31)


@dataclass(slots=True)
class EntryContext:
    """What the season knows when a tournament starts.

    ``played``: per player, the (category, start) of the tournaments of the year
    they played before this one; ``season``: every tournament of the year;
    ``qualifiers``: FMA 7.1 places; ``invited``: invitations already admitted here.
    """

    season: list[TournamentInfo] = field(default_factory=list)
    played: dict[str, list[tuple[Category, _dt.date]]] = field(default_factory=dict)
    qualifiers: list[Qualifier] = field(default_factory=list)
    invited: int = 0


@dataclass(frozen=True, slots=True)
class EntryDecision:
    player: str
    accepted: bool
    basis: str
    message: Message

    @property
    def article(self) -> str:
        return self.message.article


def _normalise_championship(name: str) -> str:
    t = " ".join(name.replace("Gral.", "General").replace("Gral ", "General ").split()).lower()
    for known in QUALIFYING_CHAMPIONSHIPS:
        if t == known.lower():
            return known
    return ""


def qualifier_message(q: Qualifier, name: str, tournament: TournamentInfo, season: list[TournamentInfo]) -> Message:
    """FMA 7.1 / 7.1.1: ``entry.qualifier`` when ``q`` admits ``name`` to ``tournament``, else why not."""
    championship = _normalise_championship(q.championship)
    if not championship:
        why = Text("text.why.not_championship", {"championship": q.championship})
        return msg("entry.refused.qualifier", player=name, why=why)
    if q.place not in (1, 2):
        return msg("entry.refused.qualifier", player=name, why=Text("text.why.place", {"place": q.place}))
    if not q.endorsed:
        return msg("entry.refused.qualifier_endorsed", championship=championship, year=q.year)
    if tournament.category is not Category.PRIMERA:
        return msg("entry.refused.qualifier", player=name, why=Text("text.why.primera_only"))
    following = sorted(
        (t for t in season if t.category is Category.PRIMERA and t.start > q.won_on), key=lambda t: t.start
    )
    if not following or following[0].id != tournament.id:
        return msg(
            "entry.refused.qualifier",
            player=name,
            why=Text("text.why.not_next"),
        )
    place_name = {1: Text("text.champion"), 2: Text("text.runner_up")}[q.place]
    return msg("entry.qualifier", player=name, place=place_name, championship=championship, year=q.year)


def _ban_next(player: FmaPlayer, own: Category, t: TournamentInfo, season: list[TournamentInfo]) -> bool:
    """FMA 11.1.6: is ``t`` the next tournament of the player's category after a ban that year?"""
    if t.category is not own:
        return False
    for s in player.sanctions:
        if s.kind is not SanctionKind.BAN_NEXT or s.date.year != t.start.year:
            continue
        after = sorted((x for x in season if x.category is own and x.start > s.date), key=lambda x: x.start)
        if after and after[0].id == t.id:
            return True
    return False


def decide_entry(
    player: FmaPlayer,
    own: Category,
    newcomer: bool,
    tournament: TournamentInfo,
    request: EntryRequest,
    ctx: EntryContext,
) -> EntryDecision:
    """Admit or refuse ``player`` (whose category is ``own``) to ``tournament``, citing the article."""
    name, start, cat = player.name, tournament.start, tournament.category

    def refuse(m: Message) -> EntryDecision:
        return EntryDecision(player.id, False, "refused", m)

    if player.is_expelled(start):
        return refuse(msg("entry.refused.expelled", player=name))
    if player.fma_ban(start):
        return refuse(msg("entry.refused.ban_fma", player=name))
    if _ban_next(player, own, tournament, ctx.season):
        return refuse(msg("entry.refused.ban_next", player=name))
    if not player.resident:
        return refuse(msg("entry.refused.residency", player=name))
    if player.registered_on is not None:
        days = (start - player.registered_on).days
        if days < NEW_RESIDENT_DAYS:
            return refuse(
                msg("entry.refused.new_resident", player=name, registered=player.registered_on.isoformat(), days=days)
            )

    if cat is own:
        if newcomer:
            return EntryDecision(player.id, True, "first_by_rating", msg("entry.first_by_rating", player=name, category=cat))
        return EntryDecision(player.id, True, "own", msg("entry.own_category", player=name, category=cat))

    qualifier_refusal: Message | None = None
    if cat is Category.PRIMERA:
        for q in ctx.qualifiers:
            if q.player != player.id:
                continue
            m = qualifier_message(q, name, tournament, ctx.season)
            if m.id == "entry.qualifier":
                return EntryDecision(player.id, True, "qualifier", m)
            qualifier_refusal = m

    proof = player.proof_category
    if proof is not None and cat.is_higher_than(own) and not cat.is_higher_than(proof):
        return EntryDecision(player.id, True, "proof", msg("entry.higher_proof", player=name, proof=proof, category=cat))

    if cat is Category.PRIMERA:
        played_own = [c for c, d in ctx.played.get(player.id, []) if c is own and d < start]
        if played_own:
            return EntryDecision(player.id, True, "semi_open", msg("entry.semi_open", player=name, played=own))

    if request.basis == "invitation":
        if not request.reason.strip():
            return refuse(msg("entry.refused.invitation_reason", player=name))
        if ctx.invited >= MAX_INVITATIONS:
            return refuse(msg("entry.refused.invitation_limit", player=name, tournament=tournament.name))
        ctx.invited += 1
        return EntryDecision(player.id, True, "invitation", msg("entry.invitation", player=name, reason=request.reason))

    if qualifier_refusal is not None:
        return refuse(qualifier_refusal)
    return refuse(msg("entry.refused.category", player=name, own=own, category=cat))

