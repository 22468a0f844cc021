"""The FMA rulebook as a :class:`~arbitro.federations.rulebook.Rulebook` (issue 14).

Thin answers from the FMA modules: categories (FMA 1.1, 1.3), formats
(FMA 4.1), half-point byes (FMA 4.2), the default time (FMA 4.3), tie-break
orders (FMA 6.1/6.2), prizes (FMA 8.1-8.7), the Torneo Mayor as a category
(Anexo III) that is imported, not created at a desk.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass

from arbitro.errors import ArbitroError
from arbitro.federations.fma import byes, categories, formats, tiebreaks
from arbitro.federations.fma.messages import word
from arbitro.federations.rulebook import ByeQuestion, Choice, PageSection, TournamentFormat
from arbitro.pairing import registry
from arbitro.prizes import PrizeList, fma_preset

__all__ = ["RULEBOOK", "FmaRulebook"]

_MAYOR = "mayor"


def _system(kind: formats.FormatKind) -> str:
    """The registry key of an FMA format kind (Swiss: the FIDE Dutch system, FMA 4.1 c-d)."""
    if kind is formats.FormatKind.SWISS:
        return registry.default_swiss().key
    return registry.round_robin(double=kind is formats.FormatKind.DOUBLE_ROUND_ROBIN).key


@dataclass(frozen=True, slots=True)
class FmaRulebook:
    """Federación Marplatense de Ajedrez: Reglamento de Torneos Oficiales de Categorías ELO Estándar."""

    code: str = "FMA"
    name: str = "Federación Marplatense de Ajedrez"
    federation: str = "ARG"

    def categories(self, lang: str) -> list[Choice]:
        out = [Choice(c.key, c.name_in(lang)) for c in sorted(categories.Category, reverse=True)]
        out.append(Choice(_MAYOR, word("category.name.mayor", lang), creatable=False))
        return out

    def category_label(self, key: str, lang: str) -> str:
        return next((c.label for c in self.categories(lang) if c.key == key), key)

    def format_for(self, entrants: int, lang: str) -> TournamentFormat:
        """FMA 4.1 format, FMA 6.1/6.2 tie-breaks, FMA 4.2 bye limit (Swiss only)."""
        if entrants < 2:
            raise ArbitroError(word("error.entrants", lang))
        fmt = formats.format_for(entrants)
        swiss = fmt.kind is formats.FormatKind.SWISS
        return TournamentFormat(
            system=_system(fmt.kind),
            rounds=fmt.rounds if swiss else None,
            tiebreaks=tuple(tiebreaks.codes_for(fmt.kind)),
            max_half_point_byes=byes.MAX_HALF_BYES if swiss else None,
            explanation=fmt.message.text(lang),
        )

    def refuse_half_point_bye(self, question: ByeQuestion, lang: str) -> str | None:
        """FMA 4.2 through :func:`arbitro.federations.fma.byes.check_bye_request`."""
        kind = formats.FormatKind.SWISS if question.swiss else formats.FormatKind.ROUND_ROBIN
        ok, message = byes.check_bye_request(
            byes.ByeRequest(player=question.player, round=question.round, played=question.played),
            question.player,
            question.total_rounds,
            kind,
            question.granted_before,
        )
        return None if ok else f"{message.text(lang)} ({message.article})"

    def tiebreak_orders(self, lang: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
        return [
            (
                kind.name_in(lang),
                [(tb.name_in(lang), tb.code, tb.article) for tb in tiebreaks.order_for(kind)],
            )
            for kind in (formats.FormatKind.SWISS, formats.FormatKind.ROUND_ROBIN)
        ]

    def season_page(self, lang: str) -> list[PageSection]:
        """Categories, the rulebook's own tables (FMA 1.3 a-d, FMA 4.1 a-d) and the tie-break orders (FMA 6)."""

        def span(low: int, high: int | None, floor: int) -> str:
            if low <= floor and high is not None:
                return word("page.up_to", lang, n=high)
            if high is None:
                return word("page.or_more", lang, n=low)
            return str(low) if high == low else f"{low}–{high}"

        def fmt(band: formats.FormatBand) -> str:
            name = band.kind.name_in(lang)
            if band.rounds is None:
                return name[0].upper() + name[1:]
            return word("format.with_rounds", lang, kind=name, rounds=band.rounds)

        cats = " · ".join(c.label for c in self.categories(lang) if c.creatable)
        orders = tuple(
            f"{kind}: " + ", ".join(f"{name} ({code})" for name, code, _ in order)
            for kind, order in self.tiebreak_orders(lang)
        )
        article = word("page.article", lang)
        return [
            PageSection(word("page.categories", lang), (cats,)),
            PageSection(
                word("page.newcomers", lang),
                (word("page.newcomers.text", lang),),
                key="fma-categories",
                columns=(word("page.standard_rating", lang), word("page.category", lang), article),
                table=tuple(
                    (span(b.low, b.high, 0), b.category.name_in(lang), b.article) for b in categories.RATING_BANDS
                ),
            ),
            PageSection(
                word("page.formats", lang),
                key="fma-formats",
                columns=(word("page.players", lang), word("page.format", lang), article),
                table=tuple((span(b.low, b.high, 2), fmt(b), b.article) for b in formats.FORMAT_BANDS),
            ),
            PageSection(word("page.tiebreaks", lang), orders),
        ]

    def default_time_notice(self, lang: str) -> str:
        """FMA 4.3: one hour from the scheduled start of the round."""
        m = byes.default_time_notice()
        return f"{m.text(lang)} ({m.article})"

    def check_non_appearance(
        self, scheduled: _dt.datetime, at: _dt.datetime, player: str, lang: str
    ) -> tuple[bool, str]:
        """FMA 4.3 through :func:`arbitro.federations.fma.byes.check_non_appearance`."""
        ok, message = byes.check_non_appearance(scheduled, at, player)
        return ok, f"{message.text(lang)} ({message.article})"

    def prize_preset(self) -> PrizeList:
        """FMA 8.1-8.7 (:func:`arbitro.prizes.fma_preset`)."""
        return fma_preset()


RULEBOOK = FmaRulebook()
