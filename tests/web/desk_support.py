"""The desk's operations for the tests: each one's URL (``tournaments:desk_<op>``, issue 32 item 2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import quote

from django.test import Client
from django.urls import NoReverseMatch, reverse

from arbitro.web.tournaments import models


def desk_url(row: models.Tournament | str, op: str) -> str:
    """The URL of the desk operation ``op`` of ``row`` (a tournament or its slug); for an operation that does
    not exist, the address it would have (the desk answers 404)."""
    slug = row if isinstance(row, str) else row.slug
    try:
        return reverse(f"tournaments:desk_{op}", args=[slug])
    except NoReverseMatch:
        return f"/desk/t/{slug}/{quote(op, safe='')}/"


def desk_post(client: Client, row: models.Tournament | str, data: Mapping[str, Any], **kwargs: Any) -> Any:
    """Post a desk form whose ``op`` says which operation (the form data of a helper that builds it) to its URL."""
    fields = dict(data)
    op = str(fields.pop("op"))
    return client.post(desk_url(row, op), fields, **kwargs)
