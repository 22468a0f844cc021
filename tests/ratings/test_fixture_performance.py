"""ARO / TPR / PTP / APRO / APPO (C.07 10.1-10.5) of every player of the fixture tournaments,
against the FIDE TEC tie-break checker 1.9.57 values in tests/fixtures/tiebreaks/expected.json.gz.

Only the choice of games is done here (over-the-board games against an opponent, game points
1 / ½ / 0; C.07 Art. 10 preamble); every number comes from :mod:`arbitro.ratings`. This checks the
B.02 tables, the rounding and the PTP search on 190 tournaments no one here wrote.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from tests.fixture_paths import FIXTURES, TIEBREAKS_EXPECTED, read_json

from arbitro.model import ResultCode, Tournament
from arbitro.ratings import average_rating, perfect_tournament_performance, tournament_performance_rating
from arbitro.trf import parse_trf

_GAME_POINTS = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0)}
CODES = ("ARO", "TPR", "PTP", "APRO", "APPO")


@cache
def _expected() -> dict[str, Any]:
    data: dict[str, Any] = read_json(TIEBREAKS_EXPECTED)["files"]
    return data


def _files() -> list[str]:
    return sorted(_expected())


def _tournament(name: str) -> Tournament:
    folder = "roundrobin" if name.startswith("rr") else "dutch"
    result = parse_trf((FIXTURES / folder / name).read_bytes(), source=name)
    return result.tournament


def _values(t: Tournament) -> dict[int, dict[str, int | None]]:
    ratings = {p.start_rank: p.rating for p in t.players.values()}
    games: dict[int, list[tuple[int, Fraction]]] = {}
    for p in t.players.values():
        games[p.start_rank] = [
            (r.opponent, _GAME_POINTS[r.code.outcome])
            for r in p.results
            if r.opponent is not None and r.code.is_played and r.code is not ResultCode.NOT_PAIRED
        ]
    out: dict[int, dict[str, int | None]] = {}
    for sno, played in games.items():
        opp = [ratings[o] for o, _ in played]
        score = sum((s for _, s in played), Fraction(0))
        out[sno] = {
            "ARO": average_rating(opp) if opp else None,
            "TPR": tournament_performance_rating(opp, score) if opp else None,
            "PTP": perfect_tournament_performance(opp, score) if opp else None,
        }
    for sno, played in games.items():
        for code, base in (("APRO", "TPR"), ("APPO", "PTP")):
            vals = [out[o][base] for o, _ in played]
            known = [v for v in vals if v is not None]
            out[sno][code] = average_rating(known) if known else None
    return out


def _as_int(text: str) -> int | None:
    return None if text in ("None", "-0") else int(Decimal(text))


@pytest.mark.parametrize("name", _files())
def test_c07_10_rating_tiebreaks_equal_the_fide_checker(name: str) -> None:
    values = _values(_tournament(name))
    mismatches = []
    for rules, block in _expected()[name].items():
        for sno, expected in block["players"].items():
            for code in CODES:
                if code in expected and _as_int(expected[code]) != values[int(sno)][code]:
                    mismatches.append((rules, sno, code, expected[code], values[int(sno)][code]))
    assert mismatches == []
