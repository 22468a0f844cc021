"""Every PDF kind for the fixture tournaments: text checked, first page rendered to PNG for a reviewer.

PNGs go to tests/documents/output/ (ignored by git). The PNG part needs pdftoppm
(poppler-utils); without it those tests skip and say so. Text is read with pypdf.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from tests.documents.helpers import OUTPUT, fixture_file, norm_round_robin

from arbitro.documents import PDF_KINDS, render_pdf
from arbitro.documents.labels import Labels
from arbitro.model import Tournament
from arbitro.trf import read_trf

pypdf = pytest.importorskip("pypdf")

FIXTURES = {
    "capo": "trf/capo-dorso-2012.trf",
    "rr001": "roundrobin/rr001-p9.trf",
    "byes": "trf/small-swiss7-byes-forfeits.trf",
}


def _tournament(name: str) -> Tournament:
    if name == "norm-rr":
        return norm_round_robin()
    return read_trf(fixture_file(FIXTURES[name]))


def pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


# Title of each document in both languages (the label printed under the tournament name).
TITLE_KEY = {k: k for k in PDF_KINDS}


@pytest.mark.parametrize("name", [*FIXTURES, "norm-rr"])
@pytest.mark.parametrize("kind", PDF_KINDS)
def test_every_kind_renders_with_its_title_and_players(name: str, kind: str) -> None:
    t = _tournament(name)
    lang = "en" if kind in ("standings", "it1", "it3") else "es"
    data = render_pdf(kind, t, lang=lang)
    assert data.startswith(b"%PDF")
    text = pdf_text(data)
    assert t.name.split()[0] in text
    L = Labels(lang)
    assert L[TITLE_KEY[kind]].split(" (")[0] in text
    if kind in ("players", "standings", "crosstable"):
        for p in list(t.players.values())[:3]:
            assert p.name in text
    if kind == "it1" and name == "norm-rr":
        assert "Applicant, Ana" in text and "2695" in text and "GM" in text
    if kind == "it1" and name != "norm-rr":
        assert L["no_norms"] in text


def test_pairings_sheet_lists_every_game_of_the_round_C04_2_3_6() -> None:
    t = _tournament("capo")
    text = pdf_text(render_pdf("pairings", t, lang="en", round_number=5))
    assert "Round 5" in text
    for p in t.players.values():
        r = p.result(5)
        if r is not None and r.opponent is not None:
            assert p.name in text


def test_results_sheet_has_results_and_byes() -> None:
    t = _tournament("byes")
    rnd = next(
        r
        for r in range(1, t.played_rounds + 1)
        if any((p.result(r) and p.result(r).opponent is None) for p in t.players.values())
    )  # type: ignore[union-attr]
    text = pdf_text(render_pdf("results", t, lang="en", round_number=rnd))
    assert "1-0" in text or "0-1" in text or "½-½" in text
    assert "bye" in text or "not paired" in text


def test_letter_and_landscape_page_sizes() -> None:
    t = _tournament("capo")
    reader = pypdf.PdfReader(io.BytesIO(render_pdf("players", t, paper="letter")))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)
    reader = pypdf.PdfReader(
        io.BytesIO(render_pdf("crosstable", t, paper="a4"))
    )  # 9 rounds + tie-breaks: landscape
    box = reader.pages[0].mediabox
    assert round(float(box.width)) == 842


def test_standings_pdf_has_charts_page_and_tiebreak_codes() -> None:
    t = _tournament("capo")
    data = render_pdf("standings", t, lang="es")
    text = pdf_text(data)
    assert "Clasificación" in text and "Distribución de puntuaciones" in text and "BH" in text
    assert len(pypdf.PdfReader(io.BytesIO(data)).pages) >= 2


def test_it3_report_lists_the_b01_checks_and_the_norm() -> None:
    text = pdf_text(render_pdf("it3", norm_round_robin(), lang="en"))
    assert "Tournament checks (B.01 1.1)" in text and "B.01 1.1.3" in text and "passed" in text
    assert "Applicant, Ana" in text and "Norm progress" in text
    assert (
        "Standings" in text and "Opponent 10" in text and "Signatures" in text and "IA Arbiter, One" in text
    )


def test_it2_summary_from_the_tournament_lists_what_is_missing_B01_2_1() -> None:
    text = pdf_text(render_pdf("it2", norm_round_robin(), lang="en"))
    assert "Title application (IT2)" in text and "Applicant, Ana" in text and "Missing" in text


def test_it1_without_dates_says_why_no_certificate_B01_1_8() -> None:
    t = norm_round_robin()
    t.start_date = t.end_date = None
    t.round_dates = []
    text = pdf_text(render_pdf("it1", t, lang="en"))
    assert "no start date" in text and "Notes" in text


def test_names_outside_latin1_do_not_break_the_pdf() -> None:
    from arbitro.documents.layout import fonts_for, unicode_fonts

    t = norm_round_robin()
    assert fonts_for(t) == ("Helvetica", "Helvetica-Bold")  # cp1252 names (Ñúñez would be too): base fonts
    t.players[2].name = "Łukasz Dąbrowski Ωmega"
    data = render_pdf("players", t)
    text = pdf_text(data)
    assert data.startswith(b"%PDF") and "Opponent 3" in text
    if unicode_fonts() is None:
        pytest.skip("no DejaVu Sans on this machine: Polish letters print as boxes (base fonts)")
    assert "Łukasz Dąbrowski Ωmega" in text


def test_crosstable_after_a_round_shows_only_the_rounds_so_far() -> None:
    from arbitro.views import crosstable_rows

    t = _tournament("capo")
    rows = crosstable_rows(t, [(1, 1), (2, 2)], {}, grid=False, rounds=4)
    assert len(rows[0].cells) == 4 and rows[0].points == t.players[1].score(t.scoring, 4)
    text = pdf_text(render_pdf("crosstable", t, lang="en", round_number=4))
    assert "Crosstable" in text


def test_bad_round_is_a_clear_error() -> None:
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError, match="--round"):
        render_pdf("pairings", _tournament("rr001"), round_number=99)


PDFTOPPM = shutil.which("pdftoppm")


@pytest.mark.skipif(
    PDFTOPPM is None, reason="pdftoppm (poppler-utils) is not installed: PNG rendering skipped"
)
@pytest.mark.parametrize("kind", PDF_KINDS)
def test_first_page_renders_to_png_for_review(kind: str) -> None:
    name = "norm-rr" if kind in ("it1", "it2", "it3") else ("rr001" if kind == "crosstable" else "capo")
    t = _tournament(name)
    OUTPUT.mkdir(exist_ok=True)
    pdf = OUTPUT / f"{kind}-{name}.pdf"
    pdf.write_bytes(render_pdf(kind, t, lang="es"))
    stem = OUTPUT / f"{kind}-{name}"
    subprocess.run(
        [str(PDFTOPPM), "-png", "-r", "70", "-f", "1", "-l", "1", "-singlefile", str(pdf), str(stem)],
        check=True,
    )
    png = Path(f"{stem}.png")
    assert png.exists() and png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 3000
    print(f"PNG for review: {png}")
    if shutil.which("pdftotext"):
        out = subprocess.run(
            ["pdftotext", "-f", "1", "-l", "1", str(pdf), "-"], capture_output=True, text=True, check=True
        )
        assert t.name.split()[0] in out.stdout
