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
    path("", include("arbitro.web.manual.urls")),  # issue 33 item 6: the user manual
    path("", include("arbitro.web.teams.urls")),  # issue 18: team competitions (/teams/, /desk/teams/)
    path("", include("arbitro.web.tournaments.urls")),
]

# Styled, translated error pages (issue 15 item 7); the 405 page comes from a middleware.
handler400 = "arbitro.web.tournaments.views_errors.bad_request"
handler403 = "arbitro.web.tournaments.views_errors.forbidden"
handler404 = "arbitro.web.tournaments.views_errors.not_found"
handler500 = "arbitro.web.tournaments.views_errors.server_error"
