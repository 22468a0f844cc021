"""Tournament PDFs: pairing sheet, result sheet, standings, crosstable, player list.

Each ``render_*_pdf(t, lang="es", paper="a4", ...) -> bytes`` gathers its rows
with :mod:`arbitro.views` / :mod:`arbitro.standings` and lays them out with :mod:`.layout`.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import PageBreak, Spacer

from arbitro.documents import charts
from arbitro.documents.labels import Labels
from arbitro.documents.layout import Doc, page_size
from arbitro.documents.stats import score_distribution, tournament_stats
from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.standings import Standings, compute_standings
from arbitro.views import (
    DIAGONAL,
    RoundSheet,
    crosstable,
    games_per_round,
    last_paired_round,
    last_round_with_results,
    match_of,
    round_sheet,
    standings_table,
)

__all__ = [
    "render_crosstable_pdf",
    "render_pairings_pdf",
    "render_players_pdf",
    "render_results_pdf",
    "render_standings_pdf",
    "standings_for",
]


def _check_round(t: Tournament, round_number: int | None, default: int) -> int:
    if round_number is None:
        round_number = default
    if round_number < 1 or round_number > max(t.total_rounds, t.played_rounds, 1):
        raise ArbitroError(
            f"--round: expected a round between 1 and {max(t.total_rounds, t.played_rounds, 1)}, got {round_number}"
        )
    return round_number


def _name(p: Player) -> str:
    return f"{p.title} {p.name}".strip()


def _rating(p: Player) -> str:
    return str(p.rating) if p.rating else ""


def _sheet_story(doc: Doc, sheet: RoundSheet, L: Labels, *, with_results: bool) -> None:
    w = doc.width
    header = L.pairing_header()
    rows = [
        [
            g.board,
            g.white.start_rank,
            _name(g.white),
            _rating(g.white),
            g.white_points_text,
            (g.result or L["pending"]) if with_results else "",  # pairing sheets leave it to fill in
            g.black_points_text,
            _name(g.black),
            _rating(g.black),
            g.black.start_rank,
        ]
        for g in sheet.games
    ]
    fixed = [9 * mm, 9 * mm, 0, 11 * mm, 9 * mm, 16 * mm, 9 * mm, 0, 11 * mm, 9 * mm]
    name_w = (w - sum(fixed)) / 2
    widths = [name_w if x == 0 else x for x in fixed]
    if not sheet.games and not sheet.byes:
        doc.add(doc.para(L["no_round"]))
        return
    if rows:
        doc.add(doc.table(header, rows, widths, align_left=(2, 7), font_size=8))
    if sheet.byes:
        doc.add(Spacer(1, 6), doc.heading(L["byes_heading"]))
        bye_rows = [
            [b.player.start_rank, _name(b.player), _rating(b.player), b.points_text, L[b.kind]]
            for b in sheet.byes
        ]
        doc.add(
            doc.table(
                [L["sno"], L["name"], L["rating"], L["pts_before"], L["status"]],
                bye_rows,
                [12 * mm, 70 * mm, 14 * mm, 12 * mm, 50 * mm],
                align_left=(1, 4),
                font_size=8,
            )
        )


def _round_sheet_pdf(
    t: Tournament, lang: str, paper: str, rnd: int, title_key: str, with_results: bool, notes: tuple[str, ...] = ()
) -> bytes:
    L = Labels(lang)
    match, game = match_of(t, rnd)
    which = f"{match}, {L['game']} {game}" if games_per_round(t) > 1 else str(rnd)  # a two-game match (C.04.5)
    doc = Doc(t, L, f"{L[title_key]} - {L['round']} {which}", paper=paper)
    _sheet_story(doc, round_sheet(t, rnd), L, with_results=with_results)
    if notes:  # e.g. the FMA 4.3 default time under the pairings
        doc.add(Spacer(1, 4), *(doc.para(n) for n in notes))
    return doc.build()


def render_pairings_pdf(
    t: Tournament,
    lang: str = "es",
    paper: str = "a4",
    round_number: int | None = None,
    notes: tuple[str, ...] = (),
) -> bytes:
    """Pairing sheet of one round (default: the last paired round), boards in C.04.2 3.6 order.

    ``notes`` are printed under the boards (the FMA 4.3 default time for an FMA event).
    """
    rnd = _check_round(t, round_number, last_paired_round(t) or 1)
    return _round_sheet_pdf(t, lang, paper, rnd, "pairings", with_results=False, notes=notes)


def render_results_pdf(
    t: Tournament, lang: str = "es", paper: str = "a4", round_number: int | None = None
) -> bytes:
    """Result sheet of one round (default: the last round with results)."""
    rnd = _check_round(t, round_number, last_round_with_results(t) or 1)
    return _round_sheet_pdf(t, lang, paper, rnd, "results", with_results=True)


def standings_for(
    t: Tournament, round_number: int | None = None, tiebreaks: str | list[str] | None = None
) -> Standings:
    """Standings after ``round_number`` (default: every recorded round); the tie-breaks given, else the
    file's 212/202 list, else the default of :func:`arbitro.standings.compute_standings` (C.07)."""
    return compute_standings(t, tiebreaks, after_round=round_number)


