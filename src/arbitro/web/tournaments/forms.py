"""Forms of the desk and of player self-service (input shape only; rules live in the core)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from arbitro.errors import ArbitroError
from arbitro.limits import MAX_TRF_BYTES, TEXT_WIDTHS, control_characters
from arbitro.model import Tournament as CoreTournament
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.pairing.types import SettingType, SettingValue, SystemSetting
from arbitro.tournament import pairing_system

from . import federation, texts

if TYPE_CHECKING:
    from django.core.files.uploadedfile import UploadedFile
    from django.utils.datastructures import MultiValueDict
    from django_stubs_ext import StrOrPromise


def no_control_characters(value: str) -> None:
    """Refuse line breaks and control characters: they would start a new TRF record (issue 21)."""
    bad = control_characters(value)
    if bad:
        raise ValidationError(
            _("Remove the line breaks or control characters (%(chars)s)."),
            code="control_characters",
            params={"chars": ", ".join(f"U+{ord(c):04X}" for c in bad[:3])},
        )


def _text(label: StrOrPromise, width: str, *, required: bool = True) -> forms.CharField:
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

    def __init__(self, core: CoreTournament, allowed: set[int] | None, data: Mapping[str, object] | None = None) -> None:
        super().__init__(data)
        self.fields["player"].choices = _player_choices(core, allowed)
        games = registry.of_tournament(core).games_per_round  # rounds as announced: a two-game match is one
        first = (core.played_rounds + games - 1) // games + 1
        last = max((core.total_rounds + games - 1) // games, first)
        self.fields["round"].choices = [(str(r), str(r)) for r in range(first, last + 1)]


def system_choices() -> list[tuple[str, str]]:
    """The pairing systems the tournament service runs (the registry decides), by key."""
    return [(s.key, f"{_(s.name)} ({s.article})") for s in registry.service_systems()]


def maxi_systems() -> list[str]:
    """Keys of the systems with a Maxi-tournament declaration (C.04.4.3 3.2.3), from the registry."""
    return [s.key for s in system_settings.systems_declaring("maxi_tournament", registry.service_systems())]


def declared_settings() -> dict[str, SystemSetting]:
    """The settings the systems the tournament service runs declare, by key (issue 32 item 3)."""
    return system_settings.declared(registry.service_systems())


def settings_fields() -> dict[str, forms.Field]:
    """One form field per setting the service's systems declare, named by its key (issue 32 item 3).

    Built from the declaration alone (type, label and help by message code, choices, bounds);
    ``data-systems`` names the systems that declare it, and the page's script shows the field only
    for those (desk_players.js). Not required: an empty field is the setting's default.
    """
    systems = list(registry.service_systems())
    fields: dict[str, forms.Field] = {}
    for key, s in system_settings.declared(systems).items():
        label, help_text = texts.text(s.label), texts.text(s.help) if s.help is not None else ""
        field: forms.Field
        if s.type is SettingType.BOOL:
            field = forms.BooleanField(label=label, help_text=help_text, required=False)
        elif s.type is SettingType.INT:
            field = forms.IntegerField(
                label=label, help_text=help_text, required=False, min_value=s.minimum, max_value=s.maximum
            )
        else:
            field = forms.ChoiceField(
                label=label,
                help_text=help_text,
                required=False,
                choices=[(c.value, texts.text(c.label)) for c in s.choices],
            )
        field.widget.attrs["data-systems"] = " ".join(x.key for x in system_settings.systems_declaring(key, systems))
        field.widget.attrs["data-default"] = s.text(s.default)
        fields[key] = field
    return fields


def setting_value(setting: SystemSetting, cleaned: object) -> SettingValue:
    """A cleaned field's value as the setting holds it (an empty field: the default)."""
    if setting.type is SettingType.BOOL:
        return bool(cleaned)
    if cleaned is None or cleaned == "":
        return setting.default
    return int(str(cleaned)) if setting.type is SettingType.INT else str(cleaned)


#: Where the declared settings' fields go in :attr:`SettingsForm.GROUPS` (after the rounds).
SYSTEM_SETTINGS = "*system settings*"


