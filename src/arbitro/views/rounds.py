"""The round sheet: one round's games in board order, then its byes and absences.

Board order (the one place every face takes it from):

* C.04.2 (2026) 3.6: by the score of the pair's higher-ranked player, then the
  sum of both scores, then the pairing number of the higher-ranked player; the
  higher-ranked player is the one with more points, then the lower pairing
  number (C.04.3 1.2). The pairing number is the position in pairing-number
  order (C.04.2 2.3: by start rank, or file order with ``XXC rank``).
* C.04.7 (Baku acceleration): the pairing score, virtual points included,
  orders the boards (the TRF's ``250``/``XXA`` points, else the Baku points of
  a ``..._BAKU`` system as the Dutch engine computes them); the printed points
  stay the real ones.
* Round robins (C.05 Annex 1): the Berger table's board order, when the round's
  games are exactly those of the table for the players' numbers; else 3.6.

Points are the ones computed from the results (``Player.score``), not the
declared TRF column. Nothing here decides a pairing: the sheet only shows the
games recorded in the players' round blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.berger import NO_SWAP_NOTE, berger_table, is_double_round_robin
from arbitro.pairing.dutch_state import DutchOptions, baku_accelerations, ranking_order
from arbitro.views.text import BYE_KINDS, bye_kind, game_result_text, points_text

__all__ = [
    "ByeRow",
    "GameRow",
    "RoundSheet",
    "board_order_key",
    "games_per_round",
    "last_paired_round",
    "match_of",
    "last_round_with_results",
    "round_sheet",
]


@dataclass(frozen=True, slots=True)
class GameRow:
    """One board: the players as seated, their points before the round and the result so far."""

    board: int
    white: Player
    black: Player
    white_points: Decimal  # before the round
    black_points: Decimal
    white_code: ResultCode | None  # None or NOT_PAIRED while the game waits for its result
    black_code: ResultCode | None

    @property
    def result(self) -> str:
        """``1-0``, ``½-½``, ``1F-0F``...; ``""`` while not entered (:func:`~arbitro.views.text.game_result_text`)."""
        return game_result_text(self.white_code, self.black_code)

    @property
    def white_points_text(self) -> str:
        return points_text(self.white_points)

    @property
    def black_points_text(self) -> str:
        return points_text(self.black_points)

    @property
    def pair(self) -> tuple[int, int]:
        """``(white, black)`` start ranks: how a face names the board to the tournament service."""
        return (self.white.start_rank, self.black.start_rank)


@dataclass(frozen=True, slots=True)
class ByeRow:
    """A player without a game this round."""

    player: Player
    points: Decimal  # before the round
    kind: str  # label key: pab, full_bye, half_bye, zero_bye, absent
    code: str  # TRF code (U F H Z or " ")

    @property
    def points_text(self) -> str:
        return points_text(self.points)


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

    @property
    def complete(self) -> bool:
        """Every game has its result."""
        return all(g.result for g in self.games)

    def game(self, board: int) -> GameRow:
        """The game on ``board`` (1-based), or :class:`ArbitroError`."""
        if not 1 <= board <= len(self.games):
            raise ArbitroError(f"round {self.round} has boards 1-{len(self.games)}; there is no board {board}")
        return self.games[board - 1]


def board_order_key(
    white: tuple[Decimal, int], black: tuple[Decimal, int]
) -> tuple[Decimal, Decimal, int]:
    """C.04.2 3.6 sort key of a board from ``(pairing score, pairing number)`` of both players."""
    (sw, nw), (sb, nb) = white, black
    high, low = ((sw, nw), (sb, nb)) if (-sw, nw) < (-sb, nb) else ((sb, nb), (sw, nw))
    return (-high[0], -(high[0] + low[0]), high[1])


def _berger_order(t: Tournament, round_number: int) -> dict[frozenset[int], int] | None:
    """Board of each pair in the Berger table (C.05 Annex 1), or None when the table does not apply."""
    ranks = sorted(t.players)
    n = len(ranks)
    if n < 2 or ranks != list(range(1, n + 1)):
        return None
    try:
        table = berger_table(n, is_double_round_robin(t), NO_SWAP_NOTE not in t.comments)
    except ArbitroError:
        return None
    if not 1 <= round_number <= len(table):
        return None
    return {frozenset(pair): i for i, pair in enumerate(table[round_number - 1], start=1)}


def _virtual_points(t: Tournament, round_number: int) -> Callable[[int], Decimal] | None:
    """The C.04.7 virtual points of each start rank in ``round_number``, or None without acceleration."""
    if t.accelerations:
        return lambda sr: t.acceleration(sr, round_number)
    if t.system.upper().endswith("_BAKU"):
        baku = baku_accelerations(t, DutchOptions())
        return lambda sr: baku.get((sr, round_number), Decimal(0))
    return None


def _seated(a: Player, ra: RoundResult, b: Player) -> tuple[Player, Player]:
    """White first; a game without colours (forfeit ``-``) seats the lower start rank first."""
    if ra.colour is Colour.WHITE:
        return a, b
    if ra.colour is Colour.BLACK:
        return b, a
    return (a, b) if a.start_rank < b.start_rank else (b, a)


def games_per_round(t: Tournament) -> int:
    """TRF round columns per round of ``t``'s system: 2 for two-game matches (C.04.5), else 1."""
    from arbitro.pairing import registry

    return registry.of_tournament(t).games_per_round


