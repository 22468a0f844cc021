"""Persistence of the web face: rows that map to and from the core model.

No chess rule lives here. A tournament is stored as

* its event log (:class:`TournamentEvent`, one row per change, JSON payload,
  author, time): the only truth, replayed through the core tournament service;
* or, for a file imported and not yet run at the desk, that file (``base_trf``),
  replaced by its event log on the first desk action.

``version`` grows with every append to the log (public pages poll it to
refresh; every cache is keyed by it); ``status`` is written with each append
from the replayed state. ``state_trf`` is no longer written (kept empty: the
TRF text is rebuilt from the log, cached per version).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def fold_name(text: str) -> str:
    """A name for searching: accents, case and punctuation dropped ("Pérez, José" -> "perez jose")."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join("".join(c if c.isalnum() else " " for c in plain).split())


class Season(models.Model):
    """A federation season (one year of category tournaments of the site's rulebook)."""

    year = models.PositiveIntegerField(unique=True)
    name = models.CharField(_("name"), max_length=200)

    class Meta:
        ordering = ["-year"]

    def __str__(self) -> str:
        return self.name


#: The organisation every tournament belongs to on a single-machine install (issue 19 item 5).
DEFAULT_ORGANISATION = "default"


class Organisation(models.Model):
    """A federation or a club hosted on this server, with its arbiters, tournaments and rulebook (issue 19 item 5).

    ``rulebook`` is a code of :mod:`arbitro.federations` (empty: FIDE rules only); it decides which
    federation page, categories, tie-break orders and prize preset its tournaments offer. The site
    superuser manages organisations; an organisation's admin manages its members.
    """

    class Kind(models.TextChoices):
        FEDERATION = "federation", _("Federation")
        CLUB = "club", _("Club")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(max_length=60, unique=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.FEDERATION)
    rulebook = models.CharField(_("rulebook"), max_length=20, blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="clubs",
        limit_choices_to={"kind": "federation"}, verbose_name=_("parent federation"),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("organisation")
        verbose_name_plural = _("organisations")

    def __str__(self) -> str:
        return self.name


class ApiToken(models.Model):
    """An organisation's token for pushing tournaments to this server (issue 37 item 5, ``/api/v1/push/``).

    Only the SHA-256 of the token is kept (the token is shown once, when issued by
    ``arbitro manage api_token ORG``); ``prefix`` (its first characters) names it in lists.
    """

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=100, blank=True)
    prefix = models.CharField(max_length=12)
    digest = models.CharField(max_length=64, unique=True)
    created = models.DateTimeField(auto_now_add=True)
    last_used = models.DateTimeField(null=True, blank=True)
    revoked = models.BooleanField(default=False)

    class Meta:
        ordering = ["organisation", "created"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.organisation.slug}: {self.prefix}…"


def site_rulebook_code() -> str:
    """The rulebook of the default organisation when it is created: ``ARBITRO_RULEBOOK`` or the only one registered."""
    from arbitro import federations

    code = getattr(settings, "ARBITRO_RULEBOOK", "")
    if code:
        return code.upper()
    known = federations.available()
    return known[0].code if len(known) == 1 else ""


def default_organisation_name(code: str) -> str:
    """The default organisation's name: its rulebook's code (e.g. the federation's initials), else "Arbitro"."""
    return code or "Arbitro"


def default_organisation() -> Organisation:
    """The default organisation (created on first use, as the migration does for existing installs)."""
    org = Organisation.objects.filter(slug=DEFAULT_ORGANISATION).first()
    if org is None:
        org, _created = Organisation.objects.get_or_create(
            slug=DEFAULT_ORGANISATION, defaults={"name": default_organisation_name(site_rulebook_code()), "rulebook": site_rulebook_code()}
        )
    return org


def default_organisation_id() -> int:
    return default_organisation().pk


class Membership(models.Model):
    """A user's place in an organisation: *admin* (everything on its tournaments, manages its members) or
    *arbiter* (creates tournaments in it and runs those given to them)."""

    class Role(models.TextChoices):
        ADMIN = "admin", _("Admin")
        ARBITER = "arbiter", _("Arbiter")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="arbitro_memberships")
    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.ARBITER)

    class Meta:
        ordering = ["organisation", "user"]
        constraints = [models.UniqueConstraint(fields=["user", "organisation"], name="membership_unique")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} {self.role} {self.organisation}"


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
    organisation = models.ForeignKey(
        Organisation, on_delete=models.PROTECT, related_name="tournaments", default=default_organisation_id,
        verbose_name=_("organisation"),
    )
    city = models.CharField(_("city"), max_length=100, blank=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.REGISTRATION)
    published = models.BooleanField(_("published"), default=True)
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments")
    category = models.CharField(_("category"), max_length=20, blank=True)  # a key of the site's rulebook
    base_trf = models.TextField(blank=True)
    state_trf = models.TextField(blank=True)
    version = models.PositiveIntegerField(default=1)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]

    def __str__(self) -> str:
        return self.name


