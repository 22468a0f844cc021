"""The operations' paths (named in the site's ``tournaments`` namespace: :mod:`arbitro.web.urls`)."""

from __future__ import annotations

from django.urls import path

from . import audit

urlpatterns = [
    path("desk/t/<slug:slug>/audit/", audit.audit_view, name="desk_audit"),
]
