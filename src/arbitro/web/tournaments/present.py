"""The web's side of the core views (:mod:`arbitro.views`): caching per version and translated labels.

Board order, result and points text, standings rows, the crosstable and the
player card all come from :mod:`arbitro.views` (the same rows the PDFs, the
static site and the CLI print); this module only caches them per tournament
version and pairs them with the labels of the active language. Labels are
looked up at render time (never cached), so a cached round serves both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.pairing import registry
from arbitro.standings import Standings
from arbitro.views import (
    ByeRow,
    CardRow,
    Crosstable,
    GameRow,
    PlayerCard,
    RoundSheet,
    StandingsLine,
    crosstable,
    games_per_round,
    match_of,
    player_card,
    points_text,
    round_sheet,
    standings_of,
    standings_table,
)

from . import eventlog, models, store

__all__ = [
    "ResultRow",
    "RoundPage",
    "StandingsView",
    "bye_label",
    "crosstable_for",
    "event_label",
    "games_per_round",
    "match_of",
    "player_rounds",
    "points_text",
    "result_rows",
    "round_for",
    "round_nav",
    "rounds_progress",
    "round_title",
    "standings_view",
    "system_label",
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


def _sheet(row: models.Tournament, t: CoreTournament, rnd: int, draft: bool) -> RoundSheet:
    """The round sheet of ``rnd``; a round paired in the event log but not in the model yet comes from the log.

    A round not published yet (a draft, issue 15 item 3) comes from the log only for the desk (``draft``):
    the public pages, the API and the public TRF never see it.
    """
    if rnd > t.played_rounds:
        st = eventlog.state(row)
        if st is not None and rnd <= st.paired_rounds and (draft or st.round(rnd).published):
            return round_sheet(st.to_tournament(include_pending=True), rnd)
    return round_sheet(t, rnd)


def round_for(row: models.Tournament, t: CoreTournament, rnd: int, *, draft: bool = False) -> RoundPage:
    """Round ``rnd`` of a tournament row: boards in C.04.2 3.6 order (:func:`arbitro.views.round_sheet`).

    ``draft``: the desk's view, which includes a round paired but not published.
    """
    sheet = eventlog.cached(row, f"round{rnd}{':draft' if draft else ''}", lambda: _sheet(row, t, rnd, draft))
    labels = _bye_labels()
    return RoundPage(sheet, [(b, labels.get(b.kind, b.kind)) for b in sheet.byes])


def round_title(t: CoreTournament, column: int) -> str:
    """``Round 3``; for two-game matches (C.04.5) the TRF column as ``Round 2 · game 1``."""
    match, game = match_of(t, column)
    if games_per_round(t) == 1:
        return _("Round %(n)s") % {"n": column}
    return _("Round %(n)s · game %(g)s") % {"n": match, "g": game}


def system_label(t: CoreTournament) -> str:
    """The pairing system's name in the active language with its article, from the registry."""
    system = registry.of_tournament(t)
    return f"{_(system.name)} ({system.article})"


def maxi_tournament(t: CoreTournament) -> bool:
    """Whether the tournament is a declared Maxi-tournament (C.04.4.3 3.2.3; ``192 ..._MAXI``), from the registry."""
    return registry.declares_maxi_tournament(t)


def rounds_progress(t: CoreTournament) -> tuple[int, int | None]:
    """Rounds paired and announced, as announced: a two-game match (C.04.5) is one round of two TRF columns."""
    games = games_per_round(t)
    total = (t.total_rounds + games - 1) // games if t.total_rounds else t.total_rounds
    return (t.played_rounds + games - 1) // games, total


def round_nav(t: CoreTournament, columns: int) -> list[tuple[int, str]]:
    """The round links of the pairings page: ``(column, text)``, ``2.1`` ``2.2`` for two-game matches."""
    if games_per_round(t) == 1:
        return [(c, str(c)) for c in range(1, columns + 1)]
    return [(c, "{}.{}".format(*match_of(t, c))) for c in range(1, columns + 1)]


@dataclass(frozen=True, slots=True)
class ResultRow:
    """One line of the desk's results form: a game of a round column, the match score on its last game."""

    column: int
    game: GameRow
    key: str  # ``3`` or, for a two-game match, ``3.2`` (board 3, game 2): the field's id at the desk
    game_number: int  # 0: one game per round; 1 or 2 in a two-game match
    match_text: str = ""  # the match's game points, first player's first (C.04.5 Preface), once both are in


