"""The smaller `arbitro tournament` commands: show (also an earlier state), log, standings, FIDE mode, export."""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.errors import ArbitroError
from arbitro.trf import parse_trf

from .test_cli_roundrobin import ok, refused, run


@pytest.fixture
def small(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    trf = tmp_path / "rr.trf"
    ok(capsys, "new", str(trf), "--name", "Quad", "--system", "round-robin", "--author", "IA Test")
    for name, rating in (("Alpha, A", 2100), ("Beta, B", 2000), ("Gamma, C", 1900), ("Delta, D", 1800)):
        ok(capsys, "add-player", str(trf), name, "--rating", str(rating))
    ok(capsys, "pair", str(trf), "--seed", "4")
    ok(capsys, "result", str(trf), "1", "1-0", "2", "½-½")
    return trf


def test_show_now_and_at_an_earlier_point_of_the_log(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    now = ok(capsys, "show", str(small))
    assert "Quad: 4 players, 1 of 3 rounds paired, FIDE mode on" in now
    assert "1-0" in now and "½-½" in now
    earlier = ok(capsys, "show", str(small), "--at", "7")  # created, 4 players, lots, round 1 paired
    assert "1 of 3 rounds paired" in earlier and "1-0" not in earlier


def test_log_lists_every_event_with_time_and_author(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ok(capsys, "log", str(small)).splitlines()
    assert len(lines) == 9
    assert "IA Test: tournament_created" in lines[0]
    assert "pairing_numbers_assigned" in lines[5] and "seed=4" in lines[5]
    assert "result_entered" in lines[-1]


def test_standings_after_complete_rounds(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = ok(capsys, "standings", str(small)).splitlines()
    assert lines[0].split()[:4] == ["Rk", "No", "Name", "Pts"]
    assert len(lines) == 5
    assert lines[1].split()[:5] == ["1", "1", "Gamma,", "C", "1"]  # won board 1 of round 1 (points as on every face)
    assert lines[4].split()[:5] == ["4", "4", "Beta,", "B", "0"]


def test_leave_fide_mode_needs_yes_and_is_written(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "confirm" in refused(capsys, small, "leave-fide-mode", str(small))
    step1 = refused(capsys, small, "leave-fide-mode", str(small), "--yes")  # Level 4 (VCL4THP Q43): warns only
    token = step1.rsplit("--confirm ", 1)[1].split(")")[0]
    out = ok(capsys, "leave-fide-mode", str(small), "--yes", "--confirm", token, "--reason", "blitz side event")
    assert out.startswith("### FIDE mode left on ") and "blitz side event" in out
    assert any(c.startswith("FIDE mode left") for c in parse_trf(small.read_text()).tournament.comments)
    assert "already left" in refused(capsys, small, "leave-fide-mode", str(small), "--yes")


def test_export_to_a_file_and_bad_format(small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "out16.trf"
    ok(capsys, "export", str(small), "--to", "trf16", "-o", str(target))
    assert "XXR 3" in target.read_text()
    code, _, err = run(capsys, "export", str(small), "--to", "pgn")
    assert code == 2 and "trf26 or trf16" in err


def test_batch_with_an_odd_number_of_items_is_refused(small: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "pairs of BOARD RESULT" in refused(capsys, small, "result", str(small), "1")
    assert "no such event log" in run(capsys, "show", str(small.with_name("missing.trf")))[2]


FOA_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
CARLSEN = (
    "1503014        Carlsen, Magnus                                              NOR M   GM                 "
    "          2823  0   10 2801  12  10 2860  0   10 1990      "
)


def test_register_by_fide_id_from_a_rating_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """C.04.2 2.1: the player's data come from the FIDE rating list (here the rapid rating)."""
    trf = tmp_path / "rapid.trf"
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(FOA_HEADER + "\n" + CARLSEN + "\n")
    ok(capsys, "new", str(trf), "--name", "Rapid", "--rounds", "9")
    out = ok(capsys, "add-player", str(trf), "--fide-id", "1503014", "--rating-list", str(listing), "--rating-type", "rapid")
    assert out.strip() == "Carlsen, Magnus: pairing number 1"
    player = parse_trf(trf.read_text()).tournament.player(1)
    assert (player.rating, player.title, player.federation, player.fide_id, player.sex) == (2801, "GM", "NOR", "1503014", "m")
    assert "already registered" in refused(
        capsys, trf, "add-player", str(trf), "--fide-id", "1503014", "--rating-list", str(listing)
    )
    assert "not in this rating list" in refused(
        capsys, trf, "add-player", str(trf), "--fide-id", "42", "--rating-list", str(listing)
    )


def test_lenient_spellings_of_systems_bye_kinds_and_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "s.trf"
    ok(capsys, "new", str(trf), "--name", "S", "--system", "Swiss", "--rounds", "5")
    ok(capsys, "add-player", str(trf), "A, B", "--fed", "arg", "--rating", "2000")
    ok(capsys, "add-player", str(trf), "C, D", "--rating", "1900")
    assert "bye for round 2 H" in ok(capsys, "bye", str(trf), "1", "2", "--kind", "half")
    assert "bye for round 3 Z" in ok(capsys, "bye", str(trf), "2", "--round", "3", "--type", "zero")
    assert "--kind" in refused(capsys, trf, "bye", str(trf), "2", "4", "--kind", "quarter")
    out16 = tmp_path / "s16.trf"
    ok(capsys, "export", str(trf), str(out16), "--to", "trf16")
    exported = parse_trf(out16.read_text())
    assert not exported.errors and exported.tournament.byes_for_round(2) == {1: "H"}
    rr = tmp_path / "rr.trf"
    code, _, err = run(capsys, "new", str(rr), "--name", "R", "--system", "RR", "--rounds", "7")
    assert code == 0 and "--rounds ignored" in err


def test_tiebreaks_given_at_creation_are_used_by_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "tb.trf"
    ok(capsys, "new", str(trf), "--name", "TB", "--system", "round-robin", "--tiebreaks", "SB,WIN")
    for name in ("A, A", "B, B", "C, C"):
        ok(capsys, "add-player", str(trf), name)
    ok(capsys, "pair", str(trf), "--seed", "1")
    ok(capsys, "result", str(trf), "1", "1-0")
    header = ok(capsys, "standings", str(trf)).splitlines()[0].split()
    assert header[3:] == ["Pts", "SB", "WIN"]
    code, _, err = run(capsys, "new", str(tmp_path / "bh.trf"), "--name", "BH", "--system", "rr", "--tiebreaks", "BH")
    assert code == 2 and "Buchholz" in err


def test_concurrent_change_is_detected_and_nothing_written(small: Path) -> None:
    from arbitro.cli.tournament import open_service, save

    first = open_service(small, "desk 1")
    second = open_service(small, "desk 2")
    first.publish_round()
    save(small, first)
    second.publish_round()
    log = small.with_suffix(".events.jsonl")
    before = log.read_text()
    with pytest.raises(ArbitroError, match="changed while this command ran"):
        save(small, second)
    assert log.read_text() == before


def test_standings_after_an_earlier_round_and_export_of_an_earlier_state(
    small: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = ok(capsys, "standings", str(small), "--after-round", "0").splitlines()
    assert len(before) == 5 and all(line.split()[4] == "0" for line in before[1:])
    after = ok(capsys, "standings", str(small), "--after-round", "1").splitlines()
    assert after[1].split()[4] == "1"
    assert "rounds 0-1" in refused(capsys, small, "standings", str(small), "--after-round", "2")
    earlier = ok(capsys, "export", str(small), "--at", "6")  # before round 1 was paired
    assert parse_trf(earlier).tournament.played_rounds == 0


def test_show_lists_requested_byes_and_withdrawals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "o.trf"
    ok(capsys, "new", str(trf), "--name", "O", "--rounds", "5")
    for name in ("A, A", "B, B", "C, C", "D, D"):
        ok(capsys, "add-player", str(trf), name)
    ok(capsys, "bye", str(trf), "2", "--round", "3")
    ok(capsys, "withdraw", str(trf), "4", "--from-round", "2")
    out = ok(capsys, "show", str(trf))
    assert "requested byes: 2 H in round 3" in out and "withdrawn: 4 (from round 2)" in out
