"""tools/tiebreak_crosscheck.py (issue 35, VCL4THP Q33-39): its comparison and classification logic.

Everything but the last test runs without FIDE's TEC checker, on a tiny tournament built in memory:
TEC's output is written by hand in its own text format (``tiebreakchecker.py -d T``), so the tests
show what the tool reads, what it calls equal and how it classifies a difference.
"""

from __future__ import annotations

import importlib.util
import sys
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from tests.tiebreaks.helpers import make_tournament

from arbitro.model import Tournament
from arbitro.trf import write_trf

REPO = Path(__file__).resolve().parents[2]


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "tiebreak_crosscheck", REPO / "tools" / "tiebreak_crosscheck.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["tiebreak_crosscheck"] = module
    spec.loader.exec_module(module)
    return module


tool = _tool()


def _swiss() -> Tournament:
    """Five players, three rounds: a PAB, a half-point bye, a forfeit (C.07 Art. 16 cases)."""
    return make_tournament(
        {
            1: "4w1 2b= 3w1",
            2: "5b1 1w= U",
            3: "U 4b1 1b0",
            4: "1b0 3w0 5w+",
            5: "2w0 H 4b-",
        },
        rounds=3,
    )


def _as_tec_text(values: dict[int, dict[str, Any]]) -> str:
    """Arbitro's values printed the way TEC prints them (``-0`` for no value), tab-separated."""
    lines = ["\t".join(["StartNo", "Rank", *tool.tec_codes("2026")])]
    for sr, row in sorted(values.items()):
        cells = ["-0" if row[c] is None else str(row[c]) for c in tool.CODES]
        lines.append("\t".join([str(sr), str(row["rank"]), *cells]))
    return "\n".join(lines) + "\n"


def test_tec_codes_pin_the_rules_on_the_versioned_tiebreaks_c07_art16() -> None:
    codes = tool.tec_codes("2024")
    assert "BH/C1/V2024" in codes and "SB/V2024" in codes and "FB/V2024" in codes
    assert "PTS" in codes and "ARO/C1" in codes and "TPR" in codes  # computed alike under both
    assert len(codes) == len(tool.CODES) == 23


def test_equal_as_tec_prints_it_half_a_unit_of_its_last_decimal() -> None:
    same = tool.same_value
    assert same(Decimal("24.58"), "24.58")
    assert same(Decimal("24.583"), "24.58")  # Arbitro more precise than TEC's print
    assert not same(Decimal("24.59"), "24.58")  # one unit of TEC's last decimal is a difference
    assert same(Decimal("24.576"), "24.58")  # 0.004 away: within half a unit
    assert same(2138, "2138") and not same(2139, "2138")
    assert same(Decimal("3.0"), "3") and same(Decimal("0.0"), "0")  # KS's "0" (reference §9.2)
    assert not same(Decimal("0.5"), "0")  # half a unit away is a difference
    assert same(None, "-0") and not same(None, "0.0") and not same(Decimal(0), "-0")
    with pytest.raises(ValueError, match="not a decimal"):
        same(Decimal(1), "x")


def test_parse_tec_output_reads_rows_and_refuses_an_error_text() -> None:
    values = tool.arbitro_values(_swiss(), "2026", None)
    rows = tool.parse_tec_output(_as_tec_text(values))
    assert set(rows) == {1, 2, 3, 4, 5}
    assert rows[1]["PTS"] == str(values[1]["PTS"]) and rows[1]["rank"] == str(values[1]["rank"])
    with pytest.raises(RuntimeError, match="no table"):
        tool.parse_tec_output("### Error 510 Program error\n")  # TEC still exits 0 (reference §8.6)


def test_identical_values_compare_equal_for_every_player_code_and_rank() -> None:
    t = _swiss()
    for rules in tool.RULES:
        ours = tool.arbitro_values(t, rules, None)
        values, ranks, diffs = tool.compare(rules, ours, tool.parse_tec_output(_as_tec_text(ours)))
        assert (values, ranks, diffs) == (5 * 23, 5, [])


def _with(values: dict[int, dict[str, Any]], sr: int, code: str, text: str) -> dict[int, dict[str, str]]:
    theirs = tool.parse_tec_output(_as_tec_text(values))
    theirs[sr][code] = text
    return theirs


