"""Repository-wide rules of issue 32: a complexity budget, and no machine path in the repository.

* **Complexity budget** (ruff's mccabe ``C901``): functions of cyclomatic complexity 15 or more are
  counted over ``src/``; their number may not grow past :data:`COMPLEX_BUDGET` (lower it whenever
  a change brings the count down; never raise it) and they stay under 4 % of all functions
  (python-chess: 3.2 %).
* **No machine path**: the reference programs (bbpPairings, TieBreakServer, Gacrux, ...) are found by
  ``tools/refprogs.py`` from environment variables and ``$ARBITRO_REFS``; no source, test, tool,
  benchmark or document names a folder of one machine.
"""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: Functions of complexity >= 15 in src/ (2026-12-05: 45 of 2,199, then 41 of 2,221 once tournament/ was split, 40 of 2,701 at the day's end). Lower it, never raise it.
COMPLEX_BUDGET = 40
COMPLEX_SHARE = 0.04
THRESHOLD = 15


def _ruff() -> str:
    found = Path(sys.executable).with_name("ruff")
    if found.exists():
        return str(found)
    other = shutil.which("ruff")
    if other is None:
        pytest.skip("ruff is not installed")
    return other


def complex_functions(folder: Path) -> list[str]:
    """``path:line name (complexity)`` of every function over the threshold (ruff ``C901``)."""
    out = subprocess.run(
        [_ruff(), "check", str(folder), "--select", "C901", "--output-format", "json", "--no-cache",
         "--config", f"lint.mccabe.max-complexity={THRESHOLD - 1}", "--exit-zero"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return sorted(
        f"{Path(d['filename']).relative_to(folder)}:{d['location']['row']} {d['message']}"
        for d in json.loads(out.stdout)
    )


def count_functions(folder: Path) -> int:
    return sum(
        isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        for path in folder.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
    )


def test_the_complexity_budget_holds_over_src() -> None:
    src = ROOT / "src"
    found = complex_functions(src)
    total = count_functions(src)
    assert len(found) <= COMPLEX_BUDGET, "over the complexity budget:\n" + "\n".join(found)
    assert len(found) / total < COMPLEX_SHARE, f"{len(found)} of {total} functions have complexity >= {THRESHOLD}"


def test_the_complexity_check_finds_a_planted_complex_function(tmp_path: Path) -> None:
    branches = "\n".join(f"    if x == {i}:\n        return {i}" for i in range(THRESHOLD))
    (tmp_path / "planted.py").write_text(f"def planted(x: int) -> int:\n{branches}\n    return -1\n")
    (tmp_path / "simple.py").write_text("def simple(x: int) -> int:\n    return x\n")
    found = complex_functions(tmp_path)
    assert len(found) == 1 and found[0].startswith("planted.py:1 ") and "planted" in found[0]
    assert count_functions(tmp_path) == 2


MACHINE = "/" + "work/"  # spelt in two parts so that this file does not name it
SCANNED = ("src", "tests", "tools", "benchmarks", "docs", "deploy", "README.md", "dev.py", "pyproject.toml")
SKIPPED = ("tests/fixtures/", "benchmarks/results/")


def machine_paths(root: Path) -> list[str]:
    hits = []
    for top in SCANNED:
        base = root / top
        paths = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for path in paths:
            rel = path.relative_to(root).as_posix()
            if rel.startswith(SKIPPED) or "__pycache__" in rel or path.suffix in {".mo", ".png", ".pdf", ".gz"}:
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            hits += [f"{rel}:{n}" for n, line in enumerate(text.splitlines(), 1) if MACHINE in line]
    return hits


def test_no_machine_path_in_the_repository() -> None:
    assert machine_paths(ROOT) == []


def test_the_machine_path_check_finds_one(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "x.py").write_text(f'BBP = "{MACHINE}refs/bbp"\n')
    assert machine_paths(tmp_path) == ["tools/x.py:1"]


def test_refprogs_reads_the_variables_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import refprogs  # tools/ (tests/conftest.py)

    monkeypatch.setenv("ARBITRO_REFS", str(tmp_path))
    monkeypatch.delenv("ARBITRO_BBP", raising=False)
    monkeypatch.delenv("BBPPAIRINGS", raising=False)
    assert refprogs.bbp_or_default() == tmp_path / "bbpPairings" / "bbpPairings.exe"
    assert refprogs.find_bbp() is None
    exe = tmp_path / "bbp"
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    monkeypatch.setenv("ARBITRO_BBP", str(exe))
    assert refprogs.find_bbp() == exe
    monkeypatch.delenv("ARBITRO_TEC", raising=False)
    assert refprogs.find_tec_folder() is None
    (tmp_path / "TieBreakServer").mkdir()
    for name in ("trf2json.py", "tiebreakchecker.py"):
        (tmp_path / "TieBreakServer" / name).write_text("")
    assert refprogs.find_tec_folder() == tmp_path / "TieBreakServer"


#: Lines of ``src/arbitro/web`` that use ``typing.Any`` (issue 32: under 60; 2026-12-05: 59). Lower it, never raise it.
WEB_ANY_BUDGET = 59


def any_lines(folder: Path) -> list[str]:
    """``path:line`` of every line of ``folder`` naming ``Any`` as a word (imports included)."""
    import re

    word = re.compile(r"\bAny\b")
    return [
        f"{path.relative_to(folder)}:{n}"
        for path in sorted(folder.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if word.search(line)
    ]


def test_the_web_keeps_within_its_any_budget() -> None:
    found = any_lines(ROOT / "src" / "arbitro" / "web")
    assert len(found) <= WEB_ANY_BUDGET, "Any in the web over its budget:\n" + "\n".join(found)


def test_the_any_count_finds_a_planted_any(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("from typing import Any\n\ndef f(x: Any) -> int:\n    return 1  # Anything else\n")
    assert any_lines(tmp_path) == ["m.py:1", "m.py:3"]


#: No module of the web is longer than this (issue 32); migrations, which Django writes, are not counted.
WEB_MODULE_LINES = 600


def long_modules(folder: Path, limit: int) -> list[str]:
    return [
        f"{path.relative_to(folder)}: {n} lines"
        for path in sorted(folder.rglob("*.py"))
        if "migrations" not in path.parts and (n := len(path.read_text(encoding="utf-8").splitlines())) > limit
    ]


def test_no_web_module_is_over_600_lines() -> None:
    assert long_modules(ROOT / "src" / "arbitro" / "web", WEB_MODULE_LINES) == []


def test_the_length_check_finds_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "long.py").write_text("x = 1\n" * 601)
    (tmp_path / "short.py").write_text("x = 1\n" * 600)
    assert long_modules(tmp_path, WEB_MODULE_LINES) == ["long.py: 601 lines"]
