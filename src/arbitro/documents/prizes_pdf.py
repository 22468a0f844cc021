"""The prize list's distribution as a PDF (issue 20): one table per group, then the notes."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Spacer

from arbitro.documents.labels import Labels
from arbitro.documents.layout import Doc
from arbitro.model import Tournament
from arbitro.prizes import Distribution, format_cash


class _Prefixed:
    """The prize list's own labels (``prizes.<key>`` in the documents' catalogues)."""

    def __init__(self, labels: Labels, prefix: str) -> None:
        self._labels, self._prefix = labels, prefix

    def __getitem__(self, key: str) -> str:
        return self._labels[self._prefix + key]



def render_prizes_pdf(t: Tournament, dist: Distribution, lang: str = "es", paper: str = "a4") -> bytes:
    """Every group's awards: place, winner, points, cash (after sharing), items, who shared."""
    L = Labels(lang)
    T = _Prefixed(L, "prizes.")
    pl = dist.prize_list
    doc = Doc(t, L, T["title"], paper=paper)
    if not dist.awards and not dist.unawarded:
        doc.add(doc.para(T["none"]))
        return doc.build()
    names = {p.start_rank: p.name for p in t.players.values()}
    header = [T["place"], T["player"], T["points"], T["cash"], T["items"], T["shared"]]
    widths = [14 * mm, 0, 14 * mm, 24 * mm, 50 * mm, 36 * mm]
    widths[1] = max(doc.width - sum(widths), 40 * mm)
    for group in pl.groups:
        awards = [a for a in dist.awards if a.group == group.name]
        missing = [p for g, p in dist.unawarded if g == group.name]
        if not awards and not missing:
            continue
        title = group.name + (f" ({group.article})" if group.article else "")
        rows: list[list[object]] = []
        for a in awards:
            place = str(a.place) if a.place else T["tied"]
            shared = ", ".join(names.get(s, str(s)) for s in a.shared_with)
            points = "" if a.points is None else str(a.points)
            cash = format_cash(a.cash, pl.currency) if a.cash else ""
            rows.append([place, a.name, points, cash, "; ".join(a.items), shared])
        rows += [[str(p), T["unawarded"], "", "", "", ""] for p in missing]
        doc.add(doc.heading(title), doc.table(header, rows, widths, align_left=(1, 4, 5), font_size=7.5))
        doc.add(Spacer(1, 4))
    rule = T["one"] if pl.one_prize_per_player else T["several"]
    notes = [f"{rule}. {T['sharing']}: {T[pl.sharing.value]}.", f"{T['total']}: {format_cash(dist.total_cash, pl.currency)}."]
    doc.add(*(doc.para(n) for n in [*notes, *pl.notes]))
    return doc.build()