def test_one_changed_value_is_one_unexplained_difference() -> None:
    t = _swiss()
    ours = tool.arbitro_values(t, "2026", None)
    bh = ours[2]["BH"]
    _, _, diffs = tool.compare("2026", ours, _with(ours, 2, "BH", str(bh + 1)))
    assert [(d.player, d.code, d.ours, d.theirs) for d in diffs] == [(2, "BH", str(bh), str(bh + 1))]
    (d,) = tool.classify(t, diffs, None, readings=[], faults=[])
    assert d.cls == "unexplained"


def test_a_rank_difference_counts_only_where_every_value_agrees() -> None:
    ours = tool.arbitro_values(_swiss(), "2026", None)
    theirs = _with(ours, 3, "rank", "9")
    _, _, diffs = tool.compare("2026", ours, theirs)
    assert [(d.player, d.code) for d in diffs] == [(3, "rank")]
    theirs[3]["WIN"] = "7"  # the rank now follows a value difference: only the value is counted
    _, _, diffs = tool.compare("2026", ours, theirs)
    assert [(d.player, d.code) for d in diffs] == [(3, "WIN")]


def test_a_difference_reproduced_by_a_documented_reading_is_a_reading() -> None:
    t = _swiss()
    ours = tool.arbitro_values(t, "2026", None)
    _, _, diffs = tool.compare("2026", ours, _with(ours, 5, "SB", "9.75"))

    def other_reading(
        t: Tournament, rules: str, unrated: int | None, after: int | None
    ) -> dict[int, dict[str, Any]]:
        alt = tool.arbitro_values(t, rules, unrated, after)
        alt[5]["SB"] = Decimal("9.75")
        return alt

    reading = tool.Reading("test reading", "C.07 9.1", "this test", other_reading)
    (d,) = tool.classify(t, diffs, None, readings=[reading], faults=[])
    assert (d.cls, d.why) == ("reading", "test reading (C.07 9.1; this test)")
    # a reading that gives another value explains nothing
    (d,) = tool.classify(t, diffs, None, readings=[tool.SWISS_AS_ROUND_ROBIN], faults=[])
    assert d.cls == "unexplained"


def test_a_difference_matching_a_proved_tec_fault_is_tec() -> None:
    t = _swiss()
    ours = tool.arbitro_values(t, "2026", None)
    _, _, diffs = tool.compare("2026", ours, _with(ours, 4, "REP", "0"))
    fault = tool.TecFault("test fault", "C.07 7.5", lambda t, d, rerun: d.code == "REP" and d.player == 4)
    (d,) = tool.classify(t, diffs, None, readings=[], faults=[fault])
    assert (d.cls, d.why) == ("tec", "test fault (C.07 7.5)")


def test_a_player_missing_on_one_side_is_a_difference() -> None:
    ours = tool.arbitro_values(_swiss(), "2024", None)
    theirs = tool.parse_tec_output(_as_tec_text(ours))
    del theirs[5]
    _, _, diffs = tool.compare("2024", ours, theirs)
    assert [(d.player, d.code) for d in diffs] == [(5, "player")]


def test_the_table_counts_by_axis(capsys: pytest.CaptureFixture[str]) -> None:
    entry = {
        "direction": "tec", "seed": 1, "players": 5, "rounds": 3, "values": 230, "ranks": 10,
        "differing": 2, "rank_differing": 0, "classes": {"reading": 1, "unexplained": 1}, "cpu": 2.0,
        "axes": {"players": 5, "rounds": 3, "forfeits": True, "absences": True, "half_byes": False,
                 "scoring": "3-1-0", "unrated": False},
        "diffs": [["2026", 5, "SB", "9.5", "9.75", "reading", "r"], ["2024", 2, "BH", "4.0", "5.0", "unexplained", ""]],
    }  # fmt: skip
    tool.report([entry])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("forfeits"))
    assert row.split()[1:] == ["1", "230", "228", "2", "1", "0", "1", "10", "0"]
    assert "absences" in out and "seed 1, rules 2024, player 2, BH: Arbitro 4.0, TEC 5.0" in out
    assert "50,000 this way: about 28 CPU hours" in out


