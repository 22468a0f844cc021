"""Team competition PDFs (issue 18): pairing sheet with board results, match cards, team and
board standings, team crosstable. The rows come from :mod:`arbitro.views.teams`; the layout is :mod:`.layout`'s,
as the individual sheets (:mod:`.tournament_pdf`).
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, KeepTogether, PageBreak, Spacer

from arbitro.documents.labels import Labels
from arbitro.documents.layout import Doc, page_size
from arbitro.errors import ArbitroError
from arbitro.teams.individual import to_tournament
from arbitro.teams.model import TeamEvent
from arbitro.views.teams import board_standings_table, match_sheet, team_crosstable, team_standings_table

__all__ = [
    "render_match_cards_pdf",
    "render_team_crosstable_pdf",
    "render_team_pairings_pdf",
    "render_team_standings_pdf",
]



def _t(L: Labels, key: str) -> str:
    return L["teams." + key]  # the team documents' own labels, in the documents' catalogues


def _round(event: TeamEvent, rnd: int | None) -> int:
    last = event.played_rounds()
    if rnd is None:
        return max(last, 1)
    if not 1 <= rnd <= max(last, 1):
        raise ArbitroError(f"--round: expected a round between 1 and {max(last, 1)}, got {rnd}")
    return rnd


def _rating(event: TeamEvent, pid: int | None) -> str:
    if pid is None:
        return ""
    r = event.players[pid].rating
    return str(r) if r else ""


def _match_story(doc: Doc, event: TeamEvent, L: Labels, rnd: int, *, results: bool) -> None:
    matches, bye = match_sheet(event, rnd)
    if not matches:
        doc.add(doc.para(_t(L, "no_round")))
        return
    w = doc.width
    fixed = [9 * mm, 7 * mm, 0, 12 * mm, 18 * mm, 0, 12 * mm]
    name_w = (w - sum(fixed)) / 2
    widths = [name_w if x == 0 else x for x in fixed]
    for m in matches:
        title = f"{m.table}. {m.white_name}  {m.score if results and m.score else '-'}  {m.black_name}"
        block = [doc.heading(title)]
        if m.forfeit:
            block.append(doc.para(f"{_t(L, 'forfeit')} ({m.score})"))
        else:
            rows = [
                [
                    b.board, _t(L, f"colour_{b.colour}"), b.white_team_name or _t(L, "empty"),
                    _rating(event, b.white_team_player), b.result_text if results else "",
                    b.black_team_name or _t(L, "empty"), _rating(event, b.black_team_player),
                ]  # fmt: skip
                for b in m.boards
            ]
            header = [L["board"], "", m.white_name, L["rating"], L["result"], m.black_name, L["rating"]]
            block.append(doc.table(header, rows, widths, align_left=(2, 5), font_size=8, wrap=(2, 5)))
        block.append(Spacer(1, 4))
        doc.add(KeepTogether(block))
    if bye:
        doc.add(doc.para(f"{_t(L, 'bye')}: {event.teams[bye].name}"))


def render_team_pairings_pdf(
    event: TeamEvent, lang: str = "es", paper: str = "a4", round_number: int | None = None
) -> bytes:
    """The matches of one round (default: the last paired) with their boards and results."""
    L = Labels(lang)
    rnd = _round(event, round_number)
    doc = Doc(to_tournament(event), L, f"{_t(L, 'team_pairings')} - {L['round']} {rnd}", paper=paper)
    _match_story(doc, event, L, rnd, results=True)
    return doc.build()


def render_match_cards_pdf(
    event: TeamEvent, lang: str = "es", paper: str = "a4", round_number: int | None = None
) -> bytes:
    """One card per match of the round: the line-ups, a box per board for the result, signatures."""
    L = Labels(lang)
    rnd = _round(event, round_number)
    doc = Doc(to_tournament(event), L, f"{_t(L, 'match_cards')} - {L['round']} {rnd}", paper=paper)
    matches, _bye = match_sheet(event, rnd)
    if not matches:
        doc.add(doc.para(_t(L, "no_round")))
    w = doc.width
    fixed = [9 * mm, 7 * mm, 0, 12 * mm, 22 * mm, 0, 12 * mm]
    name_w = (w - sum(fixed)) / 2
    widths = [name_w if x == 0 else x for x in fixed]
    for i, m in enumerate(matches):
        if i and i % 3 == 0:
            doc.add(PageBreak())
        rows: list[list[object]] = [
            [
                b.board, _t(L, f"colour_{b.colour}"), b.white_team_name or _t(L, "empty"),
                _rating(event, b.white_team_player), "", b.black_team_name or _t(L, "empty"),
                _rating(event, b.black_team_player),
            ]  # fmt: skip
            for b in m.boards
        ]
        rows.append(["", "", _t(L, "total"), "", "", "", ""])
        header = [L["board"], "", m.white_name, L["rating"], L["result"], m.black_name, L["rating"]]
        sign = [[f"{_t(L, 'captain')}: ____________", f"{_t(L, 'captain')}: ____________", f"{_t(L, 'arbiter')}: ____________"]]
        doc.add(
            KeepTogether(
                [
                    doc.heading(f"{L['round']} {rnd} · {m.table}. {m.white_name} - {m.black_name}"),
                    doc.table(header, rows, widths, align_left=(2, 5), font_size=9, wrap=(2, 5)),
                    Spacer(1, 3),
                    doc.table(None, sign, [w / 3] * 3, align_left=(0, 1, 2), font_size=8, zebra=False),
                    Spacer(1, 10),
                ]
            )
        )
    return doc.build()


def render_team_standings_pdf(event: TeamEvent, lang: str = "es", paper: str = "a4", min_games: int = 1) -> bytes:
    """Team standings with the tie-breaks (C.07), then the board standings (board prizes)."""
    L = Labels(lang)
    codes, lines = team_standings_table(event)
    doc = Doc(to_tournament(event), L, _t(L, "team_standings"), paper=paper, wide=len(codes) > 6)
    header = [L["rank"], L["sno"], _t(L, "team"), _t(L, "mp"), _t(L, "gp"), *codes]
    fixed = [10 * mm, 9 * mm, 0, 11 * mm, 11 * mm] + [15 * mm] * len(codes)
    widths = [max(doc.width - sum(fixed), 40 * mm) if x == 0 else x for x in fixed]
    rows = [[s.rank, s.team, s.name, s.match_points, s.game_points, *s.tiebreaks] for s in lines]
    doc.add(doc.table(header, rows, widths, align_left=(2,), font_size=8))
    doc.add(Spacer(1, 4), doc.para(f"{L['tiebreaks']}: {', '.join(codes)}."))
    boards = board_standings_table(event, min_games)
    if boards:
        doc.add(CondPageBreak(60 * mm), doc.heading(_t(L, "board_standings")))
        bh = [L["rank"], L["name"], _t(L, "team"), L["points"], L["games"], _t(L, "pct"), L["performance"]]
        bw = [10 * mm, 0, 45 * mm, 12 * mm, 14 * mm, 14 * mm, 14 * mm]
        bw = [max(doc.width - sum(bw), 40 * mm) if x == 0 else x for x in bw]
        for board, blines in boards.items():
            rows2 = [[r.rank, r.name, r.team_name, r.points, r.games, r.percentage, r.performance] for r in blines]
            doc.add(
                KeepTogether(
                    [
                        doc.para(f"{L['board']} {board}"),
                        doc.table(bh, rows2, bw, align_left=(1, 2), font_size=7.5),
                        Spacer(1, 4),
                    ]
                )
            )
    return doc.build()


def render_team_crosstable_pdf(event: TeamEvent, lang: str = "es", paper: str = "a4") -> bytes:
    """Teams in standings order x rounds: opponent, colour on board 1, match result, game points;
    then match points, game points and the tie-breaks (C.07; rows of :func:`team_crosstable`)."""
    L = Labels(lang)
    codes, rows = team_crosstable(event)
    rounds = len(rows[0].cells) if rows else 0
    cell_w = 17 * mm
    fixed = [9 * mm, 8 * mm, 0] + [cell_w] * rounds + [10 * mm, 10 * mm] + [13 * mm] * len(codes)
    wide = sum(fixed) + 40 * mm > page_size(paper)[0] - 24 * mm
    doc = Doc(to_tournament(event), L, _t(L, "team_crosstable"), paper=paper, wide=wide)
    if not rows:
        doc.add(doc.para(_t(L, "no_teams")))
        return doc.build()
    widths = [max(doc.width - sum(fixed), 30 * mm) if x == 0 else x for x in fixed]
    header = [L["rank"], L["sno"], _t(L, "team"), *(str(r) for r in range(1, rounds + 1)), _t(L, "mp"), _t(L, "gp"), *codes]
    data = [
        [r.rank, r.team, r.name, *(c.text for c in r.cells), r.match_points, r.game_points, *r.tiebreaks]
        for r in rows
    ]
    doc.add(doc.table(header, data, widths, align_left=(2,), font_size=7, wrap=(2,)))
    doc.add(Spacer(1, 4), doc.para(_t(L, "cross_key")))
    if codes:
        doc.add(doc.para(f"{L['tiebreaks']}: {', '.join(codes)}."))
    return doc.build()
