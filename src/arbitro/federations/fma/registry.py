"""The FMA player registry: standard rating, earned category and its history,
residency, sanctions (FMA 1.2, 1.7, 1.8, 11).

Pure data; the season file (``docs/formats/season.md``) fills it.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from arbitro.errors import ArbitroError
from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.sanctions import Sanction, SanctionKind

__all__ = ["CategoryChange", "FmaPlayer", "Registry"]


@dataclass(frozen=True, slots=True)
class CategoryChange:
    """One line of a player's category history."""

    year: int
    category: Category
    article: str = ""
    reason: str = ""


@dataclass(slots=True)
class FmaPlayer:
    """A registered player.

    ``category`` is the category earned by playing (FMA 1.2, B.2), ``None`` for a
    player who never played a category tournament. ``standard_rating`` is the
    FIDE standard rating, the only one that counts (FMA 1.7); ``None`` = unrated.
    ``resident`` and ``registered_on`` are the residency registration (FMA 1.8).
    ``proof_category`` is a documented last participation in a higher category
    (FMA 2.2.2).
    """

    id: str
    name: str
    standard_rating: int | None = None
    fide_id: str = ""
    category: Category | None = None
    history: list[CategoryChange] = field(default_factory=list)
    resident: bool = True
    registered_on: _dt.date | None = None
    proof_category: Category | None = None
    sanctions: list[Sanction] = field(default_factory=list)

    def is_expelled(self, on: _dt.date) -> Sanction | None:
        """FMA 11.1.8: the expulsion in force on ``on``, if any."""
        for s in self.sanctions:
            if s.kind is SanctionKind.FMA_EXPULSION and s.date <= on:
                return s
        return None

    def fma_ban(self, on: _dt.date) -> Sanction | None:
        """FMA 11.1.7: a ban from FMA tournaments in force on ``on``, if any."""
        for s in self.sanctions:
            if s.kind is SanctionKind.BAN_FMA and s.date <= on and (s.until is None or on <= s.until):
                return s
        return None


class Registry:
    """Players by id, in file order."""

    def __init__(self, players: list[FmaPlayer] | None = None) -> None:
        self._players: dict[str, FmaPlayer] = {}
        for p in players or []:
            self.add(p)

    def add(self, player: FmaPlayer) -> None:
        if player.id in self._players:
            raise ArbitroError(f"players: duplicate player id {player.id!r}")
        self._players[player.id] = player

    def get(self, player_id: str) -> FmaPlayer:
        try:
            return self._players[player_id]
        except KeyError:
            raise ArbitroError(f"unknown player id {player_id!r} (not in the registry)") from None

    def __contains__(self, player_id: object) -> bool:
        return player_id in self._players

    def __iter__(self) -> Iterator[FmaPlayer]:
        return iter(self._players.values())

    def __len__(self) -> int:
        return len(self._players)

    def find(self, *, fide_id: str = "", name: str = "") -> FmaPlayer | None:
        """The player with this FIDE id, else with this exact name (case-insensitive)."""
        if fide_id:
            for p in self._players.values():
                if p.fide_id and p.fide_id == fide_id:
                    return p
        if name:
            wanted = " ".join(name.lower().split())
            for p in self._players.values():
                if " ".join(p.name.lower().split()) == wanted:
                    return p
        return None

    def rating_ranking(self, on: _dt.date) -> list[FmaPlayer]:
        """FMA players by standard rating, best first (FMA Anexo III I.2.1; FMA 1.7).

        Unrated, non-resident and expelled players are left out; equal ratings
        keep registry order.
        """
        eligible = [
            p for p in self._players.values() if p.standard_rating and p.resident and not p.is_expelled(on)
        ]
        return sorted(eligible, key=lambda p: -(p.standard_rating or 0))
