"""The desk's result entry over the core's one parser (``arbitro.tournament.results``).

* :func:`check_typed` reads what was typed on each board with the core parser and
  turns its coded errors into translated form errors naming the board;
* :func:`script_data` is what the desk's script needs to parse in the browser
  exactly as the server does: the core's table of forms (normalised text -> the
  text the page shows) and the translated messages.
"""

from __future__ import annotations

from typing import TypedDict

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from arbitro.errors import ArbitroError
from arbitro.tournament.results import (
    PENDING_FORMS,
    ResultSyntaxError,
    format_result,
    parse_pending,
    parse_result,
    result_forms,
)


def _messages() -> dict[str, str]:
    return {
        "unreadable": _(
            "board %(n)s: %(got)s is not a result; type 1-0, 0-1, ½-½ (or 1/2-1/2, =), 1F-0F (+), 0F-1F (-), "
            "0F-0F (--) or an unusual result such as ½-0"
        ),
        "forfeit": _("board %(n)s: %(got)s: forfeits are recorded only as 1F-0F, 0F-1F or 0F-0F (VCL.14)"),
        "inconsistent": _(
            "board %(n)s: %(got)s gives more than one point for one game; FIDE mode refuses it (VCL.13)"
        ),
        "bye": _("board %(n)s: %(got)s is a bye code; a bye is recorded as a bye, not as a board's result"),
    }


def error_text(err: ResultSyntaxError, board: int) -> str:
    """The translated form error of one board."""
    template = _messages().get(err.code, _messages()["unreadable"])
    return template % {"n": board, "got": repr(err.text.strip())}


def check_typed(results: dict[int, str], fide_mode: bool) -> None:
    """Refuse, with every wrong board named, before anything is saved."""
    errors = []
    for board, text in sorted(results.items()):
        if not text.strip() or parse_pending(text):  # ``*``: adjourned or postponed (VCL4THP Q157)
            continue
        try:
            parse_result(text, fide_mode=fide_mode)
        except ResultSyntaxError as err:
            errors.append(error_text(err, board))
    if errors:
        raise ArbitroError(" ".join([*errors, _("Nothing was saved.")]))


def _shown(key: str, fide_mode: bool) -> str:
    white, black = result_forms(fide_mode)[key]
    text = format_result(white, black)
    try:  # an unrated game (W-L) shows as 1-0, which would read back as a rated one: keep what was typed
        same = parse_result(text, fide_mode=fide_mode) == (white, black)
    except ResultSyntaxError:
        same = False
    return text if same else key


class ScriptData(TypedDict):
    """What ``static/arbitro/desk.js`` reads (the page's ``result-forms`` JSON)."""

    forms: dict[str, str]  # normalised text -> the text the page shows
    inconsistent: list[str]  # forms FIDE mode refuses (VCL.13)
    messages: dict[str, str]


def script_data(fide_mode: bool) -> ScriptData:
    """The forms table and the messages for ``static/arbitro/desk.js``."""
    messages = _messages()
    for key, count in (("restored_one", 1), ("restored_many", 2)):
        messages[key] = ngettext(
            "%(n)s typed result was kept in this browser and is not saved yet: check it and press Save results.",
            "%(n)s typed results were kept in this browser and are not saved yet: check them and press Save results.",
            count,
        )
    messages["correct"] = _("Correct")
    return {
        "forms": {
            **{key: _shown(key, fide_mode) for key in result_forms(fide_mode)},
            **dict.fromkeys(PENDING_FORMS, "*"),  # adjourned or postponed (VCL4THP Q157)
        },
        "inconsistent": sorted(set(result_forms(False)) - set(result_forms(fide_mode))),
        "messages": messages,
    }
