"""TRF writer: TRF-2026 (default) or TRF16 with the XX/BB extensions (trf.md §3-§5).

:func:`format_trf` is pure: it returns the text. Reading the text back with
:func:`arbitro.trf.reader.parse_trf` gives an equal :class:`~arbitro.model.Tournament`
in both versions: what TRF16 cannot say natively goes into the de-facto
extensions (``XXR``, ``XXC``, ``BB*``/``XXS``, ``XXA``, ``XXP``, next-round
``0000 - H`` columns), and TRF-2026 records without a TRF16 equivalent
(``172``-``222``, ``260`` with rounds) are written as they are, which TRF16
readers ignore.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Acceleration, Colour, Player, ResultCode, ScoringSystem, Tournament

__all__ = ["format_trf", "format_points"]

VERSIONS = ("trf26", "trf16")


def format_points(value: Decimal) -> str:
    """Points as TRF writes them: one decimal at least (``3.0``, ``2.5``, ``0.25``)."""
    q = value.normalize()
    text = format(q, "f")
    if "." not in text:
        text += ".0"
    return text


def _date(value: dt.date | None) -> str:
    return "" if value is None else f"{value.year:04d}/{value.month:02d}/{value.day:02d}"


_DMY = re.compile(r"(\d{1,2})\s*[./\-]\s*(\d{1,2})\s*[./\-]\s*(\d{4})")
_YMD = re.compile(r"(\d{4})\s*[./\-]\s*(\d{1,2})\s*[./\-]\s*(\d{1,2})")


def normalise_birth_date(text: str) -> str | None:
    """A birth date in TRF's ``YYYY/MM/DD`` (``1982/00/00`` for a year alone); ``None`` if unreadable.

    Vega writes ``dd.mm.yyyy``, others ``yyyy-mm-dd`` or a bare year; TRF16 and TRF-2026 ask for
    ``YYYY/MM/DD`` in columns 70-79 (trf.md §3.2), which the TEC reader parses.
    """
    s = text.strip()
    if not s:
        return ""
    if s.isascii() and s.isdigit() and len(s) == 4:
        return f"{s}/00/00"
    m = _YMD.fullmatch(s)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    else:
        m = _DMY.fullmatch(s)
        if not m:
            return None
        d, mo, y = int(m[1]), int(m[2]), int(m[3])
    if mo > 12 or d > 31 or (mo == 0 and d != 0):
        return None
    if mo and d:
        try:
            dt.date(y, mo, d)
        except ValueError:
            return None
    return f"{y:04d}/{mo:02d}/{d:02d}"


def _block(opponent: int | None, colour: Colour | None, code: str) -> str:
    if opponent is None and code == " ":
        # not paired: a blank block (``0000 -`` with a blank result ends a line at column 96 once the
        # line is trimmed, and bbpPairings refuses the line, issue 37)
        return "        "
    opp = f"{opponent:>4}" if opponent is not None else "0000"
    return f"{opp} {colour.value if colour is not None else ' '} {code}"


def _player_line(code: str, p: Player, bye_columns: dict[int, str], played: int, points: Decimal) -> str:
    birth = normalise_birth_date(p.birth_date)
    head = (
        f"{code} {p.start_rank:>4} {p.sex or ' ':1}{p.title:>3} {p.name[:33]:<33} "
        f"{(str(p.rating) if p.rating else ''):>4} {p.federation[:3]:<3} {p.fide_id[:11]:>11} "
        f"{(p.birth_date if birth is None else birth)[:10]:<10} {format_points(points):>4} "
        f"{(str(p.rank) if p.rank is not None else ''):>4}"
    )
    blocks = [_block(r.opponent, r.colour, r.code.value) for r in p.results]
    for k in sorted(bye_columns):
        while len(blocks) < k - 1:
            blocks.append("        ")
        blocks.append(f"0000 - {bye_columns[k]}")
    line = head + "".join(f"  {b}" for b in blocks)
    return line.rstrip()


def _next_bye_points(t: Tournament, columns: dict[int, str], played: int) -> Decimal:
    """Points of a TRF16 ``0000 - H`` column for the next round, which the points column includes.

    trf.md §5 and §7.2: in TRF(x) the known next-round bye is already in the
    total; bbpPairings' ``-c`` counts that column as a round and refuses a total
    without it. The reader takes it back out (``_finish``).
    """
    kind = columns.get(played + 1)
    return t.scoring.points(ResultCode(kind)) if kind else Decimal("0")


def _national_line(p: Player) -> list[str]:
    out = []
    for nr in p.national_ratings:
        out.append(
            f"{nr.federation:<3} {p.start_rank:>4} {nr.sex or ' ':1}{nr.title:>3} {nr.name[:33]:<33} "
            f"{(str(nr.rating) if nr.rating else ''):>4} {nr.origin[:3]:<3} {nr.national_id[:11]:>11} "
            f"{nr.birth_date[:10]:<10}".rstrip()
        )
    return out


def _record_162(s: ScoringSystem) -> str:
    """The ``162`` record in the reference layout (trf.md §4.2, bbpPairings and the TEC reader).

    Code in column 6, its points right-aligned in columns 7-10, the next code
    9 columns later: ``162  W 3.0    D 1.0    L 0.0``. ``W``, ``D`` and ``L``
    are always written; ``P`` only when the PAB differs from a win and ``A``
    (unplayed losing rounds) only when a forfeit loss is worth something,
    since bbpPairings v6.0.0 refuses ``A`` (trf.md §6.1) and both reference
    readers take 0 when it is absent (so does Arbitro's reader).
    """
    parts = [("W", s.win), ("D", s.draw), ("L", s.loss)]
    if s.pairing_bye != s.win:
        parts.append(("P", s.pairing_bye))
    if s.forfeit_loss != 0:
        parts.append(("A", s.forfeit_loss))
    return ("162 " + "".join(f" {c}{format_points(v):>4}   " for c, v in parts)).rstrip()


def _scoring_lines(s: ScoringSystem, version: str) -> list[str]:
    if s.is_standard:
        return []
    lines: list[str] = []
    # What the short forms express, and what the defaults derive from them.
    if version == "trf26":
        lines.append(_record_162(s))
    else:
        for code, value in (("BBW", s.win), ("BBD", s.draw), ("BBL", s.loss), ("BBZ", s.zero_bye),
                            ("BBF", s.forfeit_loss), ("BBU", s.pairing_bye)):  # fmt: skip
            lines.append(f"{code} {format_points(value):>4}")
    extra = []
    if s.forfeit_win != s.win:
        extra.append(f"FW={format_points(s.forfeit_win)}")
    if s.full_bye != s.win:
        extra.append(f"FPB={format_points(s.full_bye)}")
    if s.half_bye != s.draw:
        extra.append(f"HPB={format_points(s.half_bye)}")
    if version == "trf26" and s.zero_bye != s.loss:
        extra.append(f"ZPB={format_points(s.zero_bye)}")
    if extra:
        lines.append("XXS " + " ".join(extra))
    return lines


def _acceleration_runs(accs: list[Acceleration]) -> list[tuple[Decimal, int, int, int, int]]:
    """``250`` lines: (points, first round, last round, first player, last player)."""
    by_player: dict[int, dict[int, Decimal]] = defaultdict(dict)
    for a in accs:
        by_player[a.start_rank][a.round] = by_player[a.start_rank].get(a.round, Decimal("0")) + a.points
    runs: list[tuple[Decimal, int, int, int]] = []  # points, r1, r2, player
    for rank in sorted(by_player):
        rounds = sorted(by_player[rank].items())
        start = prev = rounds[0][0]
        value = rounds[0][1]
        for rnd, pts in rounds[1:]:
            if rnd == prev + 1 and pts == value:
                prev = rnd
                continue
            runs.append((value, start, prev, rank))
            start = prev = rnd
            value = pts
        runs.append((value, start, prev, rank))
    merged: list[tuple[Decimal, int, int, int, int]] = []
    for value, r1, r2, rank in sorted(runs, key=lambda x: (x[1], x[2], x[0], x[3])):
        if merged:
            v, a1, a2, p1, p2 = merged[-1]
            if (v, a1, a2) == (value, r1, r2) and rank == p2 + 1:
                merged[-1] = (v, a1, a2, p1, rank)
                continue
        merged.append((value, r1, r2, rank, rank))
    return merged


#: The widest number each ``001`` field holds (columns 5-8, 49-52: four digits in TRF16 and TRF-2026
#: alike; the TRF-2026 digest keeps the TRF16 layout, ../shared/reference/trf.md §4.1).
_FIELD_MOST = 9_999


def _refuse_too_wide(t: Tournament, version: str) -> None:
    """A file whose numbers do not fit their columns is refused, never written unreadable (issue 37)."""
    label = "TRF-2026" if version == "trf26" else "TRF16"
    wide = [r for r in t.players if r > _FIELD_MOST]
    if wide:
        raise ArbitroError(
            f"{label}: {len(t.players):,} players, start rank {max(wide):,} does not fit the 4-digit start-rank "
            f"field (columns 5-8, at most {_FIELD_MOST:,} players); the file cannot be written in this format"
        )
    for p in t.players.values():
        if p.rating > _FIELD_MOST or (p.rank is not None and p.rank > _FIELD_MOST):
            what = "rating" if p.rating > _FIELD_MOST else "rank"
            raise ArbitroError(f"{label}: player {p.start_rank}: {what} does not fit its 4-digit field; correct it first")


def written_points(t: Tournament, p: Player) -> Decimal:
    """The ``001`` points Arbitro writes: the sum of the results, as bbpPairings and the TEC reader check.

    A declared total that readers also accept (the results plus the player's acceleration,
    trf.md §5) is kept; any other is replaced by the sum, and :func:`format_trf` keeps the original
    in a ``###`` line.
    """
    computed = p.score(t.scoring)
    if p.points == computed:
        return computed
    acc = sum((a.points for a in t.accelerations if a.start_rank == p.start_rank), Decimal("0"))
    return p.points if acc and p.points == computed + acc else computed


def format_trf(t: Tournament, version: str = "trf26", *, line_end: str = "\n", strict: bool = False) -> str:
    """The TRF text of ``t`` (``version``: ``"trf26"`` or ``"trf16"``).

    ``strict`` (TRF16 only): exactly the records of TRF16 and its de-facto extensions (``XX*``,
    ``BB*``); what only TRF-2026 can say (``172``-``222``, national-rating lines, ``240`` for a
    past round, ``260`` limited to rounds other than the next, ``299``) is left out. Without it the
    TRF-2026 records are written too, so both versions read back into an equal model.
    """
    if version not in VERSIONS:
        raise ValueError(f"unknown TRF version {version!r}; expected one of {', '.join(VERSIONS)}")
    _refuse_too_wide(t, version)
    trf26 = version == "trf26"
    strict16 = strict and not trf26
    points = {r: written_points(t, p) for r, p in t.players.items()}
    notes = [
        f"001 points of player {r}: {format_points(t.players[r].points)} in the original, "
        f"written {format_points(v)} (the sum of the results)"
        for r, v in sorted(points.items())
        if v != t.players[r].points
    ]
    out: list[str] = [f"###{' ' if c else ''}{c}" for c in [*t.comments, *notes]]
    header = [
        ("012", t.name), ("022", t.city), ("032", t.federation), ("042", _date(t.start_date)),
        ("052", _date(t.end_date)),
        ("062", "" if t.declared_players is None else str(t.declared_players)),
        ("072", "" if t.declared_rated_players is None else str(t.declared_rated_players)),
        ("082", "" if t.declared_teams is None else str(t.declared_teams)),
        ("092", t.type_text), ("102", t.chief_arbiter),
    ]  # fmt: skip
    out.extend(f"{c} {v}" for c, v in header if v)
    out.extend(f"112 {d}" for d in t.deputy_arbiters)
    if t.time_control:
        out.append(f"122 {t.time_control}")
    if t.round_dates:
        cells = "  ".join(
            f"{d.year % 100:02d}/{d.month:02d}/{d.day:02d}" if d else " " * 8 for d in t.round_dates
        )
        out.append(("132" + " " * 88 + cells).rstrip())
    if t.rounds is not None:
        out.append(f"142 {t.rounds}" if trf26 else f"XXR {t.rounds}")
    xxc = []
    if t.initial_colour in (Colour.WHITE, Colour.BLACK):
        if trf26:
            out.append(f"152 {'W' if t.initial_colour is Colour.WHITE else 'B'}")
        else:
            xxc.append("white1" if t.initial_colour is Colour.WHITE else "black1")
    if t.pairing_by_rank:
        xxc.append("rank")
    if xxc:
        out.append("XXC " + " ".join(xxc))
    out.extend(_scoring_lines(t.scoring, version))
    for code, value in (("172", t.rating_mode), ("182", t.program), ("192", t.system),
                        ("202", ",".join(t.tiebreaks)), ("212", ",".join(t.standings_tiebreaks)),
                        ("222", t.time_control_code)):  # fmt: skip
        if value and not strict16:
            out.append(f"{code} {value}")

    played = t.played_rounds
    next_byes: dict[int, dict[int, str]] = defaultdict(dict)
    later_byes = []
    for bye in t.requested_byes:
        if not trf26 and bye.round > played:
            next_byes[bye.start_rank][bye.round] = bye.kind
        else:
            later_byes.append(bye)
    for p in t.players.values():
        columns = next_byes.get(p.start_rank, {})
        out.append(_player_line("001", p, columns, played, points[p.start_rank] + _next_bye_points(t, columns, played)))
        if not strict16:
            out.extend(_national_line(p))
    out.extend(r.text for r in t.team_records)

    grouped: dict[tuple[str, int], list[int]] = defaultdict(list)
    for bye in later_byes:
        grouped[(bye.kind, bye.round)].append(bye.start_rank)
    for (kind, rnd), ranks in grouped.items():
        if strict16:
            break
        out.append(f"240 {kind} {rnd:03d} " + " ".join(f"{r:04d}" for r in ranks))
    if t.accelerations:
        if trf26:
            for pts, r1, r2, p1, p2 in _acceleration_runs(t.accelerations):
                out.append(f"250      {format_points(pts):>4} {r1:>3} {r2:>3} {p1:>4} {p2:>4}")
        else:
            table: dict[int, dict[int, Decimal]] = defaultdict(dict)
            for a in t.accelerations:
                table[a.start_rank][a.round] = table[a.start_rank].get(a.round, Decimal("0")) + a.points
            for rank in sorted(table):
                last = max(table[rank])
                cells = " ".join(
                    f"{format_points(table[rank].get(r, Decimal('0'))):>4}" for r in range(1, last + 1)
                )
                out.append(f"XXA {rank:>4} {cells}")
    for pp in t.prohibited_pairings:
        if pp.first_round is None and pp.last_round is None:
            out.append("XXP " + " ".join(str(r) for r in pp.players))
        elif strict16:  # TRF16 says XXP for every round: only a ban that holds for the next round
            nxt = played + 1
            if (pp.first_round or 1) <= nxt <= (pp.last_round or nxt):
                out.append("XXP " + " ".join(str(r) for r in pp.players))
        else:
            first = pp.first_round if pp.first_round is not None else 1
            last = pp.last_round if pp.last_round is not None else max(t.total_rounds, first)
            out.append(f"260 {first:03d} {last:03d} " + " ".join(f"{r:04d}" for r in pp.players))
    if not strict16:
        out.extend(r.text for r in t.abnormal_points)
    out.extend(r.text for r in t.other_records)
    _refuse_new_records(out)
    return line_end.join(out) + line_end


#: What any reader may take for the end of a line: CR, LF, and what ``str.splitlines`` also
#: splits at (VT, FF, FS, GS, RS, NEL, U+2028, U+2029), plus NUL (a binary file to most readers).
_BREAKS = re.compile("[\x00\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


def _refuse_new_records(lines: list[str]) -> None:
    """No value may start a new record (issue 21): a name holding ``\r142 1`` is refused, not written."""
    if _BREAKS.search("".join(lines)) is None:
        return
    for line in lines:
        m = _BREAKS.search(line)
        if m is not None:
            raise ArbitroError(
                f"TRF record {line[:3]!r}: a value holds a line break or control character "
                f"(U+{ord(m[0]):04X}) that would start a new record; correct the value first"
            )
