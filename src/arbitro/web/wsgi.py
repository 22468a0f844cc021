"""WSGI entry point: ``gunicorn arbitro.web.wsgi:application``.

Chooses Arbitro's settings, then serves :mod:`arbitro.web.handler` (Django's handler behind the
page cache's fast path, web/ops/pagecache.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")

from arbitro.web.handler import application  # noqa: E402 - after the settings are chosen

__all__ = ["application"]
