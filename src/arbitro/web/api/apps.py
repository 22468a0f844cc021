from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "arbitro.web.api"
    label = "arbitro_api"
    verbose_name = "Arbitro JSON API"

    def ready(self) -> None:
        # Live updates (issue 19 §3): a committed version bump is published on Redis, from any process.
        from django.db.models.signals import post_save

        from arbitro.web import live
        from arbitro.web.tournaments.models import Tournament

        post_save.connect(live.tournament_saved, sender=Tournament, dispatch_uid="arbitro-live")
