"""``{{ value|say }}``: a core message (code + parameters) in the reader's language (issue 15 item 7).

Cached views keep the core's :class:`~arbitro.errors.Message` objects; they are
translated here, at render time, so one cached report serves both languages.
"""

from __future__ import annotations

from django import template

from arbitro.web.tournaments import texts

register = template.Library()


@register.filter
def say(value: object) -> str:
    return texts.text(value)
