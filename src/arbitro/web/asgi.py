"""ASGI entry point: ``uvicorn arbitro.web.asgi:application`` (the live updates, docs/deploy.md)."""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
application = get_asgi_application()