class PrizeList(models.Model):
    """A tournament's prize list (docs/formats/prizes.md), as the organiser typed it (issue 20)."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="prize_list")
    document = models.JSONField(default=dict)
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"prizes of {self.tournament_id}"


class TournamentEvent(models.Model):
    """One change of a tournament, replayed in ``seq`` order (the event log)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seq"]
        constraints = [models.UniqueConstraint(fields=["tournament", "seq"], name="event_seq_unique")]

    def __str__(self) -> str:
        return f"{self.tournament_id}#{self.seq} {self.kind}"


class Role(models.Model):
    """Who may do what on one tournament at the desk.

    ``tournament`` empty is the form from before organisations (issue 19 item 5): read as a membership
    of the default organisation (federation admin: its admin; chief arbiter: its arbiter).
    """

    class Kind(models.TextChoices):
        FEDERATION_ADMIN = "federation_admin", _("Federation admin")
        CHIEF_ARBITER = "chief_arbiter", _("Chief arbiter")
        ARBITER = "arbiter", _("Arbiter")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="arbitro_roles")
    tournament = models.ForeignKey(Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="roles")
    kind = models.CharField(max_length=20, choices=Kind.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "tournament", "kind"], name="role_unique")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.tournament or '*'}"


class Person(models.Model):
    """A player of the federation registry (across tournaments)."""

    name = models.CharField(_("name"), max_length=120)
    fide_id = models.CharField(_("FIDE ID"), max_length=12, blank=True, db_index=True)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=4, blank=True)
    birth_date = models.CharField(max_length=10, blank=True)
    category = models.CharField(_("category"), max_length=20, blank=True)  # a key of the site's rulebook
    search_name = models.CharField(max_length=120, blank=True, db_index=True)  # fold_name(name)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="arbitro_person"
    )

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_name = fold_name(self.name)[:120]
        if kwargs.get("update_fields") is not None and "name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "search_name"}
        super().save(*args, **kwargs)


class Entry(models.Model):
    """A person playing a tournament with a start rank (kept in step with the core state)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="entries")
    start_rank = models.PositiveIntegerField()

    class Meta:
        ordering = ["tournament", "start_rank"]
        constraints = [models.UniqueConstraint(fields=["tournament", "start_rank"], name="entry_rank_unique")]


class CategoryHistory(models.Model):
    """A person's federation category over the seasons."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="category_history")
    season = models.ForeignKey(Season, on_delete=models.CASCADE)
    category = models.CharField(max_length=20)
    note = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-season__year"]


class ByeRequest(models.Model):
    """A player's online request of a half-point bye; the arbiter sees and decides it.

    ``player`` is the player's stable id (:attr:`arbitro.model.Player.public_id`, the number of
    their public page), not the start rank: a late entry renumbers the field (C.04.2 2.4-2.5)
    and a request keyed by the number would move onto another player. Before round 1, when the
    ids still follow the provisional numbers, the service moves the rows with each renumbering
    (:func:`arbitro.web.tournaments.service.remap_bye_requests`).
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        REJECTED = "rejected", _("Rejected")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="bye_requests")
    player = models.PositiveIntegerField(help_text="the player's stable id (Player.public_id), not the start rank")
    round = models.PositiveIntegerField()
    kind = models.CharField(max_length=1, default="H")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    message = models.CharField(max_length=300, blank=True)  # the English text (a fallback, backups)
    #: why it was refused or how it was recorded, said in the reader's language at display time:
    #: a core message code (``arbitro.errors``) with its parameters, or ``"desk"``
    reason_code = models.CharField(max_length=60, blank=True)
    reason_params = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "round", "player"]


class RatingListEntry(models.Model):
    """The latest FIDE rating list line of a player (updated monthly)."""

    fide_id = models.CharField(max_length=12, unique=True)
    name = models.CharField(max_length=120, db_index=True)
    search_name = models.CharField(max_length=120, blank=True, db_index=True)  # fold_name(name)
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=4, blank=True)
    birth_year = models.PositiveIntegerField(null=True, blank=True)
    flag = models.CharField(max_length=4, blank=True)
    standard = models.PositiveIntegerField(null=True, blank=True)
    rapid = models.PositiveIntegerField(null=True, blank=True)
    blitz = models.PositiveIntegerField(null=True, blank=True)
    period = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.search_name = fold_name(self.name)[:120]
        super().save(*args, **kwargs)


class RatingHistory(models.Model):
    """One rating list per player and period: the history kept when lists are re-imported."""

    fide_id = models.CharField(max_length=12)  # lookups use the (fide_id, period) unique index
    period = models.DateField()
    standard = models.PositiveIntegerField(null=True, blank=True)
    rapid = models.PositiveIntegerField(null=True, blank=True)
    blitz = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["fide_id", "-period"]
        constraints = [models.UniqueConstraint(fields=["fide_id", "period"], name="rating_period_unique")]


class UserPreference(models.Model):
    """Per-user settings: the interface language."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="arbitro_pref")
    language = models.CharField(max_length=8, default="es")
