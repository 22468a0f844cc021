from __future__ import annotations

from django.urls import path

from . import views

app_name = "manual"

urlpatterns = [
    path("manual/", views.page, {"chapter": "index"}, name="index"),
    path("manual/<slug:chapter>/", views.page, name="page"),
]
