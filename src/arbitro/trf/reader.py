"""TRF reader: TRF-2026 and TRF16 with the de-facto extensions (trf.md §2-§5).

:func:`parse_trf` never raises on bad input: every problem becomes a
:class:`~arbitro.trf.diagnostics.Diagnostic` with line, column and field, and
the tournament holds what could be read. Consistency between records (both
sides of a game, points against results) is checked by
:mod:`arbitro.trf.validate`, which :func:`parse_trf` runs unless told not to.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro import limits
from arbitro.errors import msg
from arbitro.model import (
    RATING_METHODS,
    Acceleration,
    ByeRequest,
    Colour,
    NationalRating,
    Player,
    ProhibitedPairing,
    RawRecord,
    ResultCode,
    RoundResult,
    ScoringSystem,
    Tournament,
    split_rating_mode,
    withdrawal_of_note,
)
from arbitro.trf.diagnostics import Diagnostic, DiagnosticSink, Severity
from arbitro.trf.writer import normalise_birth_date

__all__ = ["ParseResult", "decode_trf", "parse_date", "parse_trf"]

_LINE_SPLIT = re.compile(r"\r\n|\r|\n")
_RESULT_CODES = {c.value: c for c in ResultCode}
_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK, "-": Colour.NONE, "W": Colour.WHITE, "B": Colour.BLACK}
#: Lower-case TRF16 / Papi titles (trf.md §8.4) and their TRF-2026 form.
TITLE_MAP = {
    "g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
}  # fmt: skip
#: Birth dates TRF readers take as they are (validate.py ``_BIRTH``): a year, or year, month, day.
_BIRTH_TRF = re.compile(r"\d{4}([/.\-]\d{2}[/.\-]\d{2})?")
_TEAM_CODES = frozenset({"013", "300", "310", "320", "330", "352", "362", "801", "802"})
#: Team tournament types (trf.md §4.3: FIDE_TEAM_*, Schiller, Scheveningen, ``Team ...`` in 092).
_TEAM_TYPE = re.compile(r"(?:^|_)TEAM(?:_|\b)|SCHEVENINGEN|SCHILLER|^\s*team\b", re.IGNORECASE)
_KNOWN_EXTENSIONS = frozenset(
    {"XXR", "XXC", "XXA", "XXP", "XXS", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"}
)
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}  # fmt: skip


def _is_digits(text: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²`` and other characters ``int`` refuses."""
    return text.isascii() and text.isdigit()