def test_equal_to_the_tec_checker_on_the_tiny_tournament(tmp_path: Path) -> None:
    """With TEC present: both programs on the tiny file, both rule sets, no difference."""
    tec = tool.tec_dir()
    if tec is None:
        pytest.skip("FIDE's TEC checker (TieBreakServer) not found: set ARBITRO_TEC")
    path = tmp_path / "tiny.trf"
    write_trf(_swiss(), path, "trf26")
    result = tool.check_file(tec, path, None, after=2)  # and the standings after round 2
    assert (result["values"], result["ranks"]) == (2 * 2 * 5 * 23, 20)
    assert result["differing"] == 0 and result["rank_differing"] == 0, result["diffs"]


def _fb_leak_case() -> Tournament:
    """Player 4: two requested byes, then a forfeit loss in the final round (all VURs, C.07 16.1.2)."""
    return make_tournament({1: "2w1 3b0 4w+", 2: "1b0 U 3w=", 3: "U 1w1 2b=", 4: "Z Z 1b-"}, rounds=3)


def test_fb_state_leak_needs_tec_without_fb_to_give_arbitros_value_c07_16_3_2() -> None:
    """The TEC fault is proved case by case: TEC re-run without FB must give Arbitro's value."""
    t = _fb_leak_case()
    ours = tool.arbitro_values(t, "2026", None)
    assert ours[1]["SB"] == Decimal("2.50")  # R3 dummy: min(own 2.0, player 4's adjusted 1.0) (16.4.1)
    _, _, diffs = tool.compare("2026", ours, _with(ours, 1, "SB", "1.50"))
    asked: list[list[str]] = []

    def rerun(answer: str) -> Any:
        def run(codes: list[str], rules: str, after: int | None) -> dict[int, dict[str, str]]:
            asked.append(codes)
            return {1: {"SB": answer}}

        return run

    (d,) = tool.classify(t, diffs, None, readings=[], rerun=rerun("2.50"))
    assert d.cls == "tec" and "FB" in d.why and "FB" not in asked[0] and "SB" in asked[0]
    (d,) = tool.classify(t, diffs, None, readings=[], rerun=rerun("1.50"))  # TEC keeps its value
    assert d.cls == "unexplained"
    (d,) = tool.classify(t, diffs, None, readings=[], rerun=None)  # no TEC to ask: not proved
    assert d.cls == "unexplained"
    _, _, diffs = tool.compare("2026", ours, _with(ours, 1, "BH", "9.0"))  # BH comes before FB
    (d,) = tool.classify(t, diffs, None, readings=[], rerun=rerun("9.0"))
    assert d.cls == "unexplained"


def test_fb_state_leak_on_the_minimal_file_with_tec(tmp_path: Path) -> None:
    """With TEC present: the minimal file of docs/acceptance/crosscheck.md, TEC 1.9.57's FB fault."""
    tec = tool.tec_dir()
    if tec is None:
        pytest.skip("FIDE's TEC checker (TieBreakServer) not found: set ARBITRO_TEC")
    path = tmp_path / "fb-leak.trf"
    write_trf(_fb_leak_case(), path, "trf26")
    result = tool.check_file(tec, path, None)
    got = {(d[0], d[1], d[2], d[3], d[4], d[5]) for d in result["diffs"]}
    assert got == {
        ("2026", 1, "SB", "2.50", "1.50", "tec"),
        ("2026", 2, "AOB", "5.00", "4.50", "tec"),
        ("2026", 3, "AOB", "5.50", "5.00", "tec"),
    }


def test_a_rank_difference_takes_the_worst_class_of_the_values_that_differ() -> None:
    t = _swiss()
    ours = tool.arbitro_values(t, "2026", None)
    theirs = _with(ours, 3, "rank", "9")
    _, _, diffs = tool.compare("2026", ours, theirs)
    (d,) = tool.classify(t, diffs, None, readings=[], faults=[])
    assert d.cls == "unexplained" and d.why == ""  # nothing else differs: the rank itself is unexplained
    theirs[1]["REP"] = "0"
    _, _, diffs = tool.compare("2026", ours, theirs)
    fault = tool.TecFault("test fault", "C.07 7.5", lambda t, d, rerun: d.code == "REP")
    got = [(d.player, d.code, d.cls) for d in tool.classify(t, diffs, None, readings=[], faults=[fault])]
    assert got == [(1, "REP", "tec"), (3, "rank", "tec")]
