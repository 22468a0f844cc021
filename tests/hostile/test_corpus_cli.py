"""The hostile-input corpus through every command that reads a file (issue 21, "Done when").

Each case of :mod:`tests.hostile.corpus` runs through the commands of its kind; every run must end
with the command's bad-input exit code (2; ``pair``/``check`` keep bbpPairings' 3), one line on
stderr (``trf validate`` prints at most 101 diagnostic lines, ``ratings list-parse`` its capped
problems and then one ``arbitro:`` line), the expected words, no traceback, in under 5 s of CPU and
under 500 MB. The runs happen in one worker subprocess whose address space is capped at 2 GB
(so a regression fails instead of swapping) and whose peak memory is reset before each job.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from tests.hostile.corpus import ALL, Case

ROOT = Path(__file__).resolve().parents[2]
MAX_SECONDS = 5.0
MAX_MB = 500.0
BIG = {"fifty-mb-of-errors", "too-many-lines", "line-too-long", "larger-than-64mb", "list-endless-line", "xml-deep"}

TRF_COMMANDS: list[tuple[list[str], int]] = [
    (["trf", "validate", "{f}"], 2),
    (["trf", "show", "{f}"], 2),
    (["trf", "convert", "{f}", "{d}/out.trf"], 2),
    (["standings", "{f}"], 2),
    (["pair", "--dutch", "{f}", "-p"], 3),
    (["check", "--dutch", "{f}"], 3),
    (["norms", "{f}"], 2),
    (["print", "standings", "{f}", "-o", "{d}/out.pdf"], 2),
    (["export", "standings", "{f}", "-o", "{d}/out.csv"], 2),
    (["site", "{f}", "-o", "{d}/site"], 2),
    (["tournament", "new", "{d}/t.trf", "--from-trf", "{f}"], 2),
]
COMMANDS: dict[str, list[tuple[list[str], int]]] = {
    "trf": TRF_COMMANDS,
    "ratings": [(["ratings", "list-parse", "{f}"], 2)],
    "dossier": [(["title-application", "{f}"], 2), (["print", "it2", "{f}", "-o", "{d}/out.pdf"], 2)],
    "season": [(["fma", "season", "{f}"], 2)],
    "field": [],  # form fields: tests/hostile/test_corpus_fields.py
    "team": [(["team", "standings", "{f}"], 2), (["team", "pair", "{f}"], 2), (["team", "boards", "{f}"], 2)],
    "prizes": [(["prizes", "{d}/case.trf", "--list", "{f}"], 2)],
}
SUFFIX = {"trf": ".trf", "ratings": ".txt", "dossier": ".json", "season": ".json", "team": ".trf", "prizes": ".json"}
FIELD_OPTION = {"name": "--name", "city": "--city", "chief_arbiter": "--arbiter", "federation": "--fed"}


def _jobs(case: Case, folder: Path) -> list[dict[str, object]]:
    folder.mkdir(parents=True, exist_ok=True)
    if case.kind == "field":
        option = FIELD_OPTION.get(str(case.extra["field"]))
        if option is None:
            return []
        value = case.data().decode()
        argv = ["tournament", "new", f"{folder}/t.trf", "--rounds", "5", option, value]
        if option != "--name":
            argv += ["--name", "Corpus"]
        return [{"id": f"{case.name} | tournament new {option}", "argv": argv, "code": 2}]
    path = folder / ("case" + str(case.extra.get("suffix", SUFFIX[case.kind])))
    path.write_bytes(case.data())
    if case.trf is not None:
        (folder / "case.trf").write_bytes(case.trf)
    target = case.target or str(path)
    commands = COMMANDS[case.kind]
    if case.name in BIG:
        commands = commands[:1] + [c for c in commands if c[0][0] in ("standings", "pair")]
    jobs = []
    for argv, code in commands:
        filled = [a.replace("{f}", target).replace("{d}", str(folder)) for a in argv]
        jobs.append({"id": f"{case.name} | {' '.join(argv[:2])}", "argv": filled, "code": code})
    return jobs


def _cap_memory() -> None:  # pragma: no cover - runs in the child
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, object]]:
    base = tmp_path_factory.mktemp("hostile")
    jobs = [job for i, case in enumerate(ALL) for job in _jobs(case, base / f"{i:03d}")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]), "COLUMNS": "500"}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "hostile" / "worker.py")],
        input=json.dumps([{"id": j["id"], "argv": j["argv"]} for j in jobs]),
        capture_output=True, text=True, env=env, preexec_fn=_cap_memory, timeout=1800, check=False,
    )  # fmt: skip
    out = {}
    for line in proc.stdout.splitlines():
        r = json.loads(line)
        out[r["id"]] = r
    expected = {j["id"]: j["code"] for j in jobs}
    assert set(out) == set(expected), f"worker stopped early: {proc.stderr[-2000:]}"
    for k, code in expected.items():
        out[k]["expected_code"] = code
    return out


def test_corpus_has_at_least_100_crafted_cases() -> None:
    """Done when: at least 100 crafted files across TRF, rating lists, dossiers, seasons and form fields."""
    kinds = {c.kind for c in ALL}
    assert kinds == {"trf", "ratings", "dossier", "season", "field", "team", "prizes"}
    assert len(ALL) >= 100
    assert len({c.name for c in ALL}) == len(ALL)


CLI_CASES = [c for c in ALL if c.kind != "field" or str(c.extra["field"]) in FIELD_OPTION]


@pytest.mark.parametrize("case", CLI_CASES, ids=[c.name for c in CLI_CASES])
def test_hostile_case_ends_with_one_clear_message(case: Case, results: dict[str, dict[str, object]]) -> None:
    mine = {k: r for k, r in results.items() if k.split(" | ")[0] == case.name}
    assert mine, case.name
    for job, r in mine.items():
        assert not r["crash"], f"{job}: {r['crash']}"
        stderr = str(r["stderr"]).strip()
        text = (stderr + "\n" + str(r["stdout"])).lower()
        assert "traceback" not in text, f"{job}: {stderr}"
        assert r["code"] == r["expected_code"], f"{job}: exit {r['code']}: {stderr[-500:]}"
        lines = stderr.splitlines()
        assert lines, f"{job}: no message"
        if " trf validate" in job or job.endswith("| trf validate"):
            assert len(lines) <= 101, f"{job}: {len(lines)} lines"
            assert all(": error: " in x or ": warning: " in x or x.startswith(("... and ", "arbitro: ")) for x in lines)
        elif "ratings list-parse" in job:
            assert len(lines) <= 52 and lines[-1].startswith("arbitro: "), lines[-3:]
        else:
            assert len(lines) == 1, f"{job}: {len(lines)} lines: {lines[:3]}"
        assert case.expect.lower() in text, f"{job}: expected {case.expect!r} in {stderr[:300]!r}"
        # CPU seconds: the suite shares two cores with other work; the wall time is kept in the result.
        assert r["cpu"] < MAX_SECONDS, f"{job}: {r['cpu']:.1f} s CPU ({r['wall']:.1f} s wall)"
        assert r["peak_mb"] < MAX_MB, f"{job}: {r['peak_mb']:.0f} MB"
