"""Real-world TRF files from other programs: each reads, or is refused naming its own defect (issue 22).

Files under tests/trf/corpus are *shapes*, rewritten with fictional players, of what the programs
write (their licences or the players' personal data keep the originals out): see corpus/README.md.
The public real-world files of tests/fixtures/trf (FIDE's 2005 example, JaVaFo samples,
lichess exports, PGN conversions) are read where they are.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.trf import parse_trf

CORPUS = Path(__file__).parent / "corpus"
TRF_FIXTURES = FIXTURES / "trf"

#: file -> (players, rounds played, warnings as (line, field)) for files that read.
READS: dict[str, tuple[int, int, list[tuple[int, str]]]] = {
    # Swiss-Manager / chess-results TRF16: CR LF, Latin-1, "062 7 (5)", three column rulers without
    # ###, rating 0000, FIDE id 0, absences "0000 - -", old-style byes "0000 - +".
    "swiss-manager-shape.trf": (
        7,
        3,
        [(6, "062 number of players"), (15, "line"), (16, "line"), (17, "line")],
    ),
    # lichess Swiss export: URL in 022/102, "032 Lichess", MEDIUM dates, no rank column, absences "-"
    # with a blank opponent, "U" byes.
    "lichess-shape.trf": (5, 3, []),
    # Vega trfx: 042 DD/MM/YYYY, "XXC rank", the next round's absences "0000 - -" (lost) and
    # "0000 - =" (half point) in its column.
    "vega-shape.trf": (6, 2, []),
    # TRF06-style uploads: half-point bye "0000 - =" and zero-point bye "0000 - 0" in played rounds (issue 37).
    "trf06-old-byes-shape.trf": (6, 3, [(15, "round 2 result"), (16, "round 3 result")]),
    # Vega: dd.mm.yyyy birth dates, "0000 - =" / "0000 - 1" in a played round, a wrong points column.
    "vega-birth-dates-shape.trf": (
        6,
        2,
        [*[(line, "001 birth date") for line in range(12, 18)], (14, "round 2 result"), (17, "round 2 result"),
         (14, "001 points")],
    ),
}
#: file -> the first error as (line, field) for files refused for their own defect.
REFUSED: dict[str, tuple[int, str]] = {
    # Swiss-Manager team file: "092 Team Swiss System" (refused by the individual reader; `arbitro team` reads it).
    "swiss-manager-team-shape.trf": (9, "team tournament"),
    # TRF-2026 team file: first team record 310.
    "trf26-team-shape.trf": (14, "team tournament"),
    # Swiss-Manager TRF16 team exports with 013 records (`arbitro team` reads them: test_corpus_conversions.py).
    "swiss-manager-team-013-shape.trf": (9, "team tournament"),
    "swiss-manager-team-2024-anon.trf": (9, "team tournament"),
    # lichess writes a game still being played as "Z" against its opponent.
    "lichess-ongoing-shape.trf": (11, "round 3 result"),
}
#: tests/fixtures/trf -> (players, rounds played, number of warnings, first warning (line, field)).
REAL_WORLD: dict[str, tuple[int, int, int, tuple[int, str] | None]] = {
    # JaVaFo sample: birth dates written DDMMYY (its own defect): warnings, the file reads.
    "capo-dorso-2012.trf": (84, 9, 11, (56, "001 birth date")),
    "fide-example1-karl-mala-2005.trf": (284, 7, 0, None),
    "gros-2010-after-round4.trf": (52, 4, 0, None),
    "lichess-swiss-2020-06.trf": (13, 10, 0, None),
    "lichess-swiss-2021-03.trf": (9, 9, 0, None),
    "small-rr6-forfeit.trf": (6, 5, 0, None),
    "small-swiss7-byes-forfeits.trf": (7, 5, 0, None),
    "uzchess-cup-2025-rr.trf": (10, 9, 0, None),
    "women-world-rapid-2024.trf": (110, 11, 0, None),
}


def test_every_corpus_file_is_listed() -> None:
    assert {p.name for p in CORPUS.glob("*.trf")} == set(READS) | set(REFUSED)


@pytest.mark.parametrize("name", sorted(READS))
def test_corpus_file_reads(name: str) -> None:
    players, rounds, warnings = READS[name]
    result = parse_trf((CORPUS / name).read_bytes(), name)
    assert result.errors == []
    assert (len(result.tournament.players), result.tournament.played_rounds) == (players, rounds)
    assert [(w.line, w.field) for w in result.warnings] == warnings


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_corpus_file_is_refused_at_its_own_defect(name: str) -> None:
    result = parse_trf((CORPUS / name).read_bytes(), name)
    first = result.errors[0]
    assert (first.line, first.field) == REFUSED[name]
    assert str(first).startswith(f"{name}:{first.line}:")


@pytest.mark.parametrize("name", sorted(REAL_WORLD))
def test_real_world_fixture_reads(name: str) -> None:
    path = TRF_FIXTURES / name
    players, rounds, count, first = REAL_WORLD[name]
    result = parse_trf(path.read_bytes(), name)
    assert result.errors == []
    assert (len(result.tournament.players), result.tournament.played_rounds) == (players, rounds)
    assert len(result.warnings) == count
    if first is not None:
        assert (result.warnings[0].line, result.warnings[0].field) == first


def test_vega_next_round_absences_are_bye_requests_trf_5() -> None:
    """Vega's ``0000 - -`` / ``0000 - =`` after the last round: absent (zero) / half point, as bbpPairings reads them."""
    t = parse_trf((CORPUS / "vega-shape.trf").read_bytes()).tournament
    assert [(b.round, b.kind, b.start_rank) for b in t.requested_byes] == [(3, "Z", 5), (3, "H", 6)]
    assert t.pairing_by_rank
