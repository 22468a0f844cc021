from __future__ import annotations

from django.apps import AppConfig


class MembersConfig(AppConfig):
    name = "arbitro.web.members"
    label = "arbitro_members"
    verbose_name = "Arbitro organisations and members"
