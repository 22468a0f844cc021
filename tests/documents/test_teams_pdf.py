"""Team competition PDFs (issue 18): pairing sheet with board results, match cards, team and
board standings; the rows are the views layer's (arbitro.views.teams)."""

from __future__ import annotations

import io

import pypdf
import pytest

from arbitro.documents.teams_pdf import (
    render_match_cards_pdf,
    render_team_pairings_pdf,
    render_team_standings_pdf,
)
from arbitro.errors import ArbitroError
from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.views.teams import match_sheet, team_standings_table


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
