"""The web's door to the one catalogue of words (issue 15 item 7, issue 32 item 4).

The core raises :class:`~arbitro.errors.ArbitroError` made from a
:class:`~arbitro.errors.Message`: a stable ``code``, the English template and its
``params``. The words of every code live in the gettext catalogues of the package
that raises it (``arbitro/<package>/locale``; :mod:`arbitro.i18n`), the same ones
the CLI and the documents read: this module only says a value in the request's
active language. A parameter that is itself a message (a field's label) is said
first. A message without a code, or with a code no catalogue knows, is shown in
its maker's own words or as the core wrote it (English):
``tests/web/test_catalogue.py`` fails when a core code is missing from the
catalogues, or when its parameters differ from the core's template.

The TRF reader's field names and the diagnostics' frame (line, column, field)
are the web's own words (its ``django.po``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from arbitro import i18n
from arbitro.errors import ArbitroError, Message
from arbitro.tournament.results import ResultSyntaxError
from arbitro.trf.diagnostics import Diagnostic

#: The result parser's codes (``ResultSyntaxError.code``) are ``result.syntax.<code>`` in the tournament's catalogue.
RESULT_SYNTAX = "result.syntax."


def language() -> str:
    """The request's active language (the site's default outside a request)."""
    return get_language() or settings.LANGUAGE_CODE


def catalogue_language() -> str:
    """The active language as the catalogues know it (documents, rulebooks): the default one when they do not."""
    lang = language()
    known = i18n.languages()
    if lang in known:
        return lang
    head = lang.split("-", 1)[0]
    return head if head in known else str(settings.LANGUAGE_CODE)


def _say(value: object) -> object:
    return text(value) if isinstance(value, Message | ArbitroError) else value


def _fill(code: str, params: Mapping[str, Any]) -> str | None:
    return i18n.fill(code, params, language(), _say)


def text(value: object) -> str:
    """What ``value`` (an error, a message, or plain text) says in the active language."""
    if isinstance(value, ResultSyntaxError):
        got = {"got": repr(value.text.strip())}
        return _fill(RESULT_SYNTAX + value.code, got) or _fill(RESULT_SYNTAX + "unreadable", got) or str(value)
    return i18n.text(value, language())


# -- TRF diagnostics (issue 15 item 7): the file's line, column and field, then the coded message ----------
# The words are the TRF reader's (``trf.field.*``, ``trf.where.*`` in arbitro.trf's catalogues).

_ROUND_FIELD = re.compile(r"^round (\d+)(?: (result|opponent|colour))?$")
_CODED_FIELD = re.compile(r"^((?:[0-9X]{3})(?:/[0-9X]{3})?)(?: (.*))?$")


def _word(code: str, **params: object) -> str | None:
    return i18n.fill(code, params, language())


def _field_word(name: str) -> str | None:
    """One of the reader's field names (``"start rank"``) in the active language; ``None``: not one."""
    return _word("trf.field." + name.replace(" ", "_")) if name and "." not in name else None


def trf_field(name: str) -> str:
    """A TRF field name of the reader (``"001 sex"``, ``"round 3 result"``) in the active language.

    The record code stays as it is (it is the file's own spelling); the words after it are translated.
    A name the catalogue does not know is shown as the reader wrote it.
    """
    m = _ROUND_FIELD.match(name)
    if m is not None:
        return _word("trf.field.round_" + (m[2] or "n"), n=m[1]) or name
    said = _field_word(name)
    if said is not None:
        return said
    m = _CODED_FIELD.match(name)
    if m is not None:
        rest = m[2] or ""
        date = re.fullmatch(r"date of round (\d+)", rest)
        if date is not None:
            return f"{m[1]} " + (_word("trf.field.date_of_round", n=date[1]) or rest)
        xxa = re.fullmatch(r"round (\d+)", rest)
        if xxa is not None:
            return f"{m[1]} " + (_word("trf.field.round_n", n=xxa[1]) or rest)
        said = _field_word(rest)
        if said is not None:
            return f"{m[1]} {said}"
        if not rest:
            return m[1]
    return name


def diagnostic(d: Diagnostic) -> str:
    """One :class:`arbitro.trf.diagnostics.Diagnostic` for people: where (line, column, field), then what."""
    where = [_word("trf.where.line", n=d.line) or ""] if d.line else []
    if d.line and d.column:
        where.append(_word("trf.where.column", n=d.column) or "")
    if d.field:
        where.append(_word("trf.where.field", name=trf_field(d.field)) or "")
    head = ", ".join(where) if where else (_word("trf.where.file") or "")
    return _word("trf.diagnostic", where=head, what=text(d.message)) or f"{head}: {text(d.message)}"


def diagnostics(err: object, limit: int = 10) -> list[str]:
    """The diagnostics an error carries (a TRF that cannot be read), at most ``limit``, then "and N more"."""
    found = list(getattr(err, "diagnostics", None) or [])
    if not found:
        return []
    total = max(len(found), int(getattr(err, "error_count", 0) or 0))
    lines = [diagnostic(d) for d in found[:limit]]
    more = total - len(lines)
    if more > 0:
        lines.append(_word("trf.more", n=more) or str(more))
    return lines


# -- reasons kept in the database (a bye request's refusal) -------------------------------------------------


def _plain(value: object) -> object:
    """A parameter as JSON can keep it (a nested message keeps its code; numbers stay numbers)."""
    if isinstance(value, Message):
        return {"code": value.code, "params": {k: _plain(v) for k, v in value.params.items()}, "text": str(value)}
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


def _revive(value: object) -> object:
    """A parameter read back from the database (a nested message becomes a message again)."""
    if isinstance(value, dict) and "code" in value and "params" in value:
        params = value["params"] if isinstance(value["params"], dict) else {}
        return _stored_message(str(value["code"]), {k: _revive(v) for k, v in params.items()}, str(value.get("text", "")))
    return value


def _stored_message(code: str, params: Mapping[str, Any], english: str) -> Message:
    """A message rebuilt from the database: its code and parameters (the English text as its own words)."""
    m = Message(code, "{_english}", {"_english": english})
    m.params = dict(params)
    return m


def stored_reason(err: ArbitroError) -> dict[str, Any]:
    """The fields that keep ``err`` translatable in a row: ``reason_code`` and ``reason_params``."""
    if not err.code:
        return {}
    return {"reason_code": err.code, "reason_params": {k: _plain(v) for k, v in err.params.items()}}


def stored_text(code: str, params: Mapping[str, Any] | None, english: str) -> str:
    """What a stored reason says in the active language (the stored English text when it has no code)."""
    if code == "desk":
        return str(_("recorded at the desk"))
    if code:
        revived = {k: _revive(v) for k, v in (params or {}).items()}
        return _fill(code, revived) or english
    return english
