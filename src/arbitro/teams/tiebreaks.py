"""Team tie-breaks (C.07, team competitions), explained round by round.

Codes (names as in TRF-2026 record 202 and FIDE's TEC checker; docs/pairing-systems/team-swiss.md §6):

* ``MPTS``/``GPTS`` - match points, game points; ``MPVGP`` the score that is not primary;
* ``BH:MP``/``BH:GP`` - Buchholz on the opponents' match or game points, with ``/C1``,
  ``/C2``, ``/M1`` (Art. 8.1, 14); ``FB`` fore Buchholz (8.3: the final round as a draw for
  every team paired in it); ``AOB`` the average of the opponents' Buchholz (8.2, two decimals); ``SB:MP``/``SB:GP`` - Sonneborn-Berger, the opponent's
  score times the same kind of points scored against it (Art. 9.1);
* ``ESB`` (= ``EMGSB`` with match points primary) and ``EMMSB``, ``EMGSB``, ``EGMSB``,
  ``EGGSB`` - extended Sonneborn-Berger: the opponent's match (M) or game (G) points times
  the match (M) or game (G) points scored against it;
* ``DE`` - direct encounter among the tied teams (Art. 6, on the primary score);
* ``WIN`` (matches won, with or without playing), ``WON`` (matches won over the board),
  ``PS`` (progressive score, primary);
* ``BC`` board count: the sum of board number times game points on that board (lower is
  better, as the TEC checker ranks it [C, uncertain]); an unplayed round counts its match
  result on every board, the PAB as a win on every board (TEC [C]);
* ``TBR`` top-board result and ``BBE`` bottom-board elimination: board points compared from
  board 1 down, or the game points without the last boards, as sort keys;
* ``SSSC`` score-strength combination: game points + BH:MP / floor(MPwin * rounds /
  (GPwin * boards)) (with match points primary), two decimals half up.

Unplayed rounds (Art. 16, 2026 text as the TEC checker applies it [C]): a round a team did
not play counts in its opponents' Buchholz as actually scored up to its last round that
was not a voluntary unplayed round and as a draw after it (16.3); in the team's own
Buchholz an unplayed round counts min(own score, the forfeiting opponent's adjusted score)
or, for a bye, min(own score, a draw in every round) (16.4).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from arbitro.errors import ArbitroError
from arbitro.teams.model import PrimaryScore, TeamEvent
from arbitro.teams.results import RoundEntry, round_table

__all__ = ["TEAM_TIEBREAKS", "TeamTiebreak", "TeamValue", "compute_team_tiebreaks", "parse_team_tiebreak"]

TEAM_TIEBREAKS = (
    "MPTS", "GPTS", "MPVGP", "BH", "FB", "AOB", "SB", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB",
    "DE", "WIN", "WON", "PS", "BC", "TBR", "BBE", "SSSC",
)  # fmt: skip

_VUR = {"absent", "H", "Z", "F", "forfeit_loss", "double_forfeit"}


@dataclass(frozen=True, slots=True)
class TeamTiebreak:
    """A parsed specifier: ``code``, point type (``M``/``G``) and cut/median counts."""

    text: str
    code: str
    points: str  # "M" or "G": the opponents' points (BH, SB) / the own points (SB)
    cut_low: int = 0
    cut_high: int = 0
    descending: bool = True


@dataclass(frozen=True, slots=True)
class TeamValue:
    """One value with its per-round contributions (``(round, opponent, value, cut)``)."""

    value: Fraction | tuple[Fraction, ...]
    rounds: tuple[tuple[int, int | None, Fraction, bool], ...] = ()

    def display(self) -> str:
        if isinstance(self.value, tuple):
            return "/".join(_fmt(v) for v in self.value)
        return _fmt(self.value)


def _fmt(v: Fraction) -> str:
    d = Decimal(v.numerator) / Decimal(v.denominator)
    return str(d.quantize(Decimal("0.01") if v.denominator not in (1, 2) else Decimal("0.1"), ROUND_HALF_UP))


def parse_team_tiebreak(text: str, primary: PrimaryScore = PrimaryScore.MATCH) -> TeamTiebreak:
    """``BH:GP/C1`` -> TeamTiebreak('BH', 'G', cut_low=1). Bad input raises ArbitroError."""
    parts = text.strip().upper().split("/")
    name, _, pt = parts[0].partition(":")
    if name not in TEAM_TIEBREAKS:
        raise ArbitroError(f"unknown team tie-break {text!r}; expected one of: {', '.join(TEAM_TIEBREAKS)}")
    default = "M" if primary is PrimaryScore.MATCH else "G"
    points = {"MP": "M", "GP": "G", "": default}.get(pt)
    if points is None:
        raise ArbitroError(f"team tie-break {text!r}: point type must be MP or GP, not {pt!r}")
    low = high = 0
    for mod in parts[1:]:
        if len(mod) == 2 and mod[0] in "CM" and mod[1].isdigit():
            low += int(mod[1])
            high += int(mod[1]) if mod[0] == "M" else 0
        elif mod.startswith("V"):
            continue  # rules version: the 2026 text is applied
        else:
            raise ArbitroError(f"team tie-break {text!r}: unknown modifier /{mod}")
    return TeamTiebreak(text.strip().upper(), name, points, low, high, descending=name not in ("BC",))


class _Data:
    def __init__(self, event: TeamEvent) -> None:
        self.event = event
        self.table = round_table(event)
        self.rounds = event.played_rounds()
        s = event.scoring
        self.draw = {"M": s.match_draw, "G": s.game_draw * event.boards}
        self.total = {
            k: {t: sum((self.pts(e, k) for e in rows), Fraction(0)) for t, rows in self.table.items()}
            for k in ("M", "G")
        }
        self.adjusted = {k: {t: self._adjusted(t, k) for t in self.table} for k in ("M", "G")}
        self._fore_cache: dict[str, tuple[dict[int, Fraction], dict[int, Fraction]]] = {}
        self._bh_cache: dict[str, dict[int, Fraction]] = {}

    def fore(self, kind: str) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
        """Art. 8.3 (FB): (adjusted scores, own scores) with a draw in the final round of every
        team paired in it (TEC [C])."""
        hit = self._fore_cache.get(kind)
        if hit is not None:
            return hit
        last_round = self.rounds
        adjusted: dict[int, Fraction] = {}
        own: dict[int, Fraction] = {}
        for t, rows in self.table.items():
            lmp = max((e.round for e in rows if e.paired or e.kind == "U"), default=0)
            lna = max((e.round for e in rows if e.kind not in _VUR), default=0)
            if lmp == last_round:
                lna = last_round
            value = sum(
                (self.pts(e, kind) if (e.paired or e.round <= lna) else self.draw[kind] for e in rows), Fraction(0)
            )
            total = self.total[kind][t]
            if lmp == last_round and rows and rows[-1].opponent is not None:
                shift = self.draw[kind] - self.pts(rows[-1], kind)
                value += shift
                total += shift
            adjusted[t], own[t] = value, total
        self._fore_cache[kind] = (adjusted, own)
        return adjusted, own

    def fore_score(self, t: int, e: RoundEntry, kind: str) -> tuple[Fraction, bool]:
        adjusted, own_scores = self.fore(kind)
        if e.opponent is not None and (e.played or e.round == self.rounds):
            return adjusted[e.opponent], False
        own = own_scores[t]
        if e.opponent is not None:
            own = min(own, adjusted[e.opponent])
        else:
            own = min(own, self.draw[kind] * self.rounds)
        return own, e.kind in _VUR

    def buchholz(self, kind: str) -> dict[int, Fraction]:
        """Plain BH of every team (for AOB)."""
        hit = self._bh_cache.get(kind)
        if hit is None:
            hit = self._bh_cache[kind] = {
                t: sum((self.opponent_score(t, e, kind)[0] for e in rows), Fraction(0)) for t, rows in self.table.items()
            }
        return hit

    @staticmethod
    def pts(e: RoundEntry, kind: str) -> Fraction:
        return e.mp if kind == "M" else e.gp

    def _adjusted(self, t: int, kind: str) -> Fraction:
        """Art. 16.3: the score of ``t`` as used in its opponents' tie-breaks."""
        rows = self.table[t]
        lna = max((e.round for e in rows if e.kind not in _VUR), default=0)
        return sum(
            (self.pts(e, kind) if (e.paired or e.round <= lna) else self.draw[kind] for e in rows),
            Fraction(0),
        )

    def opponent_score(self, t: int, e: RoundEntry, kind: str) -> tuple[Fraction, bool]:
        """(the value of round ``e`` for ``t``'s Buchholz, whether it is a VUR)."""
        if e.played and e.opponent is not None:
            return self.adjusted[kind][e.opponent], False
        own = self.total[kind][t]
        if e.opponent is not None:  # 16.4.1: forfeited match
            own = min(own, self.adjusted[kind][e.opponent])
        else:  # 16.4.2: bye or absence
            own = min(own, self.draw[kind] * self.rounds)
        return own, e.kind in _VUR


