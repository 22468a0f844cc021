"""Team norms into a title dossier (issue 18, B.01 1.4.1b: 7 games in a team championship): a dossier
entry that names a team TRF file is read as the event's individual games and judged by the norm
evaluator like any TRF norm."""

from __future__ import annotations

import json
from pathlib import Path

from arbitro.cli import main
from arbitro.tournament.team_log import TeamService
from arbitro.trf.teams import format_team_trf

FEDS = ["ESP", "GER", "FRA", "ITA", "NED", "ENG", "HUN", "POL"]


def _team_championship() -> str:
    """8 teams of 4, a team round robin (7 rounds); the applicant (team 1, board 1) scores 6/7 against
    titled board-1 players of seven federations."""
    s = TeamService()
    s.create("Team Championship 2024", "team_round_robin", 4, None, start_date="2024-03-01", end_date="2024-03-07")
    for t, fed in enumerate(FEDS):
        players = []
        for b in range(4):
            if t == 0 and b == 0:
                players.append({"name": "Applicant, Ana", "rating": 2380, "fide_id": "2200001", "federation": "ESP"})
            else:
                title = ("GM" if t % 2 else "IM") if b == 0 else ""
                players.append(
                    {"name": f"P{t}{b}", "rating": 2480 - 10 * b, "fide_id": str(3000000 + 10 * t + b), "federation": fed, "title": title}
                )  # fmt: skip
        s.register_team(f"{fed} team", players)
    for r in range(1, 8):
        s.pair_next_round()
        for w, b in s.state.pairings[r]:
            for board in range(1, 5):
                res = "="
                if board == 1 and 1 in (w, b) and r > 2:
                    res = "1" if w == 1 else "0"
                s.enter_board(r, w, board, res)
    return format_team_trf(s.state.to_event())


def _dossier(tmp_path: Path, event: str | None) -> Path:
    (tmp_path / "team.trf").write_text(_team_championship(), encoding="utf-8")
    entry: dict[str, object] = {"id": "TC 2024", "trf": "team.trf", "start_rank": 1}
    if event:
        entry["event"] = event
    doc = {
        "format": "arbitro-dossier", "version": 1,
        "player": {"name": "Applicant, Ana", "fide_id": "2200001", "federation": "ESP", "sex": "w"},
        "application": {"date": "2025-01-15"}, "titles": ["IM"], "norms": [entry],
        "ratings": [{"date": "2024-09-01", "rating": 2410, "games": 300}],
    }  # fmt: skip
    path = tmp_path / "dossier.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_7_game_team_championship_norm_from_a_team_trf_counts_B01_1_4_1b(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["title-application", str(_dossier(tmp_path, "team_championship")), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    (norm,) = out["norms"]
    assert norm["source"] == "trf" and norm["games"] == 7 and norm["score"] == "6.0"
    assert "IM" in norm["titles"] and norm["rp"] >= 2450
    im = out["titles"][0]
    rules = {r["rule"]: r for r in im["rules"]}
    assert rules["norm_count"]["numbers"]["norms"] == 1  # one valid IM norm: the team one (two are needed)


def test_the_same_7_games_outside_a_team_championship_are_no_norm_B01_1_4_1(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["title-application", str(_dossier(tmp_path, None))]) == 2
    assert "norms[0] (TC 2024): the norm evaluator finds no" in capsys.readouterr().err
