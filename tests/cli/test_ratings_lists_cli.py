"""`arbitro ratings check|apply|keep|method|show|download` (issue 34; VCL4THP Q133-Q145). No network: file:// only."""

from __future__ import annotations

import os
import time
import zipfile
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.trf import parse_trf

FOA_HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)


def _line(fide_id: int, name: str, standard: int, rapid: int, blitz: int) -> str:
    """A list line with each value at its header label's column."""
    values = {"ID Number": fide_id, "Name": name, "Fed": "ARG", "Sex": "M", "SRtng": standard, "SGm": 0, "SK": 20,
              "RRtng": rapid or "", "RGm": 0, "Rk": 20, "BRtng": blitz, "BGm": 0, "BK": 20, "B-day": 1990}  # fmt: skip
    line = [" "] * len(FOA_HEADER)
    for label, value in values.items():
        start = FOA_HEADER.index(label if label != "Rk" else " Rk ") + (1 if label == "Rk" else 0)
        text = str(value)
        line[start : start + len(text)] = text
    return "".join(line).rstrip()


LIST = "\n".join(
    [FOA_HEADER, _line(1001, "Alpha, A", 2110, 2050, 2000), _line(1002, "Beta, B", 2000, 0, 1980),
     _line(1003, "Gamma, C", 1890, 1900, 1850), _line(1004, "Delta, D", 1700, 1700, 1700)]
) + "\n"  # fmt: skip


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    trf = tmp_path / "open.trf"
    assert run(capsys, "tournament", "new", str(trf), "--name", "Open", "--rounds", "5", "--federation", "ARG")[0] == 0
    for name, rating, fid in (("Alpha, A", 2100, "1001"), ("Beta, B", 2000, "1002"), ("Gamma, C", 1900, "1003"),
                              ("Delta, D", 1700, "1004")):  # fmt: skip
        assert run(capsys, "tournament", "add-player", str(trf), name, "--rating", str(rating), "--fide-id", fid)[0] == 0
    return trf


def _files(trf: Path) -> tuple[bytes, bytes]:
    return trf.read_bytes(), trf.with_suffix(".events.jsonl").read_bytes()


