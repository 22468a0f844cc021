"""Every real file of every origin: read, converted both ways, read by the references (issue 37 items 1-3, 6).

The files (provenance in tests/fixtures/README.md and tests/trf/corpus/README.md):

* individual: tests/fixtures/trf (FIDE's example, JaVaFo samples, lichess exports, PGN rebuilds),
  tests/fixtures/interop, and the shapes of tests/trf/corpus that the individual reader accepts;
* team: the team shapes of tests/trf/corpus (Swiss-Manager TRF16 exports with ``013``).

Each individual file is read (every warning names its line and field), converted with
``arbitro trf convert`` to TRF-2026 and to TRF16, and each output is read back with no error,
the same players and results, and a points column equal to the results (the original kept in a
``###`` line when it differed). bbpPairings (``-c``) and FIDE's TEC reader read what Arbitro writes
when they are on this machine (tools/trf_refs.py, ``ARBITRO_BBP`` / ``ARBITRO_TEC``; skipped otherwise).
Each team file goes through ``arbitro team standings`` and ``arbitro team convert`` both ways.
"""

from __future__ import annotations

import importlib.util
import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.model import Tournament
from arbitro.trf import parse_trf
from arbitro.trf.teams import parse_team_trf

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).parent / "corpus"


def _tools() -> ModuleType:
    spec = importlib.util.spec_from_file_location("trf_refs", REPO / "tools" / "trf_refs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["trf_refs"] = module
    spec.loader.exec_module(module)
    return module


refs = _tools()

TEAM_FILES = ["swiss-manager-team-013-shape.trf", "swiss-manager-team-2024-anon.trf"]
#: Corpus files refused by every reader for their own defect (tests/trf/test_corpus.py says which).
NOT_READ = {
    "lichess-ongoing-shape.trf",  # a game in progress written "Z" against its opponent
    "trf26-team-shape.trf",  # a team file whose two players, of the same team, meet each other
    "swiss-manager-team-shape.trf",  # a team type (092) without any team record (013 or 310)
    *TEAM_FILES,
}
INDIVIDUAL = [
    *sorted((FIXTURES / "trf").glob("*.trf")),
    *sorted((FIXTURES / "interop").glob("*.trf")),
    *sorted(p for p in CORPUS.glob("*.trf") if p.name not in NOT_READ),
]

#: The readings of the corpus shapes of issue 37, as (line, field) of each warning.
NAMED: dict[str, list[tuple[int, str]]] = {
    # half-point bye "0000 - =" and zero-point bye "0000 - 0" in played rounds (ICU/TRF06-style uploads)
    "trf06-old-byes-shape.trf": [(15, "round 2 result"), (16, "round 3 result")],
    # Vega: birth dates dd.mm.yyyy, "0000 - =" and "0000 - 1" in a played round, a points column
    # that contradicts the results (player 3)
    "vega-birth-dates-shape.trf": [
        *[(line, "001 birth date") for line in range(12, 18)],
        (14, "round 2 result"),
        (17, "round 2 result"),
        (14, "001 points"),
    ],
}


def _id(p: Path) -> str:
    return f"{p.parent.name}/{p.name}"


def _same_games(a: Tournament, b: Tournament) -> None:
    assert set(a.players) == set(b.players)
    for rank, p in a.players.items():
        q = b.players[rank]
        assert (q.name, q.rating, q.results) == (p.name, p.rating, p.results), rank
        assert q.points == q.score(b.scoring) or any(x.start_rank == rank for x in b.accelerations), rank


@pytest.mark.parametrize("path", INDIVIDUAL, ids=_id)
def test_individual_file_reads_and_converts_both_ways(path: Path, tmp_path: Path) -> None:
    first = parse_trf(path.read_bytes(), path.name)
    assert first.errors == [], [str(e) for e in first.errors]
    for w in first.warnings:  # named: where, which field, what was read
        assert w.line > 0 or w.field, str(w)
        assert w.field and w.message, str(w)
    if path.name in NAMED:
        assert [(w.line, w.field) for w in first.warnings] == NAMED[path.name]
    t = first.tournament
    for version in ("trf26", "trf16"):
        out = tmp_path / f"{path.stem}.{version}.trf"
        assert main(["trf", "convert", str(path), str(out), "--to", version]) == 0
        text = out.read_text(encoding="utf-8")
        back = parse_trf(text, out.name)
        assert back.errors == [], [str(e) for e in back.errors]
        assert [w for w in back.warnings if w.field == "001 points"] == []
        _same_games(t, back.tournament)
        changed = [r for r, p in t.players.items() if p.points != back.tournament.players[r].points]
        for rank in changed:  # the original total, kept where a reader sees it
            assert any(c.startswith(f"001 points of player {rank}: ") for c in back.tournament.comments)
        if version == "trf16":
            codes = {line[:3] for line in text.splitlines()}
            assert not codes & {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299"}
            assert back.version == "trf16"


def test_old_byes_are_read_as_the_byes_of_the_same_points() -> None:
    """trf.md §5: ``0000 - =`` a half-point bye, ``0000 - 0`` a zero-point bye, ``0000 - 1`` a full-point bye."""
    t = parse_trf((CORPUS / "trf06-old-byes-shape.trf").read_bytes()).tournament
    assert t.players[5].results[1].code.value == "H" and t.players[6].results[2].code.value == "Z"
    assert [t.players[r].points for r in sorted(t.players)] == [Decimal(x) for x in ("1.5", "2.5", "1", "1", "2", "1.5")]
    v = parse_trf((CORPUS / "vega-birth-dates-shape.trf").read_bytes()).tournament
    assert v.players[3].results[1].code.value == "H" and v.players[6].results[1].code.value == "F"
    assert v.players[1].birth_date == "1988/05/02"


@pytest.mark.parametrize("path", INDIVIDUAL, ids=_id)
def test_converted_file_is_read_by_bbppairings_and_tec(path: Path, tmp_path: Path) -> None:
    bbp, tec = refs.find_bbp(), refs.find_tec()
    if bbp is None and tec is None:
        pytest.skip("neither bbpPairings (ARBITRO_BBP) nor FIDE's TEC reader (ARBITRO_TEC) is on this machine")
    for version in ("trf26", "trf16"):
        out = tmp_path / f"{path.stem}.{version}.trf"
        assert main(["trf", "convert", str(path), str(out), "--to", version]) == 0
        t = parse_trf(out.read_bytes(), out.name).tournament
        if bbp is not None:
            run = refs.run_bbp_check(bbp, out)
            system = (t.system or "").upper() if version == "trf26" else ""
            if system and system not in {"FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_BAKU", "FIDE_DUTCH_2025_BAKU"}:
                assert run.returncode == 3  # trf.md §6.1: bbp v6.0.0 refuses other 192 codes
            elif version == "trf26" and t.scoring.forfeit_loss != 0:
                assert run.returncode == 3  # trf.md §6.1: bbp v6.0.0 refuses 162 code A
            else:
                assert "Error parsing file" not in run.stderr, run.stderr
                assert run.returncode in (0, 1), run.stderr  # 1: a round bbp would pair otherwise
        if tec is not None:
            dash = any(
                r.opponent is not None and r.colour is not None and r.colour.value == "-"
                for p in t.players.values()
                for r in p.results
            )
            status, view = refs.tec_view(tec, out)
            assert status.get("code") == 0, status
            assert set(view) == set(t.players)
            if not dash:  # TEC's tie-break checker stops with error 510 on a paired "-" forfeit (trf.md §6.2)
                assert refs.compare_tec(tec, out, t) == []


# --------------------------------------------------------------------------- team files
#: (match points, game points) of each team by number (013 order), from the games of the file.
TEAM_TOTALS = {
    # hand-checked: the corpus README lists the games round by round
    "swiss-manager-team-013-shape.trf": {1: ("5", "4"), 2: ("3", "3.5"), 3: ("2", "2"), 4: ("3", "3"), 5: ("2", "2.5")},
    # the published final table of the Friendship Cup 2024 (as quoted by heltour's test), every team
    # equal but team 13, whose games in the file give 13.5 game points (1 + PAB 3 + 3.5 + 2.5 + 2 + 1 +
    # 0.5) where the table says 14.5
    "swiss-manager-team-2024-anon.trf": {
        3: ("11", "24.5"), 10: ("10", "23.5"), 4: ("9", "25.5"), 1: ("9", "25"), 7: ("9", "24.5"), 9: ("8", "22"),
        15: ("8", "20"), 12: ("7", "23"), 14: ("6", "22"), 8: ("6", "18.5"), 6: ("5", "19"), 2: ("5", "18.5"),
        11: ("5", "15.5"), 5: ("4", "18"), 13: ("3", "13.5"),
    },
}


def _totals(text: str) -> dict[int, tuple[str, str]]:
    from arbitro.teams.results import round_table, totals

    e = parse_team_trf(text, "team.trf")
    return {t: (f"{float(mp):g}", f"{float(gp):g}") for t, (mp, gp) in totals(round_table(e, e.played_rounds())).items()}


@pytest.mark.parametrize("name", TEAM_FILES)
def test_team_file_standings_and_both_layouts(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / name
    text = path.read_bytes().decode("utf-8")
    assert _totals(text) == TEAM_TOTALS[name]
    assert main(["team", "standings", str(path)]) == 0
    table = capsys.readouterr().out.splitlines()
    assert len(table) == 1 + len(TEAM_TOTALS[name])
    # individual commands refuse it as a team file, naming `arbitro team`
    first = parse_trf(path.read_bytes(), name).errors[0]
    assert first.field == "team tournament" and "arbitro team" in first.message
    for version in ("trf16", "trf26"):
        out = tmp_path / f"{version}.trf"
        assert main(["team", "convert", str(path), str(out), "--to", version]) == 0
        written = out.read_text(encoding="utf-8")
        codes = {line[:3] for line in written.splitlines()}
        assert ("013" in codes, "310" in codes) == (version == "trf16", version == "trf26")
        if version == "trf16":
            assert not codes & {"142", "152", "162", "192", "212", "300", "320", "330", "352", "362"}
        assert _totals(written) == TEAM_TOTALS[name]
        again = tmp_path / f"{version}-again.trf"
        assert main(["team", "convert", str(out), str(again), "--to", version]) == 0
        assert again.read_text(encoding="utf-8") == written


def test_team_type_without_team_records_is_refused_naming_both_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    """``092 Team Swiss System`` and no 013/310: nothing says who plays for whom (exit 2, the records named)."""
    assert main(["team", "standings", str(CORPUS / "swiss-manager-team-shape.trf")]) == 2
    err = capsys.readouterr().err
    assert "013" in err and "310" in err
