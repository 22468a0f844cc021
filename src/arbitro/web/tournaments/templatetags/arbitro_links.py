"""``{% player_href slug public_id %}``: a player page's address without a ``reverse()`` per row.

The public tables (standings, crosstable, players, pairings: 300 rows each in a big open) link
every row to its player's page; ``{% url %}`` resolved the pattern again for each of them, a
third of the page's build (issue 19 load test). The address is ``reverse()``'s own, once per
tournament (and script prefix), with the number appended: the same text ``{% url %}`` writes.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, reverse

register = template.Library()


@lru_cache(maxsize=1024)
def _base(prefix: str, slug: str) -> str:
    return reverse("tournaments:player", args=[slug, 0]).removesuffix("0/")


@register.simple_tag
def player_href(slug: str, public_id: int) -> str:
    return f"{_base(get_script_prefix(), slug)}{int(public_id)}/"
