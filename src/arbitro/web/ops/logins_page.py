"""``/desk/logins/``: the failed logins of the cool-off time, and lifting them (issue 38 item 4).

For the server's administrators only (superusers): the list names accounts and addresses of
every organisation. The same as ``arbitro logins`` (:mod:`arbitro.web.ops.throttle`).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from . import throttle


@login_required
def logins(request: HttpRequest) -> HttpResponse:
    if not request.user.is_superuser:
        raise Http404
    if request.method == "POST":
        username = str(request.POST.get("username") or "")[:150]
        address = str(request.POST.get("address") or "")[:45]
        if username or address:
            n = throttle.lift(username=username, address=address)
            messages.success(request, _("%(n)s record(s) of failed logins forgotten.") % {"n": n})
        return redirect("tournaments:desk_logins")
    return render(request, "tournaments/desk_logins.html", {"rows": throttle.blocks(), "no_refresh": True})
