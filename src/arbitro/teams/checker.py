"""Checks of a team tournament: re-pair every round from its own history and compare, and
verify the absolute criteria of C.04.6 art. 2.1 on what was paired.

* :func:`check_event` - for each round, the engine's pairing against the recorded one
  (matches as unordered pairs, the team with White on board 1, the PAB);
* :func:`absolute_violations` - [C1] no two teams meet twice, [C2] no second PAB and no
  PAB after a forfeit win or full-point bye, every active team paired exactly once, a PAB
  only with an odd number of teams.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from arbitro.pairing.registry import PairOptions
from arbitro.pairing.types import NoValidPairing, RoundPairing
from arbitro.teams.engines import pair_team_round
from arbitro.teams.model import ByeKind, TeamEvent
from arbitro.teams.results import is_pab_barred, round_table

__all__ = ["RoundCheck", "absolute_violations", "check_event", "lineup_violations", "recorded_pairing"]


@dataclass(frozen=True, slots=True)
class RoundCheck:
    round: int
    recorded: RoundPairing
    engine: RoundPairing | None
    differences: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.differences


def recorded_pairing(event: TeamEvent, rnd: int) -> RoundPairing:
    from arbitro.pairing.types import Board

    boards = tuple(Board(m.white, m.black) for m in event.matches_of_round(rnd))
    pab = [b.team for b in event.byes_of_round(rnd) if b.kind in (ByeKind.PAB, ByeKind.ZERO)]
    return RoundPairing(round=rnd, boards=boards, bye=pab[0] if pab else None)


def _truncated(event: TeamEvent, rnd: int) -> TeamEvent:
    """The event as it was before round ``rnd`` was paired (its declared byes kept)."""
    return replace(
        event,
        matches=[m for m in event.matches if m.round < rnd],
        byes=[
            b
            for b in event.byes
            if b.round < rnd or (b.round == rnd and b.kind not in (ByeKind.PAB, ByeKind.ZERO))
        ],
        teams=dict(event.teams),
    )


def check_event(event: TeamEvent, colours: bool = True) -> list[RoundCheck]:
    """Re-pair every recorded round and list the differences."""
    out: list[RoundCheck] = []
    for rnd in range(1, event.played_rounds() + 1):
        rec = recorded_pairing(event, rnd)
        try:
            eng: RoundPairing | None = pair_team_round(_truncated(event, rnd), rnd, PairOptions())
        except NoValidPairing as exc:
            out.append(RoundCheck(rnd, rec, None, (f"the engine finds no pairing: {exc}",)))
            continue
        assert eng is not None
        diffs: list[str] = []
        rpairs = {frozenset((b.white, b.black)): b for b in rec.boards}
        epairs = {frozenset((b.white, b.black)): b for b in eng.boards}
        for key in sorted(rpairs.keys() - epairs.keys(), key=sorted):
            diffs.append(f"recorded {'-'.join(map(str, sorted(key)))}, not paired by the engine")
        for key in sorted(epairs.keys() - rpairs.keys(), key=sorted):
            diffs.append(f"engine pairs {'-'.join(map(str, sorted(key)))}, not recorded")
        if colours:
            for key in rpairs.keys() & epairs.keys():
                if rpairs[key].white != epairs[key].white:
                    diffs.append(
                        f"match {rpairs[key].white}-{rpairs[key].black}: the engine gives White to {epairs[key].white}"
                    )
        if rec.bye != eng.bye:
            diffs.append(f"bye: recorded {rec.bye}, engine {eng.bye}")
        out.append(RoundCheck(rnd, rec, eng, tuple(diffs)))
    return out


def absolute_violations(event: TeamEvent) -> list[str]:
    """Violations of C.04.6 art. 2.1 ([C1], [C2]) and of the pairing's completeness."""
    problems: list[str] = []
    for rnd in range(1, event.played_rounds() + 1):
        table = round_table(event, rnd - 1)
        met = {t: {e.opponent for e in rows if e.played} for t, rows in table.items()}
        seen: dict[int, int] = {}
        for m in event.matches_of_round(rnd):
            for t in m.teams:
                seen[t] = seen.get(t, 0) + 1
            if m.black in met[m.white]:
                problems.append(
                    f"round {rnd}: teams {m.white} and {m.black} meet again (C.04.6 art. 2.1.1 [C1])"
                )
        pabs = [b for b in event.byes_of_round(rnd) if b.kind is ByeKind.PAB]
        for b in pabs:
            seen[b.team] = seen.get(b.team, 0) + 1
            if is_pab_barred(table[b.team]):
                problems.append(
                    f"round {rnd}: team {b.team} gets a second PAB or one after a forfeit win (art. 2.1.2 [C2])"
                )
        if len(pabs) > 1:
            problems.append(f"round {rnd}: {len(pabs)} pairing-allocated byes")
        declared = {b.team for b in event.byes_of_round(rnd) if b.kind is not ByeKind.PAB}
        active = [t for t in event.teams if t not in declared and t not in event.absent.get(rnd, frozenset())]
        for t in active:
            if seen.get(t, 0) != 1:
                problems.append(f"round {rnd}: team {t} is paired {seen.get(t, 0)} times")
        if pabs and len(active) % 2 == 0:
            problems.append(f"round {rnd}: a PAB with an even number of teams")
    return problems


def lineup_violations(event: TeamEvent) -> list[str]:
    """Line-ups that break the board-order rule (:mod:`arbitro.teams.lineups`), round by round."""
    from arbitro.teams.lineups import lineup_errors

    out: list[str] = []
    for m in sorted(event.matches, key=lambda m: (m.round, m.white)):
        if m.forfeit is not None or not m.games:
            continue
        games = sorted(m.games, key=lambda g: g.board)
        for team, white in ((m.white, True), (m.black, False)):
            lineup = [g.white_team_player if white else g.black_team_player for g in games]
            out.extend(f"round {m.round}: {e}" for e in lineup_errors(event.teams[team], lineup, event.boards))
    return out
