"""C.04.6 art. 3.6 and [C3] checked against exhaustive enumeration on 200 generated tournaments.

The engine packs art. 3.6 (the first identifier complying best with [C8], [C9], [C10]) into
the weights of one maximum-weight matching, and decides pairability ([C3]) by Dirac's
theorem or a search. Here every bracket the engine pairs is paired again by listing all
its pairings, ordering them by ([C8], [C9], [C10], identifier of art. 3.6.2) as the text
reads, and every pairability answer is compared with an exhaustive search.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from arbitro.teams import swiss
from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.model import ColourPreferenceType


def _matchings(nodes: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not nodes:
        yield []
        return
    a, rest = nodes[0], nodes[1:]
    for i, b in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1 :]):
            yield [(a, b), *tail]


def _reference(p: swiss._Pairer, nodes: list[int]) -> set[frozenset[int]]:
    order = sorted(nodes)
    bsn = {t: i + 1 for i, t in enumerate(order)}
    top_level = max(p.level[t] for t in nodes)
    best: tuple[object, ...] | None = None
    chosen: list[tuple[int, int]] = []
    for m in _matchings(order):
        if not all(p.ok(a, b) for a, b in m):
            continue
        costs = [p._cost(a, b, top_level) for a, b in m]
        pairs = sorted((min(bsn[a], bsn[b]), max(bsn[a], bsn[b])) for a, b in m)
        identifier = tuple(x for x, _ in pairs) + tuple(y for _, y in pairs)  # art. 3.6.2
        key = (sum(c[0] for c in costs), sum(c[1] for c in costs), sum(c[2] for c in costs), identifier)
        if best is None or key < best:
            best, chosen = key, m
    return {frozenset(x) for x in chosen}


def test_c0406_3_6_and_c3_equal_exhaustive_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    compared = {"brackets": 0, "pairable": 0}
    original_pair = swiss._Pairer.pair_bracket
    original_pairable = swiss._Pairer.pairable

    def pair_bracket(self: swiss._Pairer, nodes: list[int]) -> list[tuple[int, int]]:
        got = original_pair(self, nodes)
        if len(nodes) <= 10:
            assert {frozenset(x) for x in got} == _reference(self, nodes), (self.rnd, sorted(nodes))
            compared["brackets"] += 1
        return got

    def pairable(self: swiss._Pairer, nodes: list[int]) -> bool:
        got = original_pairable(self, nodes)
        if len(nodes) <= 10:
            exhaustive = any(all(self.ok(a, b) for a, b in m) for m in _matchings(list(nodes)))
            assert got == exhaustive, (self.rnd, sorted(nodes))
            compared["pairable"] += 1
        return got

    monkeypatch.setattr(swiss._Pairer, "pair_bracket", pair_bracket)
    monkeypatch.setattr(swiss._Pairer, "pairable", pairable)
    for seed in range(200):
        teams = 5 + seed % 8
        generate(
            GeneratorConfig(
                teams=teams, boards=2 + seed % 3, rounds=min(teams, 4 + seed % 5), seed=10_000 + seed,
                board_forfeit=0.03, match_forfeit=0.02,
                colour_type=ColourPreferenceType.B if seed % 3 == 0 else ColourPreferenceType.A,
            )
        )  # fmt: skip
    assert compared["brackets"] > 500 and compared["pairable"] > 1000
