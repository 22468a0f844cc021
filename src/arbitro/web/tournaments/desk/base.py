"""The desk operation: one Django view and one form per operation (issue 32 item 2).

An operation is a subclass of :class:`Operation` naming its URL piece, its form, the
permission it needs, its button's label (the manual names it) and :meth:`Operation.run`,
the one command it runs; :mod:`.operations` lists them all (:data:`~.operations.OPERATIONS`)
and the URLs are made from that list. The view checks the permission, validates the form
(a refused form is said as one message, in the reader's language), asks for confirmation
when the operation has a confirmation page, runs the command and goes back to the panel
with its message (or the core's refusal). Nothing of the chess rules is decided here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Generic, TypeVar

from django import forms as django_forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.views import View

from arbitro.errors import ArbitroError

from .. import models, permissions, texts
from ..eventlog import Actor
from .forms import error_text

#: What a desk form posted: the request's ``QueryDict``, or a plain dict from a script or a test.
Posted = Mapping[str, object]
#: The context of a confirmation page (:file:`tournaments/desk_confirm.html`).
Page = dict[str, object]
#: The form of an operation.
F = TypeVar("F", bound=django_forms.BaseForm)

#: The confirmation page's hidden fields leave these out (the page sets its own).
_NOT_CARRIED = frozenset({"csrfmiddlewaretoken", "confirmed", "op", "reason"})


def managed(request: HttpRequest, slug: str, action: str) -> models.Tournament:
    """The tournament of ``slug`` if the user may do ``action`` on it (404, 403 otherwise)."""
    row = get_object_or_404(models.Tournament, slug=slug)
    if not permissions.can(request.user, row, action):
        raise PermissionDenied
    return row


def panel_url(row: models.Tournament, rnd: object = None) -> str:
    """The desk panel of ``row`` (at round ``rnd``'s results when given)."""
    url = reverse("tournaments:desk_panel", kwargs={"slug": row.slug})
    return f"{url}?round={rnd}" if rnd else url


def carried(data: Posted) -> list[tuple[str, str]]:
    """The posted fields a confirmation page posts again (the last value of each, as ``QueryDict.get``)."""
    return [(k, str(data[k])) for k in data if k not in _NOT_CARRIED]


class Operation(View, Generic[F]):
    """One desk operation: its URL (``desk/t/<slug>/<path>/``, named ``tournaments:desk_<name>``), its form, its command."""

    #: The URL name's tail (``tournaments:desk_<name>``) and the permission's default.
    name: ClassVar[str]
    #: The form that checks the posted data's shape.
    form_class: type[F]
    #: :func:`..permissions.can`'s action (default: ``name``).
    permission: ClassVar[str] = ""
    #: The msgid of the button that posts it, and the template it is in (the manual names every label).
    label: ClassVar[str]
    template: ClassVar[str] = "tournaments/desk_panel.html"
    #: The manual's section when the operation can answer with a page (a confirmation); ``None``: a redirect only.
    help: ClassVar[str | None] = None
    #: The Django app whose URLs these are (``<app>:desk_<name>``, ``<app>:desk_panel``): the team desk's are ``teams``.
    app: ClassVar[str] = "tournaments"

    http_method_names = ["get", "post"]

    @classmethod
    def url_name(cls) -> str:
        return f"desk_{cls.name}"

    @classmethod
    def path(cls) -> str:
        return cls.name.replace("_", "-")

    @classmethod
    def url(cls, row: models.Tournament) -> str:
        return reverse(f"{cls.app}:{cls.url_name()}", kwargs={"slug": row.slug})

    def row_of(self, request: HttpRequest, slug: str, action: str) -> models.Tournament:
        """The tournament of ``slug`` if the user may do ``action`` on it (the team desk also checks its kind)."""
        return managed(request, slug, action)

    def panel(self, row: models.Tournament) -> str:
        """The desk panel the operation belongs to."""
        return reverse(f"{self.app}:desk_panel", kwargs={"slug": row.slug})

    # -- what an operation says ------------------------------------------------------------

    def run(self, row: models.Tournament, form: F, user: Actor) -> str:
        """The command on the tournament (the core decides); the message to show."""
        raise NotImplementedError

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: F) -> Page | None:
        """The confirmation page's context when the operation must be confirmed first; ``None``: run it."""
        return None

    def back(self, row: models.Tournament, data: Posted) -> str:
        """Where the desk goes after the operation."""
        return self.panel(row)

    def back_after(self, row: models.Tournament, data: Posted, err: ArbitroError) -> str:
        """Where the desk goes after the core refused the operation."""
        return self.back(row, data)

    def open_to(self, row: models.Tournament) -> bool:
        """Whether the tournament takes this operation at all (else 403, as for a missing permission)."""
        return True

    def refused(self, request: HttpRequest, row: models.Tournament, err: ArbitroError) -> HttpResponse | None:
        """A page for a refusal that asks the arbiter something (``None``: say it on the panel)."""
        return None

    # -- the view ----------------------------------------------------------------------------

    def get(self, request: HttpRequest, slug: str) -> HttpResponse:
        """Back from the login after an expired session: the panel (the drafts are kept in the browser)."""
        return redirect(self.panel(self.row_of(request, slug, "view")))

    def post(self, request: HttpRequest, slug: str) -> HttpResponse:
        row = self.row_of(request, slug, self.permission or self.name)
        if not self.open_to(row):
            raise PermissionDenied
        data = request.POST
        back = self.back(row, data)
        form = self.form_class(data)
        if not form.is_valid():
            messages.error(request, error_text(form))
            return redirect(back)
        try:
            if not form.cleaned_data.get("confirmed"):
                page = self.confirmation(request, row, form)
                if page is not None:
                    return self.confirm_page(request, row, page)
            text = self.run(row, form, request.user)
        except ArbitroError as err:
            page_of_refusal = self.refused(request, row, err)
            if page_of_refusal is not None:
                return page_of_refusal
            messages.error(request, texts.text(err))
            back = self.back_after(row, data, err)
        else:
            if text:
                messages.success(request, text)
            for warning in getattr(text, "warnings", ()):  # the core's warnings (e.g. a manual pairing's colours)
                messages.warning(request, warning)
        return redirect(back)

    def confirm_page(self, request: HttpRequest, row: models.Tournament, ctx: Page) -> HttpResponse:
        """The confirmation page: nothing happened yet; its form posts the same fields again, confirmed."""
        page = {
            "row": row,
            "action": self.url(row),  # the operation's own URL
            "hidden": carried(request.POST),
            "no_refresh": True,
            "back": self.panel(row),
            **ctx,
        }
        return render(request, "tournaments/desk_confirm.html", page)


def login_required_view(cls: type[Operation[F]]) -> type[Operation[F]]:
    """The operation's view behind the login (as every desk page)."""
    from django.contrib.auth.decorators import login_required

    return method_decorator(login_required, name="dispatch")(cls)


def submit(operation: type[Operation[F]], row: models.Tournament, data: Posted, user: Actor) -> str:
    """Run ``operation`` as if its form were posted with ``data`` (scripts and tests): validated, then run.

    A refused form raises :class:`ArbitroError` with the message the desk would show.
    """
    form = operation.form_class(data)
    if not form.is_valid():
        raise ArbitroError(error_text(form))
    return operation().run(row, form, user)