@dataclass(slots=True)
class ParseResult:
    """A tournament and what the reader and validator had to say about it."""

    tournament: Tournament
    #: The diagnostics kept: the first :data:`~arbitro.limits.MAX_DIAGNOSTICS` of each severity.
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: ``"trf26"`` when TRF-2026-only records were seen, ``"trf16"`` otherwise.
    version: str = "trf16"
    #: How many errors and warnings were found in all (more than kept on a very bad file).
    error_count: int = -1
    warning_count: int = -1

    def __post_init__(self) -> None:
        if self.error_count < 0:
            self.error_count = sum(d.is_error for d in self.diagnostics)
        if self.warning_count < 0:
            self.warning_count = len(self.diagnostics) - sum(d.is_error for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return self.error_count == 0

    @property
    def total(self) -> int:
        """Every diagnostic found, kept or not."""
        return self.error_count + self.warning_count


def decode_trf(data: str | bytes) -> str:
    """Text of a TRF file: UTF-8 (with or without BOM), else Latin-1 (trf.md §2)."""
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    return limits.decode_text(data)[0]


def parse_date(text: str) -> dt.date | None:
    """A header date in any of the spellings real files use; ``None`` if none fits.

    TRF asks for ``YYYY/MM/DD`` (``132``: ``YY/MM/DD``); files in the wild also
    use ``YYYY-MM-DD``, ``YYYY.MM.DD``, ``DD/MM/YYYY``, ``DD. MM. YYYY`` and
    ``May 29, 2020``.
    """
    s = text.strip()
    if not s:
        return None
    m = re.fullmatch(r"(\d{4})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{1,2})", s, flags=re.ASCII)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    else:
        m = re.fullmatch(r"(\d{1,2})\s*[/.\-]\s*(\d{1,2})\s*[/.\-]\s*(\d{2,4})", s, flags=re.ASCII)
        if m:
            a, b, y = int(m[1]), int(m[2]), int(m[3])
            if len(m[3]) == 2:
                # YY/MM/DD (record 132) when read left to right
                y, mo, d = 2000 + a if a < 70 else 1900 + a, b, y
            else:
                d, mo = a, b
        else:
            m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", s, flags=re.ASCII)
            if not m or m[1].lower() not in _MONTHS:
                return None
            y, mo, d = int(m[3]), _MONTHS[m[1].lower()], int(m[2])
    try:
        return dt.date(y, mo, d)
    except ValueError:
        return None


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.t = Tournament()
        self.sink = DiagnosticSink()
        self.version = "trf16"
        self.scoring: dict[str, Decimal] = {}
        self.player_lines: dict[int, int] = {}
        self.range_accelerations: list[tuple[int, Decimal, int, int, int, int]] = []
        self.nrs_lines: list[tuple[int, str]] = []
        self.rating_fed = ""
        self.prohibited_pairs = 0
        self.blocks: dict[str, RoundResult] = {}
        self.team_line: int | None = None

    # -- diagnostics -------------------------------------------------------
    def error(self, line: int, column: int, fld: str, message: str) -> None:
        sink = self.sink
        if sink.error_count >= sink.cap:  # past the cap: only counted (a 50 MB file of errors)
            sink.error_count += 1
            return
        sink.add(Diagnostic(Severity.ERROR, self.source, line, column, fld, message))

    def warn(self, line: int, column: int, fld: str, message: str) -> None:
        sink = self.sink
        if sink.warning_count >= sink.cap:
            sink.warning_count += 1
            return
        sink.add(Diagnostic(Severity.WARNING, self.source, line, column, fld, message))

    def _int(
        self,
        text: str,
        lineno: int,
        col: int,
        fld: str,
        *,
        blank: int | None = None,
        low: int = 0,
        high: int = 99_999_999_999,
    ) -> int | None:
        s = text.strip()
        if not s:
            return blank
        if _is_digits(s) and len(s) <= 12 and low <= int(s) <= high:
            return int(s)
        shown = s if len(s) <= 20 else s[:20] + "..."
        if _is_digits(s):
            self.error(lineno, col, fld, msg("trf.int_range", "expected a whole number from {low} to {high}, found {found}",
                                             low=low, high=high, found=shown))  # fmt: skip
        else:
            self.error(lineno, col, fld, msg("trf.int", "expected a whole number, found {found!r}", found=shown))
        return None

    def _decimal(
        self, text: str, lineno: int, col: int, fld: str, maximum: Decimal = limits.MAX_SCORE_VALUE
    ) -> Decimal | None:
        """A plain decimal (no exponent, NaN or infinity; limits.md) within ``[0, maximum]``.

        Scoring values (``162``, ``BB*``, ``XXS``) may be negative (a forfeit loss of -1 is
        used); their order is checked once all are read (:meth:`_check_scoring`).
        """
        value = limits.parse_decimal(text, maximum=maximum, negative=fld.startswith(_SIGNED_FIELDS))
        if isinstance(value, str):
            self.error(lineno, col, fld, value)
            return None
        return value

    # -- records -------------------------------------------------------------
    def parse(self, text: str) -> None:
        for lineno, raw in enumerate(_iter_lines(text), start=1):
            if lineno > limits.MAX_TRF_LINES:
                message = msg("trf.too_many_lines", "more than {lines} lines; stopped reading "
                              "(a TRF holds one 001 line per player, at most {players})",
                              lines=f"{limits.MAX_TRF_LINES:,}", players=f"{limits.MAX_PLAYERS:,}")  # fmt: skip
                self.sink.add(Diagnostic(Severity.ERROR, self.source, lineno, 0, "file", message), always=True)
                break
            line = raw.rstrip()
            if not line.strip():
                continue
            if len(line) > limits.MAX_TRF_LINE:
                self.error(lineno, limits.MAX_TRF_LINE + 1, "line", msg(
                    "trf.line_too_long", "expected at most {width} characters ({rounds} rounds), found {found}; line skipped",
                    width=limits.MAX_TRF_LINE, rounds=limits.MAX_ROUNDS, found=f"{len(line):,}"))  # fmt: skip
                continue
            breaks = _RECORD_BREAKS.search(line) or limits.HIDDEN_CHARACTERS.search(line)
            if breaks is not None:  # what a writer would read as a new record (issue 21 §1): refused here too
                self.error(lineno, breaks.start() + 1, "line", msg(
                    "trf.control", "a line break or control character (U+{code}) inside a record; line skipped",
                    code=f"{ord(breaks[0]):04X}"))  # fmt: skip
                continue
            if line.startswith("###"):
                comment = line[3:].removeprefix(" ")
                self.t.comments.append(comment)
                withdrawn = withdrawal_of_note(comment)  # a withdrawal, for a round robin's standings (Q103)
                if withdrawn is not None:
                    self.t.withdrawals[withdrawn[0]] = withdrawn[1]
                # a comment alone does not make a TRF-2026 file: Arbitro's TRF16 keeps its notes in
                # them, and TRF16 readers skip them as unknown lines (issue 37)
                continue
            code = line[:3]
            if not code.strip() or line.startswith("DDD SSSS"):  # a column ruler (Swiss-Manager, trf.md §3.2)
                self.warn(
                    lineno, 1, "line", msg("trf.ruler", "a column ruler, not a TRF record: {found!r}; ignored", found=line.strip()[:20])
                )
                continue
            handler = getattr(self, f"_r{code}", None)
            if len(line) > 3 and line[3] != " ":
                if handler is not None or code in _TEAM_CODES:
                    self.error(lineno, 4, "record code", msg("trf.blank_after_code", "expected a blank after the record code {code!r}", code=code))
                else:  # a column ruler or a note without ``###`` (trf.md §2; bbpPairings ignores it)
                    self.warn(
                        lineno,
                        1,
                        "line",
                        msg("trf.no_record", "not a TRF record (no record code in columns 1-3): {found!r}; ignored", found=line[:20]),
                    )
                continue
            if handler is not None:
                handler(line, lineno)
            elif code in _TEAM_CODES:
                self.t.team_records.append(RawRecord(code, line))
                self._team(lineno, msg("trf.team_record", "team record {code}", code=code))
            elif code == "299":
                self.version = "trf26"
                self.t.abnormal_points.append(RawRecord(code, line))
            elif (
                code.isalpha()
                and code.isupper()
                and code not in _KNOWN_EXTENSIONS
                and _looks_like_player(line)
            ):
                self.nrs_lines.append((lineno, line))
            else:
                self.t.other_records.append(RawRecord(code, line))
                if code not in _KNOWN_EXTENSIONS:
                    self.warn(lineno, 1, "record code", msg("trf.unknown_code", "unknown record code {code!r}; kept as it is", code=code))
        self._finish()

    def _text(self, line: str) -> str:
        return limits.nfc(line[4:].strip())

    def _r012(self, line: str, n: int) -> None:
        self.t.name = self._text(line)

    def _r022(self, line: str, n: int) -> None:
        self.t.city = self._text(line)

    def _r032(self, line: str, n: int) -> None:
        self.t.federation = self._text(line)

    def _date(self, line: str, n: int, fld: str) -> dt.date | None:
        text = self._text(line)
        if not text:
            return None
        value = parse_date(text)
        if value is None:
            self.warn(n, 5, fld, msg("trf.date", "expected a date YYYY/MM/DD, found {found!r}; ignored", found=text))
        return value

    def _r042(self, line: str, n: int) -> None:
        self.t.start_date = self._date(line, n, "042 start date")

    def _r052(self, line: str, n: int) -> None:
        self.t.end_date = self._date(line, n, "052 end date")

    def _count(self, line: str, n: int, fld: str) -> int | None:
        text = self._text(line)
        if not text:
            return None
        if not _is_digits(text) or len(text) > 4:
            self.warn(n, 5, fld, msg("trf.count", "expected a whole number up to {most}, found {found!r}; ignored",
                                     most=limits.MAX_PLAYERS, found=text[:20]))  # fmt: skip
            return None
        return int(text)

    def _r062(self, line: str, n: int) -> None:
        self.t.declared_players = self._count(line, n, "062 number of players")

    def _r072(self, line: str, n: int) -> None:
        self.t.declared_rated_players = self._count(line, n, "072 number of rated players")

    def _r082(self, line: str, n: int) -> None:
        self.t.declared_teams = self._count(line, n, "082 number of teams")

    def _team(self, n: int, evidence: str) -> None:
        """Refuse a team tournament (trf.md §4.6) once, at its first team line."""
        if self.team_line is None:
            self.team_line = n
            self.error(
                n,
                1,
                "team tournament",
                msg("trf.team", "{evidence}: this is a team tournament; the individual commands read individual "
                    "tournaments only: use `arbitro team ...` (pair, standings, check) for team events", evidence=evidence),
            )

    def _r092(self, line: str, n: int) -> None:
        self.t.type_text = self._text(line)
        if _TEAM_TYPE.search(self.t.type_text):
            self._team(n, msg("trf.team_type", "092 type {type!r}", type=self.t.type_text))

    def _r102(self, line: str, n: int) -> None:
        self.t.chief_arbiter = self._text(line)

    def _r112(self, line: str, n: int) -> None:
        text = self._text(line)
        if text:
            self.t.deputy_arbiters.append(text)

    def _r122(self, line: str, n: int) -> None:
        self.t.time_control = self._text(line)

    def _r132(self, line: str, n: int) -> None:
        dates: list[dt.date | None] = []
        body = line[91:]
        chunks = [body[i : i + 10].strip() for i in range(0, len(body), 10)]
        if any(" " in c for c in chunks):  # not aligned on the round columns
            chunks = body.split()
        for k, chunk in enumerate(chunks):
            if not chunk:
                dates.append(None)
                continue
            value = parse_date(chunk)
            if value is None:
                self.warn(
                    n,
                    92 + 10 * k,
                    f"132 date of round {k + 1}",
                    msg("trf.round_date", "expected YY/MM/DD, found {found!r}; ignored", found=chunk),
                )
            dates.append(value)
        while dates and dates[-1] is None:
            dates.pop()
        self.t.round_dates = dates

    def _rounds(self, line: str, n: int, fld: str) -> None:
        text = self._text(line)
        if _is_digits(text) and len(text) <= 3 and 0 < int(text) <= limits.MAX_ROUNDS:
            self.t.rounds = int(text)
        elif _is_digits(text):
            self.error(n, 5, fld, msg("trf.rounds_range", "expected the number of rounds, 1 to {most}, found {found}",
                                      most=limits.MAX_ROUNDS, found=text[:20]))  # fmt: skip
        else:
            self.error(n, 5, fld, msg("trf.rounds", "expected the number of rounds (a whole number), found {found!r}", found=text[:20]))

    def _r142(self, line: str, n: int) -> None:
        self.version = "trf26"
        self._rounds(line, n, "142 number of rounds")

    def _rXXR(self, line: str, n: int) -> None:
        self._rounds(line, n, "XXR number of rounds")

    def _r152(self, line: str, n: int) -> None:
        self.version = "trf26"
        text = self._text(line).upper()
        if text in ("W", "B"):
            self.t.initial_colour = Colour.WHITE if text == "W" else Colour.BLACK
        else:
            self.error(n, 5, "152 initial colour", msg("trf.initial_colour", "expected W or B, found {found!r}", found=text))

    def _rXXC(self, line: str, n: int) -> None:
        for token in self._text(line).split():
            low = token.lower()
            if low == "white1":
                self.t.initial_colour = Colour.WHITE
            elif low == "black1":
                self.t.initial_colour = Colour.BLACK
            elif low == "rank":
                self.t.pairing_by_rank = True
            else:
                self.warn(n, 5, "XXC", msg("trf.xxc", "unknown token {token!r} (expected white1, black1 or rank); ignored", token=token))

    def _r162(self, line: str, n: int) -> None:
        self.version = "trf26"
        # Without A, unplayed losing rounds are worth 0, as bbpPairings and the TEC reader read it.
        self.scoring.setdefault("FL", Decimal("0"))
        body = line[4:]
        found = False
        for m in re.finditer(r"([A-Z])\s*([+-]?\d+(?:[.,]\d+)?)(?=\s|$)|[A-Z]\s*\S+|\S+", body):
            if m[1] is None:  # text that is no code with points, e.g. the exponent of ``W 1e99`` (limits.md)
                self.error(n, 5 + m.start(), "162 scoring system",
                           msg("trf.scoring_token", "expected a code and plain points such as 'W 3.0', found {found!r}", found=m[0]))  # fmt: skip
                found = True
                continue
            found = True
            value = self._decimal(m[2], n, 5 + m.start(2), f"162 points for {m[1]}")
            if value is None:
                continue
            key = {"W": "W", "D": "D", "L": "L", "A": "FL", "Z": "FL", "P": "PAB"}.get(m[1])
            if key is None:
                self.warn(
                    n,
                    5 + m.start(1),
                    "162 scoring code",
                    msg("trf.scoring_unknown", "unknown code {code!r} (expected W D L A P); ignored", code=m[1]),
                )
                continue
            self.scoring[key] = value
        if not found and body.strip():
            self.error(
                n,
                5,
                "162 scoring system",
                msg("trf.scoring_codes", "expected codes with points such as 'W 3.0 D 1.0', found {found!r}", found=body.strip()),
            )

    def _bb(self, line: str, n: int, key: str) -> None:
        value = self._decimal(line[4:], n, 5, f"{line[:3]} points")
        if value is not None:
            self.scoring[key] = value

    def _rBBW(self, line: str, n: int) -> None:
        self._bb(line, n, "W")

    def _rBBD(self, line: str, n: int) -> None:
        self._bb(line, n, "D")

    def _rBBL(self, line: str, n: int) -> None:
        self._bb(line, n, "L")

    def _rBBZ(self, line: str, n: int) -> None:
        self._bb(line, n, "ZPB")

    def _rBBF(self, line: str, n: int) -> None:
        self._bb(line, n, "FL")

    def _rBBU(self, line: str, n: int) -> None:
        self._bb(line, n, "PAB")

    def _rXXS(self, line: str, n: int) -> None:
        keys = {"WW": "W", "BW": "W", "W": "W", "WD": "D", "BD": "D", "D": "D", "WL": "L", "BL": "L", "L": "L",
                "ZPB": "ZPB", "HPB": "HPB", "FPB": "FPB", "PAB": "PAB", "FW": "FW", "FL": "FL"}  # fmt: skip
        for token in self._text(line).split():
            name, _, value_text = token.partition("=")
            key = keys.get(name.upper())
            if key is None or not value_text:
                self.warn(n, 5, "XXS", msg("trf.xxs", "unknown scoring token {token!r}; ignored", token=token))
                continue
            value = self._decimal(value_text, n, 5, f"XXS {name}")
            if value is not None:
                self.scoring[key] = value

    def _r172(self, line: str, n: int) -> None:
        """TRF-2026 ``172`` as data: federation (columns 5-7) and method (9-13) (VCL4THP Q145)."""
        self.version = "trf26"
        self.t.rating_mode = self._text(line)
        federation, method = split_rating_mode(self.t.rating_mode)
        self.rating_fed = federation or self.t.rating_mode[:3]
        if method and method not in RATING_METHODS:
            self.warn(n, 9, "172 method", msg("trf.rating_method", "expected one of {methods}, found {found!r}",
                                              methods=", ".join(RATING_METHODS), found=method))

    def _r182(self, line: str, n: int) -> None:
        self.version = "trf26"
        self.t.program = self._text(line)

    def _r192(self, line: str, n: int) -> None:
        self.version = "trf26"
        self.t.system = self._text(line)
        if _TEAM_TYPE.search(self.t.system):
            self._team(n, msg("trf.team_system", "192 tournament type {type!r}", type=self.t.system))

    def _tb_list(self, line: str) -> list[str]:
        return [c.strip() for c in self._text(line).split(",") if c.strip()]

    def _r202(self, line: str, n: int) -> None:
        self.version = "trf26"
        self.t.tiebreaks = self._tb_list(line)

    def _r212(self, line: str, n: int) -> None:
        self.version = "trf26"
        self.t.standings_tiebreaks = self._tb_list(line)

    def _r222(self, line: str, n: int) -> None:
        self.version = "trf26"
        self.t.time_control_code = self._text(line)

    def _r240(self, line: str, n: int) -> None:
        self.version = "trf26"
        tokens = line[4:].split()
        if len(tokens) < 3 or tokens[0].upper() not in ("F", "H", "Z") or not _is_digits(tokens[1]):
            self.error(n, 5, "240 bye", msg("trf.bye_record", "expected 'F|H|Z ROUND ID ...', e.g. '240 H 004 0006'"))
            return
        kind = tokens[0].upper()
        rnd = self._int(tokens[1], n, 7, "240 round", low=1, high=limits.MAX_ROUNDS)
        if rnd is None:
            return
        for token in tokens[2:]:
            rank = self._int(token, n, 11, "240 player", low=1, high=limits.MAX_PLAYERS)
            if rank is not None:
                self.t.requested_byes.append(ByeRequest(rnd, kind, rank))

    def _rXXZ(self, line: str, n: int) -> None:
        for token in self._text(line).split():
            rank = self._int(token, n, 5, "XXZ player", low=1, high=limits.MAX_PLAYERS)
            if rank is not None:
                self.t.requested_byes.append(ByeRequest(0, "Z", rank))  # round fixed in _finish

    def _r250(self, line: str, n: int) -> None:
        self.version = "trf26"
        fields = [line[4:8], line[9:13], line[14:17], line[18:21], line[22:26], line[27:31]]
        if len(line) < 31 or not all(f.strip() for f in fields[1:]):
            tokens = line[4:].split()
            if len(tokens) == 5:
                fields = ["", *tokens]
            elif len(tokens) == 6:
                fields = tokens
            else:
                self.error(
                    n,
                    5,
                    "250 acceleration",
                    msg("trf.acceleration", "expected game points, first and last round, first and last player"),
                )
                return
        points = self._decimal(fields[1], n, 10, "250 game points")
        # Rounds and players within the format's limits before anything is expanded (limits.md).
        numbers = [
            self._int(fields[2], n, 15, "250 first round", low=1, high=limits.MAX_ROUNDS),
            self._int(fields[3], n, 19, "250 last round", low=1, high=limits.MAX_ROUNDS),
            self._int(fields[4], n, 23, "250 first player", low=1, high=limits.MAX_PLAYERS),
            self._int(fields[5], n, 28, "250 last player", low=1, high=limits.MAX_PLAYERS),
        ]
        if points is None or any(x is None for x in numbers):
            return
        r1, r2, p1, p2 = (x for x in numbers if x is not None)
        self.range_accelerations.append((n, points, r1, r2, p1, p2))

    def _rXXA(self, line: str, n: int) -> None:
        rank = self._int(line[4:8], n, 5, "XXA player", low=1, high=limits.MAX_PLAYERS)
        if rank is None:
            return
        body = line[9:]
        values = [body[i : i + 5].strip() for i in range(0, len(body), 5)]
        if any(" " in v for v in values):
            values = body.split()
        if len(values) > limits.MAX_ROUNDS:
            self.error(n, 10, "XXA", msg("trf.xxa_many", "expected at most {most} rounds, found {found} values",
                                         most=limits.MAX_ROUNDS, found=len(values)))  # fmt: skip
            return
        for k, text in enumerate(values, start=1):
            if not text:
                continue
            value = self._decimal(text, n, 10 + 5 * (k - 1), f"XXA round {k}")
            if value is not None and value != 0:
                self.t.accelerations.append(Acceleration(rank, k, value))

    def _r260(self, line: str, n: int) -> None:
        self.version = "trf26"
        tokens = line[4:].split()
        if len(tokens) < 4 or not all(_is_digits(t) for t in tokens):
            self.error(
                n,
                5,
                "260 prohibited pairing",
                msg("trf.prohibited_record", "expected 'FIRST LAST ID ID ...', e.g. '260 004 005 0002 0004'"),
            )
            return
        r1 = self._int(tokens[0], n, 5, "260 first round", low=1, high=limits.MAX_ROUNDS)
        r2 = self._int(tokens[1], n, 9, "260 last round", low=1, high=limits.MAX_ROUNDS)
        ids = self._ranks(tokens[2:], n, "260 player")
        if r1 is not None and r2 is not None and ids is not None:
            self._prohibit(ProhibitedPairing(ids, r1, r2), n, "260 prohibited pairing")

    def _rXXP(self, line: str, n: int) -> None:
        tokens = line[4:].split()
        if len(tokens) < 2 or not all(_is_digits(t) for t in tokens):
            self.error(n, 5, "XXP prohibited pairing", msg("trf.xxp", "expected two or more start ranks"))
            return
        ids = self._ranks(tokens, n, "XXP player")
        if ids is not None:
            self._prohibit(ProhibitedPairing(ids), n, "XXP prohibited pairing")

    def _ranks(self, tokens: list[str], n: int, fld: str) -> tuple[int, ...] | None:
        ranks = [self._int(t, n, 5, fld, low=1, high=limits.MAX_PLAYERS) for t in tokens]
        return None if any(r is None for r in ranks) else tuple(r for r in ranks if r is not None)

    def _prohibit(self, pp: ProhibitedPairing, n: int, fld: str) -> None:
        k = len(set(pp.players))
        self.prohibited_pairs += k * (k - 1) // 2
        if self.prohibited_pairs > limits.MAX_PROHIBITED_PAIRS:
            if self.prohibited_pairs - k * (k - 1) // 2 <= limits.MAX_PROHIBITED_PAIRS:
                self.error(n, 5, fld, msg("trf.prohibited_many", "more than {most} prohibited pairs in the file",
                                          most=f"{limits.MAX_PROHIBITED_PAIRS:,}"))  # fmt: skip
            return
        self.t.prohibited_pairings.append(pp)

    def _r001(self, line: str, n: int) -> None:
        rank = self._int(line[4:8], n, 5, "001 start rank", low=1, high=limits.MAX_PLAYERS)
        if rank is None:
            if not line[4:8].strip():
                self.error(n, 5, "001 start rank", msg("trf.no_start_rank", "expected a start rank in columns 5-8, found nothing"))
            return
        if rank in self.t.players:
            self.error(
                n, 5, "001 start rank",
                msg("trf.start_rank_used", "start rank {rank} already used on line {line}", rank=rank, line=self.player_lines[rank]),
            )
            return
        padded = line.ljust(91)
        sex = padded[9].strip().lower()
        if sex not in ("", "m", "w", "f"):
            self.warn(n, 10, "001 sex", msg("trf.sex", "expected m or w, found {found!r}; ignored", found=padded[9]))
            sex = ""
        if sex == "f":
            sex = "w"
        title_text = padded[10:13].strip()
        title = TITLE_MAP.get(title_text, TITLE_MAP.get(title_text.lower(), ""))
        if title_text and not title:
            self.warn(n, 11, "001 title", msg("trf.title", "unknown title {found!r}; ignored", found=title_text))
        rating = self._int(padded[48:52], n, 49, "001 rating", blank=0)
        points_text = padded[80:84].strip()
        points = (
            self._decimal(points_text, n, 81, "001 points", limits.MAX_POINTS) if points_text else Decimal("0")
        )
        rank_pos = self._int(padded[85:89], n, 86, "001 rank", blank=None)
        birth = padded[69:79].strip()
        normal = normalise_birth_date(birth)
        if normal is not None and normal != birth:
            if not _BIRTH_TRF.fullmatch(birth):  # Vega's dd.mm.yyyy: named; YYYY and YYYY.MM.DD silently
                self.warn(n, 70, "001 birth date", msg("trf.birth_dmy", "{found!r} read as {date} (YYYY/MM/DD)",
                                                       found=birth, date=normal))  # fmt: skip
            birth = normal
        player = Player(
            start_rank=rank,
            name=limits.nfc(padded[14:47].strip()),
            sex=sex,
            title=title,
            rating=rating or 0,
            federation=padded[53:56].strip(),
            fide_id=padded[57:68].strip(),
            birth_date=birth,
            points=points if points is not None else Decimal("0"),
            rank=rank_pos,
        )
        if player.fide_id == "0":
            player.fide_id = ""
        player.results = self._rounds_of(line, n)
        self.t.players[rank] = player
        self.player_lines[rank] = n

    def _rounds_of(self, line: str, n: int) -> list[RoundResult]:
        results: list[RoundResult] = []
        length = len(line)
        pos = 91
        k = 1
        cache = self.blocks
        while pos < length:
            block = line[pos : pos + 8]
            known = cache.get(block)  # RoundResult is frozen: equal blocks share one (limits.md speed)
            if known is not None:
                results.append(known)
            elif block.strip():
                before = self.sink.total
                result = self._block(block.ljust(8), n, pos + 1, k)
                if self.sink.total == before and len(cache) < 200_000:
                    cache[block] = result
                results.append(result)
            else:
                results.append(_NOT_PAIRED)
            pos += 10
            k += 1
        return results

    def _block(self, block: str, n: int, col: int, k: int) -> RoundResult:
        opp_text = block[0:4].strip()
        if not opp_text:
            opponent: int | None = None
        elif _is_digits(opp_text):
            opponent = int(opp_text) or None
        else:
            self.error(n, col, f"round {k} opponent", msg("trf.opponent", "expected a start rank or 0000, found {found!r}", found=opp_text))
            opponent = None
        colour_char = block[5]
        colour: Colour | None = None
        if colour_char != " ":
            colour = _COLOURS.get(colour_char)
            if colour is None:
                self.error(n, col + 5, f"round {k} colour", msg("trf.colour", "expected w, b or -, found {found!r}", found=colour_char))
        code = _RESULT_CODES.get(block[7])
        if code is None:
            self.error(
                n,
                col + 7,
                f"round {k} result",
                msg("trf.result", "expected one of 1 = 0 + - W D L U F H Z, found {found!r}", found=block[7]),
            )
            code = ResultCode.NOT_PAIRED
        if block[4] != " " or block[6] != " ":
            self.error(
                n, col, f"round {k}",
                msg("trf.block", "expected 'NNNN c r' in columns {first}-{last}, found {found!r}", first=col, last=col + 7, found=block),
            )
        return RoundResult(opponent, colour, code)

    # -- after all lines -------------------------------------------------------
    def _finish(self) -> None:
        t = self.t
        t.scoring = _scoring(self.scoring)
        self._check_scoring()
        for n, line in self.nrs_lines:
            self._national(line, n)
        expanded = 0
        for n, points, r1, r2, p1, p2 in self.range_accelerations:
            if r1 > r2 or p1 > p2:
                self.error(
                    n,
                    15,
                    "250 acceleration",
                    msg("trf.acceleration_order", "expected first round <= last round and first player <= last player"),
                )
                continue
            if t.rounds is not None and r2 > t.rounds:
                self.error(n, 19, "250 last round", msg("trf.round_of", "expected a round of the tournament (1 to {rounds}), found {found}", rounds=t.rounds, found=r2))
                continue
            ranks = [rank for rank in range(p1, p2 + 1) if rank in t.players]
            expanded += len(ranks) * (r2 - r1 + 1)
            if expanded > limits.MAX_PLAYERS * limits.MAX_ROUNDS:
                self.error(n, 5, "250 acceleration",
                           msg("trf.acceleration_many", "more accelerated rounds than players x rounds; ignored"))  # fmt: skip
                break
            for rank in ranks:
                t.accelerations.extend(Acceleration(rank, r, points) for r in range(r1, r2 + 1))
        played = _last_paired_round(t)
        self._old_byes(played)
        # Pad every player to the rounds paired so far; trailing columns that pair
        # nobody are requests for the next round (TRF16 `0000 - H` style, trf.md §5).
        for player in t.players.values():
            extra = player.results[played:]
            kinds = [_next_bye_kind(r) for r in extra]
            for offset, (result, kind) in enumerate(zip(extra, kinds, strict=True)):
                if kind is not None:  # Vega's `0000 - =` is a half-point bye request (trf.md §5)
                    t.requested_byes.append(ByeRequest(played + 1 + offset, kind, player.start_rank))
                elif result.code.is_played:  # any other game result cannot be a request for a later round
                    k = played + 1 + offset
                    self.error(self.player_lines.get(player.start_rank, 0), 92 + 10 * (k - 1) + 7,
                               f"round {k} result", msg("trf.needs_opponent", "result {result!r} needs an opponent, found 0000",
                                                        result=result.code.value))  # fmt: skip
            del player.results[played:]
            if kinds and kinds[0] is not None:
                # A TRF(x) total includes the next round's known bye (trf.md §5, §7.2): take it out.
                bye_points = t.scoring.points(ResultCode(kinds[0]))
                if bye_points and player.points == player.score(t.scoring) + bye_points:
                    player.points -= bye_points
            if len(player.results) < played:
                player.results.extend([_NOT_PAIRED] * (played - len(player.results)))
        t.requested_byes = [
            ByeRequest(played + 1, b.kind, b.start_rank) if b.round == 0 else b for b in t.requested_byes
        ]
        t.requested_byes = sorted(set(t.requested_byes), key=lambda b: (b.round, b.start_rank, b.kind))
        t.accelerations.sort(key=lambda a: (a.start_rank, a.round))

    def _old_byes(self, played: int) -> None:
        """Byes other programs write with a game's result and no opponent, in a played round (trf.md §5).

        ``0000 - =`` is the old half-point bye (bbpPairings and FIDE's TEC reader score it as a draw
        without a game), ``0000 - 0`` a zero-point bye and ``0000 - 1`` a full-point bye; ``W D L``
        likewise. Each becomes the bye code of the same points (``H Z F``), with a warning naming the reading.
        """
        for player in self.t.players.values():
            results = player.results
            for k in range(min(played, len(results))):
                r = results[k]
                if r.opponent is not None or r.code not in _OLD_BYES or r.colour not in (None, Colour.NONE):
                    continue  # ``0000 w 1`` claims a game with a colour: refused by the validator
                kind = _OLD_BYES[r.code]
                results[k] = RoundResult(None, r.colour, kind)
                self.warn(
                    self.player_lines.get(player.start_rank, 0), 92 + 10 * k + 7, f"round {k + 1} result",
                    msg("trf.old_bye", "{found!r} without an opponent: read as {reading} ({code}), as other programs write it",
                        found=f"0000 {r.colour.value if r.colour else ' '} {r.code.value}", reading=_BYE_NAMES[kind],
                        code=kind.value),
                )  # fmt: skip

    def _check_scoring(self) -> None:
        """A win is worth more than a loss, and no result less than the one below it (C.04.1, C.07 1).

        Scoring systems rank players by points; ``XXS W=-1 L=7`` would rank the losers first.
        """
        sc = self.t.scoring
        order = [("win", sc.win), ("draw", sc.draw), ("loss", sc.loss)]
        if not sc.win > sc.loss or not sc.win >= sc.draw >= sc.loss:
            shown = ", ".join(f"{name} {value}" for name, value in order)
            self.error(0, 0, "scoring system", msg("trf.scoring_order", "expected win > loss and win >= draw >= loss, found {found}", found=shown))
        elif sc.forfeit_win < sc.forfeit_loss or sc.forfeit_loss > sc.loss:
            self.error(0, 0, "scoring system", msg(
                "trf.scoring_forfeits",
                "expected forfeit win >= forfeit loss and forfeit loss <= loss, found forfeit win {win}, forfeit loss {loss}",
                win=sc.forfeit_win, loss=sc.forfeit_loss))  # fmt: skip

    def _national(self, line: str, n: int) -> None:
        rank = self._int(line[4:8], n, 5, f"{line[:3]} start rank", low=1, high=limits.MAX_PLAYERS)
        if rank is None:
            return
        player = self.t.players.get(rank)
        if player is None:
            self.error(n, 5, f"{line[:3]} start rank", msg("trf.no_player", "no 001 record for start rank {rank}", rank=rank))
            return
        padded = line.ljust(91)
        rating = self._int(padded[48:52], n, 49, f"{line[:3]} rating", blank=0)
        player.national_ratings.append(
            NationalRating(
                federation=line[:3],
                rating=rating or 0,
                name=limits.nfc(padded[14:47].strip()),
                national_id=padded[57:68].strip(),
                origin=padded[53:56].strip(),
                birth_date=padded[69:79].strip(),
                sex=padded[9].strip(),
                title=padded[10:13].strip(),
            )
        )


_NOT_PAIRED = RoundResult(None, None, ResultCode.NOT_PAIRED)
#: A column after the last paired round: the bye asked for that round. Besides ``H Z F`` (JaVaFo,
#: bbpPairings), Vega writes an absence as ``0000 - -`` and a half point as ``0000 - =``, which
#: bbpPairings reads the same way (trf.md §5; Vega manual, trfx files).
#: Fields whose values may be negative: the points of a scoring system.
_SIGNED_FIELDS = ("162 ", "BB", "XXS ")
_NEXT_BYE_KIND = {
    ResultCode.HALF_BYE: "H", ResultCode.ZERO_BYE: "Z", ResultCode.FULL_BYE: "F",
    ResultCode.FORFEIT_LOSS: "Z", ResultCode.DRAW: "H",
    ResultCode.LOSS: "Z", ResultCode.WIN: "F",
    ResultCode.UNRATED_DRAW: "H", ResultCode.UNRATED_LOSS: "Z", ResultCode.UNRATED_WIN: "F",
}  # fmt: skip
#: A game's result against nobody in a played round: the bye of the same points (trf.md §5). bbpPairings
#: reads ``0000 - =`` as a half-point bye and refuses ``0000 - 0``/``0000 - 1``; the TEC reader scores each
#: by its character (draw, loss, win).
_OLD_BYES = {
    ResultCode.DRAW: ResultCode.HALF_BYE, ResultCode.UNRATED_DRAW: ResultCode.HALF_BYE,
    ResultCode.LOSS: ResultCode.ZERO_BYE, ResultCode.UNRATED_LOSS: ResultCode.ZERO_BYE,
    ResultCode.WIN: ResultCode.FULL_BYE, ResultCode.UNRATED_WIN: ResultCode.FULL_BYE,
}  # fmt: skip
def _next_bye_kind(r: RoundResult) -> str | None:
    """The bye a block without an opponent stands for (``H Z F``), or ``None``.

    A game's result (``= 0 1 D L W``) is a bye only in the bye form, with colour ``-`` or blank:
    ``0000 w 1`` claims a game and is refused (needs an opponent).
    """
    if r.opponent is not None:
        return None
    if r.code in _OLD_BYES and r.colour not in (None, Colour.NONE) and r.code is not ResultCode.DRAW:
        return None
    return _NEXT_BYE_KIND.get(r.code)


_BYE_NAMES = {
    ResultCode.HALF_BYE: msg("trf.bye_half", "a half-point bye"), ResultCode.ZERO_BYE: msg("trf.bye_zero", "a zero-point bye"),
    ResultCode.FULL_BYE: msg("trf.bye_full", "a full-point bye"),
}  # fmt: skip


#: Characters other programs take for a line end (NUL, VT, FF, FS-RS, NEL, U+2028, U+2029): the
#: writer refuses them in values, so the reader refuses a line that holds one (trf.md §2).
_RECORD_BREAKS = re.compile("[\x00\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
#: Bidi controls and lone surrogates (issue 38) are ``limits.HIDDEN_CHARACTERS``: a name that reads backwards
#: on the public pages, or text no UTF-8 writer can write. The forms refuse them (``limits.control_characters``).


def _iter_lines(text: str) -> Iterator[str]:
    """The lines of ``text`` split at CR LF, CR or LF, one at a time (no list of millions of lines)."""
    start = 0
    for m in _LINE_SPLIT.finditer(text):
        yield text[start : m.start()]
        start = m.end()
    yield text[start:]


def _looks_like_player(line: str) -> bool:
    return len(line) >= 8 and _is_digits(line[4:8].strip())


def _last_paired_round(t: Tournament) -> int:
    """The last round in which somebody has an opponent or a pairing-allocated bye."""
    last = 0
    for player in t.players.values():
        for k in range(len(player.results), last, -1):
            r = player.results[k - 1]
            if r.opponent is not None or r.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN):
                last = k
                break
    # A round after the last paired one in which *every* player has a recorded bye or
    # absence (H, Z, F, ``-``) took place without boards (issue 35 item 6): it counts as
    # played, so the next pairing is of the round after it. Pairing it again would give
    # zero boards (C.04.1 art. 1: the pairing is of the players present; here none is).
    players = list(t.players.values())
    while players and all(
        len(p.results) > last and _next_bye_kind(p.results[last]) is not None
        for p in players
    ):
        last += 1
    return last


def _scoring(values: dict[str, Decimal]) -> ScoringSystem:
    """The scoring system from explicit values; unspecified ones follow the usual defaults."""
    base = ScoringSystem()
    win = values.get("W", base.win)
    draw = values.get("D", base.draw)
    loss = values.get("L", base.loss)
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=loss,
        forfeit_win=values.get("FW", win),
        forfeit_loss=values.get("FL", loss),
        pairing_bye=values.get("PAB", win),
        full_bye=values.get("FPB", win),
        half_bye=values.get("HPB", draw),
        zero_bye=values.get("ZPB", loss),
    )


