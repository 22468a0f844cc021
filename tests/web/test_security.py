"""Authentication and transport security (issue 11 §6).

Argon2 password hashing, login throttling (django-axes), HTTP-only same-site cookies,
security headers (CSP, no framing, nosniff, referrer policy), HSTS and secure cookies
when served over TLS, and ``manage.py check --deploy`` clean for the production
environment (``ARBITRO_HTTPS=1`` + a real secret key + the host name).
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
import textwrap

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password
from django.test import Client

pytestmark = pytest.mark.django_db

SETTINGS = importlib.import_module("arbitro.web.settings")


def test_passwords_are_hashed_with_argon2(settings) -> None:
    settings.PASSWORD_HASHERS = SETTINGS.PASSWORD_HASHERS  # the suite's conftest swaps in a fast hasher
    assert make_password("a long passphrase").startswith("argon2$argon2id$")
    user = get_user_model().objects.create_user("hashme", password="a long passphrase")
    assert user.password.startswith("argon2$") and user.check_password("a long passphrase")


def _login(c: Client, username: str, password: str):
    return c.post("/login/", {"username": username, "password": password})


def test_login_is_throttled_after_five_failures_per_user_and_address() -> None:
    get_user_model().objects.create_user("victim", password="right-password-1")
    c = Client()
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT):
        resp = _login(c, "victim", "wrong")
        assert resp.status_code in {200, 429}
    locked = _login(c, "victim", "right-password-1")  # even the right password is refused while locked out
    assert locked.status_code == 429
    assert "_auth_user_id" not in c.session
    # another address is not locked out (lockout by user name AND address: no denial of service by name alone)
    other = Client(REMOTE_ADDR="10.9.8.7")
    ok = other.post("/login/", {"username": "victim", "password": "right-password-1"})
    assert ok.status_code == 302 and "_auth_user_id" in other.session


def test_a_successful_login_resets_the_failure_count() -> None:
    get_user_model().objects.create_user("forgetful", password="right-password-2")
    c = Client()
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT - 1):
        _login(c, "forgetful", "wrong")
    assert _login(c, "forgetful", "right-password-2").status_code == 302
    c.logout()
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT - 1):
        _login(c, "forgetful", "wrong")
    assert _login(c, "forgetful", "right-password-2").status_code == 302


def test_security_headers_on_public_pages() -> None:
    resp = Client().get("/")
    csp = resp["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert resp["X-Frame-Options"] == "DENY"
    assert resp["X-Content-Type-Options"] == "nosniff"
    assert resp["Referrer-Policy"] == "same-origin"
    assert "Strict-Transport-Security" not in resp  # plain HTTP on a laptop: no HSTS


def test_session_and_csrf_cookies_are_http_only_and_same_site() -> None:
    get_user_model().objects.create_user("cookie", password="cookie-pw-123")
    c = Client()
    c.get("/login/")
    resp = _login(c, "cookie", "cookie-pw-123")
    session = resp.cookies["sessionid"]
    assert session["httponly"] and session["samesite"] == "Lax"
    assert 0 < int(session["max-age"]) <= 24 * 3600
    csrf = c.cookies["csrftoken"]
    assert csrf["httponly"] and csrf["samesite"] == "Lax"


PRODUCTION_PROBE = textwrap.dedent(
    """
    import json, sys
    import django
    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.conf import settings
    call_command("check", "--deploy", "--fail-level", "WARNING")
    c = Client()
    plain = c.get("/static/arbitro/style.css", HTTP_HOST="resultados.example.org")
    tls = c.get("/login/", HTTP_HOST="resultados.example.org", secure=True)
    print(json.dumps({
        "redirect": [plain.status_code, plain.get("Location", "")],
        "hsts": tls.get("Strict-Transport-Security", ""),
        "csp": tls.get("Content-Security-Policy", ""),
        "secure_cookies": [settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE],
    }))
    """
)


def test_check_deploy_is_clean_for_the_production_environment(tmp_path) -> None:
    """``manage.py check --deploy`` with the production environment: no warning at all; HSTS over TLS."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ARBITRO_")},
        "DJANGO_SETTINGS_MODULE": "arbitro.web.settings",
        "ARBITRO_DATA_DIR": str(tmp_path),
        "ARBITRO_HTTPS": "1",
        "ARBITRO_SECRET_KEY": "k8#Qz!" + "x7Lp2vR9sT4wY6uB3nM5cD8fG1hJ0kA" * 2,
        "ARBITRO_ALLOWED_HOSTS": "resultados.example.org",
    }
    env.pop("DATABASE_URL", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests of this process, never in deployment
    proc = subprocess.run([sys.executable, "-c", PRODUCTION_PROBE], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "System check identified no issues" in proc.stdout + proc.stderr
    probe = json.loads(proc.stdout.strip().splitlines()[-1])
    assert probe["redirect"][0] == 301 and probe["redirect"][1].startswith("https://resultados.example.org/")
    assert probe["hsts"].startswith("max-age=31536000")
    assert "script-src 'self'" in probe["csp"]
    assert probe["secure_cookies"] == [True, True]


def test_check_deploy_flags_the_laptop_defaults_without_tls(tmp_path) -> None:
    """Without ``ARBITRO_HTTPS`` the deploy check does warn (HSTS, secure cookies): the production switch matters."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("ARBITRO_")},
        "DJANGO_SETTINGS_MODULE": "arbitro.web.settings",
        "ARBITRO_DATA_DIR": str(tmp_path),
    }
    env.pop("DATABASE_URL", None)
    proc = subprocess.run(
        [sys.executable, "-m", "django", "check", "--deploy", "--fail-level", "WARNING"],
        env=env, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode != 0
    assert "security.W004" in proc.stderr + proc.stdout  # HSTS
