"""Torneo Mayor Absoluto (FMA Anexo III, 9): the field and the champion.

Field (Anexo III I), filled in this order:

1. the reigning FMA champion (I.1.1); if unable, the next of the last Mayor's
   standings down to 5th place (I.1.2);
2. the two best FMA players by standard rating (I.2.1); if unable, the next
   ranked players down to 6th (I.2.2);
3. three players from the Primera tournament (I.3.1); if unable, the next in
   its standings until the quota is full (I.3.2);
4. a champion or rating seat still empty goes to the next in the Primera
   order of merit (I.1.3, I.2.3).

A player already seated by an earlier route is skipped like one who cannot play.

Champion (Anexo III III, IV.3, FMA 9): standings by the FMA 6.1 tie-breaks; a
two-player tie for first goes to a play-off match (2 games 15+10, then 4 games
5+3, the better tie-break choosing colour in the first game; then the better
tie-break; then Armageddon with colours by lot, a draw winning for Black);
three or more tied are decided by FMA 6.1.
"""

from __future__ import annotations

import datetime as _dt
import random
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.federations.fma.messages import Message, Place, Text, msg

__all__ = [
    "MAYOR_SIZE",
    "PLAYOFF_WITHIN",
    "armageddon_colours",
    "check_playoff_start",
    "PlayoffGame",
    "Playoff",
    "Seat",
    "MayorField",
    "decide_champion",
    "select_field",
]

MAYOR_SIZE = 6  # FMA Anexo III II I


@dataclass(frozen=True, slots=True)
class Seat:
    player: str
    route: str  # "champion" | "rating" | "primera"
    message: Message


@dataclass(slots=True)
class MayorField:
    seats: list[Seat] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)

    @property
    def players(self) -> list[str]:
        return [s.player for s in self.seats]

    @property
    def complete(self) -> bool:
        return len(self.seats) == MAYOR_SIZE


def select_field(
    *,
    reigning: str | None,
    previous_standings: list[str],
    ranking: list[tuple[str, int]],
    primera_order: list[str],
    unavailable: dict[str, str | Text | Message],
    names: dict[str, str],
) -> MayorField:
    """FMA Anexo III I: the six players of the Torneo Mayor, with each fallback used."""
    f = MayorField()
    seen_unavailable: set[str] = set()

    def name(pid: str) -> str:
        return names.get(pid, pid)

    def usable(pid: str) -> bool:
        if pid in f.players:
            return False
        if pid in unavailable:
            if pid not in seen_unavailable:
                seen_unavailable.add(pid)
                f.notes.append(msg("mayor.unavailable", player=name(pid), why=unavailable[pid]))
            return False
        return True

    # I.1: the champion's seat.
    champion_seated = False
    if reigning is not None and usable(reigning):
        f.seats.append(Seat(reigning, "champion", msg("mayor.champion", player=name(reigning))))
        champion_seated = True
    else:
        for i, pid in enumerate(previous_standings[:5]):
            if pid == reigning or not usable(pid):
                continue
            f.seats.append(Seat(pid, "champion", msg("mayor.champion_fallback", player=name(pid), position=Place(i + 1))))
            champion_seated = True
            break

    # I.2: two seats by standard rating, down to 6th.
    rating_seats = 0
    for i, (pid, rating) in enumerate(ranking[:6]):
        if rating_seats == 2:
            break
        if pid in f.players:
            f.notes.append(msg("mayor.already_in", player=name(pid)))
            continue
        if not usable(pid):
            continue
        key = "mayor.rating" if i < 2 else "mayor.rating_fallback"
        f.seats.append(Seat(pid, "rating", msg(key, player=name(pid), position=Place(i + 1), rating=rating)))
        rating_seats += 1

    # I.3: three seats from Primera.
    primera_seats = 0
    cursor = 0
    while primera_seats < 3 and cursor < len(primera_order):
        pid = primera_order[cursor]
        cursor += 1
        if pid in f.players:
            f.notes.append(msg("mayor.already_in", player=name(pid)))
            continue
        if not usable(pid):
            continue
        key = "mayor.primera" if cursor <= 3 else "mayor.primera_fallback"
        f.seats.append(Seat(pid, "primera", msg(key, player=name(pid), position=Place(cursor))))
        primera_seats += 1

    # I.1.3 and I.2.3: empty seats go down the Primera order of merit.
    pending = ([("champion", "mayor.champion_primera")] if not champion_seated else []) + [
        ("rating", "mayor.rating_primera")
    ] * (2 - rating_seats)
    for route, key in pending:
        while cursor < len(primera_order):
            pid = primera_order[cursor]
            cursor += 1
            if usable(pid):
                f.seats.append(Seat(pid, route, msg(key, player=name(pid), position=Place(cursor))))
                break
    if not f.complete:
        f.notes.append(msg("mayor.incomplete", n=len(f.seats)))
    return f


@dataclass(frozen=True, slots=True)
class PlayoffGame:
    """One play-off game: ``white`` (player id) and ``result`` ``1-0``, ``0-1`` or ``1/2-1/2``.

    For the Armageddon game ``white`` may be ``""``: the colours are then drawn by
    lot from the Mayor's ``lots_seed`` (FMA Anexo III III.2.4).
    """

    white: str
    result: str

    def points(self, player: str) -> Decimal:
        r = self.result.replace(" ", "")
        if r in ("1/2-1/2", "½-½", "=", "0.5-0.5"):
            return Decimal("0.5")
        if r not in ("1-0", "0-1"):
            raise ArbitroError(f"playoff: result {self.result!r}: expected 1-0, 0-1 or 1/2-1/2")
        white_won = r == "1-0"
        return Decimal(1) if white_won == (player == self.white) else Decimal(0)


