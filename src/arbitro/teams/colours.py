"""C.04.6 art. 4: colour allocation of a paired match (after the whole round is paired, art. 3.3.2).

* 4.1 the initial-colour is drawn by lot before round 1 (:attr:`TeamEvent.initial_colour`);
* 4.2 the first-team: higher primary score, then higher secondary score (unless the rules
  say not to use it, art. 1.2.2), then smaller TPN;
* 4.3 the rules in descending priority (4.3.1 ... 4.3.9); type B adds 4.3.4.

There are no absolute colour criteria in C.04.6 (Preface): the rules always decide.
"""

from __future__ import annotations

from arbitro.teams.state import TeamState

__all__ = ["allocate_colours", "first_team"]

_OTHER = {"w": "b", "b": "w"}


def first_team(a: TeamState, b: TeamState, use_secondary: bool) -> bool:
    """C.04.6 art. 4.2: is ``a`` the first-team of the pair?"""
    if a.score != b.score:
        return a.score > b.score  # 4.2.1
    if use_secondary and a.secondary != b.secondary:
        return a.secondary > b.secondary  # 4.2.2
    return a.tpn < b.tpn  # 4.2.3


def allocate_colours(
    a: TeamState, b: TeamState, initial_colour: str, type_b: bool, use_secondary: bool
) -> tuple[int, int, str]:
    """(white TPN, black TPN, the rule of art. 4.3 that decided)."""
    first, second = (a, b) if first_team(a, b, use_secondary) else (b, a)

    def give(colour: str, rule: str) -> tuple[int, int, str]:
        return (first.tpn, second.tpn, rule) if colour == "w" else (second.tpn, first.tpn, rule)

    fc, sc = first.cop, second.cop
    if first.played == 0 and second.played == 0:  # 4.3.1
        top = initial_colour.lower()
        return give(top if first.tpn % 2 == 1 else _OTHER[top], "4.3.1")
    if fc and not sc:  # 4.3.2
        return give(fc[0], "4.3.2")
    if sc and not fc:
        return give(_OTHER[sc[0]], "4.3.2")
    if fc and sc and fc[0] != sc[0]:  # 4.3.3
        return give(fc[0], "4.3.3")
    if type_b and fc and sc:  # 4.3.4 (type B): only one strong preference
        if fc[1] == "2" and sc[1] != "2":
            return give(fc[0], "4.3.4")
        if fc[1] != "2" and sc[1] == "2":
            return give(_OTHER[sc[0]], "4.3.4")
    if first.cod != second.cod:  # 4.3.5: White to the lower colour difference
        return give("w" if first.cod < second.cod else "b", "4.3.5")
    for i in range(1, min(len(first.csq), len(second.csq)) + 1):  # 4.3.6
        x, y = first.csq[-i], second.csq[-i]
        if x != y:
            return give(_OTHER[x], "4.3.6")
    if fc:  # 4.3.7
        return give(fc[0], "4.3.7")
    if first.csq:  # 4.3.8
        return give(_OTHER[first.csq[-1]], "4.3.8")
    if second.csq:  # 4.3.9
        return give(second.csq[-1], "4.3.9")
    # neither has played a match over the board (only forfeits): as 4.3.1
    top = initial_colour.lower()
    return give(top if first.tpn % 2 == 1 else _OTHER[top], "4.3.1")
