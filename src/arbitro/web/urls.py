"""URL configuration of Arbitro's web face."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from arbitro.web import live
from arbitro.web.members import urls as members
from arbitro.web.ops import urls as ops
from arbitro.web.public import urls as public
from arbitro.web.tournaments import urls as desk

# The apps' pages keep the one namespace their names have always had (``tournaments:standings``,
# ``tournaments:desk_panel``...): every template reverses them by it, across the apps (issue 32).
site = [*public.urlpatterns, *members.urlpatterns, *ops.urlpatterns, *desk.urlpatterns]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("arbitro.web.api.urls")),  # issue 19: the read-only JSON API (docs/api.md)
    path("live/t/<slug:slug>/events", live.events, name="live_events"),  # issue 19 §3: server-sent events (ASGI)
    path("", include("arbitro.web.manual.urls")),  # issue 33 item 6: the user manual
    path("", include("arbitro.web.teams.urls")),  # issue 18: team competitions (/teams/, /desk/teams/)
    path("", include((site, "tournaments"))),
]

# Styled, translated error pages (issue 15 item 7); the 405 page comes from a middleware.
handler400 = "arbitro.web.tournaments.views_errors.bad_request"
handler403 = "arbitro.web.tournaments.views_errors.forbidden"
handler404 = "arbitro.web.tournaments.views_errors.not_found"
handler500 = "arbitro.web.tournaments.views_errors.server_error"
