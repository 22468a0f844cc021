"""Login throttling on top of django-axes (issue 21, issue 38 item 4): delays, never a venue lockout.

* **Per account and address** (axes): ``AXES_FAILURE_LIMIT`` failures of one user name from one
  address lock that pair for the cool-off time. A colleague's typos at the club's shared address
  lock only their own name there; the arbiter's name from elsewhere is untouched.
* **Per address**, progressive: guessing across many user names from one address (password
  spraying) opens a *window* once more than ``ARBITRO_LOGIN_ADDRESS_NAMES`` (default 30) distinct
  names have failed there within the cool-off time: an attempt within ``delay`` seconds of the
  address's last failure is refused (HTTP 429, ``Retry-After``) before any password is hashed or
  anything is written; the delay doubles with each further name (2, 4, 8 ... at most 60 s). The
  address is never blocked: past the delay anyone there may try again.
* **Per account**, progressive: more than ``ARBITRO_LOGIN_ACCOUNT_FAILURES`` (default 10)
  failures of one user name from any addresses open the same kind of window for that name (at
  most 30 s), so a guesser spread over many addresses gains little.
* A user name that has logged in from an address within the last 30 days (axes' access log) is
  never delayed there by the windows: the arbiters' team, at its usual network, logs in whatever
  happens around it.

Until issue 38 the address had a budget of 20 failures in total, past which every login from it
was refused for 15 minutes: one person's typos, or one hostile player, locked out the whole venue.

:func:`blocks` lists what is locked or delayed now and :func:`lift` clears it; ``arbitro logins``
and the page ``/desk/logins/`` (federation administrators) call them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Max, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

KNOWN_DAYS = 30  # a successful login makes the (name, address) pair known for this long
MAX_ADDRESS_DELAY = 60.0
MAX_ACCOUNT_DELAY = 30.0


def address_names_budget() -> int:
    return int(getattr(settings, "ARBITRO_LOGIN_ADDRESS_NAMES", 30))


def account_budget() -> int:
    return int(getattr(settings, "ARBITRO_LOGIN_ACCOUNT_FAILURES", 10))


def _since() -> dt.datetime:
    hours = getattr(settings, "AXES_COOLOFF_TIME", 0.25)
    hours = float(hours) if isinstance(hours, int | float) else 0.25
    return timezone.now() - dt.timedelta(hours=hours)


def address_failures(ip: str) -> int:
    """Failed logins from ``ip`` within the cool-off time, over every user name."""
    from axes.models import AccessAttempt

    total = AccessAttempt.objects.filter(ip_address=ip, attempt_time__gte=_since()).aggregate(n=Sum("failures_since_start"))
    return int(total["n"] or 0)


def _delay(excess: int, cap: float) -> float:
    """2, 4, 8 ... seconds for an excess of 1, 2, 3 ..., at most ``cap``."""
    return 0.0 if excess <= 0 else min(cap, float(2 ** min(excess, 16)))


def address_wait(ip: str, now: dt.datetime | None = None) -> float:
    """Seconds an attempt from ``ip`` must still wait (0: none), by the distinct names failed there."""
    from axes.models import AccessAttempt

    now = now or timezone.now()
    agg = AccessAttempt.objects.filter(ip_address=ip, attempt_time__gte=_since()).aggregate(
        names=Count("username", distinct=True), last=Max("attempt_time")
    )
    delay = _delay(int(agg["names"] or 0) - address_names_budget(), MAX_ADDRESS_DELAY)
    if not delay or agg["last"] is None:
        return 0.0
    return max(0.0, delay - (now - agg["last"]).total_seconds())


def account_wait(username: str, now: dt.datetime | None = None) -> float:
    """Seconds an attempt for ``username`` must still wait (0: none), by its failures from every address."""
    from axes.models import AccessAttempt

    if not username:
        return 0.0
    now = now or timezone.now()
    agg = AccessAttempt.objects.filter(username=username, attempt_time__gte=_since()).aggregate(
        n=Sum("failures_since_start"), last=Max("attempt_time")
    )
    delay = _delay(int(agg["n"] or 0) - account_budget(), MAX_ACCOUNT_DELAY)
    if not delay or agg["last"] is None:
        return 0.0
    return max(0.0, delay - (now - agg["last"]).total_seconds())


def known_pair(username: str, ip: str) -> bool:
    """Whether ``username`` has logged in from ``ip`` within :data:`KNOWN_DAYS` days."""
    from axes.models import AccessLog

    if not username or not ip:
        return False
    since = timezone.now() - dt.timedelta(days=KNOWN_DAYS)
    return AccessLog.objects.filter(username=username, ip_address=ip, attempt_time__gte=since).exists()


#: Seconds the end of an address's window is remembered in the cache, so that a flood costs one cache
#: read a request, not an aggregate query (the window only ends later if more names fail meanwhile).
WINDOW_MEMORY = 5.0


def _client(request: HttpRequest) -> tuple[str, str]:
    from axes.helpers import get_client_ip_address

    ip = getattr(request, "axes_ip_address", None) or get_client_ip_address(request) or ""
    username = ""
    if request.method == "POST":
        value = request.POST.get("username", "")
        username = value[:150] if isinstance(value, str) else ""
    return str(ip), username


def wait(request: HttpRequest) -> float:
    """Seconds this login attempt must still wait (0: it may go on to the password check)."""
    import time

    from django.core.cache import cache

    ip, username = _client(request)
    if not ip:
        return 0.0
    key = f"arbitro:login-window:{ip}"
    until = cache.get(key)
    if isinstance(until, float) and until > time.time():
        left = until - time.time()
    else:
        left = address_wait(ip)
        if left > 0:
            cache.set(key, time.time() + left, min(WINDOW_MEMORY, left))
    if left <= 0 and username:
        left = account_wait(username)
    if left > 0 and username in _known_names(ip):
        return 0.0  # the rightful user at their usual address: only their own pair's lock applies
    return left


def _known_names(ip: str) -> frozenset[str]:
    """The names known at ``ip`` (:func:`known_pair`), remembered :data:`WINDOW_MEMORY` s: a flood reads the cache."""
    from axes.models import AccessLog
    from django.core.cache import cache

    key = f"arbitro:login-known:{ip}"
    names = cache.get(key)
    if isinstance(names, frozenset):
        return names
    since = timezone.now() - dt.timedelta(days=KNOWN_DAYS)
    rows = AccessLog.objects.filter(ip_address=ip, attempt_time__gte=since).values_list("username", flat=True)
    names = frozenset(str(n) for n in rows.distinct()[:10_000] if n)
    cache.set(key, names, WINDOW_MEMORY)
    return names


def over_budget(request: HttpRequest) -> bool:
    """Whether this login attempt falls within a delay window (kept for callers of issue 21's name)."""
    return wait(request) > 0


def _refusal(request: HttpRequest, seconds: float) -> HttpResponse:
    with translation.override(translation.get_language_from_request(request)):
        text = _("Too many failed logins; try again in %(s)s seconds.") % {"s": int(seconds) + 1}
    response = HttpResponse(text, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(int(seconds) + 1)
    return response


class AddressBudgetMiddleware:
    """A login POST within a delay window gets HTTP 429 at once: no hash, no write, no session.

    (Refusing in the backend still lets Django signal a failed login, which axes records: a
    database write per attempt, which on SQLite serialises a flood with everything else.)
    It stands right after the page cache, before sessions, CSRF, authentication and axes, so a
    flood's refusals cost no session read either; the answer is in the language the client
    asks for (Accept-Language), as the language middleware has not run yet.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.path.endswith("/login/"):
            left = wait(request)
            if left > 0:
                return _refusal(request, left)
        return self.get_response(request)


class AddressBudgetBackend:
    """Refuses a login within a delay window, before any password is hashed."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None, password: str | None = None,
                     **kwargs: object) -> None:  # fmt: skip
        if request is None:
            return None
        if over_budget(request):  # logins that do not pass the middleware (e.g. a test client's login())
            request.axes_locked_out = True  # axes' middleware answers 429
            raise PermissionDenied("too many failed logins; wait")
        return None

    # No ``get_user``: this backend never logs anyone in, so Django's session lookup and
    # ``force_login`` skip it and use the model backend.


# -- seeing and lifting blocks (``arbitro logins``, /desk/logins/) ----------------------------------------


@dataclass(frozen=True)
class Block:
    """One (user name, address) with failures within the cool-off time, and what it causes now."""

    username: str
    address: str
    failures: int
    last: dt.datetime
    locked: bool  # axes' lock of the pair
    address_wait: float
    account_wait: float


def blocks() -> list[Block]:
    """Every pair with recent failures, the most recent first."""
    from axes.models import AccessAttempt

    limit = int(getattr(settings, "AXES_FAILURE_LIMIT", 5))
    out = []
    rows = AccessAttempt.objects.filter(attempt_time__gte=_since()).order_by("-attempt_time")[:1000]
    for a in rows:
        ip = str(a.ip_address or "")
        out.append(Block(str(a.username or ""), ip, int(a.failures_since_start), a.attempt_time,
                         a.failures_since_start >= limit, address_wait(ip) if ip else 0.0,
                         account_wait(str(a.username or ""))))  # fmt: skip
    return out


def lift(*, username: str = "", address: str = "") -> int:
    """Forget the failures of ``username`` and/or from ``address`` (both: that pair); the number of records."""
    from axes.models import AccessAttempt
    from django.core.cache import cache

    if not username and not address:
        raise ValueError("lift: a user name, an address, or both")
    rows = AccessAttempt.objects.all()
    if username:
        rows = rows.filter(username=username)
    if address:
        rows = rows.filter(ip_address=address)
    addresses = set(rows.values_list("ip_address", flat=True))
    n, _ = rows.delete()
    for ip in addresses:
        cache.delete(f"arbitro:login-window:{ip}")
    return int(n)
