"""URL configuration of Arbitro's web face."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("arbitro.web.api.urls")),  # issue 19: the read-only JSON API (docs/api.md)
    path("", include("arbitro.web.teams.urls")),  # issue 18: team competitions (/teams/, /desk/teams/)
    path("", include("arbitro.web.tournaments.urls")),
]
