"""Issue 38 item 6: an ``If-Modified-Since`` later than the server's clock is ignored (RFC 9110 §13.1.3)."""

from __future__ import annotations

import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils.http import http_date

from arbitro.web.tournaments import service

pytestmark = pytest.mark.django_db


def test_a_date_in_the_future_is_not_a_reason_for_304() -> None:
    chief = get_user_model().objects.create_user("chief-h", password="chief-pw-123")
    row = service.create({"name": "Fechas", "system": "swiss", "rounds": 3}, chief)
    service.register_many(row, "A, A; 2000\nB, B; 1900", chief)
    url = f"/api/v1/tournaments/{row.slug}/players"
    c = Client()
    first = c.get(url)
    assert first.status_code == 200
    future = http_date(time.time() + 10 * 365 * 86400)
    for _ in range(2):  # the view's answer, then the page cache's (and its fast path's) hit
        resp = c.get(url, HTTP_IF_MODIFIED_SINCE=future)
        assert resp.status_code == 200 and resp.content == first.content
    assert c.get(url, HTTP_IF_MODIFIED_SINCE=first["Last-Modified"]).status_code == 304  # a real date still works
