"""The tournament model: one chess tournament as FIDE's TRF describes it.

Pure Python, no I/O. Every other part of Arbitro (pairing, tie-breaks, norms,
federation rulebooks, the web app) reads and writes this model.

Conventions
-----------
* Players are identified by their **start rank** (pairing number, TRF ``001``
  columns 5-8).
* Rounds are numbered from 1. ``Player.results[r - 1]`` is round ``r``; a player
  has one :class:`RoundResult` for every round that has been paired (or played),
  and the list may be shorter than the number of rounds in the tournament.
* Points are :class:`~decimal.Decimal` so that 0.5, 1.5, 3.0 and 0.1 steps stay
  exact; the scoring system (TRF-2026 ``162`` / TRF16 ``BB*``) decides what a
  result is worth.
* Requested byes for rounds not yet paired (TRF-2026 ``240``, TRF16 ``0000 - H``
  in the next round's column) are *not* results: they live in
  :attr:`Tournament.requested_byes`.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum

__all__ = [
    "Acceleration",
    "ByeRequest",
    "Colour",
    "NationalRating",
    "OfficialRating",
    "Player",
    "ProhibitedPairing",
    "RATING_METHODS",
    "RawRecord",
    "ResultCode",
    "RoundResult",
    "ScoringSystem",
    "Tournament",
    "TITLES",
    "join_rating_mode",
    "split_rating_mode",
    "withdrawal_note",
    "withdrawal_of_note",
]

_WITHDRAWAL_NOTE = re.compile(r"Withdrawn @ Round (\d{1,3}): player (\d{1,4})\b")


def withdrawal_note(start_rank: int, first_round: int, detail: str = "") -> str:
    """The ``###`` line that records a withdrawal in a TRF (``Withdrawn @ Round r: player p``, then ``detail``).

    TRF-2026 has no record for a withdrawal; a round robin's standings need it (a player
    withdrawn under half of his games is not counted, :mod:`arbitro.standings.withdrawals`),
    so the writer puts it in a comment and the reader takes it back (:func:`withdrawal_of_note`).
    """
    return f"Withdrawn @ Round {first_round}: player {start_rank}" + (f", {detail}" if detail else "")


#: The tournament-rating methods of TRF-2026 ``172`` (defined in :class:`arbitro.ratings.lists.Method`).
RATING_METHODS: tuple[str, ...] = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")


def split_rating_mode(text: str) -> tuple[str, str]:
    """TRF-2026 ``172`` as data: ``(federation, method)``, e.g. ``"ARG FIDON"`` -> ``("ARG", "FIDON")``.

    The record puts the federation at columns 5-7 and the method at 9-13 (trf.md §4.2); a text
    with one word is read as a method when it is not three letters (``"FIDE"``), else as the
    federation. Both are upper-cased; "" for what is missing.
    """
    words = text.split()
    if not words:
        return "", ""
    if len(words) == 1:
        word = words[0].upper()
        return (word, "") if len(word) == 3 and word.isalpha() and word != "NRO" else ("", word)
    return words[0].upper(), words[1].upper()


def join_rating_mode(federation: str, method: str) -> str:
    """The ``172`` text of ``(federation, method)``: federation in columns 5-7, method from column 9."""
    if not method:
        return federation.upper()
    return f"{federation.upper():<3} {method.upper()}"


def withdrawal_of_note(comment: str) -> tuple[int, int] | None:
    """``(start rank, first round missed)`` of a :func:`withdrawal_note` comment, else ``None``."""
    m = _WITHDRAWAL_NOTE.match(comment)
    return (int(m[2]), int(m[1])) if m else None


#: FIDE titles as written in TRF-2026 and the FIDE rating list, strongest first.
TITLES: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")


class Colour(StrEnum):
    """Colour of a round block (TRF ``001`` column 97 + 10(k-1))."""

    WHITE = "w"
    BLACK = "b"
    NONE = "-"

    @property
    def opposite(self) -> Colour:
        if self is Colour.WHITE:
            return Colour.BLACK
        if self is Colour.BLACK:
            return Colour.WHITE
        return Colour.NONE


class ResultCode(StrEnum):
    """Result codes of a TRF round block (trf.md §3.3)."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    FORFEIT_LOSS = "-"
    UNRATED_WIN = "W"
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    PAIRING_BYE = "U"  # pairing-allocated bye (PAB)
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    NOT_PAIRED = " "  # blank: not paired / absent
    UNKNOWN = "?"  # TRF-2026: a game adjourned or postponed, its result not yet known (VCL4THP Q157, Q164)

    @property
    def is_played(self) -> bool:
        """True when the game was played over the board (``1 = 0 W D L``)."""
        return self in _PLAYED

    @property
    def is_rated_game(self) -> bool:
        """True for a rated game played over the board (``1 = 0``)."""
        return self in (ResultCode.WIN, ResultCode.DRAW, ResultCode.LOSS)

    @property
    def is_forfeit(self) -> bool:
        return self in (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)

    @property
    def is_bye(self) -> bool:
        """Any round without an opponent (``U F H Z`` and blank)."""
        return self in _BYES

    @property
    def outcome(self) -> str:
        """``"W"``, ``"D"`` or ``"L"``: the result from the player's point of view."""
        return _OUTCOME[self]

    @property
    def mirrored(self) -> ResultCode:
        """The opponent's code for a game result (``1`` <-> ``0``, ``+`` <-> ``-``)."""
        return _MIRROR.get(self, self)


