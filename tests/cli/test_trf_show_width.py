"""``arbitro trf show`` fits an 80-column terminal: rounds that do not fit go to further pages (issue 20)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.cli.trf import crosstable_of, crosstable_pages, print_crosstable
from arbitro.trf import read_trf

CAPO = FIXTURES / "trf" / "capo-dorso-2012.trf"


@pytest.mark.parametrize("width", [80, 100, 132])
def test_every_line_fits_and_every_game_is_shown(width: int) -> None:
    t = read_trf(CAPO)
    console = Console(width=width, record=True, file=io.StringIO())
    print_crosstable(t, console=console)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= width
    for row in crosstable_of(t).rows:  # the crosstable of every face (arbitro.views, issue 14)
        for cell in row.cells:
            if cell:
                assert cell in text


def test_pages_cover_each_round_once() -> None:
    t = read_trf(CAPO)
    pages = crosstable_pages(t, width=80)
    assert len(pages) >= 2
    headers = [c.header for table in pages for c in table.columns if str(c.header)[1:].isdigit()]
    assert headers == [f"R{k}" for k in range(1, t.played_rounds + 1)]


def test_trf_show_output_is_80_columns_when_piped(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["trf", "show", str(CAPO)]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "(rounds 1-" in out
