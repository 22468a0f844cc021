"""Documents from the web (issue 15 item 6): the PDFs of ``arbitro print`` and the TRF, as downloads.

The PDFs come from :func:`arbitro.documents.render_pdf`, the renderer of ``arbitro print``, in the
reader's language; the TRF from the store's export (TRF-2026 or TRF16). File names say the
tournament, the document, the round and the format: ``open-2026-pairings-round3.pdf``,
``open-2026-round3.trf26.trf``.

Public: pairings, results, standings and crosstable (what the public pages show). The player
list (FIDE IDs, birth dates), the IT3 tournament report (``arbitro print it3``) and the TRF files
are for the desk only.
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from arbitro.errors import ArbitroError, Message
from arbitro.model import Tournament
from arbitro.views.rounds import last_paired_round, last_round_with_results
from arbitro.web.tournaments import eventlog, federation, models, permissions, store, texts

PUBLIC_KINDS = ("pairings", "results", "standings", "crosstable")
DESK_KINDS = (*PUBLIC_KINDS, "players", "it3")  # IT3: the tournament report (FIDE IDs, birth dates)
TRF_VERSIONS = ("trf26", "trf16")


def _lang() -> str:
    return texts.catalogue_language()  # a language with catalogues (arbitro.i18n)


def _round(request: HttpRequest, t: Tournament, kind: str) -> int | None:
    """The round asked (``?round=N``), else the document's own default (the last paired / played round)."""
    text = request.GET.get("round", "").strip()
    if text:
        if not text.isdigit():
            raise Http404("round")
        return int(text)
    if kind == "pairings":
        return last_paired_round(t) or None
    if kind == "results":
        return last_round_with_results(t) or None
    return None


def file_name(slug: str, kind: str, rnd: int | None, extension: str) -> str:
    """``slug-kind-roundN.ext`` (no round part for the player list or a document of every round)."""
    part = f"-round{rnd}" if rnd else ""
    return f"{slug}-{kind}{part}.{extension}"


def _say(value: str) -> str:
    """How a document says the core's words: a coded message by its code, a plain word (the pairing
    system's registry name on the IT3) through the catalogue (issue 15 item 7)."""
    if isinstance(value, Message):
        return texts.text(value)
    return gettext(value) if value else value


def _pdf(row: models.Tournament, request: HttpRequest, kind: str) -> HttpResponse:
    from arbitro.documents import render_pdf

    t = eventlog.load(row)
    rnd = None if kind in ("players", "it3") else _round(request, t, kind)
    notes = (federation.default_time_text(row),) if kind == "pairings" and row.category else ()
    try:
        data = render_pdf(kind, t, lang=_lang(), round_number=rnd, notes=notes, say=_say)
    except ArbitroError as err:  # a round that does not exist (yet)
        raise Http404(str(err)) from None
    resp = HttpResponse(data, content_type="application/pdf")
    resp["Content-Disposition"] = f'attachment; filename="{file_name(row.slug, kind, rnd, "pdf")}"'
    return resp


def public_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    row = get_object_or_404(models.Tournament, slug=slug, published=True)
    if kind not in PUBLIC_KINDS:
        raise Http404(kind)
    return _pdf(row, request, kind)


@login_required
def desk_document(request: HttpRequest, slug: str, kind: str) -> HttpResponse:
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, "view"):
        from django.core.exceptions import PermissionDenied

        raise PermissionDenied
    if kind in TRF_VERSIONS:
        rnd = last_paired_round(eventlog.load(row)) or None
        text = store.export_trf(row, version=kind)
        resp = HttpResponse(text, content_type="text/plain; charset=utf-8")
        resp["Content-Disposition"] = f'attachment; filename="{trf_file_name(row.slug, kind, rnd)}"'
        return resp
    if kind not in DESK_KINDS:
        raise Http404(kind)
    return _pdf(row, request, kind)


def trf_file_name(slug: str, version: str, rnd: int | None) -> str:
    """``slug-round3.trf26.trf`` / ``slug-round3.trf16.trf``: the format and the round in the name."""
    part = f"-round{rnd}" if rnd else ""
    return f"{slug}{part}.{version}.trf"
