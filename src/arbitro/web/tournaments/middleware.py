"""Per-user language: a logged-in user's saved choice wins over the browser's."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import translation


class UserLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            pref = getattr(user, "arbitro_pref", None)
            if pref is not None and pref.language:
                translation.activate(pref.language)
                request.LANGUAGE_CODE = pref.language
        return self.get_response(request)
