"""The desk's paths (named in the site's ``tournaments`` namespace: :mod:`arbitro.web.urls`)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import path

from arbitro.web.ops import logins_page

from . import views_desk, views_players

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(template_name="tournaments/login.html"), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("desk/", views_desk.desk, name="desk"),
    path("desk/logins/", logins_page.logins, name="desk_logins"),  # issue 38: failed logins, for superusers
    path("desk/new/", views_desk.create, name="desk_create"),
    path("desk/import/", views_desk.import_trf, name="desk_import"),
    path("desk/t/<slug:slug>/", views_desk.panel, name="desk_panel"),
    path("desk/t/<slug:slug>/action/", views_desk.action, name="desk_action"),
    path("desk/t/<slug:slug>/export.trf", views_desk.export, name="desk_export"),
    path("desk/t/<slug:slug>/log/", views_desk.log, name="desk_log"),
    path("desk/t/<slug:slug>/players/", views_players.players, name="desk_players"),
    path("desk/t/<slug:slug>/players/<int:pid>/", views_players.edit_player, name="desk_player_edit"),
    path("desk/t/<slug:slug>/settings/", views_players.settings_page, name="desk_settings"),
]
