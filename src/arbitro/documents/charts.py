"""Pictures as reportlab Drawings: the same object goes into a PDF (it is a flowable) or becomes SVG.

* per player: the score after each round against the leader's, and the rating change round by round;
* per tournament: the score distribution, and the rating performance (TPR, C.07 10.2) against rating;
* norm progress: each candidate's norm Rp against the Rp the norm asks (B.01 1.4.1).

The numbers come from :mod:`arbitro.views` and :mod:`.stats`; this module only draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from reportlab import rl_config
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors

from arbitro.documents.labels import Labels

__all__ = [
    "distribution_chart",
    "norm_progress_chart",
    "performance_chart",
    "progress_chart",
    "rating_change_chart",
    "to_svg",
]

# Attribute validation of reportlab's drawing shapes costs ~1 s on a 300-dot chart; our shapes are fixed.
rl_config.shapeChecking = 0

BLUE = colors.HexColor("#1f5fa8")
ORANGE = colors.HexColor("#d9822b")
GREY = colors.HexColor("#888888")


def to_svg(drawing: Drawing, uid: str = "chart") -> str:
    """The drawing as an SVG element to put inline in a page.

    ``uid`` makes the clip-path id unique: several inline SVGs in one page would otherwise
    share reportlab's ``id="clip"`` and clip one another. Font names become CSS families.
    """
    text = str(renderSVG.drawToString(drawing))
    start = text.find("<svg")
    text = text[start:] if start > 0 else text
    text = text.replace('id="clip"', f'id="clip-{uid}"').replace("url(#clip)", f"url(#clip-{uid})")
    sans = "Helvetica, Arial, sans-serif"
    return text.replace("font-family: Helvetica-Bold;", f"font-family: {sans}; font-weight: bold;").replace(
        "font-family: Helvetica;", f"font-family: {sans};"
    )


def _title(d: Drawing, text: str, font: str = "Helvetica-Bold") -> None:
    d.add(String(d.width / 2, d.height - 14, text, fontName=font, fontSize=10, textAnchor="middle"))


def _legend(
    d: Drawing, items: Sequence[tuple[str, colors.Color]], x: float, y: float, font: str = "Helvetica"
) -> None:
    for i, (name, colour) in enumerate(items):
        yy = y - 12 * i
        d.add(Line(x, yy + 3, x + 14, yy + 3, strokeColor=colour, strokeWidth=2))
        d.add(String(x + 18, yy, name, fontName=font, fontSize=7))


def progress_chart(
    player: Sequence[Decimal],
    leader: Sequence[Decimal],
    labels: Labels,
    name: str,
    width: float = 420,
    fonts: tuple[str, str] = ("Helvetica", "Helvetica-Bold"),
) -> Drawing:
    """The player's score after each round (blue) against the leader's (orange)."""
    d = Drawing(width, 200)
    _title(d, f"{labels['progress']}: {name}", fonts[1])
    lp = LinePlot()
    lp.x, lp.y, lp.width, lp.height = 40, 30, width - 150, 140
    rounds = len(player)
    lp.data = [
        [(r + 1, float(v)) for r, v in enumerate(player)] or [(1, 0.0)],
        [(r + 1, float(v)) for r, v in enumerate(leader)] or [(1, 0.0)],
    ]
    lp.lines[0].strokeColor, lp.lines[1].strokeColor = BLUE, ORANGE
    lp.lines[0].strokeWidth = lp.lines[1].strokeWidth = 2
    lp.lines[0].symbol = makeMarker("FilledCircle", size=3)
    lp.xValueAxis.valueMin, lp.xValueAxis.valueMax = 1, max(rounds, 2)
    lp.xValueAxis.valueStep = 1 if rounds <= 15 else 2
    lp.yValueAxis.valueMin = 0
    top = max([float(v) for v in (*player, *leader)] + [1.0])
    lp.yValueAxis.valueMax = top
    lp.yValueAxis.valueStep = max(1.0, round(top / 6))
    lp.xValueAxis.labels.fontSize = lp.yValueAxis.labels.fontSize = 7
    d.add(lp)
    _legend(d, [(name[:22], BLUE), (labels["leader"], ORANGE)], width - 100, 150, fonts[0])
    d.add(
        String(
            40 + (width - 150) / 2, 8, labels["round"], fontName="Helvetica", fontSize=7, textAnchor="middle"
        )
    )
    return d


def rating_change_chart(
    changes: Sequence[Fraction],
    labels: Labels,
    name: str,
    width: float = 420,
    fonts: tuple[str, str] = ("Helvetica", "Helvetica-Bold"),
) -> Drawing:
    """Cumulative K x dR after each round (B.02 8.3)."""
    d = Drawing(width, 180)
    _title(d, f"{labels['rating_change_chart']}: {name}", fonts[1])
    bc = VerticalBarChart()
    bc.x, bc.y, bc.width, bc.height = 40, 25, width - 60, 125
    values = [round(float(c), 1) for c in changes] or [0.0]
    bc.data = [values]
    bc.bars[0].fillColor = BLUE
    low, high = min([*values, 0.0]), max([*values, 0.0])
    span = max(high - low, 1.0)
    bc.valueAxis.valueMin, bc.valueAxis.valueMax = low - span * 0.05, high + span * 0.05
    bc.valueAxis.labels.fontSize = bc.categoryAxis.labels.fontSize = 7
    bc.categoryAxis.categoryNames = [str(r) for r in range(1, len(values) + 1)]
    bc.categoryAxis.labels.boxAnchor = "n"
    d.add(bc)
    return d


def distribution_chart(
    distribution: Sequence[tuple[Decimal, int]], labels: Labels, width: float = 420
) -> Drawing:
    """How many players finished on each score."""
    from arbitro.views import points_text

    d = Drawing(width, 180)
    _title(d, labels["score_distribution"])
    bc = VerticalBarChart()
    bc.x, bc.y, bc.width, bc.height = 40, 25, width - 60, 125
    bc.data = [[n for _, n in distribution] or [0]]
    bc.bars[0].fillColor = BLUE
    bc.valueAxis.valueMin = 0
    bc.valueAxis.labels.fontSize = bc.categoryAxis.labels.fontSize = 7
    bc.categoryAxis.categoryNames = [points_text(s) for s, _ in distribution] or [""]
    bc.categoryAxis.labels.boxAnchor = "n"
    d.add(bc)
    return d


def performance_chart(points: Sequence[tuple[int, int]], labels: Labels, width: float = 420) -> Drawing:
    """Rating (x) against tournament performance (y), one dot per rated player; the diagonal is par."""
    d = Drawing(width, 240)
    _title(d, labels["performance_chart"])
    lp = LinePlot()
    lp.x, lp.y, lp.width, lp.height = 45, 30, width - 70, 180
    data = [(float(r), float(p)) for r, p in points] or [(1000.0, 1000.0)]
    low = min(min(x for x, _ in data), min(y for _, y in data))
    high = max(max(x for x, _ in data), max(y for _, y in data))
    low, high = (low // 100) * 100, (high // 100 + 1) * 100
    lp.data = [data, [(low, low), (high, high)]]
    lp.lines[0].strokeColor = None
    lp.lines[0].symbol = makeMarker("FilledCircle", size=2.5)
    lp.lines[0].symbol.fillColor = BLUE
    lp.lines[1].strokeColor = GREY
    lp.lines[1].strokeDashArray = [2, 2]
    for axis in (lp.xValueAxis, lp.yValueAxis):
        axis.valueMin, axis.valueMax = low, high
        axis.valueStep = max(100, ((high - low) // 6 // 100) * 100)
        axis.labels.fontSize = 7
    d.add(lp)
    d.add(
        String(
            45 + (width - 70) / 2, 8, labels["rating"], fontName="Helvetica", fontSize=7, textAnchor="middle"
        )
    )
    return d


def norm_progress_chart(
    rows: Sequence[tuple[str, str, int, int]],
    labels: Labels,
    width: float = 420,
    fonts: tuple[str, str] = ("Helvetica", "Helvetica-Bold"),
) -> Drawing:
    """Rows (player, title, Rp, required Rp): the bar is the Rp, the mark the Rp the norm asks."""
    height = 70 + 22 * max(len(rows), 1)
    d = Drawing(width, height)
    _title(d, labels["norm_progress"], fonts[1])
    if not rows:
        d.add(
            String(
                width / 2,
                height / 2 - 10,
                labels["no_norms"],
                fontName="Helvetica",
                fontSize=8,
                textAnchor="middle",
            )
        )
        return d
    bc = HorizontalBarChart()
    bc.x, bc.y, bc.width, bc.height = 150, 20, width - 170, 22 * len(rows)
    rps = [rp for _, _, rp, _ in rows]
    required = [req for _, _, _, req in rows]
    bc.data = [list(reversed(rps)), list(reversed(required))]
    bc.bars[0].fillColor = BLUE
    bc.bars[1].fillColor = colors.HexColor("#dddddd")
    low = (min(rps + required) // 100) * 100 - 100
    bc.valueAxis.valueMin = max(low, 0)
    bc.valueAxis.valueMax = (max(rps + required) // 100 + 1) * 100
    bc.valueAxis.labels.fontSize = bc.categoryAxis.labels.fontSize = 7
    bc.categoryAxis.categoryNames = [f"{name[:24]} ({title})" for name, title, _, _ in reversed(rows)]
    bc.categoryAxis.labels.fontName = fonts[0]
    d.add(bc)
    legend = [(f"Rp {labels['achieved']}", BLUE), (f"Rp {labels['required']}", colors.HexColor("#bbbbbb"))]
    _legend(d, legend, 150, height - 30)
    return d
