"""The acceptance dossier (issue 33 item 7; FIDE C.02, checklist VCL4THP v13 as transcribed).

``docs/acceptance/checklist.json`` answers Q1-Q225; ``tools/acceptance_score.py`` prints the score.
These tests check the dossier itself: every ``pass`` names a test that exists, each question is
answered once with numeric penalties, and the printed score is the sum of the entries. They do
not run the named tests: the suite runs them.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKLIST = ROOT / "docs" / "acceptance" / "checklist.json"
TOOL = ROOT / "tools" / "acceptance_score.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("acceptance_score", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score_tool = _tool()


@pytest.fixture(scope="module")
def entries() -> list[dict[str, Any]]:
    return score_tool.load(CHECKLIST)


# -- (b) the file parses, each question once, penalties are numbers ----------------------------------


def test_the_checklist_parses_and_answers_q1_to_q225_once(entries: list[dict[str, Any]]) -> None:
    data = json.loads(CHECKLIST.read_text(encoding="utf-8"))
    assert data["questions"] == entries
    assert sorted(e["q"] for e in entries) == list(range(1, 226))


def test_answers_penalties_and_hard_fails_are_well_formed(entries: list[dict[str, Any]]) -> None:
    for e in entries:
        assert e["answer"] in score_tool.ANSWERS, e["q"]
        assert isinstance(e["penalty"], (int, float)) and not isinstance(e["penalty"], bool) and e["penalty"] >= 0, e["q"]
        assert isinstance(e["hard_fail"], bool), e["q"]
        assert e["text"] and e["evidence"], e["q"]
        if e["hard_fail"]:
            assert e["answer"] == "fail", e["q"]


# -- (a) every pass names a test, every named test exists ---------------------------------------------


def test_every_pass_names_a_test_and_every_named_test_exists(entries: list[dict[str, Any]]) -> None:
    assert score_tool.problems(entries) == []
    passes = [e for e in entries if e["answer"] == "pass"]
    assert passes and all(e["tests"] for e in passes)


def test_named_tests_are_collected_where_the_dossier_says(entries: list[dict[str, Any]]) -> None:
    """An independent look-up: the file exists and defines the function (parametrised ids allowed)."""
    for node in {t for e in entries for t in e["tests"]}:
        path, _, name = node.partition("::")
        assert path.startswith("tests/") and path.endswith(".py"), node
        source = (ROOT / path).read_text(encoding="utf-8")
        assert re.search(rf"^\s*(async\s+)?def {re.escape(name.split('[')[0])}\(", source, re.M), node


def test_the_questions_re_judged_today_are_passes_with_their_vcl4thp_tests(entries: list[dict[str, Any]]) -> None:
    by_q = {e["q"]: e for e in entries}
    for q in (21, 24, 25, 30, 31, 32, 57, 95, 103, 189, 190, 191, 192, 193):
        assert by_q[q]["answer"] == "pass" and not by_q[q]["hard_fail"], q
        assert any(re.search(rf"(Q|q){q}", t.split("::")[1]) for t in by_q[q]["tests"]), q


# -- (c) the printed score is the sum of the entries --------------------------------------------------


def test_the_score_printed_by_the_tool_is_the_sum_of_the_entries(entries: list[dict[str, Any]]) -> None:
    penalty = sum(e["penalty"] for e in entries)
    hard = sorted(e["q"] for e in entries if e["hard_fail"])
    verdict = "pass" if not hard and penalty <= 100 else "fail"
    run = subprocess.run([sys.executable, str(TOOL)], capture_output=True, text=True, check=True)
    first = run.stdout.splitlines()[0]
    assert first == f"hard fails: {len(hard)}; penalties: {penalty:g} %; verdict: {verdict} (<= 100 % with no hard fail)"
    for q in hard:
        assert re.search(rf"(?m)^  Q{q}\b", run.stdout), q
    as_json = json.loads(subprocess.run([sys.executable, str(TOOL), "--json"], capture_output=True, text=True,
                                        check=True).stdout)
    assert as_json["penalty"] == penalty and as_json["hard_fails"] == hard and as_json["verdict"] == verdict
    assert sum(s["penalty"] for s in as_json["sections"].values()) == penalty
    assert sum(s["questions"] for s in as_json["sections"].values()) == 225


def test_check_mode_exits_0_on_the_dossier() -> None:
    run = subprocess.run([sys.executable, str(TOOL), "--check"], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


# -- (d) a planted bad entry is caught ----------------------------------------------------------------


def _planted(entries: list[dict[str, Any]], q: int, **changes: Any) -> list[dict[str, Any]]:
    copy_ = copy.deepcopy(entries)
    for e in copy_:
        if e["q"] == q:
            e.update(changes)
    return copy_


def test_a_planted_pass_without_tests_fails_the_check(entries: list[dict[str, Any]]) -> None:
    found = score_tool.problems(_planted(entries, 43, answer="pass", hard_fail=False, tests=[]))
    assert found == ["entry 42 (Q43): answered pass without a test"]


def test_a_planted_test_that_does_not_exist_fails_the_check(entries: list[dict[str, Any]]) -> None:
    bad = ["tests/pairing/test_vcl4thp_ptc_rtg.py::test_Q21_no_such_test", "tests/nowhere.py::test_x"]
    found = score_tool.problems(_planted(entries, 21, tests=bad))
    assert found == [f"entry 20 (Q21): test {t} does not exist" for t in bad]


def test_a_parametrised_id_counts_as_its_function(entries: list[dict[str, Any]]) -> None:
    node = "tests/web/test_manual.py::test_every_chapter_renders_in_both_languages[en-index]"
    assert score_tool.problems(_planted(entries, 13, tests=[node])) == []


def test_a_duplicate_a_missing_question_and_a_text_penalty_fail_the_check(entries: list[dict[str, Any]]) -> None:
    twice = copy.deepcopy(entries)
    twice[5]["q"] = 5
    assert "Q5 appears 2 times (once expected)" in score_tool.problems(twice)
    assert "Q6 appears 0 times (once expected)" in score_tool.problems(twice)
    found = score_tool.problems(_planted(entries, 46, answer="fail", penalty="3 %"))  # Q46 passes since 2026-12-04
    assert found == ["entry 45 (Q46): penalty '3 %' must be a number >= 0"]


def test_the_readme_states_todays_score(entries: list[dict[str, Any]]) -> None:
    """docs/acceptance/README.md gives the score; it must be updated with the answers."""
    result = score_tool.score(entries)
    readme = (ROOT / "docs" / "acceptance" / "README.md").read_text(encoding="utf-8")
    line = f"**hard fails: {len(result['hard_fails'])}; penalties: {result['penalty']:g} %; verdict: {result['verdict']}**"
    assert line in readme
    for q in result["hard_fails"]:
        assert re.search(rf"(?m)^\| {q} \|", readme), q
