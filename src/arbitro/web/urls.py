"""URL configuration of Arbitro's web face."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from arbitro.web import live

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("arbitro.web.api.urls")),  # issue 19: the read-only JSON API (docs/api.md)
    path("live/t/<slug:slug>/events", live.events, name="live_events"),  # issue 19 §3: server-sent events (ASGI)
    path("", include("arbitro.web.teams.urls")),  # issue 18: team competitions (/teams/, /desk/teams/)
    path("", include("arbitro.web.tournaments.urls")),
]
