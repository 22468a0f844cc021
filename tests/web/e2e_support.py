"""Shared pieces of the browser tests (Playwright driving Debian's Chromium).

The ``browser`` fixture lives in ``tests/web/conftest.py``; a browser test module starts with::

    from e2e_support import E2E, login, make_arbiter, shot
    pytestmark = E2E

Screenshots go to ``screenshots/<folder>/`` at the repository root (git-ignored;
``ARBITRO_SCREENSHOTS`` moves the root). Everything is skipped with a reason when
``/usr/bin/chromium`` is missing; ``.ci/run`` installs it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("ARBITRO_CHROMIUM", "/usr/bin/chromium")
SHOTS_ROOT = Path(os.environ.get("ARBITRO_SCREENSHOTS", Path(__file__).resolve().parents[2] / "screenshots"))
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-dev-shm-usage",
]
ARBITER = ("arbitro", "arbitro-e2e-pw")

#: The marks of every browser test module.
E2E = [
    pytest.mark.e2e,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} not installed (apt-get install chromium)"
    ),
]

# Playwright's sync API runs an event loop in this thread; the ORM calls of the tests are synchronous on purpose.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def make_arbiter(username: str = ARBITER[0], password: str = ARBITER[1]) -> Any:
    """A user who is chief arbiter of every tournament (a global role)."""
    from django.contrib.auth import get_user_model

    from arbitro.web.tournaments import models

    user = get_user_model().objects.create_user(username, password=password)
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


def login(
    page: Any, base: str, username: str = ARBITER[0], password: str = ARBITER[1], *, redirected: bool = False
) -> None:
    """Log in through the login form; ``redirected``: the page is already on its way to the login form."""
    if redirected:
        page.wait_for_url("**/login/**")
    else:
        page.goto(f"{base}/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("form.form button[type=submit]")
    page.wait_for_load_state()


def shot(page: Any, name: str, folder: str = "web-e2e") -> None:
    """A full-page screenshot ``screenshots/<folder>/<name>.png``."""
    target = SHOTS_ROOT / folder
    target.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target / f"{name}.png"), full_page=True)


def shots(page: Any, name: str, folder: str, widths: tuple[int, ...] = (1366, 390)) -> None:
    """The page at each width (``<name>-<width>.png``), then back at 1366 px."""
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        shot(page, f"{name}-{width}", folder)
    page.set_viewport_size({"width": 1366, "height": 900})
