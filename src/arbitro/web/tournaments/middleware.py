"""The interface language: Spanish unless the user chose English.

A logged-in user's saved choice (:class:`~.models.UserPreference`) wins, then
the language cookie set by the switch; the browser's ``Accept-Language`` is not
used, so the federation's site is Spanish by default (issue 9 §8).
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation


def supported() -> set[str]:
    """The languages offered: those with catalogues (settings.LANGUAGES, from arbitro.i18n)."""
    return {code for code, _ in settings.LANGUAGES}


def language_for(request: HttpRequest) -> str:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        pref = getattr(user, "arbitro_pref", None)
        if pref is not None and pref.language in supported():
            return pref.language
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return cookie if cookie in supported() else settings.LANGUAGE_CODE


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        lang = language_for(request)
        translation.activate(lang)
        request.LANGUAGE_CODE = lang
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", lang)
        return response
