"""Web hardening of issue 21: production hosts, desk caching, temporary backup files."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _settings_env(tmp_path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ARBITRO_")}
    env.pop("DATABASE_URL", None)
    env.update({"DJANGO_SETTINGS_MODULE": "arbitro.web.settings", "ARBITRO_DATA_DIR": str(tmp_path), **extra})
    return env


@pytest.mark.parametrize("hosts", [None, "*", "example.org,*"])
def test_production_requires_allowed_hosts(tmp_path, hosts) -> None:
    """ARBITRO_HTTPS=1 (production) without a named host refuses to start instead of accepting any Host."""
    extra = {"ARBITRO_HTTPS": "1", "ARBITRO_SECRET_KEY": "k" * 60}
    if hosts is not None:
        extra["ARBITRO_ALLOWED_HOSTS"] = hosts
    proc = subprocess.run([sys.executable, "-c", "import django; django.setup()"],
                          env=_settings_env(tmp_path, **extra), capture_output=True, text=True, timeout=120)  # fmt: skip
    assert proc.returncode != 0
    assert "ARBITRO_ALLOWED_HOSTS" in proc.stderr


def test_laptop_default_still_serves_any_host(tmp_path) -> None:
    code = "import django; django.setup(); from django.conf import settings; print(settings.ALLOWED_HOSTS)"
    proc = subprocess.run([sys.executable, "-c", code], env=_settings_env(tmp_path), capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "'*'" in proc.stdout
