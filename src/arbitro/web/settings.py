"""Django settings of Arbitro's web face (issue 9).

Storage: SQLite in a data folder by default (``./data/arbitro.sqlite3``, the
folder is created on first start; ``ARBITRO_DATA_DIR`` moves it), PostgreSQL or
any database ``dj-database-url`` understands when ``DATABASE_URL`` is set.

Environment variables read here:

* ``DATABASE_URL`` — e.g. ``postgres://postgres@127.0.0.1:5432/arbitro``.
* ``ARBITRO_DATA_DIR`` — folder of the SQLite file and the generated secret key.
* ``ARBITRO_SECRET_KEY`` — overrides the key kept in ``<data>/secret_key``.
* ``ARBITRO_DEBUG`` — ``1`` for Django's debug pages.
* ``ARBITRO_ALLOWED_HOSTS`` — comma separated, default ``*``.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

WEB_DIR = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("ARBITRO_DATA_DIR", Path.cwd() / "data")).resolve()


def _secret_key() -> str:
    if os.environ.get("ARBITRO_SECRET_KEY"):
        return os.environ["ARBITRO_SECRET_KEY"]
    path = DATA_DIR / "secret_key"
    try:
        return path.read_text().strip()
    except OSError:
        key = secrets.token_urlsafe(50)
        try:
            DATA_DIR.mkdir(parents=True, exist_ok=True)
            path.write_text(key)
        except OSError:  # read-only place: a per-process key still works
            pass
        return key


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("ARBITRO_DEBUG", "") == "1"
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ARBITRO_ALLOWED_HOSTS", "*").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("ARBITRO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "arbitro.web.tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "arbitro.web.tournaments.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "arbitro.web.urls"
WSGI_APPLICATION = "arbitro.web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]


def _database() -> dict[str, object]:
    url = os.environ.get("DATABASE_URL", "")
    if url:
        return dict(dj_database_url.parse(url, conn_max_age=60))
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    return {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(DATA_DIR / "arbitro.sqlite3"),
        # WAL + IMMEDIATE: readers never wait for the desk's writes, writers queue instead of failing.
        "OPTIONS": {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "es"
LANGUAGES = [("es", "Español"), ("en", "English")]
LOCALE_PATHS = [WEB_DIR / "locale"]
TIME_ZONE = os.environ.get("ARBITRO_TIME_ZONE", "America/Argentina/Buenos_Aires")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
if os.environ.get("ARBITRO_STATIC_ROOT"):  # only for collectstatic behind another web server
    STATIC_ROOT = os.environ["ARBITRO_STATIC_ROOT"]
# Serve straight from the apps' static folders (no collectstatic step needed).
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

LOGIN_URL = "tournaments:login"
LOGIN_REDIRECT_URL = "tournaments:desk"
LOGOUT_REDIRECT_URL = "tournaments:home"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