def test_vcl4thp_Q133_check_lists_the_differences_and_changes_nothing(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    before = _files(event)
    code, out, _ = run(capsys, "ratings", "check", str(event), str(listing), "--type", "standard")
    assert code == 1
    assert "2 rating(s) differ from players_list_foa.txt (FIDE" in out
    assert "1 Alpha, A: FIDE standard 2100 -> 2110" in out and "3 Gamma, C: FIDE standard 1900 -> 1890" in out
    assert "nothing changed" in out
    assert _files(event) == before


def test_vcl4thp_Q142_Q143_apply_only_when_confirmed_with_the_players_listed(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    before = _files(event)
    code, out, err = run(capsys, "ratings", "apply", str(event), str(listing), "--type", "standard")
    assert code == 2 and "confirm to apply them" in err and "Alpha, A" in out
    assert _files(event) == before
    code, out, _ = run(capsys, "ratings", "apply", str(event), str(listing), "--type", "standard", "--confirm")
    assert code == 0 and "applied" in out
    ratings = [p.rating for p in parse_trf(event.read_text()).tournament.iter_players()]
    assert ratings == [2110, 2000, 1890, 1700]
    assert run(capsys, "ratings", "check", str(event), str(listing), "--type", "standard")[0] == 0
    log = event.with_suffix(".events.jsonl").read_text()
    assert '"kind":"ratings_applied"' in log and '"kind":"rating_list_kept"' in log


def test_vcl4thp_Q144_apply_to_a_chosen_subset(event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    assert run(capsys, "ratings", "apply", str(event), str(listing), "--type", "standard", "--only", "3", "--confirm")[0] == 0
    assert [p.rating for p in parse_trf(event.read_text()).tournament.iter_players()] == [2100, 2000, 1890, 1700]


def test_vcl4thp_Q137_check_against_the_list_valid_at_the_start(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = tmp_path / "start.csv"
    start.write_text("id,name,standard\n1001,Alpha,2100\n1002,Beta,1995\n")
    assert run(capsys, "ratings", "keep", str(event), str(start), "--start", "--date", "2026-12-01")[0] == 0
    start.unlink()  # the tournament keeps its own copy
    code, out, _ = run(capsys, "ratings", "check", str(event), "-", "--start")
    assert code == 1 and "2 Beta, B: FIDE standard 2000 -> 1995" in out and "2026-12-01" in out
    assert list(tmp_path.glob("open.lists/*-start.csv"))


def test_vcl4thp_Q135_Q140_a_stale_fide_list_is_refused_while_the_event_runs(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    old = time.time() - 3 * 86400
    os.utime(listing, (old, old))
    assert run(capsys, "ratings", "check", str(event), str(listing), "--type", "standard")[0] == 1  # not started: offline ok
    assert run(capsys, "tournament", "pair", str(event))[0] == 0
    code, _, err = run(capsys, "ratings", "check", str(event), str(listing))
    assert code == 2 and "at most one day old" in err and "--download" in err
    assert run(capsys, "ratings", "check", str(event), str(listing), "--type", "standard", "--stale-ok")[0] == 1


def test_vcl4thp_Q136_download_verifies_and_keeps_the_last_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.zip"
    with zipfile.ZipFile(good, "w") as zf:
        zf.writestr("players_list_foa.txt", LIST)
    dest = tmp_path / "players_list_foa.txt"
    code, out, _ = run(capsys, "ratings", "download", str(dest), "--url", good.as_uri())
    assert code == 0 and "4 players" in out and dest.read_text() == LIST
    assert '"fetched"' in dest.with_name(dest.name + ".meta.json").read_text()
    bad = tmp_path / "bad.zip"
    with zipfile.ZipFile(bad, "w") as zf:
        zf.writestr("players_list_foa.txt", "this is no rating list\n")
    code, _, err = run(capsys, "ratings", "download", str(dest), "--url", bad.as_uri())
    assert code == 2 and "not a FIDE rating list" in err and "the last list is kept" in err
    assert dest.read_text() == LIST


def test_vcl4thp_Q145_method_is_announced_and_written_as_172(event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ratings", "method", str(event), "FIDON", "--federation", "arg")
    assert code == 0 and out.strip() == "172 ARG FIDON"
    assert parse_trf(event.read_text()).tournament.rating_method == "FIDON"
    assert run(capsys, "ratings", "method", str(event), "ELO")[0] == 2


def test_vcl4thp_Q116_Q128_show_the_official_ratings_with_their_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = tmp_path / "rapid.trf"
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    assert run(capsys, "tournament", "new", str(trf), "--name", "Rapid", "--rounds", "5")[0] == 0
    code, _, err = run(capsys, "tournament", "add-player", str(trf), "--fide-id", "1002", "--rating-list", str(listing),
                       "--rating-type", "rapid")  # fmt: skip
    assert code == 0, err
    assert parse_trf(trf.read_text()).tournament.player(1).rating == 2000  # no rapid rating: the standard one (Q118)
    code, out, _ = run(capsys, "ratings", "show", str(trf))
    assert code == 0
    assert "FIDE standard 2000 (players_list_foa.txt" in out and "FIDE rapid - (players_list_foa.txt" in out
    assert "[other lists: FIDE blitz 1980]" in out


def test_vcl4thp_Q139_download_then_check_the_tournament_at_once(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    archive = tmp_path / "list.zip"
    with zipfile.ZipFile(archive, "w") as zf:
        zf.writestr("players_list_foa.txt", LIST)
    dest = tmp_path / "players_list_foa.txt"
    before = _files(event)
    code, out, _ = run(capsys, "ratings", "download", str(dest), "--url", archive.as_uri(), "--check", str(event))
    assert code == 1 and "Alpha, A: FIDE standard 2100 -> 2110" in out and "nothing changed" in out
    assert _files(event) == before


def test_vcl4thp_Q129_a_rating_of_another_list_is_picked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "open.trf"
    listing = tmp_path / "players_list_foa.txt"
    listing.write_text(LIST)
    assert run(capsys, "tournament", "new", str(trf), "--name", "Open", "--rounds", "5")[0] == 0
    assert run(capsys, "tournament", "add-player", str(trf), "--fide-id", "1001", "--rating-list", str(listing))[0] == 0
    code, out, _ = run(capsys, "ratings", "pick", str(trf), "1", "FIDE:rapid")
    assert code == 0 and "tournament rating 2050 (FIDE rapid)" in out
    assert parse_trf(trf.read_text()).tournament.player(1).rating == 2050
    assert run(capsys, "ratings", "pick", str(trf), "1", "ARG:standard")[0] == 2


def test_vcl4thp_Q145_a_national_list_and_fidon_write_the_national_rating_line(
    event: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    national = tmp_path / "arg.csv"
    national.write_text("fide_id;name;standard\n1002;Beta;2040\n1004;Delta;1750\n")
    code, out, _ = run(capsys, "ratings", "check", str(event), str(national), "--scope", "ARG", "--date", "2026-12-01")
    assert code == 1 and "2 Beta, B: ARG standard - -> 2040" in out
    assert run(capsys, "ratings", "apply", str(event), str(national), "--scope", "ARG", "--date", "2026-12-01", "--confirm")[0] == 0
    assert run(capsys, "ratings", "set", str(event), "4", "0", "--scope", "FIDE")[0] == 0  # Delta: no FIDE rating
    assert run(capsys, "ratings", "method", str(event), "FIDON", "--federation", "ARG")[0] == 0
    t = parse_trf(event.read_text()).tournament
    assert [p.rating for p in t.iter_players()] == [2100, 2000, 1900, 1750]  # Delta: FIDE, else national
    assert [(n.federation, n.rating) for n in t.player(2).national_ratings] == [("ARG", 2040)]
    code, out, _ = run(capsys, "ratings", "show", str(event))
    assert code == 0 and "ARG standard 2040 (arg.csv 2026-12-01)" in out and "FIDE standard - (by hand)" in out
