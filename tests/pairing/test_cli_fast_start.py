"""``arbitro pair --dutch`` starts without Typer, Click or Rich (issue 16), and means the same."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.cli.fast import try_fast

ROOT = Path(__file__).resolve().parents[2]
PERF100 = FIXTURES / "dutch-perf" / "n100-r6.trf"
D004 = FIXTURES / "dutch" / "d004-p11-r6.trf"

_PROBE = (
    "import sys; from arbitro.cli import main; rc = main(sys.argv[1:]); "
    "heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('typer', 'click', 'rich')); "
    "sys.stderr.write('HEAVY=' + ','.join(heavy) + '\\n'); sys.exit(rc)"
)


def _probe(args: list[str]) -> subprocess.CompletedProcess[str]:
    env = {"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=env)


def test_pair_process_imports_no_typer_click_or_rich(tmp_path: Path) -> None:
    out = tmp_path / "out.txt"
    res = _probe(["pair", "--dutch", str(PERF100), "-p", str(out)])
    assert res.returncode == 0, res.stderr
    assert "HEAVY=\n" in res.stderr
    expected = (PERF100.with_suffix(".expected.txt")).read_text().split()
    assert out.read_text().split() == expected


def test_check_still_runs_through_typer() -> None:
    res = _probe(["check", "--dutch", str(D004)])
    assert res.returncode == 0, res.stderr
    assert "6 of 6 rounds agree" in res.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["pair", "--help"],
        ["pair", "--dutch"],
        ["pair", "--bogus", "x"],
        ["pair", "--dutch", "a", "--dutch", "b"],
        ["pair", "a", "b"],
        ["check", "--dutch", "a"],
        ["pair", "--round-robin", "a", "-p"],
        ["trf", "show", "x"],
    ],
)
def test_anything_unusual_goes_to_typer(argv: list[str]) -> None:
    assert try_fast(argv) is None


def test_equals_form_and_flags_are_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", f"--dutch={PERF100}", "--bbp-compat", "-p"]) == 0
    assert capsys.readouterr().out.split() == PERF100.with_suffix(".expected.txt").read_text().split()


def test_usage_errors_still_come_from_typer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pair", "--bogus"]) == 2
    assert "No such option" in capsys.readouterr().err


def test_full_search_flag_and_env_pair_the_same(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = PERF100.with_suffix(".expected.txt").read_text().split()
    assert main(["pair", "--dutch", str(PERF100), "-p", "--full-search"]) == 0
    assert capsys.readouterr().out.split() == expected
    monkeypatch.setenv("ARBITRO_DUTCH_FULL", "1")
    assert main(["check", "--dutch", str(D004)]) == 0
    assert "6 of 6 rounds agree" in capsys.readouterr().out


def test_add_round_is_read_by_the_fast_path(tmp_path: Path) -> None:
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError) as err:
        try_fast(["pair", "--dutch", str(tmp_path / "missing.trf"), "-p", "--add-round"])
    assert err.value.exit_code == 3
