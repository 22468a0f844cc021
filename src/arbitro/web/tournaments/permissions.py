"""Who may do what at the desk: organisations, their members, per-tournament roles (issue 19 item 5).

* The site superuser: everything, in every organisation; manages the organisations.
* An organisation's *admin* (``Membership.Role.ADMIN``): everything on that organisation's tournaments,
  creates tournaments in it, manages its members. Nothing in another organisation.
* An organisation's *arbiter*: creates tournaments in it (becoming their chief arbiter); other
  tournaments only through a per-tournament ``Role``.
* Per-tournament roles (``Role`` with a tournament): chief arbiter (runs it), arbiter (enters results).

A ``Role`` without a tournament (the form from before organisations) counts as a membership of the
default organisation: federation admin as its admin, chief arbiter as its arbiter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import models

if TYPE_CHECKING:
    from .eventlog import Actor

Kind = models.Role.Kind
Member = models.Membership.Role

#: What each role may do. Arbiters enter results; the chief arbiter runs the tournament.
ARBITER_ACTIONS = frozenset({"result", "view"})
CHIEF_ACTIONS = frozenset(
    {
        "result", "view", "pair", "correct", "change_pairing", "withdraw", "bye", "publish", "export", "register",
        "register_many", "finish", "reopen", "audit", "prizes", "unpair", "players", "settings", "pair_by_hand",
    }
)

_LEGACY = {Kind.FEDERATION_ADMIN: Member.ADMIN, Kind.CHIEF_ARBITER: Member.ARBITER}


def memberships(user: Actor) -> dict[int, str]:
    """``{organisation pk: "admin" | "arbiter"}`` of ``user`` (the legacy federation-wide roles included)."""
    if not getattr(user, "is_authenticated", False):
        return {}
    found: dict[int, str] = dict(
        models.Membership.objects.filter(user=user).values_list("organisation_id", "role")
    )
    legacy = {
        _LEGACY[k]
        for k in models.Role.objects.filter(user=user, tournament__isnull=True).values_list("kind", flat=True)
        if k in _LEGACY
    }
    if legacy:
        pk = models.default_organisation_id()
        if Member.ADMIN in legacy or found.get(pk) == Member.ADMIN:
            found[pk] = Member.ADMIN
        else:
            found.setdefault(pk, Member.ARBITER)
    return found


def is_org_admin(user: Actor, organisation_id: int | None) -> bool:
    """May ``user`` run every tournament of the organisation and manage its members?"""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser) or memberships(user).get(organisation_id or -1) == Member.ADMIN


def roles_of(user: Actor, row: models.Tournament | None) -> set[str]:
    if not getattr(user, "is_authenticated", False):
        return set()
    if user.is_superuser:
        return {Kind.FEDERATION_ADMIN}
    kinds: set[str] = set()
    if row is None:
        return kinds
    if is_org_admin(user, row.organisation_id):  # the admin of the tournament's own organisation only
        kinds.add(Kind.FEDERATION_ADMIN)
    kinds.update(models.Role.objects.filter(user=user, tournament=row).values_list("kind", flat=True))
    return kinds


def can(user: Actor, row: models.Tournament, action: str) -> bool:
    kinds = roles_of(user, row)
    if Kind.FEDERATION_ADMIN in kinds or Kind.CHIEF_ARBITER in kinds:
        return action in CHIEF_ACTIONS
    if Kind.ARBITER in kinds:
        return action in ARBITER_ACTIONS
    return False


def creatable_organisations(user: Actor) -> list[models.Organisation]:
    """The organisations ``user`` may create or import tournaments in (admin or arbiter of it; all: superuser)."""
    if not getattr(user, "is_authenticated", False):
        return []
    if user.is_superuser:
        models.default_organisation()  # a fresh install has one before anything is created
        return list(models.Organisation.objects.all())
    return list(models.Organisation.objects.filter(pk__in=memberships(user)))


def can_create(user: Actor, organisation: models.Organisation | None = None) -> bool:
    """May ``user`` create tournaments (in ``organisation``; ``None``: in any organisation)?"""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    mine = memberships(user)
    return bool(mine) if organisation is None else organisation.pk in mine


def managed(user: Actor) -> list[models.Tournament]:
    """Tournaments the user may open at the desk."""
    if not getattr(user, "is_authenticated", False):
        return []
    qs = models.Tournament.objects.select_related("organisation")
    if user.is_superuser:
        return list(qs)
    admin_of = [pk for pk, role in memberships(user).items() if role == Member.ADMIN]
    from django.db.models import Q

    return list(qs.filter(Q(organisation_id__in=admin_of) | Q(roles__user=user)).distinct())


def administered(user: Actor) -> list[models.Organisation]:
    """The organisations whose members ``user`` manages (all of them: the superuser)."""
    if not getattr(user, "is_authenticated", False):
        return []
    if user.is_superuser:
        return list(models.Organisation.objects.all())
    admin_of = [pk for pk, role in memberships(user).items() if role == Member.ADMIN]
    return list(models.Organisation.objects.filter(pk__in=admin_of))
