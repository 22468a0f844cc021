"""Shapes the core model into rows for templates: display only, no chess rules.

Scores come from :meth:`arbitro.model.Player.score` (core), standings and
tie-breaks from :mod:`arbitro.standings` (core); this module only arranges what
they return into tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from arbitro.model import Colour, Player, ResultCode, RoundResult
from arbitro.model import Tournament as CoreTournament

from . import store


def fmt_points(value: Decimal | float | int | str | None) -> str:
    """``1.5`` -> ``1½``, ``2`` -> ``2``, ``0.5`` -> ``½``."""
    if value is None:
        return ""
    d = Decimal(str(value))
    whole = int(d)
    frac = d - whole
    if frac == 0:
        return str(whole)
    if frac == Decimal("0.5"):
        return "½" if whole == 0 else f"{whole}½"
    return f"{d.normalize():f}"


def fmt_column(values: Sequence[Decimal | float | int | str | None]) -> list[str]:
    """One style for a whole standings column.

    Halves (``11½``) only when every value of the column is a multiple of ½;
    otherwise every value in decimals, with the precision the core gave the
    column (the most decimal places among its values), so ``15.75`` stands next
    to ``11.50``, never ``11½``. Missing values stay blank.
    """
    numbers = [None if v is None else Decimal(str(v)) for v in values]
    present_ = [d for d in numbers if d is not None]
    if all((d * 2) == (d * 2).to_integral_value() for d in present_):
        return [fmt_points(d) for d in numbers]
    places = max(max(0, -int(d.as_tuple().exponent)) for d in present_)
    quantum = Decimal(1).scaleb(-places)
    return ["" if d is None else f"{d.quantize(quantum):f}" for d in numbers]


_SCORE_TEXT = {
    ResultCode.WIN: "1",
    ResultCode.DRAW: "½",
    ResultCode.LOSS: "0",
    ResultCode.FORFEIT_WIN: "+",
    ResultCode.FORFEIT_LOSS: "−",
    ResultCode.UNRATED_WIN: "1",
    ResultCode.UNRATED_DRAW: "½",
    ResultCode.UNRATED_LOSS: "0",
}


def result_text(code: ResultCode) -> str:
    return _SCORE_TEXT.get(code, code.value.strip())


@dataclass
class BoardRow:
    number: int
    white: Player
    black: Player
    white_points: str
    black_points: str
    result: str  # "1-0", "½-½", "+/−", "" when not entered


@dataclass
class ByeRow:
    player: Player
    kind: str  # code letter
    label: str


@dataclass
class RoundView:
    number: int
    boards: list[BoardRow] = field(default_factory=list)
    byes: list[ByeRow] = field(default_factory=list)
    complete: bool = True


_GAME_RESULT = {
    (ResultCode.WIN, ResultCode.LOSS): "1-0",
    (ResultCode.LOSS, ResultCode.WIN): "0-1",
    (ResultCode.DRAW, ResultCode.DRAW): "½-½",
    (ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS): "1F-0F",
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN): "0F-1F",
    (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS): "0F-0F",
    (ResultCode.UNRATED_WIN, ResultCode.UNRATED_LOSS): "1-0",
    (ResultCode.UNRATED_LOSS, ResultCode.UNRATED_WIN): "0-1",
    (ResultCode.UNRATED_DRAW, ResultCode.UNRATED_DRAW): "½-½",
}


def game_result(white: RoundResult, black: RoundResult) -> str:
    if white.code is ResultCode.NOT_PAIRED and black.code is ResultCode.NOT_PAIRED:
        return ""
    known = _GAME_RESULT.get((white.code, black.code))
    if known:
        return known
    return f"{result_text(white.code)}-{result_text(black.code)}"


def round_view(t: CoreTournament, rnd: int) -> RoundView:
    """Boards of round ``rnd`` as recorded in the players' round blocks.

    Board order: the tournament service's own order when it provides one
    (``arbitro.tournament.board_order``), else by the pair's higher score before
    the round, then the lower start rank (a display order; the pairing engine
    decides the real boards).
    """
    view = RoundView(number=rnd)
    seen: set[int] = set()
    pairs: list[tuple[Player, Player, RoundResult, RoundResult]] = []
    for p in t.iter_players():
        r = p.result(rnd)
        if r is None:
            continue
        if r.opponent is None or r.opponent not in t.players:
            if r.code is not ResultCode.NOT_PAIRED or rnd <= t.played_rounds:
                view.byes.append(ByeRow(p, r.code.value, bye_label(r.code)))
            continue
        if p.start_rank in seen:
            continue
        opp = t.players[r.opponent]
        o = opp.result(rnd) or RoundResult(p.start_rank, r.colour.opposite if r.colour else None, ResultCode.NOT_PAIRED)
        seen.update({p.start_rank, opp.start_rank})
        if r.colour is Colour.BLACK:
            pairs.append((opp, p, o, r))
        else:
            pairs.append((p, opp, r, o))

    def before(pl: Player) -> Decimal:
        return pl.score(t.scoring, up_to_round=rnd - 1)

    pairs.sort(key=lambda q: (-max(before(q[0]), before(q[1])), min(q[0].start_rank, q[1].start_rank)))
    for i, (w, b, wr, br) in enumerate(pairs, start=1):
        res = game_result(wr, br)
        if not res:
            view.complete = False
        view.boards.append(
            BoardRow(i, w, b, fmt_points(before(w)), fmt_points(before(b)), res)
        )
    return view


def bye_label(code: ResultCode) -> str:
    from django.utils.translation import gettext as _

    return {
        ResultCode.PAIRING_BYE: _("bye (pairing)"),
        ResultCode.FULL_BYE: _("full-point bye"),
        ResultCode.HALF_BYE: _("half-point bye"),
        ResultCode.ZERO_BYE: _("zero-point bye"),
        ResultCode.NOT_PAIRED: _("not paired"),
        ResultCode.FORFEIT_WIN: _("forfeit win"),
        ResultCode.FORFEIT_LOSS: _("forfeit loss"),
    }.get(code, code.value)


@dataclass
class StandingRow:
    rank: int
    player: Player
    points: str
    values: list[str]


@dataclass
class StandingsView:
    available: bool
    tiebreaks: list[str]
    rows: list[StandingRow]
    message: str = ""


def standings_view(row: Any, t: CoreTournament) -> StandingsView:
    """Standings from the core (``arbitro.standings.compute_standings``), cached per version.

    A round still being played is left out (``after_round``: the rounds with all results in).
    """
    played = t.played_rounds
    after = played if store.round_complete(t, played) else played - 1
    return store.cached(row, "standings", lambda: _standings(t, after))


def _standings(t: CoreTournament, after_round: int | None) -> StandingsView:
    compute = store.core_function("arbitro.standings", "compute_standings")
    if compute is None:
        return StandingsView(False, [], [], "not available yet")
    try:
        result = compute(t, after_round=after_round)
    except Exception as exc:  # noqa: BLE001 - show the core's message rather than a server error
        return StandingsView(False, [], [], str(exc))
    codes = [str(c) for c in result.tiebreaks][1:]  # the first is the primary score
    points = fmt_column([r.points for r in result.rows])
    columns = [fmt_column([r.values.get(c) for r in result.rows]) for c in codes]  # one style per column
    rows = [
        StandingRow(r.rank, t.players[r.start_rank], points[i], [column[i] for column in columns])
        for i, r in enumerate(result.rows)
    ]
    return StandingsView(True, codes, rows)


@dataclass
class CrossRow:
    player: Player
    cells: list[str]
    points: str


def crosstable(t: CoreTournament) -> list[CrossRow]:
    """One row per player (start-rank order): ``opponent result colour`` per round."""
    rows = []
    for p in t.iter_players():
        cells = []
        for r in p.results:
            if r.opponent is None:
                cells.append(result_text(r.code) if r.code is not ResultCode.NOT_PAIRED else "")
            else:
                colour = r.colour.value if r.colour and r.colour is not Colour.NONE else ""
                cells.append(f"{r.opponent}{colour} {result_text(r.code)}".strip())
        cells += [""] * (t.total_rounds - len(cells))
        rows.append(CrossRow(p, cells, fmt_points(p.score(t.scoring))))
    return rows


@dataclass
class PlayerRoundRow:
    round: int
    opponent: Player | None
    colour: str
    result: str


def player_rounds(t: CoreTournament, p: Player) -> list[PlayerRoundRow]:
    rows = []
    for i, r in enumerate(p.results, start=1):
        opp = t.players.get(r.opponent) if r.opponent is not None else None
        colour = r.colour.value if r.colour and r.colour is not Colour.NONE else ""
        text = result_text(r.code) if opp is not None else bye_label(r.code)
        rows.append(PlayerRoundRow(i, opp, colour, text))
    return rows


def round_view_from_state(t: CoreTournament, st: Any, rnd: int) -> RoundView:
    """Boards of round ``rnd`` in the engine's board order (core lifecycle state)."""
    rs = st.round(rnd)
    view = RoundView(number=rnd)

    def before(pl: Player) -> str:
        return fmt_points(pl.score(t.scoring, up_to_round=rnd - 1))

    players = st.header.players
    for i, g in enumerate(rs.boards, start=1):
        w = t.players.get(g.white) or players[g.white]
        b = t.players.get(g.black) or players[g.black]
        res = ""
        if g.white_code is not None and g.black_code is not None:
            res = game_result(RoundResult(g.black, Colour.WHITE, g.white_code), RoundResult(g.white, Colour.BLACK, g.black_code))
        else:
            view.complete = False
        view.boards.append(BoardRow(i, w, b, before(w), before(b), res))
    if rs.bye is not None:
        p = t.players.get(rs.bye) or players[rs.bye]
        code = ResultCode.ZERO_BYE if st.is_round_robin else ResultCode.PAIRING_BYE
        view.byes.append(ByeRow(p, code.value, bye_label(code)))
    for rank, kind in sorted(rs.unpaired.items()):
        p = t.players.get(rank) or players[rank]
        view.byes.append(ByeRow(p, kind, bye_label(ResultCode(kind))))
    return view


def round_for(row: Any, t: CoreTournament, rnd: int) -> RoundView:
    """The round view of a tournament row: engine order when it has an event log."""
    from . import service

    def build() -> RoundView:
        st = service.state(row)
        if st is not None and rnd <= st.paired_rounds:
            return round_view_from_state(t, st, rnd)
        return round_view(t, rnd)

    from django.utils import translation

    # Per language: the round view holds translated labels (issue 21: Spanish labels on English pages).
    return store.cached(row, f"round{rnd}|{translation.get_language()}", build)


def event_label(kind: str) -> str:
    """A person's name for an event kind of the core log."""
    from django.utils.translation import gettext as _

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
    }.get(kind, kind)