def result_rows(
    row: models.Tournament, t: CoreTournament, column: int, *, draft: bool = False
) -> tuple[list[int], list[ResultRow]]:
    """The round columns of the desk's results form and its lines, in board order.

    One game per round: that round's boards. A two-game match (C.04.5): every
    board twice, game 1 then game 2 (colours reversed, 4.4), and the match score
    in game points once both results are in. ``draft``: the desk's view (a round not published yet).
    """
    games = games_per_round(t)
    if games == 1:
        page = round_for(row, t, column, draft=draft)
        return [column], [ResultRow(column, g, str(g.board), 0) for g in page.games]
    _, game = match_of(t, column)
    first = column - game + 1
    columns = [c for c in range(first, first + games) if c >= 1]
    pages = [round_for(row, t, c, draft=draft) for c in columns]
    by_pair = [{frozenset(g.pair): g for g in page.games} for page in pages]
    lines: list[ResultRow] = []
    for g1 in pages[0].games:
        seats = [by_pair[i].get(frozenset(g1.pair)) for i in range(len(pages))]
        games_here = [(columns[i], g) for i, g in enumerate(seats) if g is not None]
        text = ""
        if all(g.white_code is not None and g.result for _, g in games_here) and len(games_here) == games:
            mine = sum(_own_points(t, g, g1.white.start_rank) for _, g in games_here)
            theirs = sum(_own_points(t, g, g1.black.start_rank) for _, g in games_here)
            text = f"{points_text(mine)}–{points_text(theirs)}"
        for i, (c, g) in enumerate(games_here, start=1):
            lines.append(ResultRow(c, g, f"{g1.board}.{i}", i, text if i == len(games_here) else ""))
    return columns, lines


def _own_points(t: CoreTournament, game: GameRow, start_rank: int) -> Decimal:
    code = game.white_code if game.white.start_rank == start_rank else game.black_code
    return t.scoring.points(code) if code is not None else Decimal(0)


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

    @property
    def annulled(self) -> bool:
        """A round robin left a withdrawn player out (under half his games, VCL4THP Q103): his rank reads ``-``."""
        return any(r.annulled for r in self.rows)


def _after_round(t: CoreTournament) -> int:
    """The rounds with every result in (a round still being played is left out)."""
    played = t.played_rounds
    return played if store.round_complete(t, played) else played - 1


def standings_view(row: models.Tournament, t: CoreTournament) -> StandingsView:
    """Standings from the core (:func:`arbitro.views.standings_of`, by match for two-game systems), rows from views."""

    def build() -> StandingsView:
        st = _standings_or_error(row, t)
        if isinstance(st, ArbitroError):  # show the core's message rather than a server error
            return StandingsView(False, [], [], str(st))
        table = standings_table(t, st)
        return StandingsView(True, table.tiebreaks, table.rows, lots_seed=table.lots_seed)

    return eventlog.cached(row, "standings", build)


def crosstable_for(row: models.Tournament, t: CoreTournament) -> Crosstable | None:
    """The crosstable after the complete rounds (:func:`arbitro.views.crosstable`); None without standings."""

    def build() -> Crosstable | None:
        st = _standings_or_error(row, t)
        if isinstance(st, ArbitroError):
            return None
        return crosstable(t, st, grid=t.is_round_robin and len(t.players) <= GRID_MAX)

    return eventlog.cached(row, "crosstable", build)


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
        "round_unpaired": _("round unpaired"),
        "result_entered": _("result entered"),
        "result_corrected": _("result corrected"),
        "game_adjourned": _("game adjourned or postponed"),
        "rating_report_corrected": _("result corrected for the rating report only"),
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

    st = _standings_or_error(row, t)
    return None if isinstance(st, ArbitroError) else st


def _standings_or_error(row: models.Tournament, t: CoreTournament) -> Standings | ArbitroError:
    """The core standings after the complete rounds, or the core's reason why not: computed once per
    version for the standings page, the crosstable and the API alike (each ranked them again before)."""

    def build() -> Standings | ArbitroError:
        try:
            return standings_of(t, after_round=_after_round(t))
        except ArbitroError as exc:
            return exc

    return eventlog.cached(row, "core_standings", build)
