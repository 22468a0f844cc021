"""Prize lists a rulebook prescribes: the FMA's trophies (FMA 8.1-8.7).

FMA "Reglamento de Torneos Oficiales de Categorías ELO Estándar", 8 (Premios):

* 8.1 the champion of each category wins the entry to next year's Open "Ciudad de
  Mar del Plata"; 8.2 entries are not transferable;
* 8.3/8.4 trophies or medals to the first three of each individual tournament;
* 8.5 champions and runners-up when a category has two multiple tournaments
  (Anexo I: the winner of each is champion of the category) -- each tournament's
  own 1st and 2nd places, so nothing is added within one tournament;
* 8.6 a player cannot receive more than one trophy and/or medal for the same
  category: one prize per player;
* 8.7 cash prizes may exist: ``cash`` adds them to the places (shared as chosen).
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from arbitro import i18n
from arbitro.errors import Message, translated
from arbitro.prizes.model import Prize, PrizeGroup, PrizeList, Sharing

__all__ = ["FMA_ENTRY", "FMA_MEDALS", "fma_preset"]

#: The rulebook's own words, from its catalogues (``prize.*`` in federations/fma/locale: issue 32 item 4),
#: so a face says them in the reader's language; ``str()`` of each is the Spanish, the rulebook's own.
def _words(code: str) -> Message:
    return translated(code, {lang: i18n.word(code, lang) for lang in ("es", "en")}, default="es")


FMA_ENTRY = _words("prize.fma_entry")
FMA_MEDALS = (_words("prize.fma_medal"),)


def fma_preset(
    cash: Sequence[Decimal] = (),
    *,
    sharing: Sharing = Sharing.TIEBREAK,
    extra_groups: Sequence[PrizeGroup] = (),
    currency: str = "ARS",
) -> PrizeList:
    """The FMA prizes of one category tournament (8.1-8.7), with optional cash by place (8.7)."""
    places = max(3, len(cash))
    prizes = []
    for place in range(1, places + 1):
        items: tuple[str, ...] = FMA_MEDALS if place <= 3 else ()
        if place == 1:
            items = (*items, FMA_ENTRY)
        amount = cash[place - 1] if place <= len(cash) else Decimal(0)
        prizes.append(Prize(place, Decimal(amount), items))
    overall = _words("prize.overall")
    group = PrizeGroup(overall, tuple(prizes), article="FMA 8.1, 8.4")
    return PrizeList(
        groups=(group, *extra_groups),
        sharing=sharing,
        one_prize_per_player=True,
        currency=currency,
        notes=(_words("prize.fma_8_4"), _words("prize.fma_8_6"), _words("prize.fma_8_7")),
    )
