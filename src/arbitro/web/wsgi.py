"""WSGI entry point: ``gunicorn arbitro.web.wsgi:application``.

Django's handler behind the page cache's fast path (web/ops/pagecache.py, :class:`FastPath`): a
public page or API resource already in this process's cache is answered without the handler.
"""

from __future__ import annotations

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
_django = get_wsgi_application()

from arbitro.web.ops.pagecache import FastPath  # noqa: E402 - after Django's set-up

application = FastPath(_django)
