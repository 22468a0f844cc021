from __future__ import annotations

from django.apps import AppConfig


class TeamsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "arbitro.web.teams"
    label = "teams"
    verbose_name = "Arbitro teams"

    def ready(self) -> None:
        from . import audit

        audit.register()  # the audit trail and the event log describe the team kinds (issue 32)
