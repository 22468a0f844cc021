"""What the Team Swiss pairing knows of each team before a round (C.04.6 art. 1).

* art. 1.2 - primary score (match points, or game points) and secondary score;
* art. 1.5 - floaters: a team that played, in the previous round, an opponent with a
  different score (a bye is no float);
* art. 1.6 - colour of a team in a played match (board 1), colour difference, sequence;
* art. 1.7 - colour preferences, type A (default) or type B;
* art. 2.1 - who has met (played matches only) and who may not get the PAB ([C2]).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from arbitro.teams.model import ColourPreferenceType, PrimaryScore, TeamEvent
from arbitro.teams.results import RoundEntry, is_pab_barred, round_table

__all__ = ["TeamState", "build_states", "colour_preference"]


@dataclass(slots=True)
class TeamState:
    tpn: int
    score: Fraction  # primary score (art. 1.2)
    secondary: Fraction
    played: int  # matches played over the board (art. 3.4.3)
    cod: int  # colour difference: Whites minus Blacks (art. 1.6.2)
    csq: str  # colours of the played matches, in order (art. 1.6.1)
    cop: str  # "w2"/"b2" simple or strong, "w1"/"b1" mild (type B), "" none (art. 1.7)
    floated: bool  # was a floater in the previous round (art. 1.5)
    pab_barred: bool  # art. 2.1.2 [C2]
    met: frozenset[int]  # art. 2.1.1 [C1]


def colour_preference(cod: int, csq: str, kind: ColourPreferenceType, last_round: bool) -> str:
    """C.04.6 art. 1.7: ``"w2"``/``"b2"`` (type A simple / type B strong), ``"w1"``/``"b1"`` (type B mild), ``""``.

    >>> colour_preference(-1, "wbb", ColourPreferenceType.A, False)
    'w2'
    >>> colour_preference(1, "w", ColourPreferenceType.A, False)
    ''
    >>> colour_preference(1, "w", ColourPreferenceType.B, False)
    'b1'
    """
    if kind is ColourPreferenceType.NONE:
        return ""
    last2 = csq[-2:]
    if cod < -1 or (cod in (0, -1) and last2 == "bb"):
        return "w2"
    if cod > 1 or (cod in (0, 1) and last2 == "ww"):
        return "b2"
    if kind is ColourPreferenceType.A:
        return ""
    if cod == -1:
        return "w1"
    if cod == 1:
        return "b1"
    if cod == 0 and not last_round and csq:
        return "w1" if csq[-1] == "b" else "b1"
    return ""


def _scores(event: TeamEvent, rows: list[RoundEntry]) -> tuple[Fraction, Fraction, Fraction]:
    """(primary, secondary, primary before the last round of ``rows``)."""
    mp = gp = Fraction(0)
    for e in rows[:-1]:
        mp += e.mp
        gp += e.gp
    before = mp if event.primary is PrimaryScore.MATCH else gp
    if rows:
        mp += rows[-1].mp
        gp += rows[-1].gp
    return (mp, gp, before) if event.primary is PrimaryScore.MATCH else (gp, mp, before)


def build_states(event: TeamEvent, rnd: int) -> dict[int, TeamState]:
    """The state of every team before round ``rnd`` (rounds 1..rnd-1 count)."""
    table = round_table(event, rnd - 1)
    last_round = rnd == event.rounds
    states: dict[int, TeamState] = {}
    scores = {t: _scores(event, rows) for t, rows in table.items()}
    before_prev = {t: sc[2] for t, sc in scores.items()}
    for t, rows in table.items():
        score, secondary, _ = scores[t]
        csq = "".join(e.colour for e in rows if e.played and e.colour)
        cod = csq.count("w") - csq.count("b")
        floated = False
        if rnd >= 2:
            prev = rows[rnd - 2]
            if prev.played and prev.opponent is not None:
                floated = before_prev[prev.opponent] != before_prev[t]
        states[t] = TeamState(
            tpn=t,
            score=score,
            secondary=secondary,
            played=sum(1 for e in rows if e.played),
            cod=cod,
            csq=csq,
            cop=colour_preference(cod, csq, event.colour_type, last_round),
            floated=floated,
            pab_barred=is_pab_barred(rows),
            met=frozenset(e.opponent for e in rows if e.played and e.opponent is not None),
        )
    return states
