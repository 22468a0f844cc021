"""``Cache-Control: private`` on the desk and on every page a logged-in user sees (issue 21).

Desk pages carry a tournament's unpublished state and the arbiter's forms; a shared proxy
or the club's caching box must never keep them for someone else.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control

PRIVATE_PREFIXES = ("/desk/", "/admin/", "/login/", "/logout/")


class PrivatePagesMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if request.path.startswith(PRIVATE_PREFIXES) or (user is not None and user.is_authenticated):
            patch_cache_control(response, private=True)
        return response
