"""The members' paths (named in the site's ``tournaments`` namespace: :mod:`arbitro.web.urls`)."""

from __future__ import annotations

from django.urls import path

from . import views

urlpatterns = [
    path("desk/o/<slug:org>/members/", views.members, name="desk_members"),
]
