"""CSV and xlsx exports of players, pairings and standings; TRF-2026 / TRF16 through :mod:`arbitro.trf`.

``export_rows(t, kind, lang)`` gathers a header and rows; ``to_csv`` / ``to_xlsx``
only format them. Values are plain strings and numbers (points as decimals,
``2.5``, so that spreadsheets can sum them).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from arbitro.documents.labels import Labels
from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.standings import compute_standings
from arbitro.views import last_paired_round, round_sheet, value_text

__all__ = ["EXPORT_KINDS", "export_bytes", "export_rows", "to_csv", "to_xlsx"]

EXPORT_KINDS = ("players", "pairings", "standings")
Row = list[str | int | float]


def export_rows(
    t: Tournament, kind: str, lang: str = "es", round_number: int | None = None
) -> tuple[list[str], list[Row]]:
    """Header and rows of an export; ``pairings`` lists every round (or ``round_number``)."""
    L = Labels(lang)
    if kind == "players":
        header = L.players_header()
        rows: list[Row] = [
            [p.start_rank, p.title, p.name, p.federation, p.rating or "", p.fide_id, p.birth_date, p.sex]
            for p in t.iter_players()
        ]
        return header, rows
    if kind == "pairings":
        header = [
            L["round"],
            L["board"],
            L["sno"],
            L["white"],
            L["rating"],
            L["result"],
            L["sno"],
            L["black"],
            L["rating"],
        ]
        rounds = [round_number] if round_number is not None else list(range(1, last_paired_round(t) + 1))
        rows = []
        for r in rounds:
            sheet = round_sheet(t, r)
            for g in sheet.games:
                rows.append(
                    [
                        r,
                        g.board,
                        g.white.start_rank,
                        g.white.name,
                        g.white.rating or "",
                        g.result,
                        g.black.start_rank,
                        g.black.name,
                        g.black.rating or "",
                    ]
                )
            for b in sheet.byes:
                rows.append(
                    [r, "", b.player.start_rank, b.player.name, b.player.rating or "", L[b.kind], "", "", ""]
                )
        return header, rows
    if kind == "standings":
        st = compute_standings(t, after_round=round_number)
        codes = list(st.tiebreaks)
        header = [L["rank"], L["sno"], L["title"], L["name"], L["federation"], L["rating"], *codes]
        rows = []
        for row in st.rows:
            p = t.players[row.start_rank]
            rows.append(
                [
                    row.rank,
                    p.start_rank,
                    p.title,
                    p.name,
                    p.federation,
                    p.rating or "",
                    *(value_text(row.values.get(c)) for c in codes),
                ]
            )
        return header, rows
    raise ArbitroError(f"export: KIND: expected one of {', '.join(EXPORT_KINDS)}, got {kind!r}")


def to_csv(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def _cell(value: object) -> object:
    if isinstance(value, str):
        try:
            return (
                float(value)
                if value and value.replace(".", "", 1).lstrip("-").isdigit() and "." in value
                else value
            )
        except ValueError:
            return value
    return value


def to_xlsx(sheets: Sequence[tuple[str, Sequence[str], Sequence[Sequence[object]]]]) -> bytes:
    """An xlsx workbook with one sheet per (title, header, rows); decimal strings become numbers."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    wb = Workbook()
    first = True
    for title, header, rows in sheets:
        ws = wb.active if first else wb.create_sheet()
        first = False
        ws.title = title[:31]
        ws.append(list(header))
        for c in ws[1]:
            c.font = Font(bold=True)
        for row in rows:
            ws.append([_cell(v) for v in row])
        ws.freeze_panes = "A2"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def export_bytes(
    t: Tournament, kind: str, fmt: str, lang: str = "es", round_number: int | None = None
) -> bytes:
    """``kind`` as ``csv`` (UTF-8) or ``xlsx``; ``trf26`` / ``trf16`` give the tournament file itself.

    ``kind="all"`` (xlsx only) is one workbook with a sheet per kind.
    """
    if fmt in ("trf", "trf26", "trf16"):
        from arbitro.trf import format_trf

        return format_trf(t, version="trf16" if fmt == "trf16" else "trf26").encode("utf-8")
    if kind == "all":
        if fmt != "xlsx":
            raise ArbitroError("export all: one workbook with a sheet per kind, so the output must be .xlsx")
        return to_xlsx([(k, *export_rows(t, k, lang, round_number)) for k in EXPORT_KINDS])
    header, rows = export_rows(t, kind, lang, round_number)
    if fmt == "csv":
        return to_csv(header, rows).encode("utf-8")
    if fmt == "xlsx":
        return to_xlsx([(kind, header, rows)])
    raise ArbitroError(f"export: format: expected csv, xlsx, trf26 or trf16, got {fmt!r}")
