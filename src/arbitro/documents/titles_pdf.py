"""Title PDFs: IT1 norm certificates, IT2 application summaries, IT3 tournament report.

Content from :mod:`.titles_data` (which asks the titles services); layout from :mod:`.layout`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, PageBreak, Spacer

from arbitro.documents import charts
from arbitro.documents.labels import Labels
from arbitro.documents.layout import Doc
from arbitro.documents.stats import norm_rp, player_stats, rating_rules
from arbitro.documents.titles_data import it1_certificates, it2_from_application, it2_summaries, report_data
from arbitro.model import Tournament
from arbitro.titles.application import Application
from arbitro.views import points_text, scores_by_round

__all__ = ["render_it1_pdf", "render_it2_pdf", "render_it3_pdf"]


def _kv(doc: Doc, rows: list[tuple[str, Any]]) -> Any:
    width = doc.width
    data = [[k, "" if v is None else str(v)] for k, v in rows]
    return doc.table(
        None, data, [width * 0.32, width * 0.68], align_left=(0, 1), font_size=8.5, zebra=False, wrap=(1,)
    )


def _score(value: str | None) -> str:
    if value is None:
        return ""
    return points_text(Decimal(value))


def _event_rows(ev: dict[str, Any], L: Labels) -> list[tuple[str, Any]]:
    return [
        (L["event"], ev.get("name")),
        (L["city"], ", ".join(x for x in (ev.get("city"), ev.get("federation")) if x)),
        (L["dates"], f"{ev.get('start')} - {ev.get('end')}"),
        (L["rounds"], ev.get("rounds")),
        (L["system"], ev.get("system")),
        (L["chief_arbiter"], ev.get("chief_arbiter")),
    ]


def _player_rows(pl: dict[str, Any], L: Labels) -> list[tuple[str, Any]]:
    return [
        (L["player"], pl.get("name")),
        (L["fide_id"], pl.get("fide_id")),
        (L["federation"], pl.get("federation")),
        (L["birth"], pl.get("birth_date") or ""),
        (L["title"], ", ".join(pl.get("titles") or [])),
    ]


def player_charts(
    t: Tournament,
    start_rank: int,
    L: Labels,
    width: float,
    fonts: tuple[str, str] = ("Helvetica", "Helvetica-Bold"),
    scores: dict[int, list[Decimal]] | None = None,
) -> list[Any]:
    """The player's score after each round against the leader's, and the rating change (B.02 8.3).

    ``scores`` (from :func:`arbitro.views.scores_by_round`) may be given when charting several players.
    """
    if scores is None:
        scores = scores_by_round(t)
    leader = [max(row[r] for row in scores.values()) for r in range(t.played_rounds)]
    p = t.players[start_rank]
    out: list[Any] = [charts.progress_chart(scores[start_rank], leader, L, p.name, width=width, fonts=fonts)]
    stats = player_stats(t, p, rating_rules(t))
    if stats.k is not None and stats.changes:
        out.append(
            charts.rating_change_chart(stats.changes, L, f"{p.name} (K={stats.k})", width=width, fonts=fonts)
        )
    return out


def _it1_story(
    doc: Doc, c: dict[str, Any], L: Labels, scores: dict[int, list[Decimal]] | None = None
) -> None:
    w = doc.width
    doc.add(doc.heading(f"{L['it1']} - {L['norm_title']}: {c['title']}"))
    doc.add(_kv(doc, _player_rows(c["player"], L)), Spacer(1, 4))
    doc.add(_kv(doc, _event_rows(c["event"], L)), Spacer(1, 4))
    doc.add(
        _kv(
            doc,
            [
                (L["edition"], c.get("edition")),
                (L["games"], c.get("games")),
                (L["score"], _score(c.get("score"))),
                (L["ra"], c.get("ra")),
                (L["rp"], c.get("rp")),
                (L["dropped_rounds"], ", ".join(map(str, c.get("dropped_rounds") or [])) or "-"),
            ],
        )
    )
    opps = c.get("opponents") or []
    if opps:
        doc.add(doc.heading(L["opponents"]))
        rows = [
            [o["round"], o["title"], o["name"], o["federation"], o["rating"], o["result"], o["status"]]
            for o in opps
        ]
        doc.add(
            doc.table(
                [L["rnd"], L["title"], L["name"], L["federation"], L["rating"], L["result"], L["status"]],
                rows,
                [10 * mm, 10 * mm, 60 * mm, 12 * mm, 14 * mm, 14 * mm, w - 120 * mm],
                align_left=(2, 6),
                wrap=(6,),
                font_size=7.5,
            )
        )
    sr = c.get("start_rank")
    if isinstance(sr, int) and sr in doc.t.players:
        doc.add(Spacer(1, 6), *player_charts(doc.t, sr, L, min(w, 480), doc.fonts, scores))
    expl = c.get("explanation") or []
    if expl:
        doc.add(doc.heading(L["explanation"]), *(doc.para(line) for line in expl))
    sig = [[s, "\n\n\n"] for s in c.get("signatures") or []]
    doc.add(
        Spacer(1, 10),
        KeepTogether(
            [
                doc.heading(L["signatures"]),
                doc.table(None, sig, [w * 0.45, w * 0.55], align_left=(0,), font_size=8.5, zebra=False),
            ]
        ),
        Spacer(1, 4),
        doc.para(f"{L['copies']}: {', '.join(c.get('copies') or [])}."),
        doc.para(L["provisional"]),
    )


def render_it1_pdf(t: Tournament, lang: str = "es", paper: str = "a4", player: int | None = None) -> bytes:
    """IT1: one certificate (one page or more) per norm achieved in the tournament (B.01 1.8)."""
    L = Labels(lang)
    doc = Doc(t, L, L["it1"], paper=paper)
    problems: list[str] = []
    certs = it1_certificates(t, player, problems)
    if not certs:
        doc.add(doc.para(L["no_norms"]))
    if problems:
        doc.add(doc.heading(L["notes"]), *(doc.para(f"- {p}") for p in problems))
    scores = scores_by_round(t) if certs else None
    for i, c in enumerate(certs):
        if i:
            doc.add(PageBreak())
        _it1_story(doc, c, L, scores)
    return doc.build()


def _it2_story(doc: Doc, s: dict[str, Any], L: Labels) -> None:
    w = doc.width
    doc.add(doc.heading(f"{L['it2']} - {L['norm_title']}: {s['title']}"))
    doc.add(_kv(doc, _player_rows(s["player"], L)), Spacer(1, 4))
    rating = s.get("rating") or {}
    fee = s.get("fee") or {}
    doc.add(
        _kv(
            doc,
            [
                (L["edition"], s.get("edition")),
                (L["status"], L[str(s.get("status"))]),
                (L["eligible"], L["yes"] if s.get("eligible") else L["no"]),
                (L["total_games"], s.get("total_games")),
                (L["rating_entry"], f"{rating.get('rating')} ({rating.get('date')})" if rating else "-"),
                (L["achieved_on"], s.get("achieved_on") or "-"),
                (L["fee"], f"{fee.get('total', '')} {fee.get('currency', '')}".strip() if fee else "-"),
            ],
        )
    )
    norms = s.get("norms") or []
    if norms:
        doc.add(doc.heading(L["norms_used"]))
        rows = [
            [
                n["entry"],
                n["tournament"]["name"],
                f"{n['tournament']['start']} - {n['tournament']['end']}",
                n.get("games"),
                n.get("counted_games"),
                _score(n.get("score")),
                n.get("rp") or "",
            ]
            for n in norms
        ]
        doc.add(
            doc.table(
                ["#", L["event"], L["dates"], L["games"], L["total_games"], L["score"], "Rp"],
                rows,
                [30 * mm, w - 140 * mm, 40 * mm, 14 * mm, 22 * mm, 16 * mm, 18 * mm],
                align_left=(0, 1),
                font_size=7.5,
            )
        )
    missing = s.get("missing") or []
    if missing:
        doc.add(doc.heading(L["missing"]), *(doc.para(f"- {m}") for m in missing))
    notes = s.get("notes") or []
    if notes:
        doc.add(doc.heading(L["notes"]), *(doc.para(f"- {m}") for m in notes))
    doc.add(Spacer(1, 6), doc.para(L["provisional"]))


def render_it2_pdf(
    t: Tournament,
    lang: str = "es",
    paper: str = "a4",
    player: int | None = None,
    application: Application | None = None,
) -> bytes:
    """IT2: the title application summary (B.01 2.1), from a dossier's application or this tournament's norms."""
    L = Labels(lang)
    doc = Doc(t, L, L["it2"], paper=paper)
    problems: list[str] = []
    if application is not None:
        summaries = it2_from_application(application)
    else:
        summaries = it2_summaries(t, player, problems)
    if not summaries:
        doc.add(doc.para(L["no_norms"]))
    if problems:
        doc.add(doc.heading(L["notes"]), *(doc.para(f"- {p}") for p in problems))
    for i, s in enumerate(summaries):
        if i:
            doc.add(PageBreak())
        _it2_story(doc, s, L)
    return doc.build()


def _final_standings(doc: Doc, t: Tournament, L: Labels) -> None:
    """The final ranking the report certifies (rank, FIDE ID, title, name, federation, rating, points)."""
    from arbitro.standings import compute_standings

    st = compute_standings(t)
    if not st.rows:
        return
    rows: list[list[object]] = []
    for row in st.rows:
        p = t.players[row.start_rank]
        rows.append(
            [row.rank, p.fide_id, p.title, p.name, p.federation, p.rating or "", points_text(row.points)]
        )
    w = doc.width
    doc.add(doc.heading(L["standings"]))
    doc.add(
        doc.table(
            [L["rank"], L["fide_id"], L["title"], L["name"], L["federation"], L["rating"], L["points"]],
            rows,
            [10 * mm, 22 * mm, 10 * mm, w - 84 * mm, 12 * mm, 14 * mm, 16 * mm],
            align_left=(3,),
        )
    )


def render_it3_pdf(t: Tournament, lang: str = "es", paper: str = "a4", say: Callable[[str], str] = str) -> bytes:
    """IT3: the tournament report - event data, B.01 1.1 checks, norms achieved, norm progress,
    the final standings and the signatures."""
    L = Labels(lang)
    doc = Doc(t, L, L["it3"], paper=paper)
    data = report_data(t)
    w = doc.width
    titled = ", ".join(f"{k} {v}" for k, v in sorted(data.titled.items())) or "-"
    doc.add(doc.heading(L["summary"]))
    doc.add(
        _kv(
            doc,
            [
                (L["event"], t.name),
                (L["city"], ", ".join(x for x in (t.city, t.federation) if x)),
                (L["dates"], " - ".join(str(d) for d in dict.fromkeys((t.start_date, t.end_date)) if d)),
                (L["rounds"], f"{t.played_rounds} / {t.total_rounds}"),
                (L["system"], t.system or t.type_text),
                (L["time_control"], t.time_control_code or t.time_control),
                (L["chief_arbiter"], t.chief_arbiter),
                (L["deputy_arbiters"], "; ".join(t.deputy_arbiters)),
                (L["players_count"], data.players),
                (L["rated_players"], data.rated),
                (L["federations"], data.federations),
                (L["titled_players"], titled),
                (L["average_rating"], data.average_rating),
                (L["edition"], data.edition),
            ],
        )
    )
    doc.add(doc.heading(L["checks"]))
    # ``say``: how a face says the checks' coded details in ``lang`` (the web's table); the CLI's: as written
    rows = [[c.check, c.article, L[c.status], say(c.detail)] for c in data.checks]
    doc.add(
        doc.table(
            [L["check"], L["article"], L["status"], L["detail"]],
            rows,
            [45 * mm, 22 * mm, 24 * mm, w - 91 * mm],
            align_left=(0, 1, 3),
            font_size=7,
            wrap=(3,),
        )
    )
    doc.add(doc.heading(L["norms_achieved"]))
    if data.norms:
        norm_rows: list[list[object]] = [
            [
                c.start_rank,
                c.name,
                c.result.title,
                c.result.games,
                points_text(c.result.score),
                c.result.ra,
                c.result.rp,
            ]
            for c in data.norms
        ]
        doc.add(
            doc.table(
                [L["sno"], L["name"], L["norm_title"], L["games"], L["score"], "Ra", "Rp"],
                norm_rows,
                [12 * mm, w - 98 * mm, 16 * mm, 18 * mm, 20 * mm, 16 * mm, 16 * mm],
                align_left=(1,),
                font_size=8,
            )
        )
    else:
        doc.add(doc.para(L["no_norms"]))
    progress = [
        (c.name, c.result.title, c.result.rp or 0, norm_rp(c.result.title, c.result.edition) or 0)
        for c in [*data.norms, *data.near][:20]
        if c.result.rp is not None
    ]
    doc.add(Spacer(1, 8), charts.norm_progress_chart(progress, L, width=min(w, 480), fonts=doc.fonts))
    _final_standings(doc, t, L)
    sig = [[f"{L['chief_arbiter']}: {t.chief_arbiter}", "\n\n\n"], [L["organiser"], "\n\n\n"]]
    doc.add(
        Spacer(1, 10),
        KeepTogether(
            [
                doc.heading(L["signatures"]),
                doc.table(None, sig, [w * 0.45, w * 0.55], align_left=(0,), zebra=False),
            ]
        ),
    )
    doc.add(Spacer(1, 6), doc.para(L["provisional"]))
    return doc.build()
