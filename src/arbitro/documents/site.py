"""A static HTML site of a tournament: copy the folder to any web host (no server code, no JavaScript).

``build_site(t, lang) -> dict[path, text]`` (pure); the CLI writes it with
:func:`arbitro.documents.output.write_tree`. Pages: ``index.html`` (event data and the
tournament pictures), ``pairings.html`` (every round), ``standings.html``,
``crosstable.html``, ``players.html`` and ``players/N.html`` (games, score against the
leader, rating change).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from arbitro.documents import charts, svg
from arbitro.documents.labels import Labels
from arbitro.documents.layout import tournament_lines
from arbitro.documents.stats import PlayerStats, score_distribution, tournament_stats
from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.standings import Standings, compute_standings
from arbitro.views import (
    DIAGONAL,
    crosstable,
    last_paired_round,
    player_card,
    points_text,
    round_sheet,
    scores_by_round,
    standings_table,
)

__all__ = ["build_site", "player_charts_svg", "tournament_charts_svg"]

CSS = """body{font-family:Helvetica,Arial,sans-serif;margin:1.5em auto;max-width:1100px;padding:0 1em;color:#222}
nav a{margin-right:1em}h1{margin-bottom:.2em}.sub{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:.9em}th,td{border:1px solid #ccc;padding:2px 6px;text-align:center}
th{background:#e6ecf5}td.l{text-align:left}tr:nth-child(even) td{background:#f7f7f7}td.diag{background:#555}
.charts svg{margin:0 1em 1em 0;vertical-align:top}footer{color:#777;font-size:.8em;margin-top:2em}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;max-width:100%}.scroll table{margin-top:0}
a{color:#0b4f9c}main p a,td a{text-decoration:underline}svg{max-width:100%;height:auto}
@media (max-width:600px){body{margin:.5em auto;padding:0 .5em}h1{font-size:1.4em}
nav a{display:inline-block;margin:.15em .8em .15em 0;padding:.3em 0}
table{font-size:.78em}th,td{padding:3px 3px}td.l{white-space:normal;overflow-wrap:anywhere}.opt{display:none}
.charts svg{margin:0 0 1em}}
"""


def _page(t: Tournament, L: Labels, title: str, body: str, depth: int = 0) -> str:
    up = "../" * depth
    nav = " ".join(
        f'<a href="{up}{href}">{escape(L[key])}</a>'
        for href, key in (
            ("index.html", "site_index"),
            ("players.html", "players"),
            ("pairings.html", "pairings"),
            ("standings.html", "standings"),
            ("crosstable.html", "crosstable"),
        )
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{L.lang}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(t.name)} - {escape(title)}</title>"
        f'<link rel="stylesheet" href="{up}style.css"></head><body>\n'
        f'<header><h1>{escape(t.name or "-")}</h1><p class="sub">{escape(" · ".join(tournament_lines(t, L)))}</p>'
        f"<nav>{nav}</nav></header>\n<main><h2>{escape(title)}</h2>\n{body}\n</main>"
        f"<footer>{escape(L['generated_by'])}</footer></body></html>\n"
    )


def _table(
    header: Sequence[str], rows: Sequence[Sequence[object]], left: Sequence[int] = (), phone_hidden: Sequence[int] = ()
) -> str:
    """A table in a horizontally scrolling box (the page itself never scrolls sideways on a phone);
    the columns ``phone_hidden`` (pairing numbers, ratings...) are left out below 600 px."""

    def cls(i: int, *names: str) -> str:
        names = (*names, "opt") if i in phone_hidden else names
        return f' class="{" ".join(names)}"' if names else ""

    head = "".join(f"<th{cls(i)}>{escape(str(h))}</th>" for i, h in enumerate(header))
    body = []
    for row in rows:
        cells = []
        for i, c in enumerate(row):
            text = str(c) if c is not None else ""
            if text == DIAGONAL:
                cells.append(f"<td{cls(i, 'diag')}></td>")
            elif text.startswith("<a "):
                cells.append(f"<td{cls(i, 'l')}>{text}</td>")
            else:
                cells.append(f"<td{cls(i, *(('l',) if i in left else ()))}>{escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (
        f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>\n'
        + "\n".join(body)
        + "\n</tbody></table></div>"
    )


def _link(p: Player, depth: int = 0) -> str:
    return f'<a href="{"../" * depth}players/{p.start_rank}.html">{escape(f"{p.title} {p.name}".strip())}</a>'


def _pairings(t: Tournament, L: Labels) -> str:
    parts = []
    for r in range(last_paired_round(t), 0, -1):
        sheet = round_sheet(t, r)
        rows: list[list[object]] = [
            [
                g.board,
                g.white.start_rank,
                _link(g.white),
                g.white.rating or "",
                g.white_points_text,
                g.result,
                g.black_points_text,
                _link(g.black),
                g.black.rating or "",
                g.black.start_rank,
            ]
            for g in sheet.games
        ]
        rows += [
            [
                "",
                b.player.start_rank,
                _link(b.player),
                b.player.rating or "",
                b.points_text,
                L[b.kind],
                "",
                "",
                "",
                "",
            ]
            for b in sheet.byes
        ]
        header = L.pairing_header()
        parts.append(f'<h3 id="r{r}">{escape(L["round"])} {r}</h3>' + _table(header, rows, phone_hidden=(1, 3, 8, 9)))
    return "\n".join(parts) or f"<p>{escape(L['no_round'])}</p>"


def _standings(t: Tournament, L: Labels, st: Standings) -> str:
    table = standings_table(t, st)
    rows = [
        [
            line.rank_text,
            line.player.start_rank,
            _link(line.player)
            if line.withdrawn is None
            else f"{_link(line.player)} ({escape(L['withdrawn_from'])} {line.withdrawn})",  # VCL4THP Q170
            line.player.federation,
            line.player.rating or "",
            line.points_text,
            *line.values,
        ]
        for line in table.rows
    ]
    note = f"<p>{escape(L['tiebreak_rules'])}: {escape(st.rules)}. {escape(L['tiebreaks'])}: {escape(', '.join(st.tiebreaks))}.</p>"
    if table.by_lot:
        note += f"<p>* {escape(L['by_lot'])} ({escape(L['lots_seed'])}: {table.lots_seed}).</p>"
    if any(r.by_hand for r in st.rows):
        note += f"<p>h {escape(L['by_hand'])}.</p>"
    if any(r.external for r in st.rows):
        note += f"<p>e {escape(L['external_value'])}.</p>"
    for start in st.expelled:
        note += f"<p>{escape(L['expelled_out'])}: {start} {escape(t.players[start].name)}.</p>"
    header = [L["rank"], L["sno"], L["name"], L["federation"], L["rating"], L["points"], *table.tiebreaks]
    return _table(header, rows, phone_hidden=(1, 3, 4)) + note


def _crosstable(t: Tournament, L: Labels, st: Standings) -> str:
    table = crosstable(t, st, grid=t.is_round_robin and len(t.players) <= 30)
    grid = table.grid
    rows = [
        [
            r.player.start_rank if grid else r.rank,
            _link(r.player),
            r.player.rating or "",
            *r.cells,
            r.points_text,
            *r.values,
        ]
        for r in table.rows
    ]
    header = [L["sno"] if grid else L["rank"], L["name"], L["rating"], *table.columns, L["points"], *table.tiebreaks]
    key = "" if grid else f"<p>{escape(L['crosstable_key'])}</p>"
    return _table(header, rows) + key


def _player_page(
    t: Tournament,
    L: Labels,
    p: Player,
    stats: PlayerStats,
    scores: list[float],
    leader: list[float],
    rank: int | None,
) -> str:
    card = player_card(t, p.start_rank)
    facts = [
        (L["sno"], p.start_rank),
        (L["rank"], rank or ""),
        (L["title"], p.title),
        (L["federation"], p.federation),
        (L["rating"], p.rating or ""),
        (L["fide_id"], p.fide_id),
        (L["points"], card.points_text),
        (L["performance"], stats.performance or ""),
        (
            L["rating_change"],
            f"{float(stats.rating_change):+.1f} (K={stats.k})" if stats.rating_change is not None else "",
        ),
    ]
    info = _table([k for k, _ in facts], [[v for _, v in facts]])
    colours = {"w": L["white"], "b": L["black"]}
    rows = [
        [row.round, _link(row.opponent, 1), row.opponent.rating or "", colours.get(row.colour, ""), row.mark]
        if row.opponent is not None
        else [row.round, L[row.kind], "", "", row.mark]
        for row in card.rows
    ]
    games = _table([L["rnd"], L["opponents"], L["rating"], "", L["result"]], rows)
    pics = _player_svgs(L, p, stats, scores, leader)
    body = info + games + '<div class="charts">' + "".join(pics) + "</div>"
    return _page(t, L, f"{L['player_page']}: {p.name}", body, depth=1)


def _player_svgs(
    L: Labels, p: Player, stats: PlayerStats, scores: list[float], leader: list[float]
) -> list[str]:
    pics = [svg.line_chart(L["progress"], [(p.name, "#1f5fa8", scores), (L["leader"], "#d9822b", leader)])]
    if stats.k is not None and stats.changes:
        pics.append(svg.bar_chart(L["rating_change_chart"], [round(float(c), 1) for c in stats.changes]))
    return pics


def _leader(scores: dict[int, list[float]], rounds: int) -> list[float]:
    return [max((row[r] for row in scores.values()), default=0.0) for r in range(rounds)]


def player_charts_svg(t: Tournament, start_rank: int, lang: str = "es") -> list[str]:
    """SVG pictures of one player: score after each round against the leader; rating change (B.02 8.3).

    For the web app's player pages (inline ``<svg>`` elements).
    """
    from arbitro.documents.stats import player_stats, rating_rules

    if start_rank not in t.players:
        raise ArbitroError(f"player: no player with start rank {start_rank}")
    scores = {sr: [float(v) for v in row] for sr, row in scores_by_round(t).items()}
    p = t.players[start_rank]
    stats = player_stats(t, p, rating_rules(t))
    return _player_svgs(Labels(lang), p, stats, scores[start_rank], _leader(scores, t.played_rounds))


def tournament_charts_svg(t: Tournament, lang: str = "es") -> list[str]:
    """SVG pictures of the tournament: score distribution and rating performance (C.07 10.2 TPR)."""
    if not t.played_rounds:
        return []
    L = Labels(lang)
    stats = tournament_stats(t, with_changes=False)
    perf = [
        (t.players[s].rating, v.performance)
        for s, v in stats.items()
        if v.performance and t.players[s].rating
    ]
    return [
        charts.to_svg(charts.distribution_chart(score_distribution(t), L), "distribution"),
        charts.to_svg(charts.performance_chart(perf, L), "performance"),
    ]


def _norms(t: Tournament, L: Labels) -> str:
    """Norms achieved and the norm-progress picture (B.01 1.4.1: Rp against the Rp asked)."""
    from arbitro.documents.stats import norm_rp
    from arbitro.documents.titles_data import norm_candidates

    try:
        candidates = norm_candidates(t)
    except ArbitroError:
        return ""  # the file lacks what the norm evaluator needs: no norm section
    achieved = [c for c in candidates if c.result.achieved]
    rows = [
        [
            _link(t.players[c.start_rank]),
            c.result.title,
            c.result.games or "",
            points_text(c.result.score),
            c.result.ra or "",
            c.result.rp or "",
        ]
        for c in achieved
    ]
    body = f"<h3>{escape(L['norms_achieved'])}</h3>"
    body += (
        _table([L["name"], L["norm_title"], L["games"], L["score"], "Ra", "Rp"], rows)
        if rows
        else f"<p>{escape(L['no_norms'])}</p>"
    )
    progress = [
        (c.name, c.result.title, c.result.rp, norm_rp(c.result.title, c.result.edition) or 0)
        for c in candidates[:20]
        if c.result.rp is not None
    ]
    if progress:
        body += (
            '<div class="charts">'
            + charts.to_svg(charts.norm_progress_chart(progress, L), "norms")
            + "</div>"
        )
    return body


def build_site(t: Tournament, lang: str = "es") -> dict[str, str]:
    """Every file of the static site, by relative path."""
    L = Labels(lang)
    st = compute_standings(t)
    stats = tournament_stats(t)
    files: dict[str, str] = {"style.css": CSS}
    rank_of = {r.start_rank: r.rank for r in st.rows}
    pictures = '<div class="charts">' + "".join(tournament_charts_svg(t, lang)) + "</div>"
    facts = [
        (L["players_count"], len(t.players)),
        (L["rounds"], f"{t.played_rounds} / {t.total_rounds}"),
        (L["system"], t.system or t.type_text),
        (L["time_control"], t.time_control_code or t.time_control),
        (L["chief_arbiter"], t.chief_arbiter),
    ]
    pictures += _norms(t, L)
    files["index.html"] = _page(
        t, L, L["site_index"], _table([k for k, _ in facts], [[v for _, v in facts]]) + pictures
    )
    files["pairings.html"] = _page(t, L, L["pairings"], _pairings(t, L))
    files["standings.html"] = _page(t, L, L["standings"], _standings(t, L, st))
    files["crosstable.html"] = _page(t, L, L["crosstable"], _crosstable(t, L, st))
    plist = [
        [p.start_rank, p.title, _link(p), p.federation, p.rating or "", p.fide_id] for p in t.iter_players()
    ]
    files["players.html"] = _page(
        t,
        L,
        L["players"],
        _table([L["sno"], L["title"], L["name"], L["federation"], L["rating"], L["fide_id"]], plist),
    )
    scores = {sr: [float(v) for v in row] for sr, row in scores_by_round(t).items()}
    leader = _leader(scores, t.played_rounds)
    for p in t.iter_players():
        files[f"players/{p.start_rank}.html"] = _player_page(
            t, L, p, stats[p.start_rank], scores[p.start_rank], leader, rank_of.get(p.start_rank)
        )
    return files
