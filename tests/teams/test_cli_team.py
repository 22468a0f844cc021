"""``arbitro team ...`` (issue 18): exit codes and output."""

from __future__ import annotations

import json
from pathlib import Path

from arbitro.cli import main


def test_team_generate_standings_pair_check(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "t.trf"
    assert main(["team", "generate", "-o", str(f), "--teams", "9", "--rounds", "5", "--seed", "3"]) == 0
    assert f.read_text().count("\n310 ") + f.read_text().startswith("310") >= 9
    capsys.readouterr()
    assert main(["team", "standings", str(f), "--format", "json", "--tiebreaks", "GPTS,ESB,BH:MP/C1"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 9 and rows[0]["rank"] == 1 and set(rows[0]["tiebreaks"]) == {"GPTS", "ESB", "BH:MP/C1"}
    assert main(["team", "standings", str(f), "--format", "json", "--explain", "2", "--tiebreaks", "BH:MP"]) == 0
    (bh,) = json.loads(capsys.readouterr().out)
    assert bh["code"] == "BH:MP" and len(bh["rounds"]) == 5
    assert sum(float(r["value"]) for r in bh["rounds"] if not r["cut"]) == float(bh["value"])
    assert main(["team", "check", str(f)]) == 0
    assert "same pairing" in capsys.readouterr().out
    assert main(["team", "pair", str(f)]) == 2  # all 5 declared rounds are paired
    assert "already paired" in capsys.readouterr().err
    assert main(["team", "pair", str(f), "-r", "3", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["round"] == 3
    assert main(["team", "boards", str(f), "--min-games", "3"]) == 0
    assert "Board 1" in capsys.readouterr().out
    ind = tmp_path / "ind.trf"
    assert main(["team", "individual", str(f), "-o", str(ind)]) == 0
    assert main(["trf", "validate", str(ind)]) == 0
    assert main(["team", "norms", str(f)]) == 0
    assert "B.01 edition" in capsys.readouterr().out


def test_team_commands_bad_input_exit_2(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["team", "standings", str(tmp_path / "missing.trf")]) == 2
    bad = tmp_path / "bad.trf"
    bad.write_text("012 x\n310   x broken\n")
    assert main(["team", "standings", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.trf:2" in err and "310 team number" in err and "Traceback" not in err
    assert main(["team", "generate", "-o", str(tmp_path / "x.trf"), "--system", "dutch"]) == 2
    assert main(["team", "generate", "-o", str(tmp_path / "x.trf"), "--teams", "1"]) == 2


def test_team_pdf_writes_each_document_and_refuses_bad_options(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    f = tmp_path / "t.trf"
    assert main(["team", "generate", "-o", str(f), "--teams", "6", "--rounds", "4", "--seed", "5"]) == 0
    for kind in ("pairings", "cards", "standings", "crosstable"):
        out = tmp_path / f"{kind}.pdf"
        assert main(["team", "pdf", str(f), "-o", str(out), "--kind", kind, "--lang", "en"]) == 0
        assert out.read_bytes().startswith(b"%PDF")
    capsys.readouterr()
    assert main(["team", "pdf", str(f), "-o", str(tmp_path / "x.pdf"), "--kind", "scoresheets"]) == 2
    assert "--kind" in capsys.readouterr().err
    assert main(["team", "pdf", str(f), "-o", str(tmp_path / "x.pdf"), "--round", "9"]) == 2
    assert not (tmp_path / "x.pdf").exists()


def test_team_generate_never_declares_unplayed_rounds_c04_6_3_3_3(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Issue 35 item 6: 4 teams can play 3 rounds; asked for 6, the file declares (142) the 3 played.

    After round 3 every team has met every other ([C1]), so round 4 has no legal pairing (art. 3.3.3).
    The event is generated again for 3 rounds, so that rounds 2-3 were paired as the last two (arts.
    2.3.4 [C7], 2.3.7 [C10]) of the event the file declares, and the checker re-pairs them the same.
    """
    f = tmp_path / "t.trf"
    assert main(["team", "generate", "-o", str(f), "--teams", "4", "--rounds", "6", "--seed", "1"]) == 0
    out = capsys.readouterr()
    assert "3 rounds" in out.out and "142 declares 3" in out.err and "142 declara 3" in out.err
    text = f.read_text()
    assert "\n142 3\n" in text
    assert main(["team", "check", str(f)]) == 0
    assert main(["team", "pair", str(f)]) == 2  # every declared round is paired
    assert "already paired" in capsys.readouterr().err


def test_team_generator_declared_rounds_equal_played_rounds() -> None:
    from arbitro.teams.generator import GeneratorConfig, generate

    for teams, rounds in ((4, 6), (5, 6), (6, 9), (8, 4)):
        e = generate(GeneratorConfig(teams=teams, rounds=rounds, seed=teams, board_forfeit=0, match_forfeit=0))
        assert e.rounds == e.played_rounds() <= rounds, (teams, rounds)


def test_team_generate_pab_is_a_drawn_match_by_default_c04_6_art_1_4(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """C.04.6 (2026) art. 1.4: ``320`` states a drawn match (1 MP, 2 GP on 4 boards) unless the rules fix more."""
    f = tmp_path / "t.trf"
    assert main(["team", "generate", "-o", str(f), "--teams", "9"]) == 0
    (pab,) = [x for x in f.read_text().splitlines() if x.startswith("320 ")]
    assert pab[4:13] == " 1.0  2.0"
    w = tmp_path / "w.trf"
    assert main(["team", "generate", "-o", str(w), "--teams", "9", "--pab-points", "2,2"]) == 0
    (pab,) = [x for x in w.read_text().splitlines() if x.startswith("320 ")]
    assert pab[4:13] == " 2.0  2.0"
    assert main(["team", "standings", str(w), "--format", "json"]) == 0  # the declared win is read back
    capsys.readouterr()
    bad = tmp_path / "bad.trf"
    assert main(["team", "generate", "-o", str(bad), "--teams", "9", "--pab-points", "3,2"]) == 2
    assert "--pab-points" in capsys.readouterr().err and not bad.exists()