_PLAYED = frozenset(
    {
        ResultCode.WIN,
        ResultCode.DRAW,
        ResultCode.LOSS,
        ResultCode.UNRATED_WIN,
        ResultCode.UNRATED_DRAW,
        ResultCode.UNRATED_LOSS,
    }
)
_BYES = frozenset(
    {
        ResultCode.PAIRING_BYE,
        ResultCode.FULL_BYE,
        ResultCode.HALF_BYE,
        ResultCode.ZERO_BYE,
        ResultCode.NOT_PAIRED,
    }
)
_OUTCOME = {
    ResultCode.WIN: "W",
    ResultCode.DRAW: "D",
    ResultCode.LOSS: "L",
    ResultCode.FORFEIT_WIN: "W",
    ResultCode.FORFEIT_LOSS: "L",
    ResultCode.UNRATED_WIN: "W",
    ResultCode.UNRATED_DRAW: "D",
    ResultCode.UNRATED_LOSS: "L",
    ResultCode.PAIRING_BYE: "W",
    ResultCode.FULL_BYE: "W",
    ResultCode.HALF_BYE: "D",
    ResultCode.ZERO_BYE: "L",
    ResultCode.NOT_PAIRED: "L",
    ResultCode.UNKNOWN: "L",  # scores nothing until known, as a blank pending game; pairing reads it as a draw (Q167)
}
_MIRROR = {
    ResultCode.WIN: ResultCode.LOSS,
    ResultCode.LOSS: ResultCode.WIN,
    ResultCode.FORFEIT_WIN: ResultCode.FORFEIT_LOSS,
    ResultCode.FORFEIT_LOSS: ResultCode.FORFEIT_WIN,
    ResultCode.UNRATED_WIN: ResultCode.UNRATED_LOSS,
    ResultCode.UNRATED_LOSS: ResultCode.UNRATED_WIN,
}


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points per result (TRF-2026 ``162``, TRF16 ``BBW``..``BBU``/``XXS``).

    Defaults are the standard 1 / ½ / 0. ``forfeit_win`` and ``full_bye`` follow
    ``win`` unless set; ``pairing_bye`` is the pairing-allocated bye (``U``).
    """

    win: Decimal = Decimal("1")
    draw: Decimal = Decimal("0.5")
    loss: Decimal = Decimal("0")
    forfeit_win: Decimal = Decimal("1")
    forfeit_loss: Decimal = Decimal("0")
    pairing_bye: Decimal = Decimal("1")
    full_bye: Decimal = Decimal("1")
    half_bye: Decimal = Decimal("0.5")
    zero_bye: Decimal = Decimal("0")

    @property
    def is_standard(self) -> bool:
        return self == ScoringSystem()

    def points(self, code: ResultCode) -> Decimal:
        """Points a player gets for one round with result ``code``."""
        if code in (ResultCode.WIN, ResultCode.UNRATED_WIN):
            return self.win
        if code in (ResultCode.DRAW, ResultCode.UNRATED_DRAW):
            return self.draw
        if code in (ResultCode.LOSS, ResultCode.UNRATED_LOSS):
            return self.loss
        if code is ResultCode.FORFEIT_WIN:
            return self.forfeit_win
        if code is ResultCode.FORFEIT_LOSS:
            return self.forfeit_loss
        if code is ResultCode.PAIRING_BYE:
            return self.pairing_bye
        if code is ResultCode.FULL_BYE:
            return self.full_bye
        if code is ResultCode.HALF_BYE:
            return self.half_bye
        return self.zero_bye  # Z and not paired


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One round of one player (a TRF ``001`` round block).

    ``opponent`` is the opponent's start rank, or ``None`` for ``0000`` (byes,
    absences). ``colour`` is ``None`` when the colour column is blank.
    """

    opponent: int | None
    colour: Colour | None
    code: ResultCode

    @property
    def is_played(self) -> bool:
        return self.opponent is not None and self.code.is_played


@dataclass(frozen=True, slots=True)
class NationalRating:
    """A national-rating line (TRF-2026 NRS: ``001`` layout, federation code first)."""

    federation: str
    rating: int
    name: str = ""
    national_id: str = ""
    origin: str = ""
    birth_date: str = ""
    sex: str = ""
    title: str = ""


