"""The web's side of the core views (:mod:`arbitro.views`): caching per version and translated labels.

Board order, result and points text, standings rows, the crosstable and the
player card all come from :mod:`arbitro.views` (the same rows the PDFs, the
static site and the CLI print); this module only caches them per tournament
version and pairs them with the labels of the active language. Labels are
looked up at render time (never cached), so a cached round serves both languages.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.standings import Standings, compute_standings
from arbitro.views import (
    ByeRow,
    CardRow,
    Crosstable,
    GameRow,
    PlayerCard,
    RoundSheet,
    StandingsLine,
    crosstable,
    player_card,
    points_text,
    round_sheet,
    standings_table,
)

from . import models, store

__all__ = [
    "RoundPage",
    "StandingsView",
    "bye_label",
    "crosstable_for",
    "event_label",
    "player_rounds",
    "points_text",
    "round_for",
    "standings_view",
]

#: A Berger grid up to this many players (as on the static site); a Swiss crosstable beyond.
GRID_MAX = 30


def _bye_labels() -> dict[str, str]:
    return {
        "pab": _("bye (pairing)"),
        "full_bye": _("full-point bye"),
        "half_bye": _("half-point bye"),
        "zero_bye": _("zero-point bye"),
        "absent": _("not paired"),
    }


def bye_label(kind: str) -> str:
    """The label of a round without opponent (:data:`arbitro.views.BYE_KINDS`) in the active language."""
    return _bye_labels().get(kind, kind)


@dataclass(frozen=True, slots=True)
class RoundPage:
    """A round sheet with the bye labels of the active language."""

    sheet: RoundSheet
    byes: list[tuple[ByeRow, str]]

    @property
    def number(self) -> int:
        return self.sheet.round

    @property
    def games(self) -> list[GameRow]:
        return self.sheet.games

    @property
    def complete(self) -> bool:
        return self.sheet.complete


def _sheet(row: models.Tournament, t: CoreTournament, rnd: int) -> RoundSheet:
    """The round sheet of ``rnd``; a round paired in the event log but not in the model yet comes from the log."""
    if rnd > t.played_rounds:
        from . import service

        st = service.state(row)
        if st is not None and rnd <= st.paired_rounds:
            return round_sheet(st.to_tournament(include_pending=True), rnd)
    return round_sheet(t, rnd)


def round_for(row: models.Tournament, t: CoreTournament, rnd: int) -> RoundPage:
    """Round ``rnd`` of a tournament row: boards in C.04.2 3.6 order (:func:`arbitro.views.round_sheet`)."""
    sheet = store.cached(row, f"round{rnd}", lambda: _sheet(row, t, rnd))
    labels = _bye_labels()
    return RoundPage(sheet, [(b, labels.get(b.kind, b.kind)) for b in sheet.byes])


@dataclass(frozen=True, slots=True)
class StandingsView:
    available: bool
    tiebreaks: list[str]
    rows: list[StandingsLine]
    message: str = ""
    lots_seed: int | None = None

    @property
    def by_lot(self) -> bool:
        """A drawing of lots decided some ranks (C.07 4.2): they read ``3*``."""
        return any(r.by_lot for r in self.rows)


def _after_round(t: CoreTournament) -> int:
    """The rounds with every result in (a round still being played is left out)."""
    played = t.played_rounds
    return played if store.round_complete(t, played) else played - 1


def standings_view(row: models.Tournament, t: CoreTournament) -> StandingsView:
    """Standings from the core (:func:`arbitro.standings.compute_standings`), rows from :mod:`arbitro.views`."""

    def build() -> StandingsView:
        try:
            st = compute_standings(t, after_round=_after_round(t))
        except ArbitroError as exc:  # show the core's message rather than a server error
            return StandingsView(False, [], [], str(exc))
        table = standings_table(t, st)
        return StandingsView(True, table.tiebreaks, table.rows, lots_seed=table.lots_seed)

    return store.cached(row, "standings", build)


def crosstable_for(row: models.Tournament, t: CoreTournament) -> Crosstable | None:
    """The crosstable after the complete rounds (:func:`arbitro.views.crosstable`); None without standings."""

    def build() -> Crosstable | None:
        try:
            st = compute_standings(t, after_round=_after_round(t))
        except ArbitroError:
            return None
        return crosstable(t, st, grid=t.is_round_robin and len(t.players) <= GRID_MAX)

    return store.cached(row, "crosstable", build)


def player_rounds(t: CoreTournament, start_rank: int) -> tuple[PlayerCard, list[tuple[CardRow, str]]]:
    """The player card (:func:`arbitro.views.player_card`) with the label of each round without opponent."""
    card = player_card(t, start_rank)
    labels = _bye_labels()
    return card, [(r, labels.get(r.kind, r.kind) if r.kind else "") for r in card.rows]


def event_label(kind: str) -> str:
    """A person's name for an event kind of the core log."""
    return {
        "tournament_created": _("tournament created"),
        "player_registered": _("player registered"),
        "player_updated": _("player updated"),
        "pairing_numbers_assigned": _("pairing numbers assigned"),
        "bye_requested": _("bye requested"),
        "bye_cancelled": _("bye cancelled"),
        "player_withdrawn": _("player withdrawn"),
        "round_paired": _("round paired"),
        "pairing_changed": _("pairing changed by hand"),
        "round_published": _("round published"),
        "result_entered": _("result entered"),
        "result_corrected": _("result corrected"),
        "fide_mode_left": _("FIDE mode left"),
        "tournament_finished": _("tournament finished"),
        "tournament_reopened": _("tournament re-opened"),
        "player_removed": _("player removed"),
        "player_returned": _("player returned"),
        "settings_changed": _("settings changed"),
    }.get(kind, kind)


def core_standings(row: models.Tournament, t: CoreTournament) -> Standings | None:
    """The core standings after the complete rounds, as the standings page computes them; None on a core error.

    For faces that need the numbers rather than the rows: the JSON API serves
    :meth:`arbitro.standings.Standings.as_dict` and the tie-break explanations.
    """

    def build() -> Standings | None:
        try:
            return compute_standings(t, after_round=_after_round(t))
        except ArbitroError:
            return None

    return store.cached(row, "core_standings", build)
