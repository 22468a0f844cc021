"""Federation rulebooks, kept apart from the FIDE engines.

A rulebook lives in its own package (``arbitro.federations.fma``) and imports
the FIDE core (model, standings); the FIDE engines never import a rulebook.
This module is the small registry through which faces (CLI, web) find the
rulebooks: each one is described by a :class:`FederationInfo` naming the
module that implements it, loaded only when asked for.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from arbitro.errors import ArbitroError

__all__ = ["FederationInfo", "available", "get", "load", "register"]


@dataclass(frozen=True, slots=True)
class FederationInfo:
    """A federation rulebook: short code, full name, language and implementing module."""

    code: str
    name: str
    language: str
    module: str


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


register(
    FederationInfo(
        code="FMA",
        name="Federación Marplatense de Ajedrez — Reglamento de Torneos Oficiales de Categorías ELO Estándar",
        language="es",
        module="arbitro.federations.fma",
    )
)
