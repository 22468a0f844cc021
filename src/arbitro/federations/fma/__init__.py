"""The Federación Marplatense de Ajedrez rulebook (FMA).

"Reglamento de Torneos Oficiales de Categorías ELO Estándar" (Mar del Plata):
categories, entry, formats, byes, tie-break orders, promotions, prizes, the
Torneo Mayor and sanctions. Articles are cited as ``FMA 4.1``,
``FMA Anexo III I.2.2``. Every user-facing message is in
:mod:`~arbitro.federations.fma.messages`, Spanish first, English second.

Modules, one rule family each:

* :mod:`.categories` FMA 1.2-1.7, 5.2, B.2 · :mod:`.registry` players, FMA 1.8
* :mod:`.entry` FMA 1.8, 2.2, 7, Anexo II I, 11.1.6-8 · :mod:`.formats` FMA 2.3, 3.1, 4.1
* :mod:`.byes` FMA 4.2, 4.3 · :mod:`.tiebreaks` FMA 6 (FIDE codes)
* :mod:`.end` FMA 5.1, 8, B.1, Anexo I, Anexo II III · :mod:`.mayor` Anexo III, 9
* :mod:`.sanctions` FMA 11 · :mod:`.results` standings via ``arbitro.standings``
* :mod:`.season_file` / :mod:`.season` a whole season (docs/formats/season.md)
"""

from arbitro.federations.fma.categories import Category, category_by_rating
from arbitro.federations.fma.formats import Format, FormatKind, format_for
from arbitro.federations.fma.messages import Message, msg
from arbitro.federations.fma.season import SeasonReport, run_season
from arbitro.federations.fma.season_file import Season, load_season
from arbitro.federations.fma.tiebreaks import codes_for

__all__ = [
    "Category",
    "Format",
    "FormatKind",
    "Message",
    "Season",
    "SeasonReport",
    "category_by_rating",
    "codes_for",
    "format_for",
    "load_season",
    "msg",
    "run_season",
]
