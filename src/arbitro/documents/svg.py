"""Small hand-written SVG charts for the static site's player pages (hundreds of pages: must be fast).

The PDF pictures use reportlab drawings (:mod:`.charts`); these draw the same two
per-player pictures - score after each round against the leader, and the rating
change round by round - as plain SVG text.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["bar_chart", "line_chart"]

_W, _H, _L, _B, _T, _R = 420, 190, 40, 28, 26, 110


def _frame(title: str) -> list[str]:
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" '
        f'font-family="Helvetica, Arial, sans-serif" font-size="10" role="img" aria-label="{escape(title)}">',
        f'<text x="{_W / 2}" y="14" text-anchor="middle" font-weight="bold">{escape(title)}</text>',
    ]


def _axes(lo: float, hi: float, n: int) -> tuple[list[str], float, float]:
    plot_w, plot_h = _W - _L - _R, _H - _T - _B
    out = [
        f'<line x1="{_L}" y1="{_H - _B}" x2="{_L + plot_w}" y2="{_H - _B}" stroke="#444"/>',
        f'<line x1="{_L}" y1="{_T}" x2="{_L}" y2="{_H - _B}" stroke="#444"/>',
    ]
    span = (hi - lo) or 1.0
    for i in range(5):
        v = lo + span * i / 4
        y = _H - _B - plot_h * i / 4
        out.append(f'<text x="{_L - 4}" y="{y + 3:.1f}" text-anchor="end">{v:g}</text>')
        out.append(f'<line x1="{_L}" y1="{y:.1f}" x2="{_L + plot_w}" y2="{y:.1f}" stroke="#eee"/>')
    step = max(1, n // 15 + (1 if n > 15 else 0))
    for r in range(1, n + 1, step):
        x = _L + plot_w * (r - 0.5) / max(n, 1)
        out.append(f'<text x="{x:.1f}" y="{_H - _B + 12}" text-anchor="middle">{r}</text>')
    return out, plot_w, plot_h


def line_chart(title: str, series: Sequence[tuple[str, str, Sequence[float]]]) -> str:
    """Lines (name, colour, values per round) on a shared scale starting at 0."""
    n = max((len(v) for _, _, v in series), default=0)
    hi = max([x for _, _, v in series for x in v] + [1.0])
    out = _frame(title)
    axes, plot_w, plot_h = _axes(0.0, hi, n)
    out += axes
    for i, (name, colour, values) in enumerate(series):
        pts = " ".join(
            f"{_L + plot_w * (r + 0.5) / max(n, 1):.1f},{_H - _B - plot_h * v / hi:.1f}"
            for r, v in enumerate(values)
        )
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        y = _T + 10 + 14 * i
        out.append(
            f'<line x1="{_W - _R + 10}" y1="{y - 3}" x2="{_W - _R + 24}" y2="{y - 3}" stroke="{colour}" stroke-width="2"/>'
        )
        out.append(f'<text x="{_W - _R + 28}" y="{y}">{escape(name[:16])}</text>')
    out.append("</svg>")
    return "\n".join(out)


def bar_chart(title: str, values: Sequence[float], colour: str = "#1f5fa8") -> str:
    """One bar per round (negative bars go down from the zero line)."""
    n = len(values)
    lo, hi = min([*values, 0.0]), max([*values, 0.0])
    if hi == lo:
        hi = lo + 1
    out = _frame(title)
    axes, plot_w, plot_h = _axes(lo, hi, n)
    out += axes
    zero = _H - _B - plot_h * (0 - lo) / (hi - lo)
    bw = plot_w / max(n, 1) * 0.7
    for r, v in enumerate(values):
        x = _L + plot_w * (r + 0.15) / max(n, 1)
        y = _H - _B - plot_h * (v - lo) / (hi - lo)
        top, h = (y, zero - y) if v >= 0 else (zero, y - zero)
        out.append(
            f'<rect x="{x:.1f}" y="{top:.1f}" width="{bw:.1f}" height="{max(h, 0.5):.1f}" fill="{colour}"><title>{v:+.1f}</title></rect>'
        )
    out.append(f'<line x1="{_L}" y1="{zero:.1f}" x2="{_L + plot_w}" y2="{zero:.1f}" stroke="#444"/>')
    out.append("</svg>")
    return "\n".join(out)
