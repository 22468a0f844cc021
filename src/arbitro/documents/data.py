"""Data gathering for the documents: plain rows computed from a :class:`Tournament`.

No layout here (see :mod:`.pdf`, :mod:`.exports`, :mod:`.site`): every
function returns dataclasses or lists of strings that any layout can print.

* Board order of a pairing sheet: C.04.2 (2026) 3.6 - score of the pair's
  higher-ranked player, then the sum of both scores, then the pairing number
  of the higher-ranked player; round robins keep the Berger table order
  (C.05 Annex 1) when the games are exactly those of the table.
* With accelerated pairings the pairing score (virtual points included) orders the
  boards (C.04.7); the printed points stay the real ones.
* Points are the ones computed from the results (``Player.score``), not the
  declared TRF column.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.model import Colour, Player, ResultCode, RoundResult, ScoringSystem, Tournament
from arbitro.pairing.berger import berger_table, is_double_round_robin

__all__ = [
    "ByeRow",
    "CrossRow",
    "DIAGONAL",
    "GameRow",
    "RoundSheet",
    "bye_key",
    "crosstable_rows",
    "fmt_points",
    "fmt_value",
    "game_result",
    "last_paired_round",
    "last_round_with_results",
    "result_mark",
    "round_sheet",
    "scores_by_round",
]


def fmt_points(value: Decimal | int | None) -> str:
    """``2.5`` -> ``2½``, ``0.5`` -> ``½``, ``3`` -> ``3``; other fractions as decimals."""
    if value is None:
        return ""
    d = Decimal(value)
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return "½" if whole == 0 else f"{whole}½"
    return format(d.normalize(), "f")


def fmt_value(value: Decimal | int | None) -> str:
    """A tie-break value as printed: ``""`` for no value, decimals without trailing noise."""
    if value is None:
        return ""
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    return format(d.normalize(), "f")


_WHITE_TEXT = {
    ResultCode.WIN: "1-0",
    ResultCode.DRAW: "½-½",
    ResultCode.LOSS: "0-1",
    ResultCode.FORFEIT_WIN: "+ - -",
    ResultCode.FORFEIT_LOSS: "- - +",
    ResultCode.UNRATED_WIN: "1-0",
    ResultCode.UNRATED_DRAW: "½-½",
    ResultCode.UNRATED_LOSS: "0-1",
}


def game_result(white_code: ResultCode, black_code: ResultCode | None = None) -> str:
    """The result of a game from White's code (``1-0``, ``½-½``, ``+ - -``; ``- - -`` double forfeit)."""
    if white_code is ResultCode.FORFEIT_LOSS and black_code is ResultCode.FORFEIT_LOSS:
        return "- - -"
    return _WHITE_TEXT.get(white_code, "")


def bye_key(code: ResultCode) -> str:
    """The label key of a round without opponent."""
    return {
        ResultCode.PAIRING_BYE: "pab",
        ResultCode.FULL_BYE: "full_bye",
        ResultCode.HALF_BYE: "half_bye",
        ResultCode.ZERO_BYE: "zero_bye",
    }.get(code, "absent")


@dataclass(frozen=True, slots=True)
class GameRow:
    board: int
    white: Player
    black: Player
    white_points: Decimal  # before the round
    black_points: Decimal
    result: str  # "" when not entered yet


@dataclass(frozen=True, slots=True)
class ByeRow:
    player: Player
    points: Decimal  # before the round
    kind: str  # label key: pab, full_bye, half_bye, zero_bye, absent
    code: str  # TRF code (U F H Z or " ")


@dataclass(slots=True)
class RoundSheet:
    round: int
    games: list[GameRow] = field(default_factory=list)
    byes: list[ByeRow] = field(default_factory=list)

    @property
    def paired(self) -> bool:
        return bool(self.games) or any(b.kind == "pab" for b in self.byes)

    @property
    def has_results(self) -> bool:
        return any(g.result for g in self.games) or any(b.kind != "absent" for b in self.byes)


