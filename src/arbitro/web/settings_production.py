"""Production settings (issue 19 §6): ``DJANGO_SETTINGS_MODULE=arbitro.web.settings_production``.

On top of :mod:`arbitro.web.settings` (every environment variable there still applies):

* served over TLS behind a reverse proxy (``ARBITRO_HTTPS=1`` is implied): secure cookies,
  HSTS, redirect to https, ``X-Forwarded-Proto`` trusted;
* ``ARBITRO_ALLOWED_HOSTS`` required (not ``*``), ``ARBITRO_SECRET_KEY`` required,
  ``DATABASE_URL`` required and PostgreSQL (SQLite is the single machine's database),
  ``DATABASE_REPLICA_URL`` optional (the public pages' reads, web/ops/dbrouter.py),
  ``REDIS_URL`` recommended (shared cache, live updates, the pairing worker);
* static files collected (``arbitro manage collectstatic``) into ``ARBITRO_STATIC_ROOT``
  (default ``/srv/arbitro/static``) and served by WhiteNoise, compressed, with hashed names
  cached for a year, unless the proxy serves that folder itself;
* no debug pages, ever.

docs/deploy.md describes the whole stack; compose.yaml starts it.
"""

from __future__ import annotations

import os

from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("ARBITRO_HTTPS", "1")
for _name in ("ARBITRO_ALLOWED_HOSTS", "ARBITRO_SECRET_KEY", "DATABASE_URL"):
    if not os.environ.get(_name):
        raise ImproperlyConfigured(f"{_name}: required by arbitro.web.settings_production (docs/deploy.md)")
if not os.environ["DATABASE_URL"].startswith(("postgres://", "postgresql://")):
    raise ImproperlyConfigured("DATABASE_URL: production runs on PostgreSQL (postgres://...); SQLite is for one machine")

from .settings import *  # noqa: E402,F403
from .settings import MIDDLEWARE  # noqa: E402

DEBUG = False
STATIC_ROOT = os.environ.get("ARBITRO_STATIC_ROOT", "/srv/arbitro/static")
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
assert "whitenoise.middleware.WhiteNoiseMiddleware" in MIDDLEWARE
