"""Rating lists as data and the consistency check of a tournament's players against one (VCL4THP Q117, Q133-Q144).

Pure functions; the caller opens the files.

* :class:`RatingList` - one list: its name, scope (``"FIDE"`` or a federation), date, and the
  ratings per player id. Built from FIDE's TXT/XML entries (:func:`from_fide_entries`) or from a
  custom CSV list (:func:`read_csv_list`, Q117).
* :func:`check` - every player against a list: the differences (:class:`Difference`), never
  applied here (Q133, Q142); :func:`not_listed` names the players the list does not hold.
* :func:`freshness` - a FIDE list used while the event runs must be at most one day old (Q135, Q140).
* :func:`verify_list_text` - a downloaded list is a rating list before it replaces the last one (Q136).
"""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from arbitro.errors import ArbitroError, msg
from arbitro.model import OfficialRating, Player
from arbitro.ratings.fidelist import RatingListEntry, txt_layout
from arbitro.ratings.lists import FIDE, KINDS, official

__all__ = [
    "Difference",
    "Freshness",
    "ListedPlayer",
    "RatingList",
    "check",
    "freshness",
    "from_fide_entries",
    "not_listed",
    "read_csv_list",
    "verify_list_text",
]

#: A FIDE list used while the event runs is at most this old (VCL4THP Q135).
MAX_AGE = dt.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player of a list: the ratings it gives (0: not rated on it)."""

    player_id: str
    name: str
    ratings: dict[str, int]  # kind -> value, for the kinds the list carries


@dataclass(frozen=True, slots=True)
class RatingList:
    """A rating list: ``scope`` ``"FIDE"`` or a federation code; ``date`` ISO (the list's period)."""

    name: str
    scope: str
    date: str
    kinds: tuple[str, ...]
    players: dict[str, ListedPlayer] = field(default_factory=dict)  # by FIDE id (FIDE) or national id

    def official(self, listed: ListedPlayer, kind: str) -> OfficialRating:
        return OfficialRating(self.scope, kind, listed.ratings.get(kind, 0), self.name, self.date)


@dataclass(frozen=True, slots=True)
class Difference:
    """A player whose recorded rating differs from the list's (a proposal, never applied by itself)."""

    start_rank: int
    name: str
    scope: str
    kind: str
    recorded: int
    listed: int
    manual: bool  # the recorded rating was typed by hand (Q134: the arbiter's own value)
    #: the official ratings the apply records, ``(kind, value)``: by default this kind's; for a rating
    #: typed at registration, every kind the list gives (its effective rating falls back, Q118)
    record: tuple[tuple[str, int], ...] = ()

    def to_record(self) -> tuple[tuple[str, int], ...]:
        return self.record or ((self.kind, self.listed),)

    def __str__(self) -> str:
        hand = " (typed by hand)" if self.manual else ""
        return f"{self.start_rank:>4} {self.name}: {self.scope} {self.kind} {self.recorded or '-'} -> {self.listed or '-'}{hand}"


def from_fide_entries(
    entries: Iterable[RatingListEntry], *, name: str, date: str, kinds: Sequence[str] = KINDS
) -> RatingList:
    """A FIDE list from the parsed TXT/XML entries (:mod:`arbitro.ratings.fidelist`)."""
    players = {}
    for e in entries:
        values = {"standard": e.standard_rating, "rapid": e.rapid_rating, "blitz": e.blitz_rating}
        players[str(e.fide_id)] = ListedPlayer(str(e.fide_id), e.name, {k: values[k] for k in kinds})
    return RatingList(name, FIDE, date, tuple(kinds), players)


_ID_COLUMNS = ("id", "fide_id", "national_id")
_RATING_COLUMNS = {"standard": "standard", "rating": "standard", "rapid": "rapid", "blitz": "blitz"}


def read_csv_list(lines: Iterable[str], *, name: str, scope: str, date: str) -> RatingList:
    """A custom list (CSV, Q117): a header row with ``id`` (or ``fide_id`` / ``national_id``), ``name``
    and one or more of ``standard`` (or ``rating``), ``rapid``, ``blitz``; ``,`` or ``;`` separated.

    A rating cell is a whole number or empty (not rated); anything else is an error naming the line.
    """
    rows = list(lines)
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(rows[0], delimiters=",;") if rows else csv.excel
    except csv.Error:  # one column, or no separator the sniffer recognises: plain commas
        dialect = csv.excel
    reader = csv.DictReader(rows, dialect=dialect)
    header = [(h or "").strip().lower() for h in reader.fieldnames or []]
    reader.fieldnames = header
    id_col = next((c for c in _ID_COLUMNS if c in header), None)
    kinds = {c: k for c, k in _RATING_COLUMNS.items() if c in header}
    if id_col is None or not kinds:
        raise ArbitroError(
            msg("ratings.csv_header", "{name}: a custom list needs an id column and a rating column "
                "(standard, rapid or blitz); found {found}", name=name, found=", ".join(header) or "nothing")
        )
    players: dict[str, ListedPlayer] = {}
    for line, row in enumerate(reader, start=2):
        pid = (row.get(id_col) or "").strip()
        if not pid:
            continue
        values = {kind: _cell(row.get(col), name, line, col) for col, kind in kinds.items()}
        players[pid] = ListedPlayer(pid, (row.get("name") or "").strip(), values)
    return RatingList(name, scope.upper(), date, tuple(dict.fromkeys(kinds.values())), players)


def _cell(text: str | None, name: str, line: int, column: str) -> int:
    text = (text or "").strip()
    if not text:
        return 0
    if not text.isdecimal() or int(text) >= 4000:
        raise ArbitroError(
            msg("ratings.csv_cell", "{name}:{line}: {column}: expected a rating such as 2150, found {found!r}",
                name=name, line=line, column=column, found=text)
        )
    return int(text)


def _keys(player: Player, scope: str) -> list[str]:
    """The ids the player may have in a list of ``scope``: the national id (a national list), then the FIDE id."""
    keys = [nr.national_id for nr in player.national_ratings if nr.federation == scope and nr.national_id]
    if player.fide_id.strip():
        keys.append(player.fide_id.strip())
    return keys if scope != FIDE else keys[-1:] if player.fide_id.strip() else []


def _listed(player: Player, rating_list: RatingList) -> ListedPlayer | None:
    for key in _keys(player, rating_list.scope):
        found = rating_list.players.get(key)
        if found is not None:
            return found
    return None


def _has(player: Player, scope: str, kind: str) -> bool:
    return any(r.scope == scope and r.kind == kind for r in player.official_ratings)


def _recorded(player: Player, scope: str, kind: str, rate: str) -> tuple[int, bool]:
    """The rating recorded for the list ``(scope, kind)`` and whether it was typed by hand.

    A player with no official rating recorded is compared on the FIDE list of the tournament's
    rate of play (``rate``) by its tournament rating (the one typed at registration, as every
    player registered before ratings had a source).
    """
    found = [r for r in player.official_ratings if r.scope == scope and r.kind == kind]
    if found:
        return found[-1].value, found[-1].manual
    if scope == FIDE and not player.official_ratings and kind == rate:
        return player.rating, True
    national = [nr.rating for nr in player.national_ratings if nr.federation == scope]
    if national and kind == "standard":  # an NRS line read from a TRF
        return national[-1], True
    return official(player.official_ratings, scope, kind), False


def check(
    players: Iterable[Player], rating_list: RatingList, kinds: Sequence[str] | None = None, *, rate: str = "standard"
) -> list[Difference]:
    """Every player the list holds whose recorded rating differs from it (VCL4THP Q133).

    Nothing is changed: the differences are proposals the arbiter confirms (Q142, Q143).
    ``kinds`` limits the comparison (default: every kind the list carries); ``rate`` is the
    tournament's rate of play (the kind a rating typed at registration stands for).
    """
    out = []
    for p in players:
        listed = _listed(p, rating_list)
        if listed is None:
            continue
        for kind in kinds or rating_list.kinds:
            if kind not in listed.ratings or (kind != rate and not _has(p, rating_list.scope, kind)):
                continue  # a kind the player has no rating of: compared only on the tournament's rate of play
            recorded, manual = _recorded(p, rating_list.scope, kind, rate)
            value = listed.ratings[kind]
            record: tuple[tuple[str, int], ...] = ()
            if not _has(p, rating_list.scope, kind):  # a typed or missing one: against the list's effective rating
                value = value or listed.ratings.get("standard", 0)
                record = tuple(listed.ratings.items())
            if recorded != value:
                out.append(Difference(p.start_rank, p.name, rating_list.scope, kind, recorded, value, manual, record))
    return out


def not_listed(players: Iterable[Player], rating_list: RatingList) -> list[Player]:
    """Players with an id for the list's scope that the list does not hold (shown, never changed)."""
    return [p for p in players if _keys(p, rating_list.scope) and _listed(p, rating_list) is None]


@dataclass(frozen=True, slots=True)
class Freshness:
    """The age check of a local list (Q135, Q140): ``ok`` or the message saying what to do."""

    ok: bool
    message: str


def freshness(fetched: dt.datetime, now: dt.datetime, *, running: bool) -> Freshness:
    """A FIDE list used while the event runs was fetched at most one day before ``now`` (VCL4THP Q135).

    ``fetched`` is when the local copy was downloaded and verified (or written, for a file the
    arbiter copied in). Before the start and after the end any age passes (the arbiter works offline
    with the last list, and the check against the start list needs the old one).
    """
    age = now - fetched
    if not running or age <= MAX_AGE:
        return Freshness(True, "")
    hours = int(age.total_seconds() // 3600)
    return Freshness(
        False,
        f"the local rating list was fetched {fetched:%Y-%m-%d %H:%M} UTC, {hours} hours ago: while the event runs "
        "it must be at most one day old; download the current list (--download) or check anyway (--stale-ok)",
    )


def verify_list_text(first_lines: Sequence[str], *, min_players: int = 1, players: int = 0) -> str:
    """"" when the text is a FIDE TXT rating list with at least ``min_players`` players, else why not (Q136)."""
    header = next((line for line in first_lines if line.strip()), "")
    layout = txt_layout(header)
    if not hasattr(layout, "columns"):
        return f"not a FIDE rating list: {layout}"
    if players < min_players:
        return f"a FIDE rating list with {players} players (at least {min_players} expected)"
    return ""
