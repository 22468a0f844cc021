"""The derived norm tables (tests/fixtures/reference/norm-tables.md, a copy of the project's reference
digest; 7-19 games, GM/IM/WGM/WIM, both threshold sets) reproduced by building tournaments and running the evaluator (B.01 1.48-1.49 / 1.4.7-1.4.9).

Each row "score s: lo-hi" means: with an opponents' average of ``lo`` a score of
``s`` makes the norm and ``lo - 1`` does not (which, row by row, also pins every
``hi``). The last row (``>= lo``) is the 35 % minimum.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.titles.norms import NormOptions, evaluate_norm

TABLES = FIXTURES / "reference" / "norm-tables.md"
TITLES = ("GM", "IM", "WGM", "WIM")


def _parse() -> list[tuple[str, int, Decimal, str, int, int | None]]:
    rows: list[tuple[str, int, Decimal, str, int, int | None]] = []
    edition = games = None
    for line in TABLES.read_text(encoding="utf-8").splitlines():
        if line.startswith("## 3."):
            edition = "2024"
        elif line.startswith("## 4."):
            edition = "2005"
        elif line.startswith("## "):
            edition = None
        m = re.match(r"### (\d+) games", line)
        if m:
            games = int(m.group(1))
            continue
        m = re.match(r"\| (\d+(?:\.5)?) \| (.+) \|$", line)
        if m and edition and games:
            cells = [c.strip() for c in m.group(2).split("|")]
            for title, cell in zip(TITLES, cells, strict=True):
                if cell.startswith(">="):
                    rows.append((edition, games, Decimal(m.group(1)), title, int(cell[2:]), None))
                else:
                    lo, hi = cell.split("-")
                    rows.append((edition, games, Decimal(m.group(1)), title, int(lo), int(hi)))
    return rows


ROWS = _parse()


def _norm(kit: tuple[Callable[..., Any], Any], edition: str, n: int, score: Decimal, title: str, avg: int) -> bool:
    build, Opp = kit
    half = int(score * 2)
    wins, draws = divmod(half, 2)
    results = ["0"] * (n - wins - draws) + ["="] * draws + ["1"] * wins
    t = build([Opp(r, avg, "GM") for r in results], sex="w")
    opts = NormOptions(min_games=n) if n < 9 else None
    return evaluate_norm(t, 1, title, edition=edition, options=opts).achieved


def test_norm_tables_parsed_completely() -> None:
    """26 tables (7-19 games, two threshold sets), four titles each."""
    assert len({(e, n) for e, n, *_ in ROWS}) == 26
    assert len(ROWS) > 1000


@pytest.mark.parametrize(("edition", "n", "score", "title", "lo", "hi"), ROWS)
def test_norm_table_row_B01_1_48(norm_event: Callable[..., Any], opp: Any, edition: str, n: int, score: Decimal, title: str, lo: int, hi: int | None) -> None:
    kit = (norm_event, opp)
    assert _norm(kit, edition, n, score, title, lo), "the row's lowest average makes the norm"
    assert not _norm(kit, edition, n, score, title, lo - 1), "one point less does not"
    # "score - 0.5 fails at hi" is the next row's "lo - 1" check (its lo is hi + 1), so it is not repeated here
    assert hi is None or hi >= lo
