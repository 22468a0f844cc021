"""Documents from the web (issue 15 item 6): the PDFs of ``arbitro print`` and the TRF, as downloads.

The page's PDF must say what ``arbitro.documents.render_pdf`` (the renderer of ``arbitro print``)
says for the same tournament, in the reader's language; file names carry the format and the round;
the exported TRF passes the core's validator (``arbitro trf validate``).
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from arbitro.documents import render_pdf
from arbitro.web.public import documents as views_documents
from arbitro.web.tournaments import models, service, store

pytestmark = pytest.mark.django_db


def _text(data: bytes) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())


@pytest.fixture
def row():
    user = get_user_model().objects.create_user("arb", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Abierto Documentos", "city": "Mar del Plata", "system": "swiss", "rounds": 5}, user)
    service.register_many(row, "\n".join(f"Jugador{i:02d}, Demo; {2100 - 25 * i}" for i in range(1, 11)), user)
    row.refresh_from_db()
    for rnd in (1, 2):
        service.pair_next(row, user, seed=1)
        row.refresh_from_db()
        if rnd == 1:
            service.enter_results(row, 1, {b: "1-0" if b % 2 else "½-½" for b in range(1, 6)}, user)
            row.refresh_from_db()
    row.user = user
    return row


@pytest.mark.parametrize(
    ("kind", "rnd", "name"),
    [
        ("pairings", 2, "abierto-documentos-pairings-round2.pdf"),
        ("results", 1, "abierto-documentos-results-round1.pdf"),
        ("standings", None, "abierto-documentos-standings.pdf"),
        ("crosstable", None, "abierto-documentos-crosstable.pdf"),
    ],
)
def test_public_pdf_is_arbitro_print_in_the_readers_language(client, row, kind, rnd, name) -> None:
    core = store.load(row)
    for lang in ("es", "en"):
        client.cookies["django_language"] = lang
        resp = client.get(reverse("tournaments:download", args=[row.slug, kind]))
        assert resp.status_code == 200 and resp["Content-Type"] == "application/pdf"
        assert resp["Content-Disposition"] == f'attachment; filename="{name}"'
        assert _text(resp.content) == _text(render_pdf(kind, core, lang=lang, round_number=rnd))
    assert _text(render_pdf(kind, core, lang="es", round_number=rnd)) != _text(render_pdf(kind, core, lang="en", round_number=rnd))


def test_a_round_asked_for_is_in_the_name_and_a_missing_round_is_404(client, row) -> None:
    resp = client.get(reverse("tournaments:download", args=[row.slug, "pairings"]) + "?round=1")
    assert resp["Content-Disposition"] == 'attachment; filename="abierto-documentos-pairings-round1.pdf"'
    assert client.get(reverse("tournaments:download", args=[row.slug, "pairings"]) + "?round=9").status_code == 404
    assert client.get(reverse("tournaments:download", args=[row.slug, "pairings"]) + "?round=x").status_code == 404


def test_player_list_and_trf_are_for_the_desk_only(client, row) -> None:
    assert client.get(reverse("tournaments:download", args=[row.slug, "players"])).status_code == 404
    assert client.get(reverse("tournaments:desk_download", args=[row.slug, "trf26"])).status_code == 302
    client.force_login(row.user)
    resp = client.get(reverse("tournaments:desk_download", args=[row.slug, "players"]))
    assert resp["Content-Disposition"] == 'attachment; filename="abierto-documentos-players.pdf"'
    assert "Jugador01, Demo" in _text(resp.content)


def test_trf_downloads_say_format_and_round(client, row) -> None:
    """TRF-2026 and TRF16 have distinct names, with the last paired round, at the old export URL too."""
    client.force_login(row.user)
    names = set()
    for version in ("trf26", "trf16"):
        resp = client.get(reverse("tournaments:desk_download", args=[row.slug, version]))
        names.add(resp["Content-Disposition"])
        assert resp["Content-Disposition"] == f'attachment; filename="abierto-documentos-round2.{version}.trf"'
        old = client.get(reverse("tournaments:desk_export", args=[row.slug]) + f"?version={version}")
        assert old["Content-Disposition"] == resp["Content-Disposition"]
    assert len(names) == 2


def _validate_cli(text: str, tmp_path) -> int:
    """The exit code of ``arbitro trf validate FILE``."""
    from arbitro.cli import main

    path = tmp_path / "abierto.trf26.trf"
    path.write_text(text, encoding="utf-8")
    return main(["trf", "validate", str(path)])


def test_trf_of_finished_rounds_passes_arbitro_trf_validate(client, row, tmp_path) -> None:
    from arbitro.trf import parse_trf

    service.enter_results(row, 2, {b: "0-1" for b in range(1, 6)}, row.user)
    client.force_login(row.user)
    text = client.get(reverse("tournaments:desk_download", args=[row.slug, "trf26"])).content.decode()
    assert not parse_trf(text).errors
    assert _validate_cli(text, tmp_path) == 0


def _bbp_exit(text: str, tmp_path) -> int | None:
    """``bbpPairings --dutch FILE -c`` exit code (``None`` when bbpPairings is not on this machine)."""
    import subprocess

    import refprogs  # tools/ (tests/conftest.py): the one finder of the reference programs

    bbp = refprogs.find_bbp()
    if bbp is None:
        return None
    path = tmp_path / "bbp.trf26.trf"
    path.write_text(text, encoding="utf-8")
    return subprocess.run([str(bbp), "--dutch", str(path), "-c"], capture_output=True, timeout=120, check=False).returncode


@pytest.mark.parametrize("entered", [0, 2])
def test_trf_exported_mid_round_passes_arbitro_trf_validate_and_bbp(client, row, tmp_path, entered) -> None:
    """Issue 15 item 6: round 2 paired with 0 or 2 of 5 results: written as TRF-2026 writes a round not yet
    paired (no round block; a ``###`` line says so), accepted by the core reader, ``arbitro trf validate``
    and ``bbpPairings -c``; TRF16 too."""
    from arbitro.trf import parse_trf

    if entered:
        service.enter_results(row, 2, {1: "1-0", 2: "0-1"}, row.user)
    client.force_login(row.user)
    for version in ("trf26", "trf16"):
        text = client.get(reverse("tournaments:desk_download", args=[row.slug, version])).content.decode()
        parsed = parse_trf(text)
        assert not parsed.errors, [str(e) for e in parsed.errors]
        assert parsed.tournament.played_rounds == 1
        assert _validate_cli(text, tmp_path) == 0
        assert _bbp_exit(text, tmp_path) in (0, None)
    assert f"### round 2 paired, {entered} of 5 results entered" in text


def test_pages_link_their_documents(client, row) -> None:
    page = client.get(reverse("tournaments:pairings", args=[row.slug, 2])).content.decode()
    assert reverse("tournaments:download", args=[row.slug, "pairings"]) + "?round=2" in page
    assert "Planilla de emparejamientos (PDF)" in page
    page = client.get(reverse("tournaments:standings", args=[row.slug])).content.decode()
    assert reverse("tournaments:download", args=[row.slug, "standings"]) in page


def test_it3_report_from_the_desk_is_arbitro_print_it3(client, row) -> None:
    """Issue 15 item 6: the IT3 tournament report, as ``arbitro print it3``, desk only, in the reader's language."""
    assert client.get(reverse("tournaments:download", args=[row.slug, "it3"])).status_code == 404
    client.force_login(row.user)
    core = store.load(row)
    for lang in ("es", "en"):
        client.cookies["django_language"] = lang
        resp = client.get(reverse("tournaments:desk_download", args=[row.slug, "it3"]))
        assert resp.status_code == 200 and resp["Content-Type"] == "application/pdf"
        assert resp["Content-Disposition"] == 'attachment; filename="abierto-documentos-it3.pdf"'
        with translation.override(lang):  # the same renderer; the checks' coded details said by the web's table
            assert _text(resp.content) == _text(render_pdf("it3", core, lang=lang, say=views_documents._say))
        # the pairing system by the registry's name in the reader's language, never its TRF code (issue 15 item 7)
        assert core.system and core.system not in _text(resp.content)
        assert ("Sistema holandés FIDE" if lang == "es" else "FIDE Dutch system") in _text(resp.content)
        if lang == "es":  # B.01 1.1 details in Spanish, not the CLI's English
            assert "sin fechas" in _text(resp.content) or "rondas; una norma necesita" in _text(resp.content)
            assert "games needed for a norm" not in _text(resp.content)
        else:
            assert "games needed for a norm" in _text(resp.content)
    page = client.get(reverse("tournaments:desk_panel", args=[row.slug])).content.decode()
    assert reverse("tournaments:desk_download", args=[row.slug, "it3"]) in page


def test_trf_mid_round_with_a_pab_and_a_half_point_bye_passes_validate_and_bbp(client, tmp_path) -> None:
    """9 players: round 2 paired with a pairing-allocated bye and a requested half-point bye, no result yet;
    the half-point bye is a ``240`` record of the round not yet written (TRF-2026)."""
    from arbitro.trf import parse_trf

    user = get_user_model().objects.create_user("arb9", password="pw-arb-123")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Abierto Impar", "system": "swiss", "rounds": 5}, user)
    service.register_many(row, "\n".join(f"Jugador{i:02d}, Demo; {2100 - 25 * i}" for i in range(1, 10)), user)
    row.refresh_from_db()
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    service.enter_results(row, 1, {b: "1-0" for b in range(1, 5)}, user)
    row.refresh_from_db()
    service.request_bye(row, 3, 2, "H", user)
    service.pair_next(row, user, seed=1)
    row.refresh_from_db()
    client.force_login(user)
    text = client.get(reverse("tournaments:desk_download", args=[row.slug, "trf26"])).content.decode()
    parsed = parse_trf(text)
    assert not parsed.errors, [str(e) for e in parsed.errors]
    assert any(b.round == 2 and b.start_rank == 3 and b.kind == "H" for b in parsed.tournament.requested_byes)
    assert _validate_cli(text, tmp_path) == 0
    assert _bbp_exit(text, tmp_path) in (0, None)
