"""Styled, translated error pages: 400, 403, 404, 405 and 500 (issue 15 item 7).

Django's own pages are bare English; these use the site's layout in the reader's
language (the language middleware has already run). The 500 page renders a
standalone template without the request's context processors: whatever broke
(the database, a context processor) must not break the error page too. A 405
(a form posted to a page that takes none, a stale link after a login) comes
from Django as an empty response; :class:`MethodNotAllowedPage` gives it the page.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext as _


def _texts() -> dict[int, tuple[str, str]]:
    return {
        400: (_("Bad request"), _("The request could not be understood. Go back and try again.")),
        403: (_("Not allowed"), _("You do not have permission to see this page. Log in with an account that has it.")),
        404: (_("Page not found"), _("There is no page at this address. It may have moved, or the link is wrong.")),
        405: (
            _("This page cannot be used that way"),
            _("The page does not accept this kind of request (for instance, a form sent again after logging in). "
              "Open it again from the site's menu."),
        ),
        500: (_("Something went wrong"), _("The server could not show this page. Nothing you typed was lost on our side; try again in a moment.")),
    }


def _page(request: HttpRequest, status: int) -> HttpResponse:
    title, text = _texts()[status]
    context = {"status": status, "title": title, "text": text, "no_refresh": True}
    return render(request, "tournaments/error.html", context, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 400)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    return _page(request, 403)


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _page(request, 404)


def server_error(request: HttpRequest) -> HttpResponse:
    title, text = _texts()[500]
    html = loader.get_template("tournaments/error_500.html").render({"title": title, "text": text})
    return HttpResponseServerError(html)


class MethodNotAllowedPage:
    """An empty HTML 405 (Django's ``HttpResponseNotAllowed``) becomes the styled page; ``Allow`` is kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if response.status_code != 405 or getattr(response, "streaming", False) or response.content:
            return response
        page = _page(request, 405)
        if response.has_header("Allow"):
            page["Allow"] = response["Allow"]
        return page
