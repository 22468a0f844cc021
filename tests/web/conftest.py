"""Django for the web tests only: the rest of the suite never imports Django.

SQLite (in memory) by default; ``DATABASE_URL`` switches to PostgreSQL (dev.py
runs tests/web a second time that way when a server answers on 5432).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
os.environ.setdefault("ARBITRO_DATA_DIR", tempfile.mkdtemp(prefix="arbitro-test-data-"))

import django  # noqa: E402

# --import-mode=importlib puts no test folder on sys.path: the browser tests import their helpers from here.
sys.path.insert(0, str(Path(__file__).resolve().parent))

django.setup()


@pytest.fixture
def fixtures_dir() -> Path:
    """``tests/fixtures``: the reference files (see its README.md and tests/fixture_paths.py)."""
    return FIXTURES


@pytest.fixture
def arbiter(db):
    """A chief arbiter of every tournament (``arb``), as the desk tests log in (test_desk*.py)."""
    from django.contrib.auth import get_user_model

    from arbitro.web.tournaments import models

    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


@pytest.fixture
def logged(client, arbiter):
    """The test client logged in as :func:`arbiter`."""
    client.force_login(arbiter)
    return client


@pytest.fixture(autouse=True)
def _fresh_cache():
    from arbitro.web.tournaments import eventlog

    eventlog.clear_cache()
    yield
    eventlog.clear_cache()


@pytest.fixture(autouse=True)
def _no_prebuild(settings):
    """Pages are built ahead only where a test asks (test_prebuild.py): no background build outlives a test."""
    settings.ARBITRO_PREBUILD = False


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through Playwright, one per test module (see tests/web/e2e_support.py)."""
    from e2e_support import CHROMIUM, LAUNCH_ARGS

    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    """A browser context at 1366 × 900 px in Spanish (es-AR), 15 s timeouts; a test narrows it for a phone."""
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="es-AR")
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()