def match_of(t: Tournament, column: int) -> tuple[int, int]:
    """``(round, game)`` of a TRF round column: ``(column, 1)``, or for two-game matches ``(k, 1|2)``."""
    games = games_per_round(t)
    return ((column - 1) // games + 1, (column - 1) % games + 1)


def round_sheet(t: Tournament, round_number: int) -> RoundSheet:
    """Games and byes of ``round_number``: boards in C.04.2 3.6 order (Berger order for round robins).

    Two-game matches (C.04.5): ``round_number`` is a TRF column; both games of a
    match keep the board order and the points from before the match, and the
    requested byes (``240``) count matches.
    """
    sheet = RoundSheet(round_number)
    match, game = match_of(t, round_number)
    first = round_number - game + 1  # the match's first column
    before = {p.start_rank: p.score(t.scoring, first - 1) for p in t.players.values()}
    pairs: list[tuple[Player, Player]] = []
    seen: set[int] = set()
    requested = t.byes_for_round(match)
    for p in t.iter_players():
        r = p.result(round_number)
        if r is None:
            kind = requested.get(p.start_rank)
            if kind is not None:
                code = ResultCode(kind)
                sheet.byes.append(ByeRow(p, before[p.start_rank], bye_kind(code), code.value))
            continue
        if r.opponent is None or r.opponent not in t.players:
            kind = bye_kind(r.code)
            g1 = p.result(first) if game > 1 else None
            if g1 is not None and g1.opponent is None and g1.code is ResultCode.PAIRING_BYE:
                kind = bye_kind(g1.code)  # C.04.5 1.4: the match's PAB (U, then H for game 2)
            sheet.byes.append(ByeRow(p, before[p.start_rank], kind, r.code.value))
            continue
        if p.start_rank in seen:
            continue
        opp = t.players[r.opponent]
        seen.update((p.start_rank, opp.start_rank))
        pairs.append(_seated(p, r, opp))

    berger = _berger_order(t, round_number) if t.is_round_robin else None
    virtual = _virtual_points(t, match)
    number = {sr: i for i, sr in enumerate(ranking_order(t), start=1)}

    def standing(p: Player) -> tuple[Decimal, int]:
        score = before[p.start_rank]
        if virtual is not None:
            score += virtual(p.start_rank)
        return (score, number[p.start_rank])

    if berger is not None and all(frozenset((w.start_rank, b.start_rank)) in berger for w, b in pairs):
        table = berger
        pairs.sort(key=lambda wb: table[frozenset((wb[0].start_rank, wb[1].start_rank))])
    else:
        pairs.sort(key=lambda wb: board_order_key(standing(wb[0]), standing(wb[1])))
    for board, (w, b) in enumerate(pairs, start=1):
        wr, br = w.result(round_number), b.result(round_number)
        white_code = wr.code if wr is not None else None
        black_code = br.code if br is not None else (white_code.mirrored if white_code is not None else None)
        sheet.games.append(GameRow(board, w, b, before[w.start_rank], before[b.start_rank], white_code, black_code))
    order = {kind: i for i, kind in enumerate(BYE_KINDS)}
    sheet.byes.sort(key=lambda row: (order.get(row.kind, len(order)), row.player.start_rank))
    return sheet


def last_paired_round(t: Tournament) -> int:
    return t.played_rounds


def last_round_with_results(t: Tournament) -> int:
    for r in range(t.played_rounds, 0, -1):
        if round_sheet(t, r).has_results:
            return r
    return 0