@dataclass(frozen=True, slots=True)
class Playoff:
    """FMA Anexo III III.2: the match results (None = not played yet)."""

    rapid: tuple[PlayoffGame, ...] | None = None
    blitz: tuple[PlayoffGame, ...] | None = None
    armageddon: PlayoffGame | None = None
    start: _dt.date | None = None  # first day of the match


PLAYOFF_WITHIN = _dt.timedelta(days=7)  # FMA Anexo III III.2


def check_playoff_start(playoff: Playoff, last_round: _dt.date | None) -> Message | None:
    """FMA Anexo III III.2: the match must start within 7 days after the last round."""
    if playoff.start is None or last_round is None:
        return None
    if playoff.start - last_round > PLAYOFF_WITHIN:
        return msg("mayor.playoff_late", start=playoff.start.isoformat(), end=last_round.isoformat())
    return None


def _stage(
    games: tuple[PlayoffGame, ...] | None, expected: int, a: str, b: str, key: str, stage: str,
    names: dict[str, str], notes: list[Message],
) -> str | None:
    """Score a play-off stage; return the winner, ``""`` if tied, ``None`` if missing."""
    if games is None:
        notes.append(msg("mayor.playoff_pending", stage=stage))
        return None
    if len(games) != expected:
        raise ArbitroError(str(msg("mayor.playoff_games", stage=stage, expected=expected, games=len(games)).cited("en")))
    for g in games:
        if g.white not in (a, b):
            raise ArbitroError(f"playoff: {stage}: white {g.white!r} is not one of the tied players")
    sa = sum((g.points(a) for g in games), Decimal(0))
    sb = sum((g.points(b) for g in games), Decimal(0))
    notes.append(msg(key, a=names[a], b=names[b], sa=_fmt(sa), sb=_fmt(sb)))
    if sa == sb:
        return ""
    return a if sa > sb else b


def _fmt(x: Decimal) -> str:
    return str(x.normalize()) if x == x.to_integral() else str(x)


def decide_champion(
    order: list[str],
    points: dict[str, Decimal],
    tiebreaks_equal: bool,
    playoff: Playoff | None,
    names: dict[str, str],
    lots_seed: int | None = None,
) -> tuple[str | None, list[Message]]:
    """FMA Anexo III III-IV and 9: the FMA champion from the Mayor's final ``order``.

    ``order`` is ranked by points and the FMA 6.1 tie-breaks (lots last);
    ``tiebreaks_equal`` says whether the first two are equal on every tie-break.
    Returns (champion or None while a play-off result is missing, messages).
    """
    notes: list[Message] = []
    if not order:
        return None, notes
    top = points[order[0]]
    tied = [pid for pid in order if points[pid] == top]
    if len(tied) == 1:
        notes.append(msg("mayor.sole_winner", player=names[order[0]]))
        return order[0], notes
    if len(tied) >= 3:
        notes.append(msg("mayor.tie_many", n=len(tied)))
        notes.append(msg("mayor.sole_winner", player=names[order[0]]))
        return order[0], notes
    a, b = tied
    notes.append(msg("mayor.tie_two", a=names[a], b=names[b]))
    why = (
        Text("text.lots")
        if tiebreaks_equal
        else Text("text.better_tiebreak")
    )
    notes.append(msg("mayor.colour_choice", player=names[a], why=why))
    p = playoff or Playoff()
    winner = _stage(p.rapid, 2, a, b, "mayor.rapid", "15+10", names, notes)
    if winner is None:
        return None, notes
    if winner == "":
        notes.append(msg("mayor.colour_choice_blitz", player=names[a], why=why))
        winner = _stage(p.blitz, 4, a, b, "mayor.blitz", "5+3", names, notes)
        if winner is None:
            return None, notes
    if winner == "" and not tiebreaks_equal:
        winner = a
        notes.append(msg("mayor.tiebreak_decides", player=names[a]))
    if winner == "":
        game = p.armageddon
        if game is None:
            notes.append(msg("mayor.playoff_pending", stage=Text("text.armageddon")))
            return None, notes
        white = game.white or armageddon_colours(a, b, lots_seed or 0)[0]
        if white not in (a, b):
            raise ArbitroError(f"playoff: armageddon: white {white!r} is not one of the tied players")
        black = b if white == a else a
        pw = PlayoffGame(white, game.result).points(white)
        winner = white if pw == 1 else black  # a draw wins for Black
        if game.white:  # the file says who had White: the lot was drawn at the venue
            notes.append(
                msg("mayor.armageddon_given", white=names[white], black=names[black], player=names[winner])
            )
        else:
            notes.append(
                msg(
                    "mayor.armageddon",
                    white=names[white],
                    black=names[black],
                    player=names[winner],
                    seed=lots_seed or 0,
                )
            )
    return winner, notes


def armageddon_colours(a: str, b: str, seed: int) -> tuple[str, str]:
    """FMA Anexo III III.2.4: White and Black drawn by lot, reproducibly from ``seed``."""
    pair = sorted([a, b])
    random.Random(seed).shuffle(pair)
    return pair[0], pair[1]
