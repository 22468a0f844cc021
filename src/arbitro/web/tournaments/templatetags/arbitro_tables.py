"""The rows of the big public tables, written in Python (issue 19 load test).

A 300-player open's players, standings, crosstable and pairing tables are rebuilt for
every result entered; in the template language each cell cost a node render (lookup,
localisation, escaping), the larger part of a page's build. These tags write the same
rows, byte for byte, as the template loops they replace (``{{ value }}`` is
:func:`_text`: Django's localisation and escaping of a variable; ``|default:""`` is
``value or ""``). Texts come from :mod:`arbitro.views`; nothing is decided here.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from django import template
from django.conf import settings
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from .arbitro_links import player_href

if TYPE_CHECKING:
    from arbitro.model import Player
    from arbitro.model import Tournament as CoreTournament
    from arbitro.views import ByeRow, Crosstable, GameRow
    from arbitro.web.tournaments.present import StandingsView

register = template.Library()


def _text(value: Any) -> str:  # whatever a template prints
    """What ``{{ value }}`` writes with autoescaping on.

    A plain ``str`` (most cells) is what :func:`django.utils.html.escape` makes of it, without its
    lazy-text wrapper; an ``int`` is its digits unless thousands are grouped; the rest goes through
    Django's own localisation and escaping.
    """
    kind = type(value)
    if kind is str:
        return html.escape(value)
    if kind is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    return str(conditional_escape(localize(value)))


def _link(slug: str, player: Player) -> str:
    return f'<a href="{_text(player_href(slug, player.public_id))}">{_text(player.name)}</a>'


@register.simple_tag
def players_rows(t: CoreTournament, slug: str) -> SafeString:
    return mark_safe(  # noqa: S308 - every value is escaped by _text
        "".join(
            f'<tr><td class="rk">{_text(p.start_rank)}</td><td class="name">{_link(slug, p)}</td>'
            f"<td>{_text(p.title)}</td><td>{_text(p.rating or '')}</td><td>{_text(p.federation)}</td>"
            f"<td>{_text(p.points)}</td></tr>"
            for p in t.iter_players()
        )
    )


@register.simple_tag
def standings_rows(standings: StandingsView, slug: str) -> SafeString:
    out = []
    for s in standings.rows:
        p = s.player
        small = f' <small class="inline-rating">{_text(p.rating)}</small>' if p.rating else ""
        values = "".join(f"<td>{_text(v)}</td>" for v in s.values)
        out.append(
            f'<tr><td class="rk">{_text(s.rank_text)}</td><td class="name">{_link(slug, p)}{small}</td>'
            f'<td class="rating">{_text(p.rating or "")}</td><td><strong>{_text(s.points_text)}</strong></td>'
            f"{values}</tr>"
        )
    return mark_safe("".join(out))  # noqa: S308 - every value is escaped by _text


@register.simple_tag
def crosstable_rows(table: Crosstable, slug: str, diagonal: str) -> SafeString:
    out = []
    for c in table.rows:
        rank = c.player.start_rank if table.grid else c.rank
        cells = "".join('<td class="diag"></td>' if cell == diagonal else f"<td>{_text(cell)}</td>" for cell in c.cells)
        values = "".join(f"<td>{_text(v)}</td>" for v in c.values)
        out.append(
            f'<tr><td class="rk">{_text(rank)}</td><td class="name">{_link(slug, c.player)}</td>{cells}'
            f"<td><strong>{_text(c.points_text)}</strong></td>{values}</tr>"
        )
    return mark_safe("".join(out))  # noqa: S308 - every value is escaped by _text


@register.simple_tag
def pairing_rows(games: list[GameRow], byes: list[tuple[ByeRow, str]], slug: str) -> SafeString:
    """The boards (one line each), a newline, then the byes: the two loops of the pairings table."""
    boards = "".join(
        f'<tr><td>{_text(b.board)}</td><td class="name">{_link(slug, b.white)} '
        f'<small class="inline-pts">({_text(b.white_points_text or "0")})</small></td>'
        f'<td class="pts">{_text(b.white_points_text)}</td><td class="res">{_text(b.result or "–")}</td>'
        f'<td class="pts">{_text(b.black_points_text)}</td><td class="name">{_link(slug, b.black)} '
        f'<small class="inline-pts">({_text(b.black_points_text or "0")})</small></td></tr>'
        for b in games
    )
    rest = "".join(
        f'<tr class="bye"><td></td><td class="name">{_link(slug, y.player)} '
        f'<small class="inline-pts">({_text(y.points_text or "0")})</small></td>'
        f'<td class="pts">{_text(y.points_text)}</td><td colspan="3">{_text(label)}</td></tr>'
        for y, label in byes
    )
    return mark_safe(f"{boards}\n{rest}")  # noqa: S308 - every value is escaped by _text