@dataclass(frozen=True, slots=True)
class OfficialRating:
    """One official rating of a player, with the list it came from (VCL4THP Q116, Q134).

    ``scope`` is ``"FIDE"`` or the three-letter code of the national federation whose list it is;
    ``kind`` is ``"standard"``, ``"rapid"`` or ``"blitz"``; ``value`` 0 means "not rated on this list".
    ``list_name`` and ``list_date`` (ISO ``YYYY-MM-DD``, "" when unknown) say where it came from;
    ``manual`` is True when the arbiter typed it instead of taking it from a list.
    """

    scope: str
    kind: str
    value: int
    list_name: str = ""
    list_date: str = ""
    manual: bool = False


@dataclass(slots=True)
class Player:
    """A player record (TRF ``001``).

    ``rating`` is the **tournament rating**: the one pairing numbers, tie-breaks and documents
    use. It is chosen from :attr:`official_ratings` by the announced method (TRF-2026 ``172``,
    :mod:`arbitro.ratings.lists`), or typed by the arbiter; the official ratings are kept apart
    (VCL4THP Q116) and are not part of the TRF ``001`` record (the national one is an NRS line).
    """

    start_rank: int
    name: str
    sex: str = ""  # "m", "w" or ""
    title: str = ""  # normalised: GM IM WGM FM WIM CM WFM WCM or ""
    rating: int = 0  # the tournament rating (see above), 0 when unrated
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""  # as in TRF: YYYY/MM/DD, possibly YYYY/00/00 or YYYY
    points: Decimal = Decimal("0")  # declared in the file
    rank: int | None = None
    results: list[RoundResult] = field(default_factory=list)
    national_ratings: list[NationalRating] = field(default_factory=list)
    #: the official ratings per list (FIDE and national; standard, rapid, blitz) with their source
    official_ratings: list[OfficialRating] = field(default_factory=list, compare=False, repr=False)
    #: A stable id for links (the web's public URLs): the pairing number the player had when round 1
    #: was paired, or at a late registration; it does not follow a renumbering (C.04.2 2.4-2.5).
    #: 0: not set (a TRF file): :attr:`public_id` is then the start rank.
    player_id: int = field(default=0, compare=False, repr=False)

    @property
    def public_id(self) -> int:
        """The id of the player's public page: :attr:`player_id`, else the start rank."""
        return self.player_id or self.start_rank

    def result(self, round_number: int) -> RoundResult | None:
        """The result of round ``round_number`` (1-based), or ``None`` if not paired yet."""
        if 1 <= round_number <= len(self.results):
            return self.results[round_number - 1]
        return None

    @property
    def is_woman(self) -> bool:
        return self.sex == "w"

    def score(self, scoring: ScoringSystem, up_to_round: int | None = None) -> Decimal:
        """Points computed from the results (not the declared column)."""
        results = self.results if up_to_round is None else self.results[:up_to_round]
        return sum((scoring.points(r.code) for r in results), Decimal("0"))


@dataclass(frozen=True, slots=True)
class ByeRequest:
    """A bye declared for a round not yet paired (TRF-2026 ``240``).

    ``kind`` is ``"F"`` (full point), ``"H"`` (half point) or ``"Z"`` (zero point).
    """

    round: int
    kind: str
    start_rank: int


@dataclass(frozen=True, slots=True)
class ProhibitedPairing:
    """Players who must not meet (TRF-2026 ``260``; TRF16 ``XXP`` = all rounds).

    ``first_round``/``last_round`` are ``None`` when the prohibition holds for
    every round. Every pair within ``players`` is forbidden.
    """

    players: tuple[int, ...]
    first_round: int | None = None
    last_round: int | None = None

    def applies_to(self, round_number: int) -> bool:
        if self.first_round is not None and round_number < self.first_round:
            return False
        return not (self.last_round is not None and round_number > self.last_round)


@dataclass(frozen=True, slots=True)
class Acceleration:
    """Fictitious (virtual) points: TRF-2026 ``250`` or one cell of TRF16 ``XXA``."""

    start_rank: int
    round: int
    points: Decimal


@dataclass(frozen=True, slots=True)
class RawRecord:
    """A line kept verbatim (team records, ``299``, unknown extension records)."""

    code: str
    text: str  # the whole line as read, without line end


