"""Login throttling on top of django-axes (issue 21): a budget per address, checked before any hash.

django-axes locks a (user name, address) pair after ``AXES_FAILURE_LIMIT`` failures, so a
colleague at the club's shared address who mistypes, or an attacker there, cannot lock the
arbiter out from another address. Guessing across many user names from one address never
reaches that limit, though, and every failed guess costs a full Argon2 hash. This backend,
first in ``AUTHENTICATION_BACKENDS``, sums the address's recent failures (axes' own records,
shared by every worker) and, past ``ARBITRO_LOGIN_ADDRESS_FAILURES`` (default 20) within the
cool-off time, refuses the attempt before any other backend hashes a password; the lockout
page (HTTP 429) is axes' own.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _


def address_budget() -> int:
    return int(getattr(settings, "ARBITRO_LOGIN_ADDRESS_FAILURES", 20))


def address_failures(ip: str) -> int:
    """Failed logins from ``ip`` within the cool-off time, over every user name."""
    from axes.models import AccessAttempt

    hours = float(getattr(settings, "AXES_COOLOFF_TIME", 0.25) or 0.25)
    since = timezone.now() - dt.timedelta(hours=hours)
    total = AccessAttempt.objects.filter(ip_address=ip, attempt_time__gte=since).aggregate(n=Sum("failures_since_start"))
    return int(total["n"] or 0)


#: Seconds an address found over its budget is refused without asking the database again. The
#: failures within the cool-off window only fall with time, so the verdict can at most outlive
#: the budget by this long (a flood then costs one cache read a request, not an aggregate query).
OVER_BUDGET_MEMORY = 5.0


def over_budget(request: HttpRequest) -> bool:
    from axes.helpers import get_client_ip_address
    from django.core.cache import cache

    ip = getattr(request, "axes_ip_address", None) or get_client_ip_address(request)
    if not ip:
        return False
    key = f"arbitro:login-over-budget:{ip}"
    if cache.get(key):
        return True
    over = address_failures(ip) >= address_budget()
    if over:
        cache.set(key, True, OVER_BUDGET_MEMORY)
    return over


class AddressBudgetMiddleware:
    """A login POST from an address over its budget gets HTTP 429 at once: one read, no hash, no write.

    (Refusing in the backend still lets Django signal a failed login, which axes records: a
    database write per attempt, which on SQLite serialises a flood with everything else.)
    It stands right after the page cache, before sessions, CSRF, authentication and axes, so a
    flood's refusals cost no session read either; the answer is in the language the client
    asks for (Accept-Language), as the language middleware has not run yet.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.path.endswith("/login/") and over_budget(request):
            with translation.override(translation.get_language_from_request(request)):
                text = _("Too many failed logins from this address; try again later.")
            return HttpResponse(text, status=429, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class AddressBudgetBackend:
    """Refuses a login from an address over its failure budget, before any password is hashed."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: object) -> None:  # fmt: skip
        if request is None:
            return None
        if over_budget(request):  # logins that do not pass the middleware (e.g. a test client's login())
            request.axes_locked_out = True  # axes' middleware answers 429
            raise PermissionDenied("too many failed logins from this address")
        return None

    # No ``get_user``: this backend never logs anyone in, so Django's session lookup and
    # ``force_login`` skip it and use the model backend.