def _white_first(t: Tournament, a: Player, ra: RoundResult, b: Player) -> tuple[Player, Player]:
    if ra.colour is Colour.WHITE:
        return a, b
    if ra.colour is Colour.BLACK:
        return b, a
    return (a, b) if a.start_rank < b.start_rank else (b, a)


def _berger_order(t: Tournament, round_number: int) -> dict[frozenset[int], int] | None:
    """Board of each pair in the Berger table (C.05 Annex 1), or None when the table does not apply."""
    ranks = sorted(t.players)
    n = len(ranks)
    if n < 2 or ranks != list(range(1, n + 1)):
        return None
    try:
        table = berger_table(n, is_double_round_robin(t))
    except Exception:  # noqa: BLE001 - any table problem means: use the Swiss order
        return None
    if not 1 <= round_number <= len(table):
        return None
    return {frozenset(pair): i for i, pair in enumerate(table[round_number - 1], start=1)}


def round_sheet(t: Tournament, round_number: int) -> RoundSheet:
    """Games and byes of ``round_number``, boards in C.04.2 3.6 order (Berger order for round robins)."""
    sheet = RoundSheet(round_number)
    before = {p.start_rank: p.score(t.scoring, round_number - 1) for p in t.players.values()}
    pairs: list[tuple[Player, Player, str]] = []
    seen: set[int] = set()
    for p in t.iter_players():
        r = p.result(round_number)
        if r is None:
            req = t.byes_for_round(round_number).get(p.start_rank)
            if req is not None:
                code = ResultCode(req)
                sheet.byes.append(ByeRow(p, before[p.start_rank], bye_key(code), code.value))
            continue
        if r.opponent is None or r.opponent not in t.players:
            sheet.byes.append(ByeRow(p, before[p.start_rank], bye_key(r.code), r.code.value))
            continue
        if p.start_rank in seen:
            continue
        opp = t.players[r.opponent]
        seen.update((p.start_rank, opp.start_rank))
        white, black = _white_first(t, p, r, opp)
        wr = white.result(round_number)
        br = black.result(round_number)
        result = game_result(wr.code, br.code if br else None) if wr else ""
        pairs.append((white, black, result))
    berger = _berger_order(t, round_number) if t.is_round_robin else None

    # C.04.7 (Baku acceleration): the pairing score, with the virtual points, orders the boards.
    pairing = (
        {sr: pts + t.acceleration(sr, round_number) for sr, pts in before.items()}
        if t.accelerations
        else before
    )

    def higher(w: Player, b: Player) -> Player:
        sw, sb = pairing[w.start_rank], pairing[b.start_rank]
        if sw != sb:
            return w if sw > sb else b
        return w if w.start_rank < b.start_rank else b

    def key(item: tuple[Player, Player, str]) -> tuple[int, Decimal, Decimal, int]:
        w, b, _ = item
        if berger is not None:
            board = berger.get(frozenset((w.start_rank, b.start_rank)))
            if board is not None:
                return (board, Decimal(0), Decimal(0), 0)
        h = higher(w, b)
        return (10**6, -pairing[h.start_rank], -(pairing[w.start_rank] + pairing[b.start_rank]), h.start_rank)

    pairs.sort(key=key)
    for board, (w, b, result) in enumerate(pairs, start=1):
        sheet.games.append(GameRow(board, w, b, before[w.start_rank], before[b.start_rank], result))
    order = {"pab": 0, "full_bye": 1, "half_bye": 2, "zero_bye": 3, "absent": 4}
    sheet.byes.sort(key=lambda row: (order.get(row.kind, 9), row.player.start_rank))
    return sheet


def last_paired_round(t: Tournament) -> int:
    return t.played_rounds


def last_round_with_results(t: Tournament) -> int:
    for r in range(t.played_rounds, 0, -1):
        if round_sheet(t, r).has_results:
            return r
    return 0


