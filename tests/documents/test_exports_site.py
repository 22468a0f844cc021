"""CSV / xlsx / TRF exports and the static site."""

from __future__ import annotations

import csv
import io
import re

import pytest
from tests.documents.helpers import fixture_file, norm_round_robin

from arbitro.documents import build_site, export_bytes, export_rows
from arbitro.documents.stats import player_stats, rating_rules, score_distribution
from arbitro.errors import ArbitroError
from arbitro.ratings import tournament_performance_rating
from arbitro.trf import parse_trf, read_trf


def test_standings_csv_in_rank_order_with_tiebreak_columns() -> None:
    t = read_trf(fixture_file("trf/capo-dorso-2012.trf"))
    rows = list(csv.reader(io.StringIO(export_bytes(t, "standings", "csv", lang="en").decode("utf-8"))))
    header, body = rows[0], rows[1:]
    assert header[:4] == ["Rk", "No.", "Tit", "Name"] and "PTS" in header and "BH" in header
    assert [int(r[0]) for r in body] == sorted(int(r[0]) for r in body)
    assert len(body) == len(t.players)


def test_pairings_export_has_every_game_once_per_round() -> None:
    t = read_trf(fixture_file("trf/small-swiss7-byes-forfeits.trf"))
    header, rows = export_rows(t, "pairings", "es")
    assert header[0] == "Ronda"
    for r in range(1, t.played_rounds + 1):
        games = {p.start_rank for p in t.players.values() if p.result(r) and p.result(r).opponent is not None}  # type: ignore[union-attr]
        listed = [row for row in rows if row[0] == r and row[1] != ""]
        assert len(listed) * 2 == len(games)


def test_xlsx_reads_back_with_numbers() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    t = read_trf(fixture_file("trf/capo-dorso-2012.trf"))
    data = export_bytes(t, "standings", "xlsx", lang="en")
    ws = openpyxl.load_workbook(io.BytesIO(data)).active
    assert ws.title == "standings" and ws["D1"].value == "Name"
    pts_col = [c.value for c in ws[1]].index("PTS") + 1
    assert isinstance(ws.cell(row=2, column=pts_col).value, (int, float))
    assert ws.max_row == len(t.players) + 1


def test_all_is_one_workbook_with_a_sheet_per_kind() -> None:
    openpyxl = pytest.importorskip("openpyxl")
    t = norm_round_robin()
    wb = openpyxl.load_workbook(io.BytesIO(export_bytes(t, "all", "xlsx")))
    assert wb.sheetnames == ["players", "pairings", "standings"]
    assert wb["pairings"].max_row == 1 + 9 * 5  # 9 rounds of 5 boards
    with pytest.raises(ArbitroError, match="xlsx"):
        export_bytes(t, "all", "csv")


def test_players_export_and_trf_round_trip() -> None:
    t = norm_round_robin()
    header, rows = export_rows(t, "players", "en")
    assert rows[0][:3] == [1, "WGM", "Applicant, Ana"]
    again = parse_trf(export_bytes(t, "players", "trf26")).tournament
    assert again is not None and len(again.players) == 10
    assert export_bytes(t, "players", "trf16").decode().startswith("012")


def test_unknown_export_kind_and_format_are_clear_errors() -> None:
    t = norm_round_robin()
    with pytest.raises(ArbitroError, match="KIND"):
        export_rows(t, "crosstable")
    with pytest.raises(ArbitroError, match="format"):
        export_bytes(t, "players", "ods")


def test_performance_is_the_c07_10_2_tpr_of_rated_games() -> None:
    t = norm_round_robin()
    s = player_stats(t, t.players[1], rating_rules(t))
    opps = [t.players[i].rating for i in range(2, 11)]
    assert s.performance == tournament_performance_rating(opps, 6)
    assert (s.wins, s.draws, s.losses, s.games) == (6, 0, 3, 9)
    assert s.k is not None and len(s.changes) == 9
    assert s.rating_change is not None and s.rating_change > 0  # 6/9 against much stronger players


