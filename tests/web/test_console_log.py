"""A refused request (403) is one line on the server console, not a traceback (issue 20)."""

from __future__ import annotations

import io
import logging

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from arbitro.web.logs import OneLineRefusals
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db


def test_403_is_logged_as_one_line(client, caplog):  # type: ignore[no-untyped-def]
    owner = get_user_model().objects.create_user("owner", password="pw-owner-123")
    models.Role.objects.create(user=owner, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Privado", "system": "rr"}, owner)
    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-123")
    client.force_login(stranger)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(reverse("tournaments:desk_panel", args=[row.slug])).status_code == 403
    record = next(r for r in caplog.records if getattr(r, "status_code", None) == 403)
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(OneLineRefusals())
    handler.handle(record)
    text = out.getvalue()
    assert text.count("\n") == 1 and "Forbidden" in text and "Traceback" not in text


def test_server_errors_keep_their_traceback() -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: /x", None, sys.exc_info())
    record.status_code = 500
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(OneLineRefusals())
    handler.handle(record)
    assert "Traceback" in out.getvalue()


def test_the_console_handler_uses_the_filter() -> None:
    assert settings.LOGGING["handlers"]["console"]["filters"] == ["one_line_refusals"]
