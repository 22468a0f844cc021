from __future__ import annotations

from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "arbitro.web.api"
    label = "arbitro_api"
    verbose_name = "Arbitro JSON API"
