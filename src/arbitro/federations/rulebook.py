"""The :class:`Rulebook` protocol: what a federation's rules tell the faces (issue 14).

The web (and any face) asks a rulebook, never a federation by name, for the
options a federation adds to FIDE's: its categories, the format of a category
tournament by number of players (system, rounds, tie-break order, bye limit),
whether a half-point bye may be granted, and the text of its season page. A
rulebook answers in the language asked (``"es"`` or ``"en"``). The first
implementation is :data:`arbitro.federations.fma.rulebook.RULEBOOK`.

The FIDE engines never import a rulebook; a rulebook may import the FIDE core.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from arbitro.prizes import PrizeList

__all__ = ["ByeQuestion", "Choice", "PageSection", "Rulebook", "TournamentFormat"]


@dataclass(frozen=True, slots=True)
class Choice:
    """A category: ``key`` is stored, ``label`` shown; ``creatable``: a desk may create a tournament of it."""

    key: str
    label: str
    creatable: bool = True


@dataclass(frozen=True, slots=True)
class TournamentFormat:
    """What the rulebook decides for a category tournament.

    ``system`` is a pairing-system registry key (:mod:`arbitro.pairing.registry`);
    ``rounds`` is ``None`` for a round robin (they follow from the players);
    ``tiebreaks`` are C.07 codes in order; ``max_half_point_byes`` ``None``: no limit.
    """

    system: str
    rounds: int | None
    tiebreaks: tuple[str, ...]
    max_half_point_byes: int | None
    explanation: str


@dataclass(frozen=True, slots=True)
class ByeQuestion:
    """A half-point bye asked at the desk: may the rulebook grant it?"""

    player: str
    round: int
    played: int  # rounds already played
    total_rounds: int
    swiss: bool
    granted_before: int  # half-point byes the player already has


@dataclass(frozen=True, slots=True)
class PageSection:
    """One part of the federation's page: a title (with its article), its lines, and maybe a table.

    ``table`` (``key``: the table's id, ``columns``: its header) holds rows of cells.
    """

    title: str
    lines: tuple[str, ...] = ()
    key: str = ""
    columns: tuple[str, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()


@runtime_checkable
class Rulebook(Protocol):
    """A federation's rulebook as the faces see it."""

    @property
    def code(self) -> str:
        """Short code, e.g. the federation's initials (also the page's name)."""
        ...

    @property
    def name(self) -> str:
        """Full name of the federation or rulebook."""
        ...

    @property
    def federation(self) -> str:
        """FIDE federation code written into its tournaments (``022``), e.g. ``ARG``."""
        ...

    def categories(self, lang: str) -> list[Choice]:
        """The categories a tournament (or a player) can have."""
        ...

    def category_label(self, key: str, lang: str) -> str:
        """The label of a stored category key (the key itself when unknown)."""
        ...

    def format_for(self, entrants: int, lang: str) -> TournamentFormat:
        """The format of a category tournament of ``entrants`` players; raises ``ArbitroError``."""
        ...

    def refuse_half_point_bye(self, question: ByeQuestion, lang: str) -> str | None:
        """``None`` when the bye may be granted, else the message (with its article)."""
        ...

    def tiebreak_orders(self, lang: str) -> list[tuple[str, list[tuple[str, str, str]]]]:
        """Per format kind: its label and the order as (name, C.07 code, article)."""
        ...

    def season_page(self, lang: str) -> list[PageSection]:
        """The rulebook part of the federation's page (categories, formats, tie-breaks)."""
        ...

    def default_time_notice(self, lang: str) -> str:
        """The default time printed on pairing sheets and shown at the desk (with its article)."""
        ...

    def check_non_appearance(
        self, scheduled: _dt.datetime, at: _dt.datetime, player: str, lang: str
    ) -> tuple[bool, str]:
        """May ``player``, absent at ``at``, lose by default a round scheduled at ``scheduled``? And why."""
        ...

    def prize_preset(self) -> PrizeList | None:
        """The prize list of a category tournament without its own (``None``: no preset)."""
        ...
