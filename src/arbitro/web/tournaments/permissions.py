"""Per-tournament roles at the desk (federation admin, chief arbiter, arbiter)."""

from __future__ import annotations

from typing import Any

from . import models

Kind = models.Role.Kind

#: What each role may do. Arbiters enter results; the chief arbiter runs the tournament.
ARBITER_ACTIONS = frozenset({"result", "view"})
CHIEF_ACTIONS = frozenset(
    {
        "result", "view", "pair", "correct", "change_pairing", "withdraw", "bye", "publish", "export", "register",
        "register_many", "finish", "reopen", "audit", "prizes", "unpair", "players", "settings",
    }
)


def roles_of(user: Any, row: models.Tournament | None) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    if user.is_superuser:
        return {Kind.FEDERATION_ADMIN}
    qs = models.Role.objects.filter(user=user)
    kinds = set()
    for tournament_id, kind in qs.values_list("tournament_id", "kind"):
        if tournament_id is None and kind == Kind.FEDERATION_ADMIN or row is not None and tournament_id == row.pk:
            kinds.add(kind)
    return kinds


def can(user: Any, row: models.Tournament, action: str) -> bool:
    kinds = roles_of(user, row)
    if Kind.FEDERATION_ADMIN in kinds or Kind.CHIEF_ARBITER in kinds:
        return action in CHIEF_ACTIONS
    if Kind.ARBITER in kinds:
        return action in ARBITER_ACTIONS
    return False


def can_create(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return models.Role.objects.filter(
        user=user, tournament__isnull=True, kind__in=[Kind.FEDERATION_ADMIN, Kind.CHIEF_ARBITER]
    ).exists()


def managed(user: Any) -> list[models.Tournament]:
    """Tournaments the user may open at the desk."""
    if not getattr(user, "is_authenticated", False):
        return []
    qs = models.Tournament.objects.all()
    if user.is_superuser or models.Role.objects.filter(
        user=user, tournament__isnull=True, kind=Kind.FEDERATION_ADMIN
    ).exists():
        return list(qs)
    return list(qs.filter(roles__user=user).distinct())