def _cut(values: list[tuple[Fraction, Fraction, bool, int]], low: int, high: int) -> set[int]:
    """Rounds cut by /Cn or /Mn (Art. 14, 16.5: a VUR is cut first when it is not above the lowest)."""
    cut: set[int] = set()
    left = list(values)
    for _ in range(min(low, len(left))):
        by_all = sorted(left, key=lambda v: (v[0], v[1]))
        by_vur = sorted(left, key=lambda v: (not v[2], v[0], v[1]))
        pick = by_all[0] if by_all[0][1] > by_vur[0][1] else by_vur[0]
        cut.add(pick[3])
        left.remove(pick)
    for _ in range(min(high, len(left))):
        pick = sorted(left, key=lambda v: (-v[0], -v[1]))[0]
        cut.add(pick[3])
        left.remove(pick)
    return cut


def _opposition(d: _Data, t: int, tb: TeamTiebreak, own_kind: str | None, fore: bool = False) -> TeamValue:
    items = []
    for e in d.table[t]:
        score, vur = d.fore_score(t, e, tb.points) if fore else d.opponent_score(t, e, tb.points)
        value = score if own_kind is None else score * d.pts(e, own_kind)
        items.append((score, value, vur, e.round, e.opponent))
    cut = _cut([(s, v, vur, r) for s, v, vur, r, _ in items], tb.cut_low, tb.cut_high)
    total = sum((v for s, v, vur, r, _ in items if r not in cut), Fraction(0))
    return TeamValue(total, tuple((r, o, v, r in cut) for s, v, vur, r, o in items))


