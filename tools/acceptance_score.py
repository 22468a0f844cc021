"""Score of Arbitro on FIDE's acceptance checklist (C.02, VCL4THP v13 as transcribed).

Reads ``docs/acceptance/checklist.json`` (one entry per question Q1-Q225) and prints the hard
fails left, the sum of penalties, the verdict and per-section subtotals; ``--json`` for machines.
The verification passes only with no hard fail and penalties of 100 % or less (C.02).
Independent of the ``arbitro`` package: standard library only.

    python tools/acceptance_score.py            # text
    python tools/acceptance_score.py --json     # the same as JSON
    python tools/acceptance_score.py --check    # also list dossier errors (exit 1 if any)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CHECKLIST = ROOT / "docs" / "acceptance" / "checklist.json"
ANSWERS = ("pass", "partial", "fail", "unknown", "off-path", "n/a")
QUESTIONS = range(1, 226)
LIMIT = 100.0


def load(path: Path = CHECKLIST) -> list[dict[str, Any]]:
    """The checklist's entries, in file order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = data["questions"]
    if not isinstance(entries, list):
        raise ValueError(f"{path}: 'questions' must be a list")
    return entries


def _test_exists(node: str, root: Path) -> bool:
    """``path::function[param]`` names a file under ``root`` that defines ``function``."""
    if "::" not in node:
        return False
    path, _, name = node.partition("::")
    name = name.split("::")[-1].split("[")[0]
    file = root / path
    if not (file.is_file() and name.startswith("test")):
        return False
    return re.search(rf"^\s*(async\s+)?def\s+{re.escape(name)}\s*\(", file.read_text(encoding="utf-8"), re.M) is not None


def problems(entries: list[dict[str, Any]], root: Path = ROOT) -> list[str]:
    """Every way the dossier breaks its own rules (empty when it is sound).

    Each question Q1-Q225 once; a known answer; numeric, non-negative penalties; a boolean
    hard_fail; a ``pass`` names at least one test and costs nothing; each named test exists.
    The tests are not run here: the suite runs them.
    """
    out: list[str] = []
    seen: dict[int, int] = {}
    for i, e in enumerate(entries):
        q = e.get("q")
        where = f"entry {i} (Q{q})"
        if not isinstance(q, int) or isinstance(q, bool):
            out.append(f"{where}: q must be an integer")
            continue
        seen[q] = seen.get(q, 0) + 1
        if e.get("answer") not in ANSWERS:
            out.append(f"{where}: answer {e.get('answer')!r} is not one of {', '.join(ANSWERS)}")
        for key in ("penalty", "at_risk"):
            v = e.get(key, 0)
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
                out.append(f"{where}: {key} {v!r} must be a number >= 0")
        if not isinstance(e.get("hard_fail"), bool):
            out.append(f"{where}: hard_fail must be true or false")
        tests = e.get("tests", [])
        if not isinstance(tests, list) or not all(isinstance(t, str) for t in tests):
            out.append(f"{where}: tests must be a list of node ids")
            continue
        if e.get("answer") == "pass":
            if not tests:
                out.append(f"{where}: answered pass without a test")
            if e.get("penalty", 0) or e.get("hard_fail"):
                out.append(f"{where}: a pass costs no penalty and is no hard fail")
        out.extend(f"{where}: test {t} does not exist" for t in tests if not _test_exists(t, root))
    for q in QUESTIONS:
        if seen.get(q, 0) != 1:
            out.append(f"Q{q} appears {seen.get(q, 0)} times (once expected)")
    out.extend(f"Q{q} is outside Q1-Q225" for q in seen if q not in QUESTIONS)
    return out


def score(entries: list[dict[str, Any]]) -> dict[str, Any]:
    """Hard fails left, penalties (certain and at risk), verdict and per-section subtotals."""
    sections: dict[str, dict[str, Any]] = {}
    for e in entries:
        s = sections.setdefault(e.get("section", "?"), {"questions": 0, "penalty": 0.0, "at_risk": 0.0, "hard_fails": [],
                                                         "pass": 0})
        s["questions"] += 1
        s["penalty"] += e.get("penalty", 0)
        s["at_risk"] += e.get("at_risk", 0)
        s["pass"] += e.get("answer") == "pass"
        if e.get("hard_fail"):
            s["hard_fails"].append(e["q"])
    hard = sorted(e["q"] for e in entries if e.get("hard_fail"))
    penalty = sum(e.get("penalty", 0) for e in entries)
    at_risk = sum(e.get("at_risk", 0) for e in entries)
    return {
        "hard_fails": hard,
        "first_hard_fail": hard[0] if hard else None,
        "penalty": penalty,
        "at_risk": at_risk,
        "verdict": "pass" if not hard and penalty <= LIMIT else "fail",
        "answers": {a: sum(e.get("answer") == a for e in entries) for a in ANSWERS},
        "sections": sections,
    }


def _pct(x: float) -> str:
    return f"{x:g} %"


def render(result: dict[str, Any], entries: list[dict[str, Any]]) -> str:
    by_q = {e["q"]: e for e in entries}
    lines = [f"hard fails: {len(result['hard_fails'])}; penalties: {_pct(result['penalty'])}; "
             f"verdict: {result['verdict']} (<= {LIMIT:g} % with no hard fail)"]
    if result["hard_fails"]:
        lines.append("hard fails left (the verification stops at the first on its path):")
        for q in result["hard_fails"]:
            e = by_q[q]
            conf = f" [{e['confidence']}]" if e.get("confidence") else ""
            lines.append(f"  Q{q}{conf}: {e['text']}")
    lines.append(f"at risk (TEC's judgement): up to {_pct(result['at_risk'])} more")
    lines.append("answers: " + ", ".join(f"{a} {n}" for a, n in result["answers"].items()))
    lines.append(f"{'section':28} {'Qs':>4} {'pass':>5} {'penalty':>8} {'at risk':>8}  hard fails")
    for name, s in result["sections"].items():
        hard = ", ".join(f"Q{q}" for q in s["hard_fails"]) or "-"
        lines.append(f"{name:28} {s['questions']:>4} {s['pass']:>5} {_pct(s['penalty']):>8} {_pct(s['at_risk']):>8}  {hard}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checklist", nargs="?", type=Path, default=CHECKLIST)
    parser.add_argument("--json", action="store_true", help="print the score as JSON")
    parser.add_argument("--check", action="store_true", help="also check the dossier; exit 1 on any error")
    args = parser.parse_args(argv)
    try:
        entries = load(args.checklist)
        result = score(entries)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        print(f"{args.checklist}: cannot read the checklist: {exc}", file=sys.stderr)
        return 2
    errors = problems(entries) if args.check else []
    if args.json:
        print(json.dumps({**result, "errors": errors} if args.check else result, indent=1))
    else:
        print(render(result, entries))
        for err in errors:
            print(f"error: {err}", file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # piped into head
        sys.exit(0)
