"""Every team desk operation: one view (an individual desk :class:`~arbitro.web.tournaments.desk.base.Operation`)
and one form each (:mod:`.forms`), listed in :data:`OPERATIONS` (issue 32 item 2).

The URLs (``desk/teams/<slug>/<path>/``, named ``teams:desk_<name>``) and the manual's help targets come
from :data:`OPERATIONS`: a new team desk operation is its form, its view here and its line in that list.
Each runs one command of :mod:`.service` (the core checks the rules) and goes back to the team desk panel
with its message; an unpairing and a match form that corrects a round paired over since are confirmed
first, on the individual desk's confirmation page.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from arbitro.errors import ArbitroError
from arbitro.web.tournaments import models, texts
from arbitro.web.tournaments.desk.base import F, Operation, Page, Posted, login_required_view
from arbitro.web.tournaments.eventlog import Actor

from . import forms, service, views

_TEMPLATE = "teams/desk_panel.html"


class TeamOperation(Operation[F]):
    """An operation of the team desk: its URLs are the ``teams`` app's, its rows team competitions only."""

    app = "teams"
    template = _TEMPLATE

    def row_of(self, request: HttpRequest, slug: str, action: str) -> models.Tournament:
        return views.managed(request, slug, action)


class RegisterTeam(TeamOperation[forms.RegisterTeamForm]):
    name = "register_team"
    permission = "register"
    form_class = forms.RegisterTeamForm
    label = gettext_noop("Register team")

    def run(self, row: models.Tournament, form: forms.RegisterTeamForm, user: Actor) -> str:
        return service.register_team(row, form.data, user)


class Pair(TeamOperation[forms.NoTeamFields]):
    name = "pair"
    form_class = forms.NoTeamFields
    label = gettext_noop("Pair round")

    def run(self, row: models.Tournament, form: forms.NoTeamFields, user: Actor) -> str:
        return service.pair(row, form.data, user)


class Publish(TeamOperation[forms.NoTeamFields]):
    name = "publish"
    form_class = forms.NoTeamFields
    label = gettext_noop("Publish round")

    def run(self, row: models.Tournament, form: forms.NoTeamFields, user: Actor) -> str:
        return service.publish(row, form.data, user)


class Unpair(TeamOperation[forms.UnpairTeamForm]):
    name = "unpair"
    form_class = forms.UnpairTeamForm
    label = gettext_noop("Unpair round")
    help = "teams#match-results"

    def run(self, row: models.Tournament, form: forms.UnpairTeamForm, user: Actor) -> str:
        return service.unpair(row, form.data, user)

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.UnpairTeamForm) -> Page:
        st = service.state(row)
        if not st.paired_rounds:
            raise ArbitroError(_("no round has been paired yet"))
        number = st.paired_rounds
        if not service.can_unpair(st):
            raise ArbitroError(_("round %(r)s cannot be unpaired: it already has results") % {"r": number})
        return {
            "title": _("Unpair round %(r)s") % {"r": number},
            "warning": _("Round %(r)s is public: players may have seen its pairing.") % {"r": number}
            if st.is_published(number) else "",
            "lines": [_("Its pairing is taken back and recorded in the log; the round can then be paired again.")],
            "button": _("Unpair round %(r)s") % {"r": number},
        }  # fmt: skip


class SetDeadline(TeamOperation[forms.DeadlineForm]):
    name = "set_deadline"
    permission = "pair"
    form_class = forms.DeadlineForm
    label = gettext_noop("Save deadline")

    def run(self, row: models.Tournament, form: forms.DeadlineForm, user: Actor) -> str:
        return service.set_deadline(row, form.data, user)


class SaveMatch(TeamOperation[forms.MatchForm]):
    name = "save_match"
    permission = "result"
    form_class = forms.MatchForm
    label = gettext_noop("Save match")
    help = "teams#match-results"

    def run(self, row: models.Tournament, form: forms.MatchForm, user: Actor) -> str:
        return service.save_match(row, form.data, user)

    def back(self, row: models.Tournament, data: Posted) -> str:
        rnd = str(data.get("round") or "")
        return f"{self.panel(row)}?round={rnd}" if rnd.isdigit() else self.panel(row)

    def confirmation(self, request: HttpRequest, row: models.Tournament, form: forms.MatchForm) -> Page | None:
        """A match form that corrects results of a round paired over since (C.04.2 4.3)."""
        plan = service.plan_corrections(row, form.data, request.user)
        if not plan.needs_confirmation:
            return None
        return {
            "title": _("Correct results of round %(r)s") % {"r": plan.round},
            "warning": _(
                "Rounds were paired since on the old score. The correction changes the standings and the pairings "
                "still to be made (C.04.2 4.3); the rounds already paired stay as they are. Check before confirming."
            ),
            "paired_since": plan.paired_since, "changes": plan.changes, "button": _("Confirm the correction"),
            "back": f"{self.panel(row)}?round={plan.round}", "reason": str(form.data.get("reason") or ""),
        }  # fmt: skip


class ChangeSettings(TeamOperation[forms.ChangeSettingsForm]):
    """The settings page's form (the core's ``change_settings``; its event is logged); back to that page."""

    name = "change_settings"
    permission = "settings"
    form_class = forms.ChangeSettingsForm
    label = gettext_noop("Save settings")
    template = "teams/desk_settings.html"
    help = "teams#team-settings"

    def run(self, row: models.Tournament, form: forms.ChangeSettingsForm, user: Actor) -> str:
        return service.change_settings(row, form.data, user)

    def back(self, row: models.Tournament, data: Posted) -> str:
        return reverse("teams:desk_settings", kwargs={"slug": row.slug})

    def refused(self, request: HttpRequest, row: models.Tournament, err: ArbitroError) -> HttpResponse:
        """The settings page again, with what was typed and the core's reason."""
        messages.error(request, texts.text(err))
        return views.settings_page(request, row, request.POST)


#: Every team desk operation; the URLs and the manual's help targets come from this list.
OPERATIONS: tuple[type[TeamOperation], ...] = (
    RegisterTeam,
    Pair,
    Publish,
    Unpair,
    SetDeadline,
    SaveMatch,
    ChangeSettings,
)


def urlpatterns() -> list[URLPattern]:
    """``desk/teams/<slug>/<path>/`` for each operation, named ``desk_<name>``."""
    return [
        path(f"desk/teams/<slug:slug>/{op.path()}/", login_required_view(op).as_view(), name=op.url_name())
        for op in OPERATIONS
    ]


def help_targets() -> dict[str, str]:
    """``teams:desk_<name>`` -> the manual's section, for the operations that can answer with a page."""
    return {f"teams:{op.url_name()}": op.help for op in OPERATIONS if op.help}


def redirects() -> frozenset[str]:
    """The URL names of the operations that answer with a redirect only (no page, no help link)."""
    return frozenset(f"teams:{op.url_name()}" for op in OPERATIONS if not op.help)