def _labels_and_standings(
    t: Tournament, lang: str, round_number: int | None, tiebreaks: str | list[str] | None
) -> tuple[Labels, Standings]:
    """The labels and the standings after ``round_number`` (checked) of a standings or crosstable sheet."""
    L = Labels(lang)
    if round_number is not None:
        _check_round(t, round_number, round_number)
    return L, standings_for(t, round_number, tiebreaks)


def _standings_rows(st: Standings, t: Tournament, L: Labels | None = None) -> list[list[object]]:
    return [
        [
            line.rank_text,
            line.player.start_rank,
            line.player.title,
            line.player.name
            if line.withdrawn is None or L is None
            else f"{line.player.name} ({L['withdrawn_from']} {line.withdrawn})",  # VCL4THP Q170
            line.player.federation,
            _rating(line.player),
            line.points_text,
            *line.values,
        ]
        for line in standings_table(t, st).rows
    ]


def _marks(st: Standings, t: Tournament, L: Labels) -> list[str]:
    """The notes of the marks: by hand (Q205), external values (Q207), expelled players (Q198)."""
    notes: list[str] = []
    if any(r.by_hand for r in st.rows):
        notes.append(f"h {L['by_hand']}.")
    if any(r.external for r in st.rows):
        notes.append(f"e {L['external_value']}.")
    for start in st.expelled:
        notes.append(f"{L['expelled_out']}: {start} {t.players[start].name}.")
    return notes


def render_standings_pdf(
    t: Tournament,
    lang: str = "es",
    paper: str = "a4",
    round_number: int | None = None,
    tiebreaks: str | list[str] | None = None,
) -> bytes:
    """Standings with the tie-breaks (C.07), then the score distribution and performance charts."""
    L, st = _labels_and_standings(t, lang, round_number, tiebreaks)
    codes = [c for c in st.tiebreaks[1:]]
    wide = len(codes) > 6
    after = f" ({L['after_round']} {st.after_round})" if st.after_round else ""
    doc = Doc(t, L, f"{L['standings']}{after}", paper=paper, wide=wide)
    header = [L["rank"], L["sno"], L["title"], L["name"], L["federation"], L["rating"], L["points"], *codes]
    fixed = [10 * mm, 9 * mm, 9 * mm, 0, 10 * mm, 11 * mm, 10 * mm] + [13 * mm] * len(codes)
    name_w = max(doc.width - sum(fixed), 40 * mm)
    widths = [name_w if x == 0 else x for x in fixed]
    if not st.rows:
        doc.add(doc.para(L["no_players"]))
        return doc.build()
    doc.add(doc.table(header, _standings_rows(st, t, L), widths, align_left=(3,), font_size=7.5))
    notes = [f"{L['tiebreak_rules']}: {st.rules}. {L['tiebreaks']}: {', '.join(st.tiebreaks)}."]
    if any(r.by_lot for r in st.rows):
        notes.append(f"* {L['by_lot']} ({L['lots_seed']}: {st.lots_seed}).")
    notes.extend(_marks(st, t, L))
    doc.add(Spacer(1, 4), *(doc.para(n) for n in notes))
    if t.played_rounds:
        stats = tournament_stats(t, with_changes=False)
        perf = [
            (t.players[s].rating, v.performance)
            for s, v in stats.items()
            if v.performance and t.players[s].rating
        ]
        doc.add(PageBreak(), doc.heading(L["charts"]))
        doc.add(charts.distribution_chart(score_distribution(t), L, width=min(doc.width, 480)))
        doc.add(Spacer(1, 8), charts.performance_chart(perf, L, width=min(doc.width, 480)))
    return doc.build()


