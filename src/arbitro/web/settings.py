"""Django settings of Arbitro's web face (issue 9).

Storage: SQLite in a data folder by default (``./data/arbitro.sqlite3``, the
folder is created on first start; ``ARBITRO_DATA_DIR`` moves it), PostgreSQL or
any database ``dj-database-url`` understands when ``DATABASE_URL`` is set.

Environment variables read here:

* ``DATABASE_URL`` — e.g. ``postgres://postgres@127.0.0.1:5432/arbitro``.
* ``ARBITRO_DATA_DIR`` — folder of the SQLite file and the generated secret key.
* ``ARBITRO_SECRET_KEY`` — overrides the key kept in ``<data>/secret_key``.
* ``ARBITRO_DEBUG`` — ``1`` for Django's debug pages.
* ``ARBITRO_ALLOWED_HOSTS`` — comma separated, default ``*``; required (and not ``*``) with ``ARBITRO_HTTPS=1``.
* ``ARBITRO_RULEBOOK`` — code of the federation rulebook the site offers (default: the only one registered).
* ``REDIS_URL`` — e.g. ``redis://127.0.0.1:6379/0``: the cache (pages and API bodies per tournament
  version, shared by every process), the live-update channel and the job queue (an ``arbitro worker``
  runs pairings). Unset: the local-memory cache and jobs in the web process, as on a club laptop.
* ``ARBITRO_PUBLIC_MAX_AGE`` — seconds a proxy/CDN may serve a public page without revalidating (default 0).
* ``ARBITRO_LOCALES`` — folder(s) of extra catalogues (a language pack: ``<dir>/<lang>/LC_MESSAGES/*.mo``).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

from arbitro import i18n as _words

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
ARBITRO_RULEBOOK = os.environ.get("ARBITRO_RULEBOOK", "")
ALLOWED_HOSTS = [h.strip() for h in os.environ.get("ARBITRO_ALLOWED_HOSTS", "*").split(",") if h.strip()]
if os.environ.get("ARBITRO_HTTPS", "") == "1" and (not os.environ.get("ARBITRO_ALLOWED_HOSTS") or "*" in ALLOWED_HOSTS):
    # Production (served over TLS) must name its host(s): "*" accepts forged Host headers
    # (password-reset links, cache poisoning). A club laptop on plain HTTP keeps "*" (issue 21).
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured("ARBITRO_ALLOWED_HOSTS: name the site's host(s) when ARBITRO_HTTPS=1 (not '*')")
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
    "arbitro.web.teams",  # issue 18: team competitions
    "arbitro.web.api",
    "arbitro.web.manual",  # issue 33 item 6: the user manual (/manual/)
    "arbitro.web.public",  # issue 32: the public pages (no models)
    "arbitro.web.members",  # issue 32: organisations and members (no models)
    "arbitro.web.ratings",  # issue 32: rating lists (no models)
    "arbitro.web.ops",  # issue 32: caches, pages built ahead, backups, audit (no models)
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Cached public pages before sessions, auth and CSRF: a repeat costs one query (issue 21 §6, web/ops/pagecache.py).
    "arbitro.web.ops.pagecache.PublicPageCacheMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "arbitro.web.tournaments.middleware.UserLanguageMiddleware",
    "arbitro.web.tournaments.views_errors.MethodNotAllowedPage",  # a styled, translated 405 (issue 15)
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "arbitro.web.urls"
WSGI_APPLICATION = "arbitro.web.handler.application"  # not wsgi: that module names these settings

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
                "arbitro.web.tournaments.federation.context",
                "arbitro.web.jobs.context",
                "arbitro.web.live.context",
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
if os.environ.get("DATABASE_REPLICA_URL"):
    # A read replica for the public pages (issue 19 §6, web/ops/dbrouter.py). In tests it mirrors the
    # test database of the primary (no replication there).
    DATABASES["replica"] = {**dj_database_url.parse(os.environ["DATABASE_REPLICA_URL"], conn_max_age=60),
                            "TEST": {"MIRROR": "default"}}
    DATABASE_ROUTERS = ["arbitro.web.ops.dbrouter.PublicReadRouter"]

# Cache (issue 19 §2): Redis when REDIS_URL is set, shared by every web process and the worker;
# otherwise the local-memory cache, so the embedded default needs nothing. Entries are keyed by
# tournament version (invalidation by event); the timeout only frees memory of old versions.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "arbitro.web.ops.rediscache.RedisCache",  # Django's, its client objects reused
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("ARBITRO_CACHE_PREFIX", "arbitro"),
            "TIMEOUT": 3600,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "arbitro"}}
# Jobs (issue 19 §4): with REDIS_URL the desk's pairing runs in `arbitro manage arbitro_worker`;
# ARBITRO_JOBS_EAGER=1 runs queued jobs at once in the web process (tests).
ARBITRO_JOBS_EAGER = os.environ.get("ARBITRO_JOBS_EAGER", "") == "1"
# Hot public pages built once per version ahead of the readers (web/ops/prebuild.py): by the worker
# with REDIS_URL, else by a background thread of the process that committed the change. 0: off.
ARBITRO_PREBUILD = os.environ.get("ARBITRO_PREBUILD", "1") != "0"
# Live updates (issue 19 §3): ARBITRO_LIVE=1 when /live/ is served by an ASGI server (docs/deploy.md);
# the public pages then open the event stream and keep polling version.json slowly as the fallback.
ARBITRO_LIVE = os.environ.get("ARBITRO_LIVE", "") == "1"
ARBITRO_PUBLIC_MAX_AGE = int(os.environ.get("ARBITRO_PUBLIC_MAX_AGE", "0"))
# The page cache's hits answered in front of Django's WSGI handler (web/ops/pagecache.py FastPath); 0: off.
ARBITRO_FAST_PATH = os.environ.get("ARBITRO_FAST_PATH", "1") != "0"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "es"
# The languages offered are those with catalogues (issue 32 item 4: a language is added by files only;
# arbitro.i18n): each language's own name is its catalogue's "language.name". A folder named by
# ARBITRO_LOCALES (a language pack) holds the web's django.mo of its languages too.
LANGUAGES = [(code, _words.language_name(code)) for code in _words.languages()]
LOCALE_PATHS = [WEB_DIR / "locale", *_words.extra_dirs()]
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
LOGIN_REDIRECT_URL = "tournaments:after_login"  # arbiters: the desk; players: their own page
LOGOUT_REDIRECT_URL = "tournaments:home"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A 403/404 is one console line, not a traceback (issue 20); 5xx keep theirs.
    "filters": {"one_line_refusals": {"()": "arbitro.web.logs.OneLineRefusals"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["one_line_refusals"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}

# -- Security (issue 11; docs/reliability.md) ----------------------------------
# Passwords: Argon2id first (argon2-cffi); PBKDF2 kept so older hashes still verify
# and are upgraded at the next login.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

# Login throttling: django-axes (failed attempts kept in the database, so every
# server process sees them): 5 failures per user name and address lock for 15 min.
INSTALLED_APPS += ["axes"]
# The address budget comes first: over it, an attempt is refused before any hash (web/ops/throttle.py).
AUTHENTICATION_BACKENDS = [
    "arbitro.web.ops.throttle.AddressBudgetBackend",
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Progressive delays, never a venue lockout (issue 38): past these, a window of 2, 4, 8 ... seconds
# after the last failure, for spraying from one address (distinct names) and for one name from anywhere.
ARBITRO_LOGIN_ADDRESS_NAMES = int(os.environ.get("ARBITRO_LOGIN_ADDRESS_NAMES", "30"))
ARBITRO_LOGIN_ACCOUNT_FAILURES = int(os.environ.get("ARBITRO_LOGIN_ACCOUNT_FAILURES", "10"))
# The largest whole-database backup a restore reads, decompressed (0: the default of web/ops/backup.py, 512 MB).
ARBITRO_MAX_RESTORE_BYTES = int(os.environ.get("ARBITRO_MAX_RESTORE_BYTES", "0") or 0)
CSRF_FAILURE_VIEW = "arbitro.web.tournaments.views_errors.csrf_failure"
MIDDLEWARE += ["csp.middleware.CSPMiddleware", "axes.middleware.AxesMiddleware", "arbitro.web.ops.private.PrivatePagesMiddleware"]
# Over its budget, a login POST is refused before sessions, CSRF and axes run (a flood costs one cache read).
MIDDLEWARE.insert(MIDDLEWARE.index("arbitro.web.ops.pagecache.PublicPageCacheMiddleware") + 1,
                  "arbitro.web.ops.throttle.AddressBudgetMiddleware")
AXES_FAILURE_LIMIT = int(os.environ.get("ARBITRO_LOGIN_FAILURES", "5"))
AXES_COOLOFF_TIME = float(os.environ.get("ARBITRO_LOGIN_COOLOFF_HOURS", "0.25"))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

# Sessions and cookies: HTTP-only, same-site, one tournament day long.
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = 14 * 3600
CSRF_COOKIE_HTTPONLY = True
CSRF_COOKIE_SAMESITE = "Lax"

# Headers: a strict Content-Security-Policy (no inline script anywhere), no framing,
# no MIME sniffing, same-origin referrers.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
    }
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Served over TLS (ARBITRO_HTTPS=1, e.g. behind a reverse proxy that sets
# X-Forwarded-Proto): secure cookies, redirect to https, HSTS for a year.
if os.environ.get("ARBITRO_HTTPS", "") == "1":
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("ARBITRO_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = os.environ.get("ARBITRO_HSTS_SUBDOMAINS", "1") == "1"
    SECURE_HSTS_PRELOAD = os.environ.get("ARBITRO_HSTS_PRELOAD", "") == "1"
    if not SECURE_HSTS_PRELOAD:  # preloading is the federation's commitment for its whole domain, not ours
        SILENCED_SYSTEM_CHECKS = ["security.W021"]
