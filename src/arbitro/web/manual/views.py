from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation

from . import content


def page(request: HttpRequest, chapter: str) -> HttpResponse:
    """One chapter of the manual in the reader's language (the site's language cookie, as every page)."""
    lang = translation.get_language() or "es"
    lang = lang if lang in content.LANGUAGES else "es"
    if chapter not in content.PAGES:
        raise Http404(chapter)
    text = content.chapter(lang, chapter, reverse("manual:index"))
    return render(
        request,
        "manual/page.html",
        {"chapter": text, "chapters": content.titles(lang), "no_refresh": True},
    )