def render_crosstable_pdf(
    t: Tournament,
    lang: str = "es",
    paper: str = "a4",
    round_number: int | None = None,
    tiebreaks: str | list[str] | None = None,
) -> bytes:
    """Crosstable: a Berger grid by pairing number for round robins, round-by-round cells for a Swiss."""
    L, st = _labels_and_standings(t, lang, round_number, tiebreaks)
    table = crosstable(t, st, grid=t.is_round_robin and len(t.players) <= 24)
    grid, columns, codes, rows = table.grid, table.columns, table.tiebreaks, table.rows
    cell_w = 7.5 * mm if grid else 11 * mm
    needed = (9 + 40 + 11 + 10 + 10 + 11 * len(codes) + (9 if grid else 0)) * mm + cell_w * len(columns)
    wide = needed > page_size(paper)[0] - 24 * mm
    doc = Doc(t, L, L["crosstable"], paper=paper, wide=wide)
    if not rows:
        doc.add(doc.para(L["no_players"]))
        return doc.build()
    lead = [L["sno"] if grid else L["rank"], L["name"], L["rating"], L["federation"]]
    header = [*lead, *columns, L["points"], *codes, *([L["rank"]] if grid else [])]
    fixed = (
        [9 * mm, 0, 11 * mm, 10 * mm]
        + [cell_w] * len(columns)
        + [10 * mm]
        + [11 * mm] * len(codes)
        + ([9 * mm] if grid else [])
    )
    name_w = max(doc.width - sum(fixed), 35 * mm)
    widths = [name_w if x == 0 else x for x in fixed]
    data: list[list[object]] = []
    shade: list[tuple[int, int]] = []
    for i, row in enumerate(rows):
        cells = []
        for j, c in enumerate(row.cells):
            if c == DIAGONAL:
                shade.append((len(lead) + j, i))
                cells.append("")
            else:
                cells.append(c)
        first = row.player.start_rank if grid else row.rank
        data.append(
            [
                first,
                _name(row.player),
                _rating(row.player),
                row.player.federation,
                *cells,
                row.points_text,
                *row.values,
                *([row.rank] if grid else []),
            ]
        )
    size = 7 if len(columns) <= 15 else 6
    doc.add(doc.table(header, data, widths, align_left=(1,), font_size=size, shade=shade))
    if not grid:
        doc.add(Spacer(1, 4), doc.para(L["crosstable_key"]))
    return doc.build()


def render_players_pdf(
    t: Tournament, lang: str = "es", paper: str = "a4", round_number: int | None = None
) -> bytes:
    """Player list by pairing number: title, name, federation, rating, FIDE ID, birth."""
    L = Labels(lang)
    doc = Doc(t, L, f"{L['players']} ({len(t.players)})", paper=paper)
    header = L.players_header()
    rows = [
        [p.start_rank, p.title, p.name, p.federation, _rating(p), p.fide_id, p.birth_date, p.sex]
        for p in t.iter_players()
    ]
    fixed = [10 * mm, 10 * mm, 0, 12 * mm, 12 * mm, 22 * mm, 20 * mm, 10 * mm]
    widths = [max(doc.width - sum(fixed), 40 * mm) if x == 0 else x for x in fixed]
    if not rows:
        doc.add(doc.para(L["no_players"]))
    else:
        doc.add(doc.table(header, rows, widths, align_left=(2,), font_size=8))
    return doc.build()
