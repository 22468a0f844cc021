from __future__ import annotations

from django.apps import AppConfig


class RatingsConfig(AppConfig):
    name = "arbitro.web.ratings"
    label = "arbitro_ratings"
    verbose_name = "Arbitro rating lists"
