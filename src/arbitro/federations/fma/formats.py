"""Tournament formats by number of entrants (FMA 4.1) and the FIDE rating
requirements a Primera, Segunda or Tercera tournament must meet (FMA 2.3, 3.1).

FMA 4.1 leaves exactly 22 entrants open ("Entre 11 y 21 ... 7 rondas",
"Más de 22 ... 9 rondas"): Arbitro plays them as a 9-round Swiss and says so
(docs/decisions.md).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from arbitro.errors import ArbitroError
from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.messages import Message, msg, word

__all__ = [
    "FORMAT_BANDS",
    "Format",
    "FormatBand",
    "FormatKind",
    "MAYOR_FORMAT",
    "MAYOR_TIME_CONTROL",
    "check_fide_rating_requirements",
    "format_for",
    "minutes_per_player",
    "round_robin_rounds",
]


class FormatKind(StrEnum):
    DOUBLE_ROUND_ROBIN = "double_round_robin"
    ROUND_ROBIN = "round_robin"
    SWISS = "swiss"

    @property
    def is_round_robin(self) -> bool:
        return self is not FormatKind.SWISS

    def name_in(self, lang: str) -> str:
        return word(f"format.name.{self.value}", lang)


@dataclass(frozen=True, slots=True)
class Format:
    """A tournament format: kind, number of rounds, and the message that explains it."""

    kind: FormatKind
    rounds: int
    message: Message

    @property
    def article(self) -> str:
        return self.message.article

    def name_in(self, lang: str) -> str:
        return word("format.with_rounds", lang, kind=self.kind.name_in(lang), rounds=self.rounds)


def round_robin_rounds(n: int, cycles: int = 1) -> int:
    """Rounds of a Berger round robin of ``n`` players (a bye round per cycle when ``n`` is odd)."""
    per_cycle = n - 1 if n % 2 == 0 else n
    return per_cycle * cycles


@dataclass(frozen=True, slots=True)
class FormatBand:
    """``low`` to ``high`` entrants (``None``: no upper limit) play ``kind``; ``rounds`` ``None``: a Berger table's."""

    low: int
    high: int | None
    kind: FormatKind
    rounds: int | None
    article: str
    message_key: str


#: FMA 4.1 a-d, the rulebook's table: the only place these numbers are written (pages read it too).
#: 22 entrants fall between 4.1 c ("entre 11 y 21") and d ("más de 22"): played as d (docs/decisions.md).
FORMAT_BANDS: tuple[FormatBand, ...] = (
    FormatBand(2, 6, FormatKind.DOUBLE_ROUND_ROBIN, None, "FMA 4.1 a", "format.double_round_robin"),
    FormatBand(7, 10, FormatKind.ROUND_ROBIN, None, "FMA 4.1 b", "format.round_robin"),
    FormatBand(11, 21, FormatKind.SWISS, 7, "FMA 4.1 c", "format.swiss7"),
    FormatBand(22, 22, FormatKind.SWISS, 9, "FMA 4.1 c-d", "format.swiss9_22"),
    FormatBand(23, None, FormatKind.SWISS, 9, "FMA 4.1 d", "format.swiss9"),
)


def format_for(n: int) -> Format:
    """FMA 4.1 a-d (:data:`FORMAT_BANDS`): the format of a category tournament with ``n`` entrants."""
    if n < 2:
        raise ArbitroError(f"entrants: {n}: a tournament needs at least 2 players (FMA 4.1)")
    band = next(b for b in FORMAT_BANDS if n >= b.low and (b.high is None or n <= b.high))
    if band.rounds is not None:
        return Format(band.kind, band.rounds, msg(band.message_key, n=n))
    cycles = 2 if band.kind is FormatKind.DOUBLE_ROUND_ROBIN else 1
    rounds = round_robin_rounds(n, cycles)
    return Format(band.kind, rounds, msg(band.message_key, n=n, rounds=rounds))


#: FMA Anexo III II: closed 6-player double round robin at 90+30.
MAYOR_FORMAT = Format(FormatKind.DOUBLE_ROUND_ROBIN, 10, msg("format.mayor"))
MAYOR_TIME_CONTROL = "90+30"

_TC = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:'|min)?\s*(?:\+\s*(\d+)\s*(?:\"|s|sec)?)?\s*$")


def minutes_per_player(time_control: str) -> float:
    """Minutes per player for a 60-move game (FIDE B.02 1.1) from ``"90+30"`` (minutes + seconds a move).

    TRF ``222`` codes in seconds (``"5400+30"``) are accepted too: a base of
    more than 600 is read as seconds.
    """
    m = _TC.match(time_control)
    if not m:
        raise ArbitroError(f"time_control: {time_control!r}: expected minutes+seconds, e.g. 90+30")
    base = float(m.group(1))
    if base > 600:
        base /= 60
    increment = int(m.group(2) or 0)
    return base + increment  # 60 moves x increment seconds = increment minutes


def _required_minutes(top_rating: int) -> int:
    """FIDE B.02 (2024) 1.1: 120 min if a player is rated 2400+, 90 if 1800+, else 60."""
    if top_rating >= 2400:
        return 120
    if top_rating >= 1800:
        return 90
    return 60


def check_fide_rating_requirements(
    name: str,
    category: Category,
    kind: FormatKind,
    ratings: list[int | None],
    time_control: str,
) -> tuple[bool, list[Message]]:
    """FMA 2.3: Primera, Segunda and Tercera must be FIDE-rated; FMA 3.1: standard rate.

    Checks the minimum rate of play of FIDE B.02 (2024) 1.1 for the highest
    rated player, that the rate is a standard one (60 minutes or more, FMA 3.1),
    and for round robins the share of rated players of FIDE B.02 (at least a
    third; at least 4 when fewer than 10 play; a double round robin with
    unrated players needs 6 players, 4 rated). Returns (ok, messages).
    """
    problems: list[Message] = []
    if not time_control:
        problems.append(msg("rating.time_control_missing", tournament=name))
    else:
        minutes = minutes_per_player(time_control)
        shown = int(minutes) if minutes == int(minutes) else round(minutes, 1)
        if minutes < 60:
            problems.append(msg("rating.not_standard", time_control=time_control, minutes=shown))
        elif category is not Category.CUARTA:
            top = max((r or 0 for r in ratings), default=0)
            required = _required_minutes(top)
            if minutes < required:
                problems.append(
                    msg(
                        "rating.time_control",
                        time_control=time_control,
                        minutes=shown,
                        rating=top,
                        required=required,
                    )
                )
    if category is Category.CUARTA:
        return not problems, problems or [msg("rating.not_required")]
    if kind.is_round_robin:
        n = len(ratings)
        rated = sum(1 for r in ratings if r)
        required_rated = max(-(-n // 3), 4 if n < 10 else 0)
        if kind is FormatKind.DOUBLE_ROUND_ROBIN and rated < n:
            required_rated = max(required_rated, 4)
            if n < 6:
                required_rated = n  # with unrated players a double round robin needs 6 players
        required_rated = min(required_rated, n) if rated == n else required_rated
        if rated < required_rated:
            problems.append(msg("rating.too_few_rated_rr", rated=rated, n=n, required=required_rated))
    if problems:
        return False, problems
    return True, [msg("rating.ok", tournament=name)]
