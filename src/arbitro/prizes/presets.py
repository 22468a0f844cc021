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

from arbitro.errors import translated
from arbitro.prizes.model import Prize, PrizeGroup, PrizeList, Sharing

__all__ = ["FMA_ENTRY", "FMA_MEDALS", "fma_preset"]

#: The rulebook's own words (Spanish) and their English, so a face says them in the reader's language
#: (issue 15 item 7); ``str()`` of each is the Spanish.
FMA_ENTRY = translated(
    "prize.fma_entry",
    {
        "es": "Inscripción al Abierto «Ciudad de Mar del Plata» del año siguiente (FMA 8.1; intransferible, 8.2)",
        "en": "Entry to next year's Open «Ciudad de Mar del Plata» (FMA 8.1; not transferable, 8.2)",
    },
    default="es",
)
FMA_MEDALS = (translated("prize.fma_medal", {"es": "Trofeo o medalla (FMA 8.4)", "en": "Trophy or medal (FMA 8.4)"}, default="es"),)


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
    overall = translated("prize.overall", {"es": "Clasificación general", "en": "Overall standings"}, default="es")
    group = PrizeGroup(overall, tuple(prizes), article="FMA 8.1, 8.4")
    return PrizeList(
        groups=(group, *extra_groups),
        sharing=sharing,
        one_prize_per_player=True,
        currency=currency,
        notes=(
            translated(
                "prize.fma_8_4",
                {"es": "FMA 8.4: trofeos o medallas a los tres primeros", "en": "FMA 8.4: trophies or medals to the first three"},
                default="es",
            ),
            translated(
                "prize.fma_8_6",
                {
                    "es": "FMA 8.6: un jugador no puede recibir más de un trofeo y/o medalla por una misma categoría",
                    "en": "FMA 8.6: a player cannot receive more than one trophy and/or medal for the same category",
                },
                default="es",
            ),
            translated(
                "prize.fma_8_7",
                {"es": "FMA 8.7: podrán existir premios en efectivo", "en": "FMA 8.7: cash prizes may be given"},
                default="es",
            ),
        ),
    )
