"""``arbitro standings FILE`` (issue 3): formats, options and the JSON contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from arbitro.cli import main

DATA = Path(__file__).parent / "tiebreaks" / "data"
SWISS7 = str(DATA / "own_swiss7_byes_forfeits.trf")
RR6 = str(DATA / "own_rr6_forfeit.trf")


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["standings", *args, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_contract(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "BH/C1,BH,SB,ARO")
    assert set(doc) == {"rules", "tiebreaks", "after_round", "lots_seed", "players"}  # Standings.as_dict (issue 14)
    assert doc["after_round"] == 5 and doc["lots_seed"] is None
    assert doc["rules"] == "2024"
    assert doc["tiebreaks"] == ["PTS", "BH/C1", "BH", "SB", "ARO"]
    first = doc["players"][0]
    assert set(first) == {"start_rank", "rank", "values"}
    assert first == {
        "start_rank": 4,
        "rank": 1,
        "values": {"PTS": "4.5", "BH/C1": "12.5", "BH": "14.0", "SB": "12.50", "ARO": "1863"},
    }
    assert [p["rank"] for p in doc["players"]] == list(range(1, 8))


def test_rules_option_c07_2026(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "BH", "--rules", "2026")
    assert doc["rules"] == "2026"
    assert doc["players"][0]["values"]["BH"] == "12.0"


def test_after_round_and_default_list(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, RR6, "--after-round", "2")
    assert doc["tiebreaks"][0] == "PTS" and "DE" in doc["tiebreaks"]
    assert max(float(p["values"]["PTS"]) for p in doc["players"]) <= 2


def test_unrated_rating_and_lots_seed(capsys: pytest.CaptureFixture[str]) -> None:
    a = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--lots-seed", "3", "--unrated-rating", "1400")
    b = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--lots-seed", "3")
    assert a["players"] == b["players"]


def test_table_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", RR6, "--tiebreaks", "DE,SB"]) == 0
    out = capsys.readouterr().out
    assert "Juliet" in out and "7.75" in out
    assert main(["standings", RR6, "--tiebreaks", "DE,SB", "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "rank,start_rank,name,rating,PTS,DE,SB"
    assert lines[1].startswith("1,3,")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--tiebreaks", "BH/Q"], "--tiebreaks"),
        (["--rules", "2023"], "--rules"),
        (["--format", "xml"], "--format"),
        (["--after-round", "9"], "--after-round"),
    ],
)
def test_bad_options_exit_2_without_traceback(
    capsys: pytest.CaptureFixture[str], args: list[str], needle: str
) -> None:
    assert main(["standings", SWISS7, *args]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err


def test_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["standings", "no-such-file.trf"]) == 2
    assert "no-such-file.trf" in capsys.readouterr().err


def test_explain_option_lists_rounds_and_cuts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["standings", SWISS7, "--tiebreaks", "BH/C1", "--rules", "2026", "--explain", "3"]
    assert main([*args, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    bh = next(e for e in doc if e["code"] == "BH/C1")
    assert bh["value"] == "8.5"
    assert [r["round"] for r in bh["rounds"] if r["cut"]] == [5]
    assert "16.4.1" in bh["rounds"][2]["note"]
    assert main(args) == 0
    assert "cut" in capsys.readouterr().out
    assert main([*args[:-1], "99"]) == 2


# -- VCL4THP Q170, Q197-216 (issue 34 item 4): the checklist's standings from the CLI ----------------


def _edited(tmp_path: Path, *, unrated: int | None = None, end: str | None = None) -> str:
    """SWISS7 with one player made unrated (rating columns 49-52 blank) or another end date (052)."""
    lines = Path(SWISS7).read_text(encoding="utf-8").splitlines()
    for k, line in enumerate(lines):
        if unrated is not None and line.startswith("001") and int(line[4:8]) == unrated:
            lines[k] = line[:48] + "    " + line[52:]
        if end is not None and line.startswith("052"):
            lines[k] = "052 " + end
    path = tmp_path / "edited.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_q203_shared_places_option(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--shared-places")
    assert [(p["start_rank"], p["rank"]) for p in doc["players"]][:4] == [(4, 1), (1, 2), (2, 2), (3, 4)]
    assert main(["standings", SWISS7, "--tiebreaks", "WIN", "--shared-places"]) == 0
    assert "shared places" in capsys.readouterr().out
    drawn = _json(capsys, SWISS7, "--tiebreaks", "WIN")  # without the option the lot decides (C.07 4.2)
    assert [p["rank"] for p in drawn["players"]][:3] == [1, 2, 3]


def test_q205_rank_by_hand_option(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--rank-by-hand", "2,1")
    assert [(p["start_rank"], p["rank"]) for p in doc["players"]][1:3] == [(2, 2), (1, 3)]
    assert doc["by_hand"] == [2, 1] and doc["lots_seed"] is None
    assert main(["standings", SWISS7, "--tiebreaks", "WIN", "--rank-by-hand", "2,1"]) == 0
    out = capsys.readouterr().out
    assert "2h" in out and "decided by the arbiter" in out
    assert main(["standings", SWISS7, "--rank-by-hand", "2,x"]) == 2


def test_q207_external_values_option(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "WIN,BH", "--external", "BH:2=99.5")
    assert [p["start_rank"] for p in doc["players"]][:3] == [4, 2, 1]
    assert doc["players"][1]["values"]["BH"] == "99.5" and doc["external"] == {"2": ["BH"]}
    assert main(["standings", SWISS7, "--tiebreaks", "WIN,BH", "--external", "BH:2=99.5"]) == 0
    out = capsys.readouterr().out
    assert "99½e" in out and "entered by the arbiter" in out
    assert main(["standings", SWISS7, "--external", "BH=3"]) == 2


def test_q209_unrated_method_option_and_the_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _edited(tmp_path, unrated=1)
    assert main(["standings", path, "--tiebreaks", "ARO", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert all(p["values"]["ARO"] is None for p in json.loads(captured.out)["players"])
    assert "--unrated-method lowest" in captured.err and "C.07 Art. 10" in captured.err  # never blank silently
    lowest = _json(capsys, path, "--tiebreaks", "ARO", "--unrated-method", "lowest")
    average = _json(capsys, path, "--tiebreaks", "ARO", "--unrated-method", "average")
    assert all(p["values"]["ARO"] is not None for p in lowest["players"])
    assert lowest["players"] != average["players"]
    assert main(["standings", path, "--unrated-method", "median"]) == 2


def test_q210_long_event_suggested_and_q215_first_rating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _edited(tmp_path, end="2025/07/03")
    assert main(["standings", path, "--tiebreaks", "ARO", "--format", "json"]) == 0
    assert "--long-event is suggested" in capsys.readouterr().err
    ratings = tmp_path / "ratings.csv"
    ratings.write_text("start_rank,round,rating\n2,3,2350\n", encoding="utf-8")
    base = ["standings", path, "--tiebreaks", "ARO", "--long-event", "--round-ratings", str(ratings)]
    assert main([*base, "--format", "json"]) == 0
    captured = capsys.readouterr()
    first = json.loads(captured.out)
    assert "not advised" in captured.err  # Q211
    assert main([*base, "--rating-round", "3", "--format", "json"]) == 0
    chosen = json.loads(capsys.readouterr().out)
    plain = _json(capsys, path, "--tiebreaks", "ARO", "--no-long-event")
    assert first["players"] == plain["players"]  # the first rating by default (Q215)
    assert chosen["players"] != first["players"]  # the round the user chose (Q214, Q216)


def test_q170_withdrawn_and_q198_expelled(capsys: pytest.CaptureFixture[str]) -> None:
    doc = _json(capsys, SWISS7, "--tiebreaks", "WIN", "--expelled", "2")
    assert 2 not in [p["start_rank"] for p in doc["players"]] and doc["expelled"] == [2]
    assert len(doc["players"]) == 6
    assert main(["standings", SWISS7, "--expelled", "2"]) == 0
    assert "expelled, left out of the standings: #2" in capsys.readouterr().out
