"""``/api/v1/`` (included once from :mod:`arbitro.web.urls`). Anything else under the prefix is a JSON 404."""

from __future__ import annotations

from django.urls import path, re_path

from . import push, views

app_name = "api"

T = "tournaments/<str:slug>"
TT = "teams/<str:slug>"  # team competitions (issue 18), as their public pages /teams/<slug>/

urlpatterns = [
    path("openapi.json", views.openapi_document, name="openapi"),
    path("tournaments", views.tournaments, name="tournaments"),
    path("seasons", views.seasons, name="seasons"),
    path("seasons/<int:year>", views.season, name="season"),
    path(T, views.tournament, name="tournament"),
    path(f"{T}/players", views.players, name="players"),
    path(f"{T}/players/<int:start_rank>", views.player_detail, name="player"),
    path(f"{T}/rounds", views.rounds, name="rounds"),
    path(f"{T}/rounds/<int:rnd>", views.round_detail, name="round"),
    path(f"{T}/standings", views.standings, name="standings"),
    path(f"{T}/standings/<int:start_rank>", views.standing_explained, name="standing"),
    path(f"{T}/crosstable", views.crosstable, name="crosstable"),
    path(f"{T}/norms", views.norms_report, name="norms"),
    path("teams", views.team_events, name="team_events"),
    path(f"{TT}", views.team_event, name="team_event"),
    path(f"{TT}/teams", views.team_teams, name="team_teams"),
    path(f"{TT}/rounds", views.team_rounds, name="team_rounds"),
    path(f"{TT}/rounds/<int:rnd>", views.team_round, name="team_round"),
    path(f"{TT}/standings", views.team_standings, name="team_standings"),
    path(f"{TT}/boards", views.team_boards, name="team_boards"),
    path("push/<str:slug>", push.push, name="push"),  # issue 37 item 5: a venue pushes its log
    re_path(r"^(?P<rest>.*)$", views.not_found),
]
