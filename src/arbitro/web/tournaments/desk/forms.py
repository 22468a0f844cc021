"""One form per desk operation: the shape of what was posted (issue 32 item 2); the core decides the rules.

A field that wants a whole number says so with the same words the desk always used
("round: expected a whole number, got 'x'"), already naming its field; every other field's
errors are shown after its label (:func:`error_text`). The messages are the app's catalogue's
(Spanish and English).
"""

from __future__ import annotations

from typing import ClassVar

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def _field_name(field: str) -> str:
    """The translated name of a whole-number field, as the messages say it."""
    names = {"round": _("round"), "board": _("board"), "player": _("player"), "bye": _("bye")}
    return names.get(field) or field


def not_a_number(field: str, got: object) -> ValidationError:
    """``<field>: expected a whole number, got <got>`` (``field``: a whole-number field or ``line <n>``)."""
    label = _("line %(n)s") % {"n": field[5:]} if field.startswith("line ") else _field_name(field)
    return ValidationError(_("%(field)s: expected a whole number, got %(got)r") % {"field": label, "got": got})


def whole_number(value: object, field: str) -> int:
    """``value`` as an int, or the desk's message naming ``field``."""
    try:
        return int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError):
        raise not_a_number(field, value) from None


class WholeNumberField(forms.Field):
    """A whole number; a missing or unreadable value is refused with the desk's own message."""

    labelled_errors: ClassVar[bool] = True

    def __init__(self, name: str, *, optional: bool = False) -> None:
        super().__init__(required=False)
        self.field_name = name
        self.optional = optional

    def clean(self, value: object) -> int | None:
        if self.optional and (value is None or not str(value).strip()):
            return None
        return whole_number(value, self.field_name)


class WholeNumbersField(forms.Field):
    """Every value of a repeated field (the two columns of a two-game match, C.04.5); at least one."""

    labelled_errors: ClassVar[bool] = True
    widget = forms.MultipleHiddenInput

    def __init__(self, name: str) -> None:
        super().__init__(required=False)
        self.field_name = name

    def clean(self, value: object) -> list[int]:
        listed = list(value) if isinstance(value, list | tuple) else [value]
        return sorted({whole_number(v, self.field_name) for v in listed}) or [whole_number(None, self.field_name)]


class TextField(forms.CharField):
    """Free text, as typed (absent: empty)."""

    def __init__(self, *, strip: bool = True) -> None:
        super().__init__(required=False, strip=strip)


class FlagField(forms.Field):
    """A hidden ``1`` set by a confirmation page; anything else is no."""

    def __init__(self) -> None:
        super().__init__(required=False)

    def clean(self, value: object) -> bool:
        return value == "1"


class BoardsField(forms.Field):
    """The boards typed at the desk, one ``white black`` (or ``white-black``) pair of pairing numbers per line."""

    labelled_errors: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__(required=False)

    def clean(self, value: object) -> list[tuple[int, int]]:
        boards: list[tuple[int, int]] = []
        for lineno, line in enumerate(str(value or "").splitlines(), start=1):
            parts = line.replace("-", " ").split()
            if not parts:
                continue
            if len(parts) != 2:
                raise ValidationError(
                    _("line %(n)s: expected two pairing numbers (white black), got %(got)r")
                    % {"n": lineno, "got": line.strip()}
                )
            boards.append((whole_number(parts[0], f"line {lineno}"), whole_number(parts[1], f"line {lineno}")))
        return boards


def error_text(form: forms.BaseForm) -> str:
    """The form's errors as one message: a field's own words, else its label and its errors."""
    parts = []
    for key, errors in form.errors.items():
        field = form.fields.get(key)
        text = " ".join(str(e) for e in errors)
        if field is not None and getattr(field, "labelled_errors", False):
            parts.append(text)
        else:
            parts.append(f"{field.label if field is not None else key}: {text}")
    return "; ".join(parts)


class NoFields(forms.Form):
    """An operation that takes nothing but its button (pair, publish)."""


class ReasonForm(forms.Form):
    """An operation with a reason for the log (unpair, finish, re-open), asked on its confirmation page."""

    reason = TextField()
    confirmed = FlagField()


class ResultsForm(forms.Form):
    """One results form: its round columns, and per board ``r_<white>_<black>`` (typed) and ``s_…`` (shown)."""

    round = WholeNumbersField("round")
    reason = TextField()
    rating_report = FlagField()  # the confirmation page's: for the rating report only (VCL4THP Q192)
    confirmed = FlagField()

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        source = self.data
        keys = [k for k in source if k.startswith(("r_", "s_"))]
        data["boards"] = {k: str(source[k]) for k in keys}  # the last value of a repeated key, as ``QueryDict.get``
        data["rating_report"] = data.get("rating_report", False) and data.get("confirmed", False)
        return data


class NoShowForm(forms.Form):
    """A forfeit for non-appearance once the rulebook's default time has run out."""

    round = WholeNumberField("round")
    board = WholeNumberField("board")
    absent = TextField(strip=False)
    start = TextField(strip=False)
    time = TextField(strip=False)


class PrizesForm(forms.Form):
    prize_list = TextField(strip=False)  # kept as typed: a JSON error names its line and column


class RegisterManyForm(forms.Form):
    players = TextField(strip=False)


class ChangePairingForm(forms.Form):
    boards = BoardsField()
    bye = WholeNumberField("bye", optional=True)
    reason = TextField(strip=False)


class PairByHandForm(ChangePairingForm):
    confirmed = FlagField()


class PlayerForm(forms.Form):
    """One player by pairing number (withdraw; the players page's remove, withdraw, return)."""

    player = WholeNumberField("player")


class ByeForm(forms.Form):
    player = WholeNumberField("player")
    round = WholeNumberField("round")
    kind = TextField()

    def clean_kind(self) -> str:
        return str(self.cleaned_data.get("kind") or "H").upper()


class FoundForm(forms.Form):
    """A person found in the rating list or the registry (players page): where, and its key there."""

    source = TextField(strip=False)
    key = TextField(strip=False)


class NumbersForm(forms.Form):
    """A round robin's pairing numbers set by hand before round 1 (VCL4THP Q95): the current numbers in order."""

    order = TextField(strip=False)