def parse_trf(data: str | bytes, source: str = "<string>", *, validate: bool = True) -> ParseResult:
    """Read a TRF-2026 or TRF16 file (text or bytes in UTF-8 or Latin-1).

    Never raises on bad input: problems are returned as diagnostics. With
    ``validate`` (the default) the consistency checks of
    :func:`arbitro.trf.validate.validate` run too.
    """
    reader = _Reader(source)
    sink = reader.sink
    if len(data) > limits.MAX_TRF_BYTES:
        reader.error(0, 0, "file", msg("trf.too_big", "expected at most {mb} MB (9,999 players x 99 rounds), found {found} bytes",
                                       mb=limits.MAX_TRF_BYTES // (1024 * 1024), found=f"{len(data):,}"))  # fmt: skip
        return ParseResult(reader.t, sink.kept, reader.version, sink.error_count, sink.warning_count)
    if isinstance(data, bytes):
        text, bad_line = limits.decode_text(data)
        if bad_line is not None:  # legacy Latin-1 files are read (trf.md §2), never silently (issue 38)
            reader.warn(bad_line, 0, "file", msg(
                "trf.not_utf8", "not UTF-8 (the first invalid byte, or an encoded surrogate, is on this line); the whole file is read as Latin-1"))  # fmt: skip
    else:
        text = decode_trf(data)
    if "\x00" in text:
        reader.error(0, 0, "file", msg("trf.binary", "expected a text file, found binary data (NUL bytes)"))
        return ParseResult(reader.t, sink.kept, reader.version, sink.error_count, sink.warning_count)
    reader.parse(text)
    if not reader.t.players and not sink.error_count:
        reader.error(0, 0, "001", msg("trf.no_players", "expected at least one player record (001), found none"))
    if validate and not sink.error_count:
        # Consistency checks only on a file whose records could all be read: on a broken file
        # they would repeat its errors, and their cost must not depend on the damage.
        from arbitro.trf.validate import validate as _validate

        sink.extend(_validate(reader.t, source, reader.player_lines))
    return ParseResult(reader.t, sink.kept, reader.version, sink.error_count, sink.warning_count)
