"""VCL4THP Q43-Q46: leaving FIDE mode is a Level-4 confirmation (warn with the consequences, then a
second, explicit confirmation; only the second acts), written as ``###`` (Q44), never undone (Q45),
and shown afterwards wherever the tournament is shown (Q46)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.tournament import TournamentService

from .test_cli_commands import small  # noqa: F401  (the fixture)
from .test_cli_roundrobin import ok, refused


def test_q43_core_first_step_warns_with_consequences_and_changes_nothing(rr7: TournamentService) -> None:
    before = len(rr7.events)
    with pytest.raises(ArbitroError) as info:
        rr7.leave_fide_mode(confirm=True, reason="club rules")
    assert info.value.code == "fide.confirm_level4"
    text = str(info.value)
    assert "cannot be undone" in text and "federation may refuse to rate" in text
    assert rr7.fide_exit_token() in text
    assert rr7.state.fide_mode and len(rr7.events) == before


def test_q43_core_a_wrong_or_stale_token_is_refused(rr7: TournamentService) -> None:
    with pytest.raises(ArbitroError, match="confirm a second time"):
        rr7.leave_fide_mode(confirm=True, token="LEAVE-000000")
    stale = rr7.fide_exit_token()
    rr7.pair_next_round(seed=1)  # the tournament changed after the warning: a new warning is needed
    assert rr7.fide_exit_token() != stale
    with pytest.raises(ArbitroError, match="confirm a second time"):
        rr7.leave_fide_mode(confirm=True, token=stale)
    with pytest.raises(ArbitroError, match="confirm it explicitly"):  # the token alone is not step 1
        rr7.leave_fide_mode(token=rr7.fide_exit_token())
    assert rr7.state.fide_mode


def test_q43_q44_q45_core_second_step_acts_once_and_writes_the_line(rr7: TournamentService) -> None:
    rr7.leave_fide_mode(confirm=True, reason="club rules", token=rr7.fide_exit_token().lower())
    assert not rr7.state.fide_mode
    assert any(c.startswith("FIDE mode left") and "club rules" in c for c in rr7.state.to_tournament().comments)
    with pytest.raises(ArbitroError, match="already left"):
        rr7.leave_fide_mode(confirm=True, token=rr7.fide_exit_token())


def test_q43_cli_two_steps_exit_2_until_the_token_is_repeated(
    small: Path, capsys: pytest.CaptureFixture[str]  # noqa: F811
) -> None:
    assert "step 1: run again with --yes" in refused(capsys, small, "leave-fide-mode", str(small))
    step1 = refused(capsys, small, "leave-fide-mode", str(small), "--yes")
    assert "cannot be undone" in step1 and "step 2: run again with --yes --confirm LEAVE-" in step1
    token = step1.rsplit("--confirm ", 1)[1].split(")")[0]
    refused(capsys, small, "leave-fide-mode", str(small), "--confirm", token)  # step 2 without step 1
    refused(capsys, small, "leave-fide-mode", str(small), "--yes", "--confirm", "LEAVE-000000")
    out = ok(capsys, "leave-fide-mode", str(small), "--yes", "--confirm", token)
    assert out.startswith("### FIDE mode left on ")
    assert "### FIDE mode left on " in small.read_text(encoding="utf-8")


def test_q46_cli_standings_and_show_carry_a_permanent_banner(
    small: Path, capsys: pytest.CaptureFixture[str]  # noqa: F811
) -> None:
    assert "NOT IN FIDE MODE" not in ok(capsys, "standings", str(small))
    assert "NOT IN FIDE MODE" not in ok(capsys, "show", str(small))
    step1 = refused(capsys, small, "leave-fide-mode", str(small), "--yes")
    ok(capsys, "leave-fide-mode", str(small), "--yes", "--confirm", step1.rsplit("--confirm ", 1)[1].split(")")[0])
    for command in ("standings", "show"):
        first = ok(capsys, command, str(small)).splitlines()[0]
        assert first.startswith("*** NOT IN FIDE MODE *** (FIDE mode left on "), command
    ok(capsys, "pair", str(small), "--seed", "1")  # still there after later rounds
    assert ok(capsys, "standings", str(small)).startswith("*** NOT IN FIDE MODE ***")


def test_q43_cli_import_that_leaves_fide_mode_takes_the_second_confirmation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from arbitro.cli import main

    from .test_import_rule_check import FINE

    source = tmp_path / "blitz.trf"
    source.write_text(FINE.replace("142 3\n", "142 3\n162 W 1.0 D 0.75 L 0.0\n"), encoding="utf-8")
    target = tmp_path / "blitz-club.trf"
    assert main(["tournament", "new", str(target), "--from-trf", str(source)]) == 2
    err = capsys.readouterr().err
    assert "WARNING (1 of 2)" in err and "leaves FIDE mode for good" in err and not target.exists()
    token = err.rsplit("--confirm ", 1)[1].split(")")[0]
    assert main(["tournament", "new", str(target), "--from-trf", str(source), "--confirm", "LEAVE-000000"]) == 2
    capsys.readouterr()
    assert main(["tournament", "new", str(target), "--from-trf", str(source), "--confirm", token]) == 0
    assert "### FIDE mode left on " in target.read_text(encoding="utf-8")
