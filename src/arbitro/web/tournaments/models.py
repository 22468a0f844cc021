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


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")

    slug = models.SlugField(max_length=80, unique=True)
    name = models.CharField(_("name"), max_length=200)
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
    """Who may do what at the desk. ``tournament`` empty: federation-wide."""

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
