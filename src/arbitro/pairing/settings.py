"""The settings pairing systems declare, for the core and the faces (issue 32 item 3).

Each registered system lists its per-tournament settings
(:class:`~arbitro.pairing.types.SystemSetting`, in :mod:`arbitro.pairing.systems`); this module
is what the tournament service, the command line and the web do with them: check a value
(:func:`validate`), the values in force (:func:`in_force`), write them into a tournament as the
TRF carries them (:func:`write`), and the engine's options (:func:`pair_options`). Nothing here
names a setting: a new one is declared in its system's registry entry only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem, PairOptions
from arbitro.pairing.types import SettingType, SettingValue, SystemSetting

if TYPE_CHECKING:
    from arbitro.model import Tournament

__all__ = [
    "SettingType",
    "SettingValue",
    "SystemSetting",
    "declared",
    "declared_keys",
    "fixed_keys",
    "for_file",
    "in_force",
    "pair_options",
    "systems_declaring",
    "validate",
    "write",
]


def declared(systems: Iterable[PairingSystem] | None = None) -> dict[str, SystemSetting]:
    """Every setting the ``systems`` (default: all registered) declare, by key."""
    return registry.declared_settings(systems)


def declared_keys() -> frozenset[str]:
    """The keys of every setting a registered system declares (the settings command's keywords)."""
    return frozenset(registry.declared_settings())


def fixed_keys() -> tuple[str, ...]:
    """The declared settings that cannot change once round 1 is paired (C.04.1 art. 1)."""
    return tuple(k for k, s in registry.declared_settings().items() if s.fixed_at_start)


def systems_declaring(key: str, systems: Iterable[PairingSystem] | None = None) -> list[PairingSystem]:
    """The ``systems`` (default: all registered) that declare the setting ``key``."""
    return [s for s in (registry.all_systems() if systems is None else systems) if s.declares(key)]


def validate(system: PairingSystem, given: Mapping[str, object]) -> dict[str, SettingValue]:
    """``given`` (declared settings by key) as the settings hold them, for a tournament of ``system``.

    A value that is not one of the setting's is refused (coded :class:`ArbitroError`); so is a
    value other than the default for a setting ``system`` does not declare (the setting's own
    refusal: Lim's Maxi-tournament under the Dutch system). The default is accepted (saying "no
    Maxi-tournament" while switching away from Lim).
    """
    known = registry.declared_settings()
    out: dict[str, SettingValue] = {}
    for key, value in given.items():
        setting = known.get(key)
        if setting is None:
            raise ArbitroError(f"settings: unknown field(s) {key}")
        parsed = setting.parse(value)
        if parsed != setting.default and not system.declares(key):
            raise ArbitroError(setting.refusal(system.name))
        out[key] = parsed
    return out


def in_force(system: PairingSystem, said: Mapping[str, SettingValue]) -> dict[str, SettingValue]:
    """The value of each setting ``system`` declares: the one said, else the default.

    A value kept from a system that declared it counts for nothing under one that does not (as a
    Baku acceleration under a system without acceleration).
    """
    return {s.key: said.get(s.key, s.default) for s in system.settings}


def write(t: Tournament, system: PairingSystem, values: Mapping[str, SettingValue]) -> None:
    """Write the ``values`` of the settings ``system`` declares into ``t`` as the TRF carries them: the
    ``192`` code's suffixes (``FIDE_LIM_MAXI``) and the records of each setting's writer (Baku's
    ``250``). A suffix the code already has is not added twice."""
    said = system.settings_of_code(t.system) if t.system else {}
    suffixes = ""
    for setting in system.settings:
        if setting.key not in values:
            continue
        value = values[setting.key]
        if setting.key not in said:
            suffixes += setting.suffix_of(value)
        if setting.writer is not None:
            registry.resolve(setting.writer)(t, value)
    if suffixes:
        t.system = (t.system or system.trf_code).strip() + suffixes


def pair_options(
    system: PairingSystem, said: Mapping[str, SettingValue], options: PairOptions | None = None
) -> PairOptions:
    """``options`` (default: none) with the values in force of every setting ``system`` declares."""
    return (options or PairOptions()).with_settings(in_force(system, said))


def for_file(t: Tournament, system: PairingSystem, options: PairOptions) -> PairOptions:
    """A file paired or checked by ``system`` with ``options`` (the command line): the settings given
    are written into ``t`` (:func:`write`), the ones its ``192`` code declares fill the rest (a
    command-line flag can add a declaration, never take one away), the defaults the others."""
    given = dict(options.settings)
    from_file = system.settings_of_code(t.system) if t.system else {}
    write(t, system, given)
    return options.with_settings({**in_force(system, from_file), **given})
