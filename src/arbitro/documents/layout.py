"""PDF layout primitives (reportlab platypus): page template, header, tables. No data gathering here."""

from __future__ import annotations

import functools
import io
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from arbitro.documents.labels import Labels
from arbitro.errors import ArbitroError
from arbitro.model import Tournament

__all__ = ["PAPERS", "Doc", "heading", "para", "table", "tournament_lines"]

PAPERS = {"a4": A4, "letter": LETTER}
HEADER_BG = colors.HexColor("#e6ecf5")
ZEBRA = colors.HexColor("#f6f6f6")
SHADE = colors.HexColor("#555555")

_styles = getSampleStyleSheet()
TITLE = ParagraphStyle("ArbTitle", parent=_styles["Title"], fontSize=15, leading=18, spaceAfter=2)
SUB = ParagraphStyle("ArbSub", parent=_styles["Normal"], fontSize=9, leading=11, alignment=TA_CENTER)
H2 = ParagraphStyle("ArbH2", parent=_styles["Heading2"], fontSize=11, leading=13, spaceBefore=8, spaceAfter=4)
BODY = ParagraphStyle("ArbBody", parent=_styles["Normal"], fontSize=8.5, leading=10.5)
CELL = ParagraphStyle("ArbCell", parent=_styles["Normal"], fontSize=7.5, leading=9)


#: Where a Unicode TrueType font is looked for (DejaVu Sans: Debian/Ubuntu fonts-dejavu-core, most
#: Linux distributions); ``ARBITRO_PDF_FONT_DIR`` may name a folder holding DejaVuSans.ttf/-Bold.ttf.
FONT_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/local/share/fonts",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
BASE_FONTS = ("Helvetica", "Helvetica-Bold")