class ImportTrfForm(forms.Form):
    file = forms.FileField(label=_("TRF file"))
    category = forms.ChoiceField(label=_("Category"), required=False)

    def __init__(
        self,
        data: Mapping[str, object] | None = None,
        files: MultiValueDict[str, UploadedFile] | None = None,
        *,
        organisation: federation.Owner = None,
    ) -> None:
        super().__init__(data, files)
        self.fields["category"].choices = federation.category_choices(organisation)  # its rulebook's (issue 19 item 5)
        if len(self.fields["category"].choices) == 1:  # an organisation without a rulebook: no categories
            del self.fields["category"]

    def clean_file(self) -> UploadedFile:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_TRF_BYTES:
            raise ValidationError(
                _("A TRF file holds at most %(mb)s MB (9,999 players, 99 rounds)."),
                code="too_large",
                params={"mb": MAX_TRF_BYTES // (1024 * 1024)},
            )
        return upload


class PairingSystemFieldMixin:
    """The ``system`` field of the create and settings forms: a registry key or alias (older forms
    posted aliases), cleaned to its key; empty: the default."""

    cleaned_data: dict[str, Any]

    def clean_system(self) -> str:
        value = (self.cleaned_data.get("system") or "").strip()
        if not value:
            return ""
        try:
            return pairing_system(value, aliases=True).key
        except ArbitroError:
            raise forms.ValidationError(_("Unknown pairing system %(value)s."), params={"value": value}) from None


class CreateForm(PairingSystemFieldMixin, forms.Form):
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

    def __init__(self, *args: Any, organisation: Any = None, **kwargs: Any) -> None:
        if organisation is not None or not hasattr(self, "organisation"):
            self.organisation = organisation  # whose rulebook offers the categories (issue 19 item 5)
        super().__init__(*args, **kwargs)
        self.fields["category"].choices = federation.category_choices(self.organisation, creatable_only=True)
        if len(self.fields["category"].choices) == 1:  # an organisation without a rulebook: no categories
            del self.fields["category"], self.fields["entrants"]
        self.fields["system"].widget.choices = system_choices()


#: TRF ``001`` holds a name in columns 15-47 (trf.md §3.1): a longer one would be cut in the FIDE report.
TRF_NAME_WIDTH = 33


def _name_field(label: StrOrPromise) -> forms.CharField:
    """A player's name: at most the core's width (``limits.TEXT_WIDTHS``, the FIDE list's name field), refused
    with a message beyond it; no ``maxlength`` in the page, so the browser cuts nothing typed or pasted."""
    return forms.CharField(label=label, validators=[no_control_characters, _name_width])


def _name_width(value: str) -> None:
    width = TEXT_WIDTHS["player name"]
    if len(value.strip()) > width:
        raise ValidationError(
            _("A name holds at most %(max)s characters; this one has %(n)s."),
            code="name_too_long",
            params={"max": width, "n": len(value.strip())},
        )


def long_name_note(name: str) -> str:
    """The message for a name longer than the TRF ``001`` field: what the FIDE report will show (never a silent cut)."""
    return str(
        _("The FIDE report (TRF 001) holds %(max)s characters of a name: it will show “%(cut)s”.")
        % {"max": TRF_NAME_WIDTH, "cut": name[:TRF_NAME_WIDTH]}
    )


def clean_birth_date(value: str) -> str:
    """A real date as the TRF writes it (YYYY/MM/DD), or a year alone (the rating list's birth year).

    Accepted: ``YYYY-MM-DD``, ``YYYY/MM/DD``, ``DD/MM/YYYY``, ``DD-MM-YYYY``, ``YYYY``.
    """
    import datetime as _dt
    import re

    text = value.strip()
    if not text:
        return ""
    today = _dt.date.today()
    if re.fullmatch(r"\d{4}", text):
        year = int(text)
        if not 1900 <= year <= today.year:
            raise ValidationError(_("Birth year %(y)s is not possible."), code="birth_year", params={"y": text})
        return text
    m = re.fullmatch(r"(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})", text)
    parts = (m.group(1), m.group(2), m.group(3)) if m else None
    if parts is None:
        m = re.fullmatch(r"(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})", text)
        parts = (m.group(3), m.group(2), m.group(1)) if m else None
    if parts is None:
        raise ValidationError(
            _("Enter the birth date as DD/MM/YYYY, YYYY-MM-DD or the year alone; got %(value)s."),
            code="birth_format",
            params={"value": text},
        )
    try:
        day = _dt.date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        raise ValidationError(
            _("%(value)s is not a date of the calendar."), code="birth_date", params={"value": text}
        ) from None
    if day > today or day.year < 1900:
        raise ValidationError(_("Birth date %(value)s is not possible."), code="birth_range", params={"value": text})
    return day.strftime("%Y/%m/%d")


class RegisterForm(forms.Form):
    """A player by hand (also a late entry) and the edit of a player: the shape of each field."""

    name = _name_field(_("Name (Surname, Given)"))
    rating = forms.IntegerField(label=_("Rating"), required=False, min_value=0, max_value=3500)
    fide_id = forms.CharField(
        label=_("FIDE ID"), required=False, max_length=TEXT_WIDTHS["fide id"], validators=[no_control_characters]
    )
    federation = forms.CharField(label=_("Federation"), required=False, validators=[no_control_characters])
    title = forms.ChoiceField(label=_("Title"), required=False)
    sex = forms.ChoiceField(label=_("Sex"), required=False, choices=[("", "—"), ("m", "m"), ("w", "w")])
    birth_date = forms.CharField(
        label=_("Birth date"), required=False, help_text=_("DD/MM/YYYY or the year"), validators=[no_control_characters]
    )
    missed_rounds = forms.ChoiceField(
        label=_("Rounds already paired count as"),
        required=False,
        choices=[("Z", _("0 points")), ("H", _("½ point (if the tournament rules say so)"))],
        help_text=_("A late entry (C.04.2 2.4)."),
    )

    def __init__(
        self, data: Mapping[str, object] | None = None, *, initial: dict[str, str | int | None] | None = None, late: bool = True
    ) -> None:
        from arbitro.model import TITLES

        super().__init__(data, initial=initial)
        self.fields["title"].choices = [("", "—")] + [(t, t) for t in TITLES]
        self.fields["rating"].error_messages["max_value"] = _("A rating is at most %(limit_value)s.")
        self.fields["rating"].error_messages["min_value"] = _("A rating is 0 (unrated) or more.")
        if not late:  # an edit, or before round 1: nothing was missed
            del self.fields["missed_rounds"]

    def clean_name(self) -> str:
        return " ".join(str(self.cleaned_data["name"]).split())

    @property
    def name_note(self) -> str:
        """A note for a long official name (see :meth:`clean`), else ``""``."""
        name = (getattr(self, "cleaned_data", None) or {}).get("name") or ""
        return long_name_note(name) if len(name) > TRF_NAME_WIDTH else ""

    def clean_fide_id(self) -> str:
        value = str(self.cleaned_data.get("fide_id") or "").strip()
        if value and not (value.isascii() and value.isdigit()):
            raise ValidationError(_("A FIDE ID has digits only."), code="fide_id")
        return "" if value.strip("0") == "" else value

    def clean_federation(self) -> str:
        value = str(self.cleaned_data.get("federation") or "").strip().upper()
        if value and not (len(value) == 3 and value.isascii() and value.isalpha()):
            raise ValidationError(_("A federation is a three-letter FIDE code, such as ARG or ESP."), code="federation")
        return value

    def clean_birth_date(self) -> str:
        return clean_birth_date(str(self.cleaned_data.get("birth_date") or ""))


SCORING_PRESETS: dict[str, dict[str, str] | None] = {
    "standard": None,  # 1-½-0, the model's default
    "3-1-0": {"win": "3", "draw": "1", "loss": "0", "forfeit_win": "3", "forfeit_loss": "0",
              "pairing_bye": "3", "full_bye": "3", "half_bye": "1", "zero_bye": "0"},  # fmt: skip
}


def tiebreak_presets(organisation: federation.Owner = None) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(key, label, codes)``: the core's FIDE lists for a Swiss and a round robin, the orders of the
    organisation's rulebook (``organisation``: an organisation or a tournament; ``None``: the default one)."""
    from arbitro.standings import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS

    out: list[tuple[str, str, tuple[str, ...]]] = [
        ("fide_swiss", str(_("FIDE, Swiss (C.07)")), tuple(c for c in DEFAULT_SWISS if c != "PTS")),
        ("fide_rr", str(_("FIDE, round robin (C.07)")), tuple(c for c in DEFAULT_ROUND_ROBIN if c != "PTS")),
    ]
    book = federation.rulebook(organisation)
    if book is not None:
        for i, (label, order) in enumerate(book.tiebreak_orders(federation.lang())):
            out.append((f"book{i}", f"{book.code}: {label}", tuple(code for _n, code, _a in order)))
    return out


class SettingsForm(PairingSystemFieldMixin, forms.Form):
    """The settings of a tournament, at creation and later (issue 15 item 5); the core says what may change when."""

    rated = forms.BooleanField(label=_("FIDE rated"), required=False)
    rating_type = forms.ChoiceField(
        label=_("Rating type"),
        choices=[("standard", _("Standard")), ("rapid", _("Rapid")), ("blitz", _("Blitz"))],
        initial="standard",
        required=False,
        help_text=_("The rating taken from the list; norms only in standard events (B.01 1.1)."),
    )
    time_control = _text(_("Time control"), "time control", required=False)
    system = forms.CharField(label=_("System"), required=False, max_length=40, widget=forms.Select)
    rounds = forms.IntegerField(label=_("Rounds"), required=False, min_value=1, max_value=30)
    # then the settings the pairing systems declare (settings_fields, issue 32 item 3)
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=[("standard", "1-½-0"), ("3-1-0", "3-1-0"), ("custom", _("Custom"))],
        initial="standard",
        required=False,
    )
    score_win = forms.DecimalField(label=_("Points for a win"), required=False, min_value=0, max_value=99, decimal_places=1)
    score_draw = forms.DecimalField(label=_("Points for a draw"), required=False, min_value=0, max_value=99, decimal_places=1)
    score_loss = forms.DecimalField(label=_("Points for a loss"), required=False, min_value=0, max_value=99, decimal_places=1)
    tiebreak_preset = forms.ChoiceField(label=_("Tie-breaks"), required=False)
    tiebreaks_custom = forms.CharField(
        label=_("Custom tie-breaks"),
        required=False,
        max_length=200,
        validators=[no_control_characters],
        help_text=_("C.07 codes separated by commas, e.g. BH/C1, BH, SB, DE"),
    )
    max_half_point_byes = forms.IntegerField(label=_("Maximum half-point byes per player"), required=False, min_value=0, max_value=30)
    closed_last_rounds = forms.IntegerField(
        label=_("Last rounds without byes"), required=False, min_value=0, max_value=30,
        help_text=_("No requested bye in this many final rounds."),
    )
    chief_arbiter = _text(_("Chief arbiter"), "chief arbiter", required=False)
    deputy_arbiters = forms.CharField(
        label=_("Deputy arbiters"), required=False, max_length=400, validators=[no_control_characters],
        help_text=_("Separated by semicolons."),
    )
    city = _text(_("Venue (city)"), "city", required=False)
    start_date = forms.DateField(label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    end_date = forms.DateField(label=_("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    published = forms.BooleanField(
        label=_("Public"), required=False, help_text=_("Unticked: a draft, seen only at the desk.")
    )

    def __init__(self, *args: Any, organisation: Any = None, **kwargs: Any) -> None:
        self.organisation = organisation  # an organisation or a tournament: its rulebook's presets
        super().__init__(*args, **kwargs)
        self.fields["system"].widget.choices = system_choices()
        # the declared settings, after the rounds; each shown only for the systems that declare it
        declared = settings_fields()
        order = [n for name in self.fields for n in ((name, *declared) if name == "rounds" else (name,))]
        self.fields.update(declared)
        self.order_fields(order)
        self.fields["tiebreak_preset"].choices = [("", _("The system's default"))] + [
            (key, f"{label}: {', '.join(codes)}") for key, label, codes in tiebreak_presets(self.organisation)
        ] + [("custom", _("Custom"))]

    #: The page's fieldsets: legend, fields.
    GROUPS: tuple[tuple[Any, tuple[str, ...]], ...] = (
        (_("Format"), ("system", "rounds", SYSTEM_SETTINGS, "rated", "rating_type", "time_control")),
        (_("Scoring and tie-breaks"), ("scoring", "score_win", "score_draw", "score_loss", "tiebreak_preset",
                                       "tiebreaks_custom")),
        (_("Byes"), ("max_half_point_byes", "closed_last_rounds")),
        (_("Arbiters, dates and venue"), ("chief_arbiter", "deputy_arbiters", "city", "start_date", "end_date")),
        (_("Visibility"), ("published",)),
    )  # fmt: skip

    def groups(self) -> list[tuple[Any, list[forms.BoundField]]]:
        """The bound fields by fieldset (:attr:`GROUPS`; the declared settings where it says), for the template."""
        declared = tuple(declared_settings())
        out = []
        for legend, names in self.GROUPS:
            expanded = [n for name in names for n in (declared if name == SYSTEM_SETTINGS else (name,))]
            out.append((legend, [self[name] for name in expanded if name in self.fields]))
        return out

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("scoring") == "custom":
            for key in ("score_win", "score_draw", "score_loss"):
                if data.get(key) is None:
                    self.add_error(key, _("Give the points of a custom scoring."))
        if data.get("tiebreak_preset") == "custom":
            codes = [c.strip() for c in str(data.get("tiebreaks_custom") or "").split(",") if c.strip()]
            if not codes:
                self.add_error("tiebreaks_custom", _("Give at least one tie-break code."))
            else:
                from arbitro.tiebreaks.spec import parse_tiebreak_list

                try:
                    parse_tiebreak_list(codes)
                except (ArbitroError, ValueError) as err:
                    self.add_error(
                        "tiebreaks_custom", _("Unknown tie-break in %(codes)s (%(why)s).") % {"codes": ", ".join(codes), "why": err}
                    )
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The end date is before the start date."))
        chosen = pairing_system(data.get("system") or self.initial.get("system") or registry.default_swiss().key)
        for key, setting in declared_settings().items():  # a value only for a system that declares it
            if key in data and setting_value(setting, data[key]) != setting.default and not chosen.declares(key):
                self.add_error(key, texts.text(setting.refusal(str(_(chosen.name)))))
        return data

    def declared_values(self) -> dict[str, SettingValue]:
        """The declared settings of the cleaned form (:meth:`TournamentService.change_settings` keywords)."""
        d = self.cleaned_data
        return {key: setting_value(s, d.get(key)) for key, s in declared_settings().items() if key in self.fields}

    def settings(self) -> dict[str, Any]:
        """The core's settings (:meth:`TournamentService.change_settings` keywords) of the cleaned form."""
        d = self.cleaned_data
        scoring: dict[str, str] | None
        if d.get("scoring") == "custom":
            win, draw, loss = (str(d[k].normalize()) for k in ("score_win", "score_draw", "score_loss"))
            scoring = {"win": win, "draw": draw, "loss": loss, "forfeit_win": win, "forfeit_loss": loss,
                       "pairing_bye": win, "full_bye": win, "half_bye": draw, "zero_bye": "0"}  # fmt: skip
        else:
            scoring = SCORING_PRESETS.get(d.get("scoring") or "standard")
        preset = d.get("tiebreak_preset") or ""
        tiebreaks: tuple[str, ...] = ()
        if preset == "custom":
            tiebreaks = tuple(c.strip() for c in str(d.get("tiebreaks_custom") or "").split(",") if c.strip())
        else:
            tiebreaks = next((codes for key, _l, codes in tiebreak_presets(self.organisation) if key == preset), ())
        closed = d.get("closed_last_rounds")
        rounds = d.get("rounds")
        limits = {
            "max_half_point_byes": d.get("max_half_point_byes"),
            "last_round": (rounds - closed) if closed and rounds else None,
        }
        return {
            "rated": bool(d.get("rated")),
            "rating_type": d.get("rating_type") or "standard",
            "time_control": d.get("time_control") or "",
            **self.declared_values(),
            "scoring": scoring,
            "tiebreaks": tiebreaks,
            "bye_limits": limits,
            "chief_arbiter": d.get("chief_arbiter") or "",
            "deputy_arbiters": tuple(x.strip() for x in str(d.get("deputy_arbiters") or "").split(";") if x.strip()),
            "city": d.get("city") or "",
            "start_date": d["start_date"].isoformat() if d.get("start_date") else "",
            "end_date": d["end_date"].isoformat() if d.get("end_date") else "",
        }


class CreateSettingsForm(SettingsForm, CreateForm):
    """Creation with every setting (the desk's "new tournament" page)."""

    GROUPS = ((_("Tournament"), ("name", "category", "entrants")), *SettingsForm.GROUPS)

    field_order = ["name", "category", "entrants", "system", "rounds", "rated", "rating_type", "time_control",
                   "scoring", "score_win", "score_draw", "score_loss", "tiebreak_preset",
                   "tiebreaks_custom", "max_half_point_byes", "closed_last_rounds", "chief_arbiter",
                   "deputy_arbiters", "city", "start_date", "end_date", "published"]  # fmt: skip
