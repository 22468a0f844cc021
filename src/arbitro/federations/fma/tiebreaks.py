"""FMA tie-break orders as FIDE C.07 codes (FMA 6.1, 6.2).

Each Spanish term of the rulebook maps to a code of FIDE's C.07 / TRF-2026
``202`` (see docs/fma-tiebreaks.md):

================================================  =========  =====================
FMA term                                           code       FIDE C.07
================================================  =========  =====================
Resultado individual                               ``DE``     Art. 6 direct encounter
Sistema Sonneborn Berger                           ``SB``     Art. 9.1
Número de partidas reales ganadas sobre el tablero ``WON``    Art. 7.2 (not WIN, 7.1)
Koya                                               ``KS``     Art. 9.2
Koya extendido                                     ``KS/L-1`` Art. 9.2 + 14.5 limit ½ point lower
Bucholz TOP (menos el peor resultado)              ``BH/C1``  Art. 8.1 + 14.1 Cut-1
Bucholz TOTAL                                      ``BH``     Art. 8.1
Progresivo                                         ``PS``     Art. 7.5
Performance                                        ``TPR``    Art. 10.2
Sorteo                                             (lots)     Art. 4.2 / drawing of lots
================================================  =========  =====================

Lots are not a code: the standings module breaks the remaining ties by a
seeded, reproducible draw (``break_ties_by_lot=True, lots_seed=...``).
"""

from __future__ import annotations

from dataclasses import dataclass

from arbitro.federations.fma.formats import FormatKind
from arbitro.federations.fma.messages import Message, msg, word

__all__ = ["ROUND_ROBIN", "SWISS", "TieBreak", "codes_for", "order_for", "order_message"]


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One tie-break of FMA 6: its article, its name (the rulebook's words) and FIDE's code."""

    article: str
    code: str

    def name_in(self, lang: str) -> str:
        return word("tiebreak." + ".".join(self.article.split()[1:]), lang)


#: FMA 6.1 a-e (f "Sorteo" = lots).
ROUND_ROBIN: tuple[TieBreak, ...] = (
    TieBreak("FMA 6.1 a", "DE"),
    TieBreak("FMA 6.1 b", "SB"),
    TieBreak("FMA 6.1 c", "WON"),
    TieBreak("FMA 6.1 d", "KS"),
    TieBreak("FMA 6.1 e", "KS/L-1"),
)

#: FMA 6.2 a-g (h "Sorteo" = lots).
SWISS: tuple[TieBreak, ...] = (
    TieBreak("FMA 6.2 a", "DE"),
    TieBreak("FMA 6.2 b", "BH/C1"),
    TieBreak("FMA 6.2 c", "SB"),
    TieBreak("FMA 6.2 d", "BH"),
    TieBreak("FMA 6.2 e", "PS"),
    TieBreak("FMA 6.2 f", "WON"),
    TieBreak("FMA 6.2 g", "TPR"),
)


def order_for(kind: FormatKind) -> tuple[TieBreak, ...]:
    """FMA 6.1 for round robins (single or double), FMA 6.2 for Swiss tournaments."""
    return SWISS if kind is FormatKind.SWISS else ROUND_ROBIN


def codes_for(kind: FormatKind) -> list[str]:
    """The FIDE codes to hand to ``compute_standings`` (lots last, by the standings module)."""
    return [tb.code for tb in order_for(kind)]


def order_message(kind: FormatKind) -> Message:
    codes = ", ".join(codes_for(kind))
    return msg("tiebreaks.swiss" if kind is FormatKind.SWISS else "tiebreaks.round_robin", codes=codes)