def test_score_distribution_counts_every_player() -> None:
    t = norm_round_robin()
    dist = score_distribution(t)
    assert sum(n for _, n in dist) == 10 and dist == sorted(dist)


def test_site_has_every_page_and_working_links() -> None:
    t = read_trf(fixture_file("trf/capo-dorso-2012.trf"))
    files = build_site(t, "es")
    for page in (
        "index.html",
        "pairings.html",
        "standings.html",
        "crosstable.html",
        "players.html",
        "style.css",
    ):
        assert page in files
    assert len([f for f in files if f.startswith("players/")]) == len(t.players)
    for name, text in files.items():
        if not name.endswith(".html"):
            continue
        assert text.startswith("<!DOCTYPE html>") and '<html lang="es">' in text
        base = name.rsplit("/", 1)[0] + "/" if "/" in name else ""
        for href in re.findall(r'href="([^"#]+)"', text):
            parts = (base + href).split("/")
            norm: list[str] = []
            for part in parts:
                if part == "..":
                    norm.pop()
                elif part:
                    norm.append(part)
            assert "/".join(norm) in files, f"{name}: broken link {href}"
    assert "<svg" in files["index.html"] and "<svg" in files["players/1.html"]
    assert t.players[1].name in files["standings.html"]


def test_site_index_shows_the_norms_achieved_B01_1_4() -> None:
    files = build_site(norm_round_robin(), "en")
    index = files["index.html"]
    assert "Title norms achieved" in index and "Applicant, Ana" in index and "2695" in index
    assert "Norm progress" in index
    ids = re.findall(r'id="(clip[^"]*)"', index)
    assert len(ids) == 3 == len(set(ids))  # inline SVGs must not share a clip-path id


def test_chart_svgs_for_the_web_app() -> None:
    from arbitro.documents import player_charts_svg, tournament_charts_svg

    t = norm_round_robin()
    player = player_charts_svg(t, 1, "en")
    assert len(player) == 2 and all(s.startswith("<svg") and s.endswith("</svg>") for s in player)
    assert "Applicant, Ana" in player[0] and "Rating change" in player[1]
    assert [s[:4] for s in tournament_charts_svg(t, "es")] == ["<svg", "<svg"]
    with pytest.raises(ArbitroError, match="start rank 99"):
        player_charts_svg(t, 99)


def test_result_marks() -> None:
    from arbitro.model import ResultCode, ScoringSystem
    from arbitro.views import result_mark

    s = ScoringSystem()
    marks = [result_mark(ResultCode(c), s) for c in ("1", "=", "0", "+", "-", "U", "H", "Z", " ")]
    assert marks == ["1", "½", "0", "+", "-", "1", "½", "0", ""]


def test_site_escapes_names() -> None:
    t = norm_round_robin()
    t.players[2].name = "Evil <script>alert(1)</script> & Co"
    files = build_site(t, "en")
    assert "<script>" not in "".join(files.values())
    assert "Evil &lt;script&gt;" in files["players.html"]


def test_site_and_pdf_standings_mark_withdrawn_expelled_by_hand_external_vcl4thp_q170_q198_q205_q207() -> None:
    from decimal import Decimal

    from arbitro.documents.labels import Labels
    from arbitro.documents.tournament_pdf import _marks, _standings_rows
    from arbitro.standings import compute_standings

    t = read_trf(fixture_file("trf/capo-dorso-2012.trf"))
    t.withdrawals = {2: 5}
    t.expelled = {3: 6}
    t.external_tiebreaks = {"BH": {4: Decimal("99.5")}}
    page = build_site(t, "en")["standings.html"]
    assert "(withdrawn from round 5)" in page
    assert f"Expelled, left out of the standings: 3 {t.players[3].name}" in page
    st = compute_standings(t, ["PTS", "BH"])
    L = Labels("es")
    rows = _standings_rows(st, t, L)
    assert any(str(r[3]).endswith("(retirado desde la ronda 5)") for r in rows)
    assert 3 not in [r[1] for r in rows]
    notes = _marks(st, t, L)
    assert any(n.startswith("e valor de desempate") for n in notes) and any("Expulsado" in n for n in notes)
