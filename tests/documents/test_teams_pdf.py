"""Team competition PDFs (issue 18): pairing sheet with board results, match cards, team and
board standings; the rows are the views layer's (arbitro.views.teams)."""

from __future__ import annotations

import io
import shutil
import subprocess

import pypdf
import pytest

from arbitro.documents.teams_pdf import (
    render_match_cards_pdf,
    render_team_crosstable_pdf,
    render_team_pairings_pdf,
    render_team_standings_pdf,
)
from arbitro.errors import ArbitroError
from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.views.teams import match_sheet, team_crosstable, team_standings_table


def _text(data: bytes) -> str:
    return "\n".join(p.extract_text() or "" for p in pypdf.PdfReader(io.BytesIO(data)).pages)


@pytest.fixture(scope="module")
def event():
    return generate(GeneratorConfig(teams=8, boards=4, rounds=5, seed=7, board_forfeit=0.05, match_forfeit=0.05))


@pytest.mark.parametrize("lang,title", [("es", "Emparejamientos por equipos"), ("en", "Team pairings")])
def test_team_pairing_sheet_lists_every_match_with_its_score_and_boards(event, lang: str, title: str) -> None:
    text = _text(render_team_pairings_pdf(event, lang, round_number=3))
    assert f"{title} - " in text
    matches, _bye = match_sheet(event, 3)
    for m in matches:
        assert f"{m.table}. {m.white_name}  {m.score}  {m.black_name}".replace("  ", " ") in text.replace("  ", " ")
        for b in m.boards:
            if b.white_team_name:
                assert b.white_team_name in text


def test_match_cards_leave_the_results_blank_and_ask_for_signatures(event) -> None:
    text = _text(render_match_cards_pdf(event, "es", round_number=2))
    assert "Planillas de encuentro" in text and "Capitán" in text and "Árbitro" in text
    assert "½-½" not in text and "1-0" not in text


def test_team_standings_pdf_follows_the_core_order_and_has_board_standings(event) -> None:
    text = _text(render_team_standings_pdf(event, "en"))
    _codes, lines = team_standings_table(event)
    positions = [text.index(f" {s.name} ") if f" {s.name} " in text else text.index(s.name) for s in lines]
    assert positions == sorted(positions)
    assert "Board standings" in text and "Bd 1" in text


def test_a_round_out_of_range_is_refused() -> None:
    e = generate(GeneratorConfig(teams=4, boards=2, rounds=3, seed=1))
    with pytest.raises(ArbitroError, match="--round"):
        render_team_pairings_pdf(e, "es", round_number=9)


def _pdftotext(data: bytes) -> str:
    if not shutil.which("pdftotext"):
        pytest.skip("pdftotext (poppler-utils) not installed")
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


@pytest.mark.parametrize(
    "lang,title,key", [("es", "Tabla cruzada por equipos", "color en el tablero 1"), ("en", "Team crosstable", "colour on board 1")]
)
def test_team_crosstable_pdf_rows_in_standings_order_with_every_round_C04_6_art_1_6_1(
    event, lang: str, title: str, key: str
) -> None:
    """Each team in the C.07 standings order; per round its opponent, the colour of its board 1
    (C.04.6 art. 1.6.1), the match result and its game points; then MP, GP and the tie-breaks."""
    text = _pdftotext(render_team_crosstable_pdf(event, lang))
    assert title in text and key in text
    codes, rows = team_crosstable(event)
    assert len(rows) == len(event.teams) and all(len(r.cells) == event.played_rounds() for r in rows)
    lines = text.splitlines()
    at = []
    for r in rows:
        line = next(i for i, t in enumerate(lines) if f" {r.name} " in t)
        at.append(line)
        words = lines[line].split()
        for c in r.cells:  # pdftotext may close up "2 - 0": compare without spaces
            assert c.text.replace(" ", "") in "".join(words), (r.name, c.text)
        assert words[-len(codes) - 2 :] == [r.match_points, r.game_points, *r.tiebreaks]
    assert at == sorted(at)
    for code in codes:
        assert code in text


def test_team_crosstable_cells_read_the_core_results_forfeits_and_byes() -> None:
    """A played match reads W/D/L from the match points the core gave (C.04.6 art. 1.3), a whole-match
    forfeit + / - (TRF 330), the pairing-allocated bye U (art. 1.4); the colour is board 1's."""
    from arbitro.teams.results import round_table

    e = generate(GeneratorConfig(teams=7, boards=4, rounds=5, seed=11, match_forfeit=0.2))
    _codes, rows = team_crosstable(e)
    table = round_table(e, e.played_rounds())
    seen = set()
    for r in rows:
        for c, entry in zip(r.cells, table[r.team], strict=True):
            seen.add(entry.kind)
            if entry.kind == "played":
                expected = {e.scoring.match_win: "W", e.scoring.match_draw: "D", e.scoring.match_loss: "L"}[entry.mp]
                assert (c.opponent, c.colour, c.result) == (entry.opponent, entry.colour, expected)
                assert c.text.startswith(f"{entry.opponent}{entry.colour} {expected} ")
            elif entry.kind == "forfeit_win":
                assert c.result == "+" and c.colour == "" and c.opponent == entry.opponent
            elif entry.kind in ("forfeit_loss", "double_forfeit"):
                assert c.result == "-"
            elif entry.kind == "U":
                assert c.opponent is None and c.text.startswith("U ")
    assert {"played", "U"} <= seen and seen & {"forfeit_win", "double_forfeit"}
