"""Federation rulebooks, kept apart from the FIDE engines.

A rulebook lives in its own package (``arbitro.federations.fma``) and imports
the FIDE core (model, standings); the FIDE engines never import a rulebook.
This module is the small registry through which faces (CLI, web) find the
rulebooks: each one is described by a :class:`FederationInfo` naming the
module that implements it, loaded only when asked for; :func:`rulebook_of` gives
its :class:`~arbitro.federations.rulebook.Rulebook`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import cast

from arbitro.errors import ArbitroError
from arbitro.federations.rulebook import Rulebook

__all__ = ["FederationInfo", "Rulebook", "available", "default", "get", "load", "register", "rulebook_of"]


@dataclass(frozen=True, slots=True)
class FederationInfo:
    """A federation rulebook: short code, full name, language and implementing module."""

    code: str
    name: str
    language: str
    module: str
    rulebook: str = ""  # "module:attribute" of its Rulebook; default: the module's RULEBOOK


_REGISTRY: dict[str, FederationInfo] = {}


def register(info: FederationInfo) -> None:
    """Add a rulebook (a second registration of a code replaces the first)."""
    _REGISTRY[info.code.upper()] = info


def available() -> list[FederationInfo]:
    """The registered rulebooks, by code."""
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


def get(code: str) -> FederationInfo:
    try:
        return _REGISTRY[code.upper()]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise ArbitroError(f"federation: {code!r}: unknown rulebook (known: {known})") from None


def load(code: str) -> ModuleType:
    """Import and return the package implementing rulebook ``code``."""
    return importlib.import_module(get(code).module)


def rulebook_of(code: str) -> Rulebook:
    """The :class:`Rulebook` of rulebook ``code`` (imported on first use)."""
    info = get(code)
    module, _, attr = (info.rulebook or f"{info.module}.rulebook:RULEBOOK").partition(":")
    return cast(Rulebook, getattr(importlib.import_module(module), attr or "RULEBOOK"))


def default(code: str = "") -> Rulebook | None:
    """The rulebook ``code``, or (no code) the only one registered; ``None`` when there is none."""
    if code:
        return rulebook_of(code)
    known = available()
    return rulebook_of(known[0].code) if len(known) == 1 else None


register(
    FederationInfo(
        code="FMA",
        name="Federación Marplatense de Ajedrez — Reglamento de Torneos Oficiales de Categorías ELO Estándar",
        language="es",
        module="arbitro.federations.fma",
    )
)
