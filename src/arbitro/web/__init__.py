"""Arbitro's web face (issue 9): a Django project over the domain core.

Thin by design: views and models call the core services (``arbitro.trf``,
``arbitro.tournament``, ``arbitro.standings``, ``arbitro.pairing``,
``arbitro.titles``, ``arbitro.federations``); no pairing, tie-break, norm or
rulebook logic lives here. Settings: :mod:`arbitro.web.settings`.
"""

from __future__ import annotations

import os

SETTINGS_MODULE = "arbitro.web.settings"


def setup() -> None:
    """Configure Django for Arbitro's settings (idempotent)."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", SETTINGS_MODULE)
    import django

    django.setup()
