"""The FMA page shows the rulebook's own tables (issue 15 item 10): FMA 1.3 a-d and FMA 4.1 a-d.

The expected numbers are the rulebook text's (the project's reference seed 004_*.txt, FMA 1.3 and 4.1),
written out here, and the page must show what the plug-in's tables hold.
"""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from arbitro.federations.fma import categories, formats

pytestmark = pytest.mark.django_db


def _rows(page: str, table_id: str) -> list[list[str]]:
    body = page.split(f'id="{table_id}"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, re.S)[1:]
    return [[html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td>(.*?)</td>", r, re.S)] for r in rows]


def test_fma_1_3_category_thresholds_of_the_rulebook(client) -> None:
    page = client.get(reverse("tournaments:federation"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert _rows(page, "fma-categories") == [
        ["hasta 1699", "Cuarta", "FMA 1.3 a"],
        ["1700–1799", "Tercera", "FMA 1.3 b"],
        ["1800–1899", "Segunda", "FMA 1.3 c"],
        ["1900 o más", "Primera", "FMA 1.3 d"],
    ]
    assert "1650" not in page and "1750" not in page


def test_fma_4_1_formats_of_the_rulebook(client) -> None:
    page = client.get(reverse("tournaments:federation"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert _rows(page, "fma-formats") == [
        ["hasta 6", "Americano a doble ronda", "FMA 4.1 a"],
        ["7–10", "Americano a ronda única", "FMA 4.1 b"],
        ["11–21", "Suizo, 7 rondas", "FMA 4.1 c"],
        ["22", "Suizo, 9 rondas", "FMA 4.1 c-d"],
        ["23 o más", "Suizo, 9 rondas", "FMA 4.1 d"],
    ]


def test_the_page_follows_the_plug_in_tables_in_english(client) -> None:
    with translation.override("en"):
        client.cookies["django_language"] = "en"
        page = client.get(reverse("tournaments:federation")).content.decode()
    cats = _rows(page, "fma-categories")
    assert [r[2] for r in cats] == [b.article for b in categories.RATING_BANDS]
    assert cats[0][0] == "up to 1699" and cats[-1][0] == "1900 or more"
    fmts = _rows(page, "fma-formats")
    assert [r[2] for r in fmts] == [b.article for b in formats.FORMAT_BANDS]
    assert fmts[2][1] == "Swiss, 7 rounds"


@pytest.mark.parametrize(("rating", "category"), [(1699, "CUARTA"), (1700, "TERCERA"), (1799, "TERCERA"),
                                                  (1800, "SEGUNDA"), (1899, "SEGUNDA"), (1900, "PRIMERA"),
                                                  (2400, "PRIMERA"), (0, "CUARTA"), (None, "CUARTA")])
def test_fma_1_3_bands_give_the_categories(rating, category) -> None:
    assert categories.category_by_rating(rating) is categories.Category[category]
