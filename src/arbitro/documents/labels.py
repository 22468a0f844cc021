"""The labels the documents print, in any language of the catalogues (issue 32 item 4).

The words live in the documents' gettext catalogues, keyed by label
(``documents/locale/<lang>/LC_MESSAGES/arbitro.documents.po``); :mod:`arbitro.i18n`
reads them. A language is added by adding those files (and the core's).
"""

from __future__ import annotations

from arbitro import i18n
from arbitro.errors import ArbitroError

__all__ = ["Labels", "labels", "langs"]


def langs() -> tuple[str, ...]:
    """The languages a document can be made in: those with catalogues (Spanish and English first)."""
    return i18n.languages()


class Labels:
    """The labels of one language; ``L["key"]`` or ``L.get(key, default)``."""

    def __init__(self, lang: str) -> None:
        known = langs()
        if lang not in known:
            raise ArbitroError(f"--lang: expected one of {', '.join(known)}, got {lang!r}")
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return i18n.word(key, self.lang)

    def get(self, key: str, default: str) -> str:
        return i18n.word(key, self.lang, default) if i18n.template(key, self.lang) is not None else default

    def players_header(self) -> list[str]:
        """Column headings of a player list (printed and exported)."""
        return [self[k] for k in ("sno", "title", "name", "federation", "rating", "fide_id", "birth", "sex")]

    def pairing_header(self) -> list[str]:
        """Column headings of a pairing or result sheet (printed and on the site)."""
        keys = (
            "board",
            "sno",
            "white",
            "rating",
            "pts_before",
            "result",
            "pts_before",
            "black",
            "rating",
            "sno",
        )
        return [self[k] for k in keys]


def labels(lang: str) -> Labels:
    return Labels(lang)
