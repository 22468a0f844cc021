"""The pairing-system registry: one vocabulary for every pairing system (issue 14).

Every face and service that needs a pairing system (``arbitro pair``/``check``/
``generate``, the tournament service, the web's tournament form, the TRF reader
and writer) looks it up here; nobody else spells a system's name. Adding a
system means one new module plus one :func:`register` call in
:mod:`arbitro.pairing.systems` (the built-in individual systems, registered when
``arbitro.pairing`` is imported). The team systems register themselves from
:mod:`arbitro.teams.systems` when ``arbitro.teams`` is imported: this module names
no engine and no package above ``pairing`` (issue 32).

Engines are imported lazily (only when a system pairs), so that looking up the
registry costs nothing at command start-up.

A system declares its per-tournament settings (:class:`~arbitro.pairing.types.SystemSetting`:
Lim's Maxi-tournament, the Baku acceleration of C.04.7) in its entry; the faces, the core's
settings command and the TRF take them from there (:mod:`arbitro.pairing.settings`, issue 32).

>>> get("dutch").article
'C.04.3'
>>> by_trf_code("FIDE_DUTCH_2025").key
'dutch'
>>> get("round-robin").key
'round_robin'
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from arbitro.pairing.types import SettingType, SettingValue, SystemSetting

if TYPE_CHECKING:
    from arbitro.model import Tournament
    from arbitro.pairing.checker import RoundCheck
    from arbitro.pairing.types import RoundPairing

__all__ = [
    "CheckFunction",
    "GenerateFunction",
    "PairFunction",
    "PairOptions",
    "PairingSystem",
    "SystemKind",
    "UnknownSystem",
    "all_systems",
    "declared_settings",
    "generation",
    "by_trf_code",
    "declares_maxi_tournament",
    "default_swiss",
    "get",
    "individual_systems",
    "of_tournament",
    "options_of_file",
    "register",
    "resolve",
    "round_robin",
    "round_robin_rounds",
    "service_systems",
    "settings_of_file",
    "unregister",
]


class SystemKind(StrEnum):
    """How a system pairs a round."""

    SWISS = "swiss"  # one game per pair and round, pairing from the standings (C.04)
    ROUND_ROBIN = "round_robin"  # pre-determined tables (C.05, Berger)
    DOUBLE_SWISS = "double_swiss"  # two-game matches per round (C.04.5)
    TEAM_SWISS = "team_swiss"  # teams instead of players (C.04.6)
    TEAM_ROUND_ROBIN = "team_round_robin"


@dataclass(frozen=True, slots=True)
class PairOptions:
    """Options common to every system; a system ignores what it does not know.

    ``bbp_compat`` reproduces bbpPairings v6.0.0 where it departs from the
    rules (Dutch, Burstein); ``full_search`` disables proved shortcuts and runs
    the reference search alone (issue 16); ``literal_tpn`` takes the literal reading of
    C.04.3 5.2.5's pairing number (the fixed TPN of C.04.2 2.3, never-paired absentees
    counted) instead of the default shared by bbpPairings and Gacrux (Dutch, Burstein;
    dutch-system.md §6.1 #3, issue 35). ``settings``: the values of the settings the system
    declares (:class:`~arbitro.pairing.types.SystemSetting`), ``(key, value)`` pairs; an
    engine reads its own with :meth:`value` (Lim: ``maxi_tournament``, C.04.4.3 3.2.3).
    """

    bbp_compat: bool = False
    full_search: bool = False
    literal_tpn: bool = False
    settings: tuple[tuple[str, SettingValue], ...] = ()

    def value(self, key: str, default: SettingValue | None = None) -> SettingValue | None:
        """The value of the declared setting ``key`` (``default`` when none was given)."""
        return next((v for k, v in self.settings if k == key), default)

    def with_settings(self, values: Mapping[str, SettingValue]) -> PairOptions:
        """These options with ``values`` set (a value given here replaces one already held)."""
        kept = tuple((k, v) for k, v in self.settings if k not in values)
        return dataclasses.replace(self, settings=kept + tuple(values.items()))

    @property
    def lim_maxi(self) -> bool:
        """Whether ``maxi_tournament`` (Lim's Maxi-tournament, C.04.4.3 3.2.3) is set; kept for its readers."""
        return self.value("maxi_tournament") is True


#: ``pair(tournament, round_number_or_None, options) -> RoundPairing``
PairFunction = Callable[["Tournament", "int | None", PairOptions], "RoundPairing"]

#: ``check(system, tournament, options, progress_or_None) -> checks``: re-pair every played round
#: (C.02 technical acceptance); ``progress(round)`` after each round.
CheckFunction = Callable[
    ["PairingSystem", "Tournament", PairOptions, "Callable[[int], None] | None"], "Iterable[RoundCheck]"
]

#: ``generate(system, config_text, source, seed, options, progress_or_None) -> tournament``: a
#: random tournament paired by the system; ``config_text`` is ``Key=Value`` lines (bbpPairings'
#: generator format), ``source`` names it in messages; ``progress(round, rounds)``.
GenerateFunction = Callable[
    ["PairingSystem", str, str, int, PairOptions, "Callable[[int, int], None] | None"], "Tournament"
]


@dataclass(frozen=True, slots=True)
class PairingSystem:
    """One pairing system and what it can do.

    ``key`` is the canonical name (CLI flag ``--key`` with ``_`` as ``-``, event
    payloads, web forms); ``trf_codes`` are the TRF 092 codes read as this
    system, the first one written; ``engine`` is ``"module:function"`` of a
    :data:`PairFunction`, imported on first use; ``checker`` and ``generator``
    are ``"module:function"`` of a :data:`CheckFunction` and a
    :data:`GenerateFunction` (a bare module name means its ``check_rounds`` /
    ``generate``), ``None`` when the system has none. ``type_text`` is the
    ``092`` free text the tournament service writes. ``settings`` are the per-tournament
    settings the system declares (issue 32 item 3).
    """

    key: str
    name: str
    article: str
    kind: SystemKind
    trf_codes: tuple[str, ...]
    engine: str
    aliases: tuple[str, ...] = ()
    checker: str | None = None
    generator: str | None = None
    supports_prohibited: bool = True
    double: bool = False  # round robins: every pair meets twice
    type_text: str = ""
    settings: tuple[SystemSetting, ...] = ()

    def setting(self, key: str) -> SystemSetting | None:
        """The setting ``key`` this system declares, else ``None``."""
        return next((s for s in self.settings if s.key == key), None)

    def declares(self, key: str) -> bool:
        return self.setting(key) is not None

    @property
    def supports_acceleration(self) -> bool:
        """Whether it declares the Baku acceleration (C.04.7), ``acceleration``."""
        return self.declares("acceleration")

    @property
    def supports_maxi_tournament(self) -> bool:
        """Whether it declares Lim's Maxi-tournament (C.04.4.3 3.2.3), ``maxi_tournament``."""
        return self.declares("maxi_tournament")

    @property
    def is_swiss(self) -> bool:
        return self.kind in (SystemKind.SWISS, SystemKind.DOUBLE_SWISS, SystemKind.TEAM_SWISS)

    @property
    def games_per_round(self) -> int:
        """Games each pairing plays in one round: 2 for a two-game match (C.04.5 Preface), else 1.

        The tournament service and the TRF file hold every game in its own round
        column: round ``k`` is columns ``games_per_round * (k - 1) + 1`` ... ``games_per_round * k``
        (docs/decisions.md, 2026-12-01).
        """
        return 2 if self.kind is SystemKind.DOUBLE_SWISS else 1

    @property
    def is_round_robin(self) -> bool:
        """Pre-determined tables: the rounds follow from the number of players (C.05)."""
        return self.kind in (SystemKind.ROUND_ROBIN, SystemKind.TEAM_ROUND_ROBIN)

    @property
    def label(self) -> str:
        """The name shown to users, e.g. ``FIDE Dutch system (C.04.3)``."""
        return f"{self.name} ({self.article})"

    @property
    def flag(self) -> str:
        """The command-line flag, e.g. ``--round-robin``."""
        return "--" + self.key.replace("_", "-")

    @property
    def trf_code(self) -> str:
        """The TRF 092 code written for this system."""
        return self.trf_codes[0]

    def trf_code_for(self, **values: SettingValue) -> str:
        """The ``192`` code written for these setting values: :attr:`trf_code` with the suffix of each
        declared setting whose value a suffix declares (``FIDE_LIM_MAXI``: a Maxi-tournament,
        C.04.4.3 3.2.3); a setting the system does not declare adds nothing."""
        return self.trf_code + "".join(s.suffix_of(values[s.key]) for s in self.settings if s.key in values)

    def settings_of_code(self, code: str) -> dict[str, SettingValue]:
        """The settings a ``192`` code declares by its suffixes (``FIDE_LIM_MAXI``: ``maxi_tournament``)."""
        return self.split_code(code)[1]

    def split_code(self, code: str) -> tuple[str, dict[str, SettingValue]]:
        """A ``192`` code (upper case) without the suffixes of the settings it declares, and those settings."""
        rest = code.strip().upper()
        found: dict[str, SettingValue] = {}
        progress = True
        while progress:
            progress = False
            for s in self.settings:
                for suffix, value in s.suffixes():
                    if s.key not in found and rest.endswith(suffix.upper()) and rest != suffix.upper():
                        found[s.key] = value
                        rest = rest[: -len(suffix)]
                        progress = True
        return rest, found

    def pair(
        self, t: Tournament, round_number: int | None = None, options: PairOptions | None = None
    ) -> RoundPairing:
        """Pair ``round_number`` (default: the next round) of ``t``."""
        fn: PairFunction = _load(self.engine)
        return fn(t, round_number, options or PairOptions())

    def check(
        self,
        t: Tournament,
        options: PairOptions | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Iterable[RoundCheck]:
        """Re-pair every played round of ``t`` from its own history (the system's checker)."""
        if self.checker is None:
            raise UnknownSystem(f"the {self.name} has no checker")
        fn: CheckFunction = _load(self.checker, "check_rounds")
        return fn(self, t, options or PairOptions(), progress)

    def generate(
        self,
        config_text: str,
        seed: int,
        options: PairOptions | None = None,
        progress: Callable[[int, int], None] | None = None,
        source: str = "<config>",
    ) -> Tournament:
        """A random tournament paired by this system (the system's generator)."""
        if self.generator is None:
            raise UnknownSystem(f"the {self.name} has no generator")
        fn: GenerateFunction = _load(self.generator, "generate")
        return fn(self, config_text, source, seed, options or PairOptions(), progress)

    def hand_paired_rounds(self, t: Tournament) -> tuple[dict[int, str], dict[int, list[str]]]:
        """Rounds the arbiter paired by hand (``### MPA @ Round n``, round -> note) and, for each, the
        C.04.1 absolute criteria (art. 2, 4, 6, 7) it breaks (round -> texts).

        A checker that re-pairs such a round differs by design; the round is accepted when it
        breaks none of them (:mod:`arbitro.pairing.checker`, :mod:`arbitro.pairing.absolute`).
        Two-game matches (C.04.5) carry no such lines: nothing.
        """
        if self.kind is SystemKind.DOUBLE_SWISS:
            return {}, {}
        from arbitro.pairing.absolute import breaches
        from arbitro.pairing.checker import manual_rounds

        manual = manual_rounds(t)
        broken: dict[int, list[str]] = {}
        for k, text in breaches(t) if manual else ():
            broken.setdefault(k, []).append(text)
        return manual, broken


#: The ``192`` suffix of a Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7), like ETT26's ``_BAKU``: TRF-2026
#: has no record for it (docs/formats/trf.md, docs/decisions.md 2026-12-03). Lim's declaration
#: (:mod:`arbitro.pairing.systems`) names it.
MAXI_SUFFIX = "_MAXI"


class UnknownSystem(LookupError):
    """No registered system has that name or TRF code."""


_SYSTEMS: dict[str, PairingSystem] = {}
_NAMES: dict[str, str] = {}
_CODES: dict[str, str] = {}
_GENERATION = [0]  # bumped by register/unregister: caches of what the registry declares key on it


def _norm(name: str) -> str:
    return name.strip().lower().replace("-", "_").replace(" ", "_")


def register(system: PairingSystem) -> PairingSystem:
    """Add ``system``; its key, aliases and TRF codes must be new, and each setting it declares a
    lowercase identifier declared alike by every system that shares it (one value per tournament)."""
    _check_settings(system)
    names = [system.key, *system.aliases]
    for name in names:
        if _norm(name) in _NAMES:
            raise ValueError(f"pairing system name {name!r} is registered twice")
    for code in system.trf_codes:
        if code.upper() in _CODES:
            raise ValueError(f"TRF code {code!r} is registered twice")
    _SYSTEMS[system.key] = system
    for name in names:
        _NAMES[_norm(name)] = system.key
    for code in system.trf_codes:
        _CODES[code.upper()] = system.key
    _GENERATION[0] += 1
    return system


def _check_settings(system: PairingSystem) -> None:
    keys = [s.key for s in system.settings]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{system.key}: a setting is declared twice")
    for s in system.settings:
        if not s.key.isidentifier() or s.key != s.key.lower():
            raise ValueError(f"setting key {s.key!r}: expected a lowercase identifier")
        if s.key == system.key or s.key in _NAMES:
            raise ValueError(f"setting key {s.key!r}: it is a pairing system's name (the options would clash)")
        other = declared_settings().get(s.key)
        if other is not None and (other.type, other.default, other.values) != (s.type, s.default, s.values):
            raise ValueError(f"setting {s.key!r} is declared otherwise by another system")
        if s.type is SettingType.CHOICE and s.default not in s.values:
            raise ValueError(f"setting {s.key!r}: its default is not one of its choices")


def unregister(key: str) -> None:
    """Remove a system (tests that register a dummy system take it out again)."""
    system = _SYSTEMS.pop(key)
    for name in [n for n, k in _NAMES.items() if k == system.key]:
        del _NAMES[name]
    for code in [c for c, k in _CODES.items() if k == system.key]:
        del _CODES[code]
    _GENERATION[0] += 1


def generation() -> int:
    """A number that changes whenever a system is registered or removed (for caches of the declarations)."""
    return _GENERATION[0]


def declared_settings(systems: Iterable[PairingSystem] | None = None) -> dict[str, SystemSetting]:
    """Every setting the ``systems`` (default: all registered) declare, by key, in registration order."""
    out: dict[str, SystemSetting] = {}
    for system in all_systems() if systems is None else systems:
        for s in system.settings:
            out.setdefault(s.key, s)
    return out


def get(name: str) -> PairingSystem:
    """The system called ``name`` (key or alias, any case, ``-`` or ``_``)."""
    key = _NAMES.get(_norm(name))
    if key is None:
        known = ", ".join(s.key.replace("_", "-") for s in _SYSTEMS.values())
        raise UnknownSystem(f"unknown pairing system {name!r}; expected one of: {known}")
    return _SYSTEMS[key]


def by_trf_code(code: str) -> PairingSystem:
    """The system of a TRF 092 code (e.g. ``FIDE_DUTCH_2025``)."""
    wanted = code.strip().upper()
    key = _CODES.get(wanted)
    if key is None:  # a code with the suffixes of declared settings (FIDE_LIM_MAXI)
        key = next((s.key for s in _SYSTEMS.values() if _code_with_suffixes(s, wanted)), None)
    if key is None:
        raise UnknownSystem(f"unknown TRF pairing-system code {code!r}")
    return _SYSTEMS[key]


def _code_with_suffixes(system: PairingSystem, code: str) -> bool:
    """Whether ``code`` is one of ``system``'s codes followed by suffixes of settings it declares."""
    base, declared = system.split_code(code)
    return bool(declared) and base in {c.upper() for c in system.trf_codes}


def all_systems() -> Iterator[PairingSystem]:
    """Every registered system, in registration order."""
    return iter(tuple(_SYSTEMS.values()))


def individual_systems() -> Iterator[PairingSystem]:
    """Systems of individual players (``arbitro pair/check/generate``; teams have ``arbitro team``)."""
    return (s for s in all_systems() if s.kind not in (SystemKind.TEAM_SWISS, SystemKind.TEAM_ROUND_ROBIN))


def service_systems() -> Iterator[PairingSystem]:
    """Systems the tournament service runs: individual players (one game, or a two-game match, per pairing)."""
    return (
        s for s in all_systems() if s.kind in (SystemKind.SWISS, SystemKind.DOUBLE_SWISS, SystemKind.ROUND_ROBIN)
    )


def default_swiss() -> PairingSystem:
    """The Swiss system used when none is named (the first registered: FIDE Dutch)."""
    return next(s for s in all_systems() if s.kind is SystemKind.SWISS)


def round_robin(double: bool = False) -> PairingSystem:
    """The individual (double) round robin."""
    return next(s for s in all_systems() if s.kind is SystemKind.ROUND_ROBIN and s.double == double)


def of_tournament(t: Tournament) -> PairingSystem:
    """The system of a tournament read from a TRF file (``092``/``192``).

    A registered code decides; otherwise a round robin (as
    :attr:`Tournament.is_round_robin` reads the code or the free text), double
    when the text says DOUBLE (C.05 Annex 1), or else the default Swiss.
    """
    if t.system:
        try:
            return by_trf_code(t.system)
        except UnknownSystem:
            pass
    if t.is_round_robin:
        from arbitro.pairing.berger import is_double_round_robin

        return round_robin(double=is_double_round_robin(t))
    return default_swiss()


def round_robin_rounds(players: int, double: bool = False) -> int:
    """Rounds of a (double) round robin of ``players`` (C.05 Annex 1, Berger tables), for faces
    that must not import the Berger engine (docs/architecture.md)."""
    from arbitro.pairing.berger import rounds_for

    return rounds_for(players, double)


def settings_of_file(t: Tournament) -> dict[str, SettingValue]:
    """The settings a file declares by its ``192`` code's suffixes, for the settings its system
    declares (``FIDE_LIM_MAXI``: ``{"maxi_tournament": True}``, C.04.4.3 3.2.3)."""
    return of_tournament(t).settings_of_code(t.system) if t.system else {}


def declares_maxi_tournament(t: Tournament) -> bool:
    """Whether a file declares a Maxi-tournament (``192 ..._MAXI``, C.04.4.3 3.2.3); kept for its readers."""
    return settings_of_file(t).get("maxi_tournament") is True


def options_of_file(t: Tournament, options: PairOptions) -> PairOptions:
    """``options`` with what the file itself declares (``192 FIDE_LIM_MAXI``: a Maxi-tournament):
    a value given in ``options`` (the command line) wins; the file fills the others."""
    given = {k for k, _v in options.settings}
    extra = {k: v for k, v in settings_of_file(t).items() if k not in given}
    return options.with_settings(extra) if extra else options


def resolve(ref: str, default_attr: str = "") -> Any:
    """The object ``"module:attribute"`` names (an engine, a checker, a setting's TRF writer), imported on use."""
    return _load(ref, default_attr)


def _load(ref: str, default_attr: str = "") -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr or default_attr)
