"""WSGI entry point: ``gunicorn arbitro.web.wsgi:application``."""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
application = get_wsgi_application()
