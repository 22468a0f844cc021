"""Forms of the desk and of player self-service (input shape only; rules live in the core)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_TRF_BYTES, TEXT_WIDTHS, control_characters
from arbitro.model import Tournament as CoreTournament
from arbitro.pairing import registry
from arbitro.tournament import pairing_system

from . import federation


def no_control_characters(value: str) -> None:
    """Refuse line breaks and control characters: they would start a new TRF record (issue 21)."""
    bad = control_characters(value)
    if bad:
        raise ValidationError(
            _("Remove the line breaks or control characters (%(chars)s)."),
            code="control_characters",
            params={"chars": ", ".join(f"U+{ord(c):04X}" for c in bad[:3])},
        )


def _text(label: Any, width: str, *, required: bool = True) -> forms.CharField:
    """A one-line text field as wide as the core allows (limits.TEXT_WIDTHS)."""
    return forms.CharField(
        label=label, max_length=TEXT_WIDTHS[width], required=required, validators=[no_control_characters]
    )


def _player_choices(core: CoreTournament, only: set[int] | None = None) -> list[tuple[str, str]]:
    return [
        (str(p.start_rank), f"{p.start_rank}. {p.name}")
        for p in core.iter_players()
        if only is None or p.start_rank in only
    ]


class ByeRequestForm(forms.Form):
    player = forms.ChoiceField(label=_("Player"))
    round = forms.ChoiceField(label=_("Round"))

    def __init__(self, core: CoreTournament, allowed: set[int] | None, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(core, allowed)
        games = registry.of_tournament(core).games_per_round  # rounds as announced: a two-game match is one
        first = (core.played_rounds + games - 1) // games + 1
        last = max((core.total_rounds + games - 1) // games, first)
        self.fields["round"].choices = [(str(r), str(r)) for r in range(first, last + 1)]


def system_choices() -> list[tuple[str, str]]:
    """The pairing systems the tournament service runs (the registry decides), by key."""
    return [(s.key, f"{_(s.name)} ({s.article})") for s in registry.service_systems()]


class ImportTrfForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))
    category = forms.ChoiceField(label=_("Category"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = federation.category_choices()

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_TRF_BYTES:
            raise ValidationError(
                _("A TRF file holds at most %(mb)s MB (9,999 players, 99 rounds)."),
                code="too_large",
                params={"mb": MAX_TRF_BYTES // (1024 * 1024)},
            )
        return upload


class CreateForm(forms.Form):
    name = _text(_("Name"), "tournament name")
    city = _text(_("City"), "city", required=False)
    start_date = forms.DateField(label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=_("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    category = forms.ChoiceField(
        label=_("Category"),
        required=False,
        help_text=_("For a category of the federation's rulebook the format and tie-breaks come from the rulebook."),
    )
    system = forms.CharField(label=_("System"), required=False, max_length=40, widget=forms.Select)
    rounds = forms.IntegerField(
        label=_("Rounds"), required=False, min_value=1, max_value=30,
        help_text=_("As announced. In a system of two-game matches each round is one match of two games."),
    )
    entrants = forms.IntegerField(
        label=_("Expected players"), required=False, min_value=2, max_value=500,
        help_text=_("For a category: the number of players decides the format."),
    )
    time_control = _text(_("Time control"), "time control", required=False)
    chief_arbiter = _text(_("Chief arbiter"), "chief arbiter", required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = federation.category_choices(creatable_only=True)
        self.fields["system"].widget.choices = system_choices()

    def clean_system(self) -> str:
        """A registry key or alias (older forms posted aliases), as its key; empty: the default."""
        value = (self.cleaned_data.get("system") or "").strip()
        if not value:
            return ""
        try:
            return pairing_system(value, aliases=True).key
        except ArbitroError:
            raise forms.ValidationError(_("Unknown pairing system %(value)s."), params={"value": value}) from None


class RegisterForm(forms.Form):
    name = _text(_("Name (Surname, Given)"), "player name")
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, max_value=3500)
    fide_id = _text(_("FIDE ID"), "fide id", required=False)
    federation = _text(_("Federation"), "federation", required=False)
    title = _text(_("Title"), "title", required=False)
    sex = forms.ChoiceField(label=_("Sex"), required=False, choices=[("", "—"), ("m", "m"), ("w", "w")])
    birth_date = _text(_("Birth date"), "birth date", required=False)
