"""The WSGI application: Django's handler behind the page cache's fast path.

A public page or API resource already in this process's cache is answered without the handler
(web/ops/pagecache.py, :class:`FastPath`). Named by the settings' ``WSGI_APPLICATION`` (Django's
``runserver``) and served by :mod:`arbitro.web.wsgi`; it names no settings module itself, so the
settings and the entry point do not name each other (issue 32: no import cycle).
"""

from __future__ import annotations

from django.core.wsgi import get_wsgi_application

_django = get_wsgi_application()

from arbitro.web.ops.pagecache import FastPath  # noqa: E402 - after Django's set-up

application = FastPath(_django)
