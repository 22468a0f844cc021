from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from arbitro.web.ops import audit

from . import views_desk, views_documents, views_members, views_player, views_players, views_public
from .desk import operations

app_name = "tournaments"

urlpatterns = [
    path("", views_public.home, name="home"),
    path("federation/", views_public.federation_page, name="federation"),
    path("o/<slug:org>/", views_public.organisation, name="organisation"),  # issue 19 item 5
    path("o/<slug:org>/federation/", views_public.federation_page, name="org_federation"),
    path("desk/o/<slug:org>/members/", views_members.members, name="desk_members"),
    path("language/", views_public.set_language, name="set_language"),
    path("p/<int:pk>/", views_public.person, name="person"),
    path("t/<slug:slug>/", views_public.info, name="info"),
    path("t/<slug:slug>/version.json", views_public.version, name="version"),
    path("t/<slug:slug>/players/", views_public.players, name="players"),
    path("t/<slug:slug>/pairings/", views_public.pairings, name="pairings_current"),
    path("t/<slug:slug>/round/<int:rnd>/", views_public.pairings, name="pairings"),
    path("t/<slug:slug>/standings/", views_public.standings, name="standings"),
    path("t/<slug:slug>/crosstable/", views_public.crosstable, name="crosstable"),
    path("t/<slug:slug>/norms/", views_public.norms_page, name="norms"),
    path("t/<slug:slug>/player/<int:start_rank>/", views_public.player, name="player"),
    path("t/<slug:slug>/download/<str:kind>/", views_documents.public_document, name="download"),
    path("t/<slug:slug>/bye/", views_player.request_bye, name="request_bye"),
    path("login/", auth_views.LoginView.as_view(template_name="tournaments/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("welcome/", views_player.after_login, name="after_login"),
    path("me/", views_player.mine, name="mine"),
    path("desk/", views_desk.desk, name="desk"),
    path("desk/new/", views_desk.create, name="desk_create"),
    path("desk/import/", views_desk.import_trf, name="desk_import"),
    path("desk/t/<slug:slug>/", views_desk.panel, name="desk_panel"),
    path("desk/t/<slug:slug>/export.trf", views_desk.export, name="desk_export"),
    path("desk/t/<slug:slug>/download/<str:kind>/", views_documents.desk_document, name="desk_download"),
    path("desk/t/<slug:slug>/audit/", audit.audit_view, name="desk_audit"),
    path("desk/t/<slug:slug>/log/", views_desk.log, name="desk_log"),
    path("desk/t/<slug:slug>/players/", views_players.players, name="desk_players"),
    path("desk/t/<slug:slug>/players/<int:pid>/", views_players.edit_player, name="desk_player_edit"),
    path("desk/t/<slug:slug>/settings/", views_players.settings_page, name="desk_settings"),
    *operations.urlpatterns(),  # one URL per desk operation (desk/operations.py)
]
