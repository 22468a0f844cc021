from __future__ import annotations

from django.apps import AppConfig


class ManualConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "arbitro.web.manual"
    label = "manual"
    verbose_name = "Arbitro user manual"
