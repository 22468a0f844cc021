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


_NOT_LOADED_AHEAD = ("migrations", "management")  # run by Django's commands, not by a server


def load_all() -> int:
    """Import the whole web face now, in this thread, and check its URL configuration.

    ``arbitro serve`` calls it before it forks its workers (issue 31): every module a request
    may import inside a function is then already whole in ``sys.modules``, so no request
    thread and no fork can ever see a half-imported module, and a module that cannot be
    imported stops the start-up with its error instead of answering 500 on every page.
    Returns how many modules were imported.
    """
    import importlib
    import pkgutil

    setup()
    count = 0
    for info in pkgutil.walk_packages(__path__, __name__ + "."):
        parts = info.name.split(".")
        if any(p in _NOT_LOADED_AHEAD for p in parts) or parts[-1].startswith("settings") or parts[-1] == "asgi":
            continue
        importlib.import_module(info.name)
        count += 1
    from django.urls import get_resolver

    patterns = get_resolver().url_patterns  # raises ImproperlyConfigured when the URLconf is not whole
    if not patterns:
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured("the web application's URL configuration has no patterns")
    return count
