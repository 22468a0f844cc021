"""The public pages' paths (named in the site's ``tournaments`` namespace: :mod:`arbitro.web.urls`)."""

from __future__ import annotations

from django.urls import path

from . import documents, player, views

urlpatterns = [
    path("", views.home, name="home"),
    path("federation/", views.federation_page, name="federation"),
    path("o/<slug:org>/", views.organisation, name="organisation"),  # issue 19 item 5
    path("o/<slug:org>/federation/", views.federation_page, name="org_federation"),
    path("language/", views.set_language, name="set_language"),
    path("p/<int:pk>/", views.person, name="person"),
    path("t/<slug:slug>/", views.info, name="info"),
    path("t/<slug:slug>/version.json", views.version, name="version"),
    path("t/<slug:slug>/players/", views.players, name="players"),
    path("t/<slug:slug>/pairings/", views.pairings, name="pairings_current"),
    path("t/<slug:slug>/round/<int:rnd>/", views.pairings, name="pairings"),
    path("t/<slug:slug>/standings/", views.standings, name="standings"),
    path("t/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("t/<slug:slug>/norms/", views.norms_page, name="norms"),
    path("t/<slug:slug>/player/<int:start_rank>/", views.player, name="player"),
    path("t/<slug:slug>/download/<str:kind>/", documents.public_document, name="download"),
    path("t/<slug:slug>/bye/", player.request_bye, name="request_bye"),
    path("welcome/", player.after_login, name="after_login"),
    path("me/", player.mine, name="mine"),
    path("desk/t/<slug:slug>/download/<str:kind>/", documents.desk_document, name="desk_download"),
]
