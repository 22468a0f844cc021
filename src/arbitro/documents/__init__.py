"""Printed documents, exports and pictures of a tournament.

Public API (plain functions: a tournament in, bytes or text out; the web app may call them)::

    from arbitro.documents import render_pdf, render_standings_pdf, build_site, export_bytes
    pdf = render_standings_pdf(t, lang="es", paper="a4")          # bytes
    pdf = render_pdf("pairings", t, lang="en", paper="letter", round_number=3)
    files = build_site(t, lang="es")                               # {"index.html": "...", ...}
    data = export_bytes(t, "standings", "xlsx")                    # csv / xlsx / trf26 / trf16
    svgs = player_charts_svg(t, 12, lang="en")                     # inline <svg> for a web page
    svgs = tournament_charts_svg(t, lang="en")

PDF kinds (:data:`PDF_KINDS`): pairings, results, standings, crosstable, players,
it1, it2, it3. Spanish (``es``) and English (``en``); A4 or Letter.

Modules: :mod:`arbitro.views` (rows, board order, text; core) and :mod:`.stats` (data gathering from the core),
:mod:`.titles_data` (IT1/IT2/IT3 content from the titles services), :mod:`.layout`
(PDF primitives), :mod:`.tournament_pdf` and :mod:`.titles_pdf` (the documents),
:mod:`.charts` (reportlab drawings, PDF or SVG), :mod:`.svg` (fast per-player SVG),
:mod:`.exports` (CSV, xlsx, TRF), :mod:`.site` (static HTML), :mod:`.labels`
(es/en text) and :mod:`.output` (the only file writing).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from arbitro.documents.exports import EXPORT_KINDS, export_bytes, export_rows
from arbitro.documents.site import build_site, player_charts_svg, tournament_charts_svg
from arbitro.documents.titles_pdf import render_it1_pdf, render_it2_pdf, render_it3_pdf
from arbitro.documents.tournament_pdf import (
    render_crosstable_pdf,
    render_pairings_pdf,
    render_players_pdf,
    render_results_pdf,
    render_standings_pdf,
)
from arbitro.errors import ArbitroError
from arbitro.model import Tournament

__all__ = [
    "EXPORT_KINDS",
    "PDF_KINDS",
    "build_site",
    "export_bytes",
    "export_rows",
    "player_charts_svg",
    "render_crosstable_pdf",
    "render_it1_pdf",
    "render_it2_pdf",
    "render_it3_pdf",
    "render_pairings_pdf",
    "render_pdf",
    "render_players_pdf",
    "render_results_pdf",
    "render_standings_pdf",
    "tournament_charts_svg",
]

PDF_KINDS = ("pairings", "results", "standings", "crosstable", "players", "it1", "it2", "it3")


def render_pdf(
    kind: str,
    t: Tournament,
    *,
    lang: str = "es",
    paper: str = "a4",
    round_number: int | None = None,
    player: int | None = None,
    application: Any = None,
    tiebreaks: str | list[str] | None = None,
    notes: tuple[str, ...] = (),
    say: Callable[[str], str] = str,
) -> bytes:
    """The PDF of ``kind`` (one of :data:`PDF_KINDS`); ``notes`` go under a pairing sheet.

    ``say``: how the caller says a core message (a coded check detail of the IT3) in ``lang``.
    """
    by_round: dict[str, Callable[..., bytes]] = {
        "pairings": render_pairings_pdf,
        "results": render_results_pdf,
        "standings": render_standings_pdf,
        "crosstable": render_crosstable_pdf,
        "players": render_players_pdf,
    }
    if kind in ("standings", "crosstable"):
        return by_round[kind](t, lang=lang, paper=paper, round_number=round_number, tiebreaks=tiebreaks)
    if kind == "pairings":
        return render_pairings_pdf(t, lang=lang, paper=paper, round_number=round_number, notes=notes)
    if kind in by_round:
        return by_round[kind](t, lang=lang, paper=paper, round_number=round_number)
    if kind == "it1":
        return render_it1_pdf(t, lang=lang, paper=paper, player=player)
    if kind == "it2":
        return render_it2_pdf(t, lang=lang, paper=paper, player=player, application=application)
    if kind == "it3":
        return render_it3_pdf(t, lang=lang, paper=paper, say=say)
    raise ArbitroError(f"print: KIND: expected one of {', '.join(PDF_KINDS)}, got {kind!r}")