def _direct_encounter(d: _Data, t: int, tied: list[int], kind: str) -> TeamValue:
    """Art. 6 on the primary score: points scored against the other tied teams, when all have met."""
    group = set(tied)
    if len(group) < 2:
        return TeamValue(Fraction(0))
    met = {x: {e.opponent for e in d.table[x] if e.played and e.opponent in group} for x in group}
    if any(met[x] != group - {x} for x in group):
        return TeamValue(Fraction(0))
    rows = [e for e in d.table[t] if e.played and e.opponent in group]
    return TeamValue(
        sum((d.pts(e, kind) for e in rows), Fraction(0)),
        tuple((e.round, e.opponent, d.pts(e, kind), False) for e in rows),
    )


def _single(d: _Data, t: int, tb: TeamTiebreak, primary: str) -> TeamValue:
    rows = d.table[t]
    ev = d.event
    code = tb.code
    if code == "MPTS":
        return TeamValue(d.total["M"][t])
    if code == "GPTS":
        return TeamValue(d.total["G"][t])
    if code == "MPVGP":
        return TeamValue(d.total["G" if primary == "M" else "M"][t])
    if code == "BH":
        return _opposition(d, t, tb, None)
    if code == "FB":
        return _opposition(d, t, tb, None, fore=True)
    if code == "AOB":
        bh = d.buchholz(tb.points)
        met = [(e.round, e.opponent) for e in rows if e.played and e.opponent is not None]
        if not met:
            return TeamValue(Fraction(0))
        avg = sum((bh[o] for _, o in met), Fraction(0)) / len(met)
        q = (Decimal(avg.numerator) / Decimal(avg.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
        return TeamValue(Fraction(q), tuple((r, o, bh[o], False) for r, o in met))
    if code == "SB":
        return _opposition(d, t, tb, tb.points)
    if code in ("ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"):
        opp, own = (primary, "G" if primary == "M" else "M") if code == "ESB" else (code[1], code[2])
        return _opposition(d, t, TeamTiebreak(tb.text, code, opp, tb.cut_low, tb.cut_high), own)
    if code == "WIN":
        return TeamValue(
            Fraction(sum(1 for e in rows if e.mp == ev.scoring.match_win and e.kind != "absent"))
        )
    if code == "WON":
        return TeamValue(Fraction(sum(1 for e in rows if e.played and e.mp == ev.scoring.match_win)))
    if code == "PS":
        run = Fraction(0)
        total = Fraction(0)
        for e in rows:
            run += d.pts(e, primary)
            total += run
        return TeamValue(total)
    if code in ("BC", "TBR", "BBE"):
        boards = [Fraction(0)] * ev.boards
        for e in rows:
            if e.played:
                for i, v in enumerate(e.board_points):
                    boards[i] += v or 0
            elif e.kind != "absent":  # TEC [C]: the round's result on every board (the PAB as a win)
                sc = ev.scoring
                if e.kind == "U" or e.mp == sc.match_win:
                    share = sc.game_win
                elif e.mp == sc.match_draw:
                    share = sc.game_draw
                else:
                    share = sc.game_loss
                boards = [b + share for b in boards]
        if code == "BC":
            return TeamValue(sum((b * (i + 1) for i, b in enumerate(boards)), Fraction(0)))
        if code == "TBR":
            return TeamValue(tuple(boards))
        return TeamValue(tuple(sum(boards[:k], Fraction(0)) for k in range(ev.boards, 0, -1)))
    if code == "SSSC":
        bh_value = _opposition(d, t, TeamTiebreak(tb.text, "BH", primary), None).value
        assert isinstance(bh_value, Fraction)
        s = ev.scoring
        if primary == "M":
            score = d.total["G"][t]
            divisor = (s.match_win * d.rounds / s.game_win / ev.boards).__floor__()
        else:
            score = d.total["M"][t]
            divisor = (s.game_win * d.rounds * ev.boards / s.match_win).__floor__()
        value = score + bh_value / max(divisor, 1)
        q = (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP)
        return TeamValue(Fraction(q))
    raise ArbitroError(f"team tie-break {tb.text!r} is not computed here")


def compute_team_tiebreaks(
    event: TeamEvent, specs: list[TeamTiebreak]
) -> tuple[list[int], dict[int, list[TeamValue]], dict[int, Fraction]]:
    """(team order, the values of every team, the primary score) - ties broken in list order, then TPN.

    ``DE`` is evaluated within each group still tied on everything before it (Art. 6, 4.2).
    """
    d = _Data(event)
    primary = "M" if event.primary is PrimaryScore.MATCH else "G"
    score = d.total[primary]
    values: dict[int, list[TeamValue]] = {t: [] for t in event.teams}
    keys: dict[int, list[object]] = {t: [-score[t]] for t in event.teams}
    for tb in specs:
        if tb.code == "DE":
            groups: dict[tuple[object, ...], list[int]] = {}
            for t in event.teams:
                groups.setdefault(tuple(keys[t]), []).append(t)
            for members in groups.values():
                for t in members:
                    values[t].append(_direct_encounter(d, t, members, primary))
        else:
            for t in event.teams:
                values[t].append(_single(d, t, tb, primary))
        for t in event.teams:
            v = values[t][-1].value
            if isinstance(v, tuple):
                keys[t].append(tuple(-x for x in v))
            else:
                keys[t].append(-v if tb.descending else v)
    order = sorted(event.teams, key=lambda t: (*keys[t], t))
    return order, values, score
