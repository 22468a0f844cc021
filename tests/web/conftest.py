"""Django for the web tests only: the rest of the suite never imports Django.

SQLite (in memory) by default; ``DATABASE_URL`` switches to PostgreSQL (dev.py
runs tests/web a second time that way when a server answers on 5432).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbitro.web.settings")
os.environ.setdefault("ARBITRO_DATA_DIR", tempfile.mkdtemp(prefix="arbitro-test-data-"))

import django  # noqa: E402

django.setup()

SHARED = Path(__file__).resolve().parents[2].parent / "shared" / "fixtures"


@pytest.fixture
def shared() -> Path:
    if not SHARED.exists():
        pytest.skip("../shared/fixtures not found")
    return SHARED


@pytest.fixture(autouse=True)
def _fresh_cache():
    from arbitro.web.tournaments import store

    store.clear_cache()
    yield
    store.clear_cache()


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
