from __future__ import annotations

from django.apps import AppConfig


class PublicConfig(AppConfig):
    name = "arbitro.web.public"
    label = "arbitro_public"
    verbose_name = "Arbitro public pages"
