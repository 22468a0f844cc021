"""The form that creates a team competition (the shape of the input; the core checks the rest)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import arbitro.teams  # noqa: F401 - the team systems register themselves into the registry (issue 32)
from arbitro.pairing import registry
from arbitro.web.tournaments.forms import _text

_TEAM_KINDS = (registry.SystemKind.TEAM_SWISS, registry.SystemKind.TEAM_ROUND_ROBIN)


def team_system_choices() -> list[tuple[str, str]]:
    """The team pairing systems of the registry, by key."""
    return [(s.key, f"{_(s.name)} ({s.article})") for s in registry.all_systems() if s.kind in _TEAM_KINDS]


NORM_EVENT_CHOICES = [
    ("", gettext_lazy("other team event (9 games)")),
    ("team_championship", gettext_lazy("team championship (B.01 1.4.1b: 7 games)")),
    ("national_team_championship", gettext_lazy("national team championship")),
]


class TeamCreateForm(forms.Form):
    name = _text(gettext_lazy("Name"), "tournament name")
    city = _text(gettext_lazy("City"), "city", required=False)
    start_date = forms.DateField(label=gettext_lazy("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=gettext_lazy("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    system = forms.ChoiceField(label=gettext_lazy("System"))
    boards = forms.IntegerField(label=gettext_lazy("Boards per match"), min_value=1, max_value=20, initial=4)
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), required=False, min_value=1, max_value=30, initial=7,
        help_text=gettext_lazy("A round robin has the rounds of its table."),
    )  # fmt: skip
    match_win = forms.DecimalField(label=gettext_lazy("Match points for a win"), initial=Decimal(2), max_digits=4, decimal_places=2)
    match_draw = forms.DecimalField(label=gettext_lazy("Match points for a draw"), initial=Decimal(1), max_digits=4, decimal_places=2)
    match_loss = forms.DecimalField(label=gettext_lazy("Match points for a loss"), initial=Decimal(0), max_digits=4, decimal_places=2)
    chief_arbiter = _text(gettext_lazy("Chief arbiter"), "chief arbiter", required=False)
    norm_event = forms.ChoiceField(
        label=gettext_lazy("Title norms (FIDE B.01)"), required=False,
        choices=NORM_EVENT_CHOICES,
    )  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["system"].choices = team_system_choices()


class TeamSettingsForm(forms.Form):
    """The settings a team competition may change after creation (the core checks and logs the change).

    The system, the boards and the match points are fixed at creation; a round robin has the rounds of its table.
    """

    name = _text(gettext_lazy("Name"), "tournament name")
    city = _text(gettext_lazy("City"), "city", required=False)
    federation = forms.CharField(label=gettext_lazy("Federation"), required=False, max_length=3)
    start_date = forms.DateField(label=gettext_lazy("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=gettext_lazy("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    chief_arbiter = _text(gettext_lazy("Chief arbiter"), "chief arbiter", required=False)
    rounds = forms.IntegerField(label=gettext_lazy("Rounds"), required=False, min_value=1, max_value=99)
    tiebreaks = forms.CharField(
        label=gettext_lazy("Tie-breaks"), required=False, max_length=200,
        help_text=gettext_lazy("C.07 team tie-break codes in order, separated by spaces (e.g. EMMSB BH)."),
    )  # fmt: skip
    norm_event = forms.ChoiceField(label=gettext_lazy("Title norms (FIDE B.01)"), required=False, choices=NORM_EVENT_CHOICES)

    def __init__(self, *args: Any, round_robin: bool = False, started: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if started:  # announced in advance (C.07 Art. 2): the core refuses a change once round 1 is paired
            self.fields["tiebreaks"].disabled = True
        if round_robin:
            self.fields["rounds"].disabled = True
            self.fields["rounds"].help_text = gettext_lazy("A round robin has the rounds of its table.")


# -- the team desk's operations (one form each; :mod:`.desk`) ------------------------------------------
#
# The fields are the shape of what each operation's button posts; they take any text, as the team desk always
# did: the whole numbers, the line-ups, the results and the settings are read and refused by :mod:`.service`
# and the core, with their own words (a match form's ``l_<team>_<board>`` and ``r_<board>`` fields are as many
# as the event has boards, read from the posted data).


def _loose(label: str = "") -> forms.CharField:
    return forms.CharField(required=False, strip=False, label=label or None)


class NoTeamFields(forms.Form):
    """Pair, publish: nothing posted."""


class RegisterTeamForm(forms.Form):
    name = _loose()
    players = _loose()


class UnpairTeamForm(forms.Form):
    reason = _loose()
    confirmed = forms.BooleanField(required=False)


class DeadlineForm(forms.Form):
    round = _loose()
    deadline = _loose()


class MatchForm(forms.Form):
    round = _loose()
    match = _loose()
    forfeit = _loose()
    reason = _loose()
    confirmed = forms.BooleanField(required=False)


class ChangeSettingsForm(forms.Form):
    """The settings page's fields, as posted (:func:`.service.settings_changes` reads the ones present)."""

    name = _loose()
    city = _loose()
    federation = _loose()
    start_date = _loose()
    end_date = _loose()
    chief_arbiter = _loose()
    rounds = _loose()
    tiebreaks = _loose()
    norm_event = _loose()
