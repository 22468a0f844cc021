from __future__ import annotations

from django.urls import path

from . import desk, views

app_name = "teams"

urlpatterns = [
    path("teams/<slug:slug>/", views.standings, name="standings"),
    path("teams/<slug:slug>/round/<int:rnd>/", views.pairings, name="pairings"),
    path("teams/<slug:slug>/pairings/", views.pairings, name="pairings_current"),
    path("teams/<slug:slug>/boards/", views.boards, name="boards"),
    path("teams/<slug:slug>/norms/", views.norms, name="norms"),
    path("teams/<slug:slug>/team/<int:tpn>/", views.team, name="team"),
    path("teams/<slug:slug>/player/<int:pid>/", views.player, name="player"),
    path("teams/<slug:slug>/download/<str:kind>/", views.public_document, name="download"),
    path("desk/teams/<slug:slug>/download/<str:kind>/", views.desk_document, name="desk_download"),
    path("desk/teams/new/", views.desk_create, name="desk_create"),
    path("desk/teams/<slug:slug>/", views.desk_panel, name="desk_panel"),
    path("desk/teams/<slug:slug>/settings/", views.desk_settings, name="desk_settings"),
    path("desk/teams/<slug:slug>/export.trf", views.desk_export, name="desk_export"),
    *desk.urlpatterns(),  # one URL per team desk operation, named teams:desk_<name>
]
