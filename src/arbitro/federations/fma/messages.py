"""The FMA rulebook's messages, in Spanish first and English.

Every decision the rulebook takes is explained to a person with a
:class:`Message`: an id from :data:`ARTICLES`, the article of the
"Reglamento de Torneos Oficiales de Categorías ELO Estándar" it applies
(``FMA 4.1``, ``FMA Anexo III I.1.2``) and the values that fill its text.
``message.text(lang)`` renders it from the rulebook's own gettext catalogues
(``locale/<lang>/LC_MESSAGES/arbitro.federations.fma.po``, issue 32 item 4):
a language is added by adding those files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arbitro import i18n

__all__ = ["ARTICLES", "Message", "Place", "Text", "msg", "word"]


#: The article of each message id (its words, Spanish and English, are the rulebook's catalogues:
#: ``federations/fma/locale/<lang>/LC_MESSAGES/arbitro.federations.fma.po``; :mod:`arbitro.i18n`).
ARTICLES: dict[str, str] = {
    "category.kept": "FMA 1.2, B.2",
    "category.by_rating": "FMA 1.3",
    "category.unrated": "FMA 1.3",
    "category.rating_table": "FMA 1.3",
    "category.no_rating": "FMA 1.3",
    "claim.late": "FMA 1.4",
    "claim.pending": "FMA 1.4",
    "claim.rejected": "FMA 1.4",
    "claim.accepted": "FMA 1.5",
    "claim.evaluated": "FMA 1.6",
    "claim.inactivity": "FMA 5.2",
    "rating.standard_only": "FMA A, 1.7",
    "entry.own_category": "FMA 2.2",
    "entry.first_by_rating": "FMA 2.2.1",
    "entry.higher_proof": "FMA 2.2.2",
    "entry.qualifier": "FMA 2.2.3, 7.1",
    "entry.invitation": "FMA 2.2.4, 7.2",
    "entry.semi_open": "FMA Anexo II I.2",
    "entry.refused.category": "FMA 2.2",
    "entry.refused.invitation_reason": "FMA 7.2",
    "entry.refused.invitation_limit": "FMA 7.2",
    "entry.refused.invitation_same": "FMA 7.2",
    "entry.refused.qualifier": "FMA 7.1",
    "entry.refused.qualifier_endorsed": "FMA 7.1.1",
    "entry.refused.residency": "FMA 1.8",
    "entry.refused.new_resident": "FMA 1.8",
    "entry.refused.ban_next": "FMA 11.1.6",
    "entry.refused.ban_fma": "FMA 11.1.7",
    "entry.refused.expelled": "FMA 11.1.8",
    "entry.unlisted_player": "FMA 2.2",
    "format.double_round_robin": "FMA 4.1 a",
    "format.round_robin": "FMA 4.1 b",
    "format.swiss7": "FMA 4.1 c",
    "format.swiss9": "FMA 4.1 d",
    "format.swiss9_22": "FMA 4.1 c-d",
    "format.too_few": "FMA 4.1",
    "format.mismatch": "FMA 4.1",
    "format.mayor": "FMA Anexo III II",
    "rating.not_required": "FMA 2.3",
    "rating.ok": "FMA 2.3",
    "rating.time_control": "FMA 2.3, FIDE B.02 1.1",
    "rating.not_standard": "FMA 3.1",
    "rating.too_few_rated_rr": "FMA 2.3, FIDE B.02",
    "rating.time_control_missing": "FMA 2.3, 3.1",
    "season.missing_category": "FMA 2.1",
    "multiple.same_rules": "FMA Anexo I II",
    "bye.ok": "FMA 4.2",
    "bye.not_swiss": "FMA 4.2",
    "bye.too_many": "FMA 4.2",
    "bye.too_late": "FMA 4.2",
    "bye.round_played": "FMA 4.2",
    "bye.too_many_recorded": "FMA 4.2",
    "default.on_time": "FMA 4.3",
    "default.lost": "FMA 4.3",
    "default.notice": "FMA 4.3",
    "default.deadline": "FMA 4.3",
    "default.too_early": "FMA 4.3",
    "default.recorded": "FMA 4.3",
    "tiebreaks.round_robin": "FMA 6.1",
    "tiebreaks.swiss": "FMA 6.2",
    "tiebreaks.dropped": "FMA 6.2 g",
    "standings.given": "FMA 6",
    "promotion": "FMA 5.1, B.1",
    "relegation": "FMA 5.1, B.1",
    "promotion.primera_top10": "FMA Anexo II III.1",
    "promotion.not_announced": "FMA 5.1",
    "category.next_year": "FMA 1.2",
    "category.promotion_prevails": "FMA B.1",
    "champion": "FMA Anexo I IV, C",
    "trophy": "FMA 8.4",
    "trophy.already": "FMA 8.6",
    "abierto": "FMA 8.1, 8.2",
    "abierto.transfer": "FMA 8.2",
    "mayor.places": "FMA Anexo II",
    "mayor.champion": "FMA Anexo III I.1.1",
    "mayor.champion_fallback": "FMA Anexo III I.1.2",
    "mayor.champion_primera": "FMA Anexo III I.1.3",
    "mayor.rating": "FMA Anexo III I.2.1",
    "mayor.rating_fallback": "FMA Anexo III I.2.2",
    "mayor.rating_primera": "FMA Anexo III I.2.3",
    "mayor.primera": "FMA Anexo III I.3.1",
    "mayor.primera_fallback": "FMA Anexo III I.3.2",
    "mayor.unavailable": "FMA Anexo III I",
    "mayor.already_in": "FMA Anexo III I",
    "mayor.incomplete": "FMA Anexo III II I",
    "mayor.time_control": "FMA Anexo III II III",
    "mayor.playoff_late": "FMA Anexo III III.2",
    "mayor.sole_winner": "FMA 9, Anexo III",
    "mayor.tie_many": "FMA Anexo III IV.3, 6.1",
    "mayor.tie_two": "FMA Anexo III III.2",
    "mayor.colour_choice": "FMA Anexo III III.2.1",
    "mayor.colour_choice_blitz": "FMA Anexo III III.2.2",
    "mayor.rapid": "FMA Anexo III III.2.1",
    "mayor.blitz": "FMA Anexo III III.2.2",
    "mayor.tiebreak_decides": "FMA Anexo III III.2.3",
    "mayor.armageddon": "FMA Anexo III III.2.4",
    "mayor.armageddon_given": "FMA Anexo III III.2.4",
    "mayor.playoff_pending": "FMA Anexo III III.2",
    "mayor.playoff_games": "FMA Anexo III III.2",
    "fma.champion": "FMA 9",
    "sanction.warning": "FMA 11.1.1",
    "sanction.game_loss": "FMA 11.1.2",
    "sanction.point_deduction": "FMA 11.1.3",
    "sanction.expulsion": "FMA 11.1.4",
    "sanction.fine": "FMA 11.1.5",
    "sanction.ban_next": "FMA 11.1.6",
    "sanction.ban_fma": "FMA 11.1.7",
    "sanction.fma_expulsion": "FMA 11.1.8",
    "sanction.not_applied": "FMA 11.1.2",
}

@dataclass(frozen=True, slots=True)
class Message:
    """A rulebook message: catalogue id plus the values of its placeholders."""

    id: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def article(self) -> str:
        return ARTICLES[self.id]

    def text(self, lang: str = "es") -> str:
        """The message in ``lang`` (a language of the catalogues; English where it lacks one), without the article."""
        values = {k: _localise(v, lang) for k, v in self.params.items()}
        said = i18n.fill(self.id, values, lang)
        if said is None:  # a catalogue lost an id: a programming error, as an unknown id is
            raise KeyError(self.id)
        return said

    def cited(self, lang: str = "es") -> str:
        """The message followed by its article, e.g. ``"... [FMA 4.1 c]"``."""
        return f"{self.text(lang)} [{self.article}]"

    def name_in(self, lang: str) -> str:
        """As the value of another message: cited, with its article."""
        return self.cited(lang)

    def as_dict(self) -> dict[str, str]:
        return {"id": self.id, "article": self.article, "es": self.text("es"), "en": self.text("en")}


def msg(message_id: str, **params: Any) -> Message:
    """Build a :class:`Message`; unknown ids are a programming error (KeyError)."""
    if message_id not in ARTICLES:
        raise KeyError(message_id)
    return Message(message_id, dict(params))


def word(code: str, lang: str, **params: Any) -> str:
    """One of the rulebook's own words (no article: a category's name, a page's heading) in ``lang``."""
    said = i18n.fill(code, {k: _localise(v, lang) for k, v in params.items()}, lang)
    if said is None:
        raise KeyError(code)
    return said


@dataclass(frozen=True, slots=True)
class Text:
    """A value of a message said in the reader's language: a word of the rulebook's catalogue and its values."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    def name_in(self, lang: str) -> str:
        return word(self.code, lang, **self.params)


class Place(int):
    """A finishing place that prints as ``3º`` in Spanish and ``3rd`` in English (``place.ordinal.*``)."""

    def name_in(self, lang: str) -> str:
        n = int(self)
        last = "n" if 10 <= n % 100 <= 20 else {1: "1", 2: "2", 3: "3"}.get(n % 10, "n")
        return word(f"place.ordinal.{last}", lang, n=n)


def _localise(value: Any, lang: str) -> Any:
    """Values that know their own names in both languages (categories, ordinals)."""
    name = getattr(value, "name_in", None)
    if callable(name):
        return name(lang)
    return value