@dataclass(slots=True)
class Tournament:
    """A tournament as TRF-2026 describes it."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: _dt.date | None = None
    end_date: _dt.date | None = None
    declared_players: int | None = None  # 062
    declared_rated_players: int | None = None  # 072
    declared_teams: int | None = None  # 082
    type_text: str = ""  # 092 free text
    chief_arbiter: str = ""  # 102
    deputy_arbiters: list[str] = field(default_factory=list)  # 112, one per line
    time_control: str = ""  # 122 free text
    round_dates: list[_dt.date | None] = field(default_factory=list)  # 132
    rounds: int | None = None  # 142 / XXR: number of rounds planned
    initial_colour: Colour | None = None  # 152 / XXC white1|black1
    pairing_by_rank: bool = False  # XXC rank
    scoring: ScoringSystem = field(default_factory=ScoringSystem)  # 162 / BB* / XXS
    rating_mode: str = ""  # 172 raw (e.g. "ARG FIDON")
    program: str = ""  # 182
    system: str = ""  # 192 (ETT26 code), e.g. FIDE_DUTCH, BERGER_ROUNDROBIN
    tiebreaks: list[str] = field(default_factory=list)  # 202 (without primary score)
    standings_tiebreaks: list[str] = field(default_factory=list)  # 212 (with primary score)
    time_control_code: str = ""  # 222, e.g. 5400+30
    players: dict[int, Player] = field(default_factory=dict)  # by start rank, in file order
    requested_byes: list[ByeRequest] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    prohibited_pairings: list[ProhibitedPairing] = field(default_factory=list)
    abnormal_points: list[RawRecord] = field(default_factory=list)  # 299
    team_records: list[RawRecord] = field(default_factory=list)  # 013, 310, 320, 330, 300, 352, 362, 801, 802
    other_records: list[RawRecord] = field(default_factory=list)  # unknown codes, kept verbatim
    comments: list[str] = field(default_factory=list)  # ### lines, text after "###"
    # start rank -> first round missed, from the event log (TRF has no record of a withdrawal): a round
    # robin's standings leave out a player withdrawn under half of his games (arbitro.standings.withdrawals)
    withdrawals: dict[int, int] = field(default_factory=dict)
    # start rank -> round of the expulsion, from the event log: expelled players are left out of the
    # standings (VCL4THP Q197-198; arbitro.standings)
    expelled: dict[int, int] = field(default_factory=dict)
    # how the standings treat ties, unrated players and long events, from the event log (VCL4THP
    # Q203-216; arbitro.standings.compute_standings reads them when its caller does not say)
    shared_places: bool = False  # ties left after the list stay shared (Q203)
    ties_by_hand: list[int] = field(default_factory=list)  # tied players in the arbiter's order (Q205)
    external_tiebreaks: dict[str, dict[int, Decimal]] = field(default_factory=dict)  # entered values (Q207)
    unrated_method: str = ""  # "lowest" / "average" (Q209); "" with unrated_rating: a fixed rating
    unrated_rating: int | None = None
    long_event: bool = False  # over 30 days (Q210)
    round_ratings: dict[int, dict[int, int]] = field(default_factory=dict)  # start rank -> round -> rating
    rating_round: int | None = None  # the round whose ratings the rating tie-breaks use (None: the first)

    # -- derived views -------------------------------------------------
    @property
    def played_rounds(self) -> int:
        """Number of rounds with at least one result recorded."""
        return max((len(p.results) for p in self.players.values()), default=0)

    @property
    def total_rounds(self) -> int:
        """Rounds planned (``142``), else the rounds recorded."""
        return self.rounds if self.rounds is not None else self.played_rounds

    def player(self, start_rank: int) -> Player:
        return self.players[start_rank]

    def iter_players(self) -> Iterator[Player]:
        """Players in start-rank order."""
        for rank in sorted(self.players):
            yield self.players[rank]

    def byes_for_round(self, round_number: int) -> dict[int, str]:
        """Requested byes for ``round_number``: start rank -> ``F``/``H``/``Z``."""
        return {b.start_rank: b.kind for b in self.requested_byes if b.round == round_number}

    def acceleration(self, start_rank: int, round_number: int) -> Decimal:
        """Virtual points of a player in a round (sum of matching accelerations)."""
        return sum(
            (a.points for a in self.accelerations if a.start_rank == start_rank and a.round == round_number),
            Decimal("0"),
        )

    @property
    def rating_federation(self) -> str:
        """The federation of the national ratings (TRF-2026 ``172``, columns 5-7), "" when not said."""
        fed, _ = split_rating_mode(self.rating_mode)
        return fed

    @property
    def rating_method(self) -> str:
        """How the tournament rating is chosen (``172``, columns 9-13): ``FIDE``, ``NRO``, ``FIDON`` ...; "" when not said."""
        _, method = split_rating_mode(self.rating_mode)
        return method

    @property
    def is_round_robin(self) -> bool:
        code = self.system.upper()
        if code:
            return "ROUNDROBIN" in code or code.startswith("BERGER")
        text = self.type_text.upper()
        return any(word in text for word in ("ROUND ROBIN", "ROUND-ROBIN", "ROBIN", "BERGER"))