@functools.cache
def unicode_fonts() -> tuple[str, str] | None:
    """Register DejaVu Sans (regular, bold) with reportlab once; None when no copy is found."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    extra = os.environ.get("ARBITRO_PDF_FONT_DIR")
    for folder in ([extra] if extra else []) + list(FONT_DIRS):
        regular, bold = Path(folder) / "DejaVuSans.ttf", Path(folder) / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            try:
                pdfmetrics.registerFont(TTFont("ArbSans", str(regular)))
                pdfmetrics.registerFont(TTFont("ArbSans-Bold", str(bold)))
            except Exception:  # noqa: BLE001 - an unreadable font file: keep the base fonts
                return None
            return "ArbSans", "ArbSans-Bold"
    return None


def _latin(texts: Iterable[str]) -> bool:
    try:
        for text in texts:
            text.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


def fonts_for(t: Tournament) -> tuple[str, str]:
    """Helvetica when every name fits its Western encoding (cp1252), else DejaVu Sans when available.

    The base font keeps the common case fast and the same everywhere; a Polish, Czech, Turkish,
    Cyrillic ... name needs a Unicode font, or its letters print as boxes.
    """
    texts = [t.name, t.city, t.chief_arbiter, *t.deputy_arbiters, *(p.name for p in t.players.values())]
    if _latin(texts):
        return BASE_FONTS
    return unicode_fonts() or BASE_FONTS


def page_size(paper: str, wide: bool = False) -> tuple[float, float]:
    if paper not in PAPERS:
        raise ArbitroError(f"--paper: expected a4 or letter, got {paper!r}")
    size = landscape(PAPERS[paper]) if wide else PAPERS[paper]
    return float(size[0]), float(size[1])


@functools.cache
def _styled(style: ParagraphStyle, font: str, bold: str) -> ParagraphStyle:
    if font == BASE_FONTS[0]:
        return style
    chosen = bold if style.fontName.endswith("Bold") else font
    return ParagraphStyle(f"{style.name}-{chosen}", parent=style, fontName=chosen)


def para(text: str, style: ParagraphStyle = BODY, fonts: tuple[str, str] = BASE_FONTS) -> Paragraph:
    """A paragraph of plain text (escaped: names may contain ``&`` or ``<``)."""
    return Paragraph(escape(text), _styled(style, *fonts))


def heading(text: str, fonts: tuple[str, str] = BASE_FONTS) -> Paragraph:
    return para(text, H2, fonts)


def tournament_lines(t: Tournament, L: Labels) -> list[str]:
    """City, dates and chief arbiter of the header."""
    parts: list[str] = []
    if t.city or t.federation:
        parts.append(", ".join(x for x in (t.city, t.federation) if x))
    if t.start_date:
        end = f" - {t.end_date.isoformat()}" if t.end_date and t.end_date != t.start_date else ""
        parts.append(f"{t.start_date.isoformat()}{end}")
    if t.chief_arbiter:
        parts.append(f"{L['chief_arbiter']}: {t.chief_arbiter}")
    return parts


def table(
    header: Sequence[str] | None,
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float] | None = None,
    *,
    align_left: Sequence[int] = (),
    font_size: float = 7.5,
    shade: Sequence[tuple[int, int]] = (),
    zebra: bool = True,
    wrap: Sequence[int] = (),
    fonts: tuple[str, str] = BASE_FONTS,
) -> Table:
    """A table with a repeated header row; ``align_left`` columns are left-aligned, the rest centred.

    ``shade`` lists (column, row) cells (row 0 = first data row) painted dark (a round-robin diagonal).
    """
    cell = ParagraphStyle(
        "ArbWrap", parent=CELL, fontSize=font_size, leading=font_size + 1.5, fontName=fonts[0]
    )
    body = [
        [
            Paragraph(escape(str(c)), cell) if i in wrap and c else ("" if c is None else c)
            for i, c in enumerate(row)
        ]
        for row in rows
    ]
    data = [list(header), *body] if header is not None else body
    tbl = Table(data, colWidths=widths, repeatRows=1 if header is not None else 0)
    top = 0 if header is not None else -1
    style: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), fonts[0]),
        ("FONTSIZE", (0, 0), (-1, -1), font_size),
        ("LEADING", (0, 0), (-1, -1), font_size + 1.5),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#bbbbbb")),
    ]
    if header is not None:
        style += [
            ("FONTNAME", (0, 0), (-1, 0), fonts[1]),
            ("BACKGROUND", (0, 0), (-1, 0), HEADER_BG),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, colors.black),
        ]
    for col in align_left:
        style.append(("ALIGN", (col, 0), (col, -1), "LEFT"))
    if zebra:
        for i in range(2 + top, len(data), 2):
            style.append(("BACKGROUND", (0, i), (-1, i), ZEBRA))
    for col, row in shade:
        style.append(("BACKGROUND", (col, row + 1 + top), (col, row + 1 + top), SHADE))
    tbl.setStyle(TableStyle(style))
    return tbl


class Doc:
    """One PDF: a title block on the first page, a footer with page numbers on every page."""

    def __init__(
        self, t: Tournament, L: Labels, title: str, *, paper: str = "a4", wide: bool = False
    ) -> None:
        self.t = t
        self.L = L
        self.title = title
        self.size = page_size(paper, wide)
        self.margin = 12 * mm
        self.fonts = fonts_for(t)
        self.story: list[Flowable] = []
        self.story.append(self.para(t.name or "-", TITLE))
        self.story.append(self.para(title, SUB))
        lines = tournament_lines(t, L)
        if lines:
            self.story.append(self.para("  ·  ".join(lines), SUB))
        self.story.append(Spacer(1, 6))

    @property
    def width(self) -> float:
        """Usable width of a page."""
        return float(self.size[0] - 2 * self.margin)

    def para(self, text: str, style: ParagraphStyle = BODY) -> Paragraph:
        return para(text, style, self.fonts)

    def heading(self, text: str) -> Paragraph:
        return heading(text, self.fonts)

    def table(
        self,
        header: Sequence[str] | None,
        rows: Sequence[Sequence[Any]],
        widths: Sequence[float] | None = None,
        **kw: Any,
    ) -> Table:
        """:func:`table` in the document's fonts."""
        return table(header, rows, widths, fonts=self.fonts, **kw)

    def add(self, *items: Flowable) -> None:
        self.story.extend(items)

    def _footer(self, canvas: Any, doc: Any) -> None:
        canvas.saveState()
        canvas.setFont(self.fonts[0], 7)
        text = f"{self.t.name} - {self.title}"
        canvas.drawString(self.margin, 7 * mm, text[:120])
        canvas.drawRightString(
            self.size[0] - self.margin, 7 * mm, f"{self.L['page']} {doc.page}  ·  {self.L['generated_by']}"
        )
        canvas.restoreState()

    def build(self) -> bytes:
        out = io.BytesIO()
        doc = SimpleDocTemplate(
            out,
            pagesize=self.size,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=14 * mm,
            title=f"{self.t.name} - {self.title}",
            author=self.t.chief_arbiter or "Arbitro",
            creator="Arbitro",
            invariant=1,
        )
        if not self.story:
            self.story.append(Spacer(1, 1))
        doc.build(self.story, onFirstPage=self._footer, onLaterPages=self._footer)
        return out.getvalue()
