"""``arbitro tournament expel | standings-options | tiebreak-value | rating-from-round`` (VCL4THP Q197-216)."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.trf import parse_trf

from .test_cli_roundrobin import ok, refused, run


@pytest.fixture
def quad(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A 4-player round robin (numbers drawn by lot), round 1 played: White wins both games."""
    trf = tmp_path / "rr.trf"
    ok(capsys, "new", str(trf), "--name", "Quad", "--system", "round-robin", "--author", "IA Test")
    for name, rating in (("Alpha, A", 2100), ("Beta, B", 2000), ("Gamma, C", 0), ("Delta, D", 1800)):
        ok(capsys, "add-player", str(trf), name, "--rating", str(rating))
    ok(capsys, "pair", str(trf), "--seed", "4")
    ok(capsys, "result", str(trf), "1", "1-0", "2", "1-0")
    return trf


def _number(trf: Path, name: str) -> str:
    """The pairing number the lot gave ``name``."""
    players = parse_trf(trf.read_text(encoding="utf-8")).tournament.players.values()
    return str(next(p.start_rank for p in players if p.name == name))


def _rows(capsys: pytest.CaptureFixture[str], trf: Path, *args: str) -> list[list[str]]:
    return [line.split() for line in ok(capsys, "standings", str(trf), *args).splitlines()[1:]]


def test_q203_q205_shared_places_and_ties_by_hand(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "standings-options", str(quad), "--shared-places")
    ranks = [r[0] for r in _rows(capsys, quad, "--tiebreaks", "PTS")]
    assert ranks == ["1", "1", "3", "3"]  # shared places (Q203)
    winners = [r[1] for r in _rows(capsys, quad, "--tiebreaks", "PTS")][:2]
    ok(capsys, "standings-options", str(quad), "--ties-by-hand", ",".join(reversed(winners)))
    rows = _rows(capsys, quad, "--tiebreaks", "PTS")
    assert [r[0] for r in rows[:2]] == ["1h", "2h"] and [r[1] for r in rows[:2]] == list(reversed(winners))
    assert "listed twice" in refused(capsys, quad, "standings-options", str(quad), "--ties-by-hand", "1,1")


def test_q207_external_value(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "standings-options", str(quad), "--shared-places")
    loser = _rows(capsys, quad, "--tiebreaks", "PTS,BH")[-1][1]
    assert "(external)" in ok(capsys, "tiebreak-value", str(quad), loser, "BH", "9.5")
    rows = _rows(capsys, quad, "--tiebreaks", "PTS,BH")
    assert any(r[1] == loser and r[-1] == "9½e" for r in rows)
    assert "tiebreak_value_entered" in ok(capsys, "log", str(quad))


def test_q209_unrated_method(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "standings", str(quad), "--tiebreaks", "PTS,ARO")
    assert code == 0 and "--unrated-method" in err  # the empty column is explained, the rules offered
    ok(capsys, "standings-options", str(quad), "--unrated-method", "average")
    code, out, err = run(capsys, "standings", str(quad), "--tiebreaks", "PTS,ARO")
    assert code == 0 and "--unrated-method" not in err
    assert "1967" in out  # (2100 + 2000 + 1800) / 3 = 1966.67, rounded


def test_q210_q216_long_event_and_rating_from_round(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = ok(capsys, "standings-options", str(quad), "--long-event", "--unrated-rating", "1500")
    assert "long event (ratings of round 1)" in out
    alpha = _number(quad, "Alpha, A")
    assert "rating 2400 from round 2" in ok(capsys, "rating-from-round", str(quad), alpha, "2", "2400")
    code, first, err = run(capsys, "standings", str(quad), "--tiebreaks", "PTS,RTNG")
    assert code == 0 and "not advised" in err  # Q211
    assert any(
        line.split()[1] == alpha and line.split()[-1] == "2100" for line in first.splitlines()[1:]
    )  # Q215
    ok(capsys, "standings-options", str(quad), "--rating-round", "2")  # the user chooses (Q214, Q216)
    chosen = ok(capsys, "standings", str(quad), "--tiebreaks", "PTS,RTNG")
    assert any(line.split()[1] == alpha and line.split()[-1] == "2400" for line in chosen.splitlines()[1:])


def test_q197_q198_expel(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    delta = _number(quad, "Delta, D")
    assert "expelled from round 2" in ok(capsys, "expel", str(quad), delta, "--reason", "misconduct")
    out = ok(capsys, "standings", str(quad))
    assert f"expelled, left out of the standings: {delta} Delta, D" in out
    assert len(out.splitlines()) == 1 + 3 + 1 and "Delta, D  " not in out
    assert "already been expelled" in refused(capsys, quad, "expel", str(quad), delta)


def test_q170_withdrawn_marked(quad: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ok(capsys, "withdraw", str(quad), _number(quad, "Gamma, C"))
    assert "Gamma, C (withdrawn from round 2)" in ok(capsys, "standings", str(quad))
