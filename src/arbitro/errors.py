"""Errors and messages shared by the core and the faces.

:class:`ArbitroError` carries a message meant for a person (the arbiter at the
desk), never a traceback. The CLI turns it into one line on stderr and exit
code 2 (or the code it carries); the web turns it into a form error.

A message the faces must be able to say in the reader's language is a
:class:`Message` (made by :func:`msg`): the English text (a ``str``, so every
caller that prints it keeps working) plus a stable ``code`` and the ``params``
its template was filled with. An error made from a :class:`Message` carries the
same ``code`` and ``params``; the words of each code live in the gettext
catalogues of the package that raises it, and every face (the CLI, the
documents, the web) says it through :mod:`arbitro.i18n`, which fills the
template of the reader's language with the same parameters. A parameter may
itself be a :class:`Message` (a field's label, a nested reason): it is said
first. Core code never translates; the English template is the default and the
documentation (the English catalogue says the same).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Message(str):
    """An English message with a ``code`` and the ``params`` of its template (``str.format`` fields)."""

    code: str
    template: str
    params: Mapping[str, Any]
    #: language -> template, when the maker gives its own words in each language (a rulebook's texts)
    translations: Mapping[str, str]

    def __new__(
        cls, code: str, template: str, params: Mapping[str, Any], translations: Mapping[str, str] | None = None
    ) -> Message:
        obj = super().__new__(cls, template.format(**params))
        obj.code = code
        obj.template = template
        obj.params = dict(params)
        obj.translations = dict(translations or {})
        return obj

    def __reduce__(self) -> tuple[Any, ...]:  # pickled in caches: keep the code
        return (Message, (self.code, self.template, dict(self.params), dict(self.translations)))

    def text(self, lang: str) -> str | None:
        """Its own words in ``lang`` (``None`` when the maker gave none: the face's table decides)."""
        template = self.translations.get(lang)
        return template.format(**self.params) if template is not None else None


def msg(code: str, template: str, /, **params: Any) -> Message:
    """A translatable message: ``msg("pair.incomplete", "pair: round {round} ...", round=4)``.

    ``code`` is ``area.what`` (stable: faces key their translations by it);
    ``template`` is the English text with ``{name}`` fields (``{name!r}`` quotes a value).
    """
    return Message(code, template, params)


def translated(code: str, texts: Mapping[str, str], /, *, default: str, **params: Any) -> Message:
    """A message whose maker gives its words in each language (``{"es": ..., "en": ...}``).

    For texts that belong to a federation's rulebook: the faces must not name a
    federation, so they cannot hold these words in their own tables. ``default``
    is the language of ``str(message)`` (the rulebook's own).
    """
    return Message(code, texts[default], params, texts)


class ArbitroError(Exception):
    """A problem a user caused and can fix; ``str(err)`` is the whole message.

    ``code`` and ``params``: from the :class:`Message` it was made from (empty
    for a plain English message, which a face shows as it is).
    """

    exit_code: int = 2
    code: str = ""
    params: Mapping[str, Any] = {}

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        if isinstance(message, Message):
            self.code = message.code
            self.params = message.params
        if exit_code is not None:
            self.exit_code = exit_code

    @property
    def message(self) -> str:
        """The English text (``str(err)``), a :class:`Message` when the error has a code."""
        arg = self.args[0] if self.args else ""
        return arg if isinstance(arg, str) else str(arg)
