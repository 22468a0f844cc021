"""``{% help_url %}``: the manual section that explains the page being shown (see :mod:`..help`)."""

from __future__ import annotations

from collections.abc import Mapping

from django import template

from arbitro.web.manual import help as manual_help

register = template.Library()


@register.simple_tag(takes_context=True)
def help_url(context: Mapping[str, object]) -> str:
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    return manual_help.url(match.view_name if match is not None else None)