def scores_by_round(t: Tournament, rounds: int | None = None) -> dict[int, list[Decimal]]:
    """Cumulative score of every player after each round 1..``rounds``."""
    n = t.played_rounds if rounds is None else rounds
    out: dict[int, list[Decimal]] = {}
    for p in t.iter_players():
        total = Decimal(0)
        row: list[Decimal] = []
        for r in range(1, n + 1):
            res = p.result(r)
            if res is not None:
                total += t.scoring.points(res.code)
            row.append(total)
        out[p.start_rank] = row
    return out


@dataclass(frozen=True, slots=True)
class CrossRow:
    """One line of a crosstable: cells per round (Swiss) or per opponent (round robin)."""

    rank: int
    player: Player
    cells: list[str]
    points: Decimal
    values: list[str]  # the tie-breaks after points


_CELL = {"W": "1", "D": "½", "L": "0"}
#: The diagonal of a round-robin grid (a player does not meet themself); layouts shade it.
DIAGONAL = "■"


def swiss_cell(r: RoundResult | None, rank_of: dict[int, int]) -> str:
    """``12w1``: the opponent's rank, the colour and the result; ``+``/``-`` forfeits; byes by code."""
    if r is None:
        return ""
    if r.opponent is None:
        if r.code is ResultCode.NOT_PAIRED:
            return "-"
        return {"U": "PAB", "F": "bye+", "H": "bye½", "Z": "bye0"}.get(r.code.value, r.code.value)
    colour = r.colour.value if r.colour in (Colour.WHITE, Colour.BLACK) else ""
    opp = rank_of.get(r.opponent, r.opponent)
    if r.code.is_forfeit:
        return f"{opp}{colour}{'+' if r.code is ResultCode.FORFEIT_WIN else '-'}"
    if r.code is ResultCode.NOT_PAIRED:
        return f"{opp}{colour}"
    return f"{opp}{colour}{_CELL[r.code.outcome]}"


def result_mark(code: ResultCode, scoring: ScoringSystem) -> str:
    """A player's result in one round: ``1 ½ 0`` over the board, ``+ -`` forfeits, a bye's points."""
    if code.is_forfeit:
        return "+" if code is ResultCode.FORFEIT_WIN else "-"
    if code.is_played:
        return _CELL[code.outcome]
    if code is ResultCode.NOT_PAIRED:
        return ""
    return fmt_points(scoring.points(code))


def rr_cell(p: Player, opponent: int, rounds: int | None = None) -> str:
    """Results of ``p`` against ``opponent`` in a round robin grid (two for a double round robin)."""
    marks: list[str] = []
    for r in p.results if rounds is None else p.results[:rounds]:
        if r.opponent != opponent:
            continue
        if r.code.is_forfeit:
            marks.append("+" if r.code is ResultCode.FORFEIT_WIN else "-")
        elif r.code is ResultCode.NOT_PAIRED:
            marks.append("·")
        else:
            marks.append(_CELL[r.code.outcome])
    return " ".join(marks)


def crosstable_rows(
    t: Tournament,
    order: Iterable[tuple[int, int]],
    values: dict[int, list[str]],
    *,
    grid: bool,
    rounds: int | None = None,
) -> list[CrossRow]:
    """Rows in ``order`` ((rank, start rank) pairs); ``grid`` = Berger grid by start rank, else Swiss cells.

    ``rounds`` limits the table to rounds 1..``rounds`` (default: every recorded round).
    """
    last = t.played_rounds if rounds is None else min(rounds, t.played_rounds)
    ordered = list(order)
    rank_of = {sr: rank for rank, sr in ordered}
    rows: list[CrossRow] = []
    columns = [sr for _, sr in ordered]
    for rank, sr in ordered:
        p = t.players[sr]
        if grid:
            cells = [DIAGONAL if o == sr else rr_cell(p, o, last) for o in columns]
        else:
            cells = [swiss_cell(p.result(r), rank_of) for r in range(1, last + 1)]
        rows.append(CrossRow(rank, p, cells, p.score(t.scoring, last), values.get(sr, [])))
    return rows
