"""Every --help states the exit codes; print, tournament result and ratings change explain each argument (issue 20)."""

from __future__ import annotations

import pytest

from arbitro.cli import main


def _help(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "100")
    assert main([*args, "--help"]) == 0
    return capsys.readouterr().out


def _commands() -> list[list[str]]:
    import typer.main

    from arbitro.cli import app

    root = typer.main.get_command(app)
    out: list[list[str]] = []

    def walk(cmd, path):  # type: ignore[no-untyped-def]
        subs = getattr(cmd, "commands", None)
        if subs:
            for name, sub in subs.items():
                walk(sub, [*path, name])
        else:
            out.append(path)

    walk(root, [])
    return out


def test_every_command_help_states_its_exit_codes(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    commands = _commands()
    assert len(commands) > 20
    for path in commands:
        if path == ["manage"]:  # passes its arguments to Django's manage.py, help included
            continue
        text = _help(path, capsys, monkeypatch)
        assert "Exit codes" in text, path
        if path[0] in ("pair", "check", "generate"):
            assert "3 invalid input" in text, path
        else:
            assert "2 bad input" in text or "2 bad" in text, path


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["print"], ["pairings, results, standings", "TRF file (TRF-2026 or TRF16)", "arbitro print pairings open.trf"]),
        (["tournament", "result"], ["BOARD RESULT", "TRF file", "arbitro tournament result open.trf 1 1-0"]),
        (["ratings", "change"], ["rating at the start", "OPPONENT:RESULT", "arbitro ratings change 1850 2100:1"]),
    ],
)
def test_help_explains_every_argument_with_an_example(
    args: list[str], needles: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = _help(args, capsys, monkeypatch)
    for needle in needles:
        assert needle in text, needle


def test_ratings_change_help_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ratings", "change", "1850", "2100:1", "1950:=", "2200:0"]) == 0
    assert "change" in capsys.readouterr().out
