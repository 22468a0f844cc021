"""What a pairing system returns for one round (shared by Dutch and Berger), and the settings a
system declares (:class:`SystemSetting`, issue 32 item 3)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from arbitro.errors import ArbitroError, Message, msg


@dataclass(frozen=True, slots=True)
class Board:
    """One game of a round: start ranks of White and Black."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round.

    ``boards`` are in board order (C.04.2 / bbpPairings ``sortResults``).
    ``bye`` is the player who receives the pairing-allocated bye, if any.
    ``unpaired`` are players left out of the pairing on purpose (requested
    byes, withdrawn players), with the bye kind ``F``/``H``/``Z``.
    """

    round: int
    boards: tuple[Board, ...]
    bye: int | None = None
    unpaired: dict[int, str] = field(default_factory=dict)

    def as_bbp_lines(self) -> list[str]:
        """The bbpPairings ``-p`` output: number of pairs, then ``white black`` per board, bye as ``N 0``."""
        lines = [f"{b.white} {b.black}" for b in self.boards]
        if self.bye is not None:
            lines.append(f"{self.bye} 0")
        return [str(len(lines)), *lines]


class NoValidPairing(Exception):
    """No pairing satisfies the absolute criteria (bbpPairings exit code 1)."""


# -- settings a pairing system declares (issue 32 item 3) -------------------------------------------

#: The value of a system setting: a flag, a whole number or one of its choices.
SettingValue = bool | int | str


class SettingType(StrEnum):
    """What a :class:`SystemSetting` holds."""

    BOOL = "bool"  # a declaration made or not (Lim's Maxi-tournament)
    INT = "int"  # a whole number between ``minimum`` and ``maximum``
    CHOICE = "choice"  # one of ``choices`` (Baku acceleration or none)


@dataclass(frozen=True, slots=True)
class SettingChoice:
    """One value of a :attr:`SettingType.CHOICE` setting: its label, and the TRF ``192`` suffix that
    declares it (``""``: none)."""

    value: str
    label: Message
    trf_suffix: str = ""


@dataclass(frozen=True, slots=True)
class SystemSetting:
    """A per-tournament setting a pairing system declares in its registry entry (issue 32 item 3).

    From this one declaration come the ``arbitro pair``/``check`` options (``--key`` with ``_`` as
    ``-``), the web settings form's field, the API's ``settings`` member, the ``settings_changed``
    event's payload key, the TRF carrier and the core's validation
    (:mod:`arbitro.pairing.settings`).

    * ``key``: the name everywhere (a lowercase identifier, the same declaration in every system
      that shares it);
    * ``label`` / ``help``: coded messages (:func:`arbitro.errors.msg`), English by default, the
      faces translate them by code;
    * ``article``: the rule it comes from;
    * ``trf_suffix``: a flag declared by the ``192`` code's suffix when set (``FIDE_LIM_MAXI``);
      a choice's suffixes are its :attr:`SettingChoice.trf_suffix`;
    * ``trf_record``: the TRF-2026 record that carries the value instead (``250`` for Baku's
      virtual points), written by ``writer`` (``"module:function"`` of ``(tournament, value)``,
      imported on first use like an engine);
    * ``fixed_at_start``: the value cannot change once round 1 is paired (C.04.1 art. 1);
    * ``refused``: the message for a system that does not declare it (the system's name as
      parameter); ``None``: the generic one.
    """

    key: str
    type: SettingType
    label: Message
    article: str
    default: SettingValue = False
    help: Message | None = None
    choices: tuple[SettingChoice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    trf_suffix: str = ""
    trf_record: str = ""
    writer: str | None = None
    fixed_at_start: bool = True
    refused: Callable[[str], Message] | None = field(default=None, compare=False)

    @property
    def flag(self) -> str:
        """The command-line option, e.g. ``--maxi-tournament``."""
        return "--" + self.key.replace("_", "-")

    @property
    def name(self) -> str:
        """The key as messages say it: ``maxi-tournament``."""
        return self.key.replace("_", "-")

    @property
    def title(self) -> str:
        """The English label with its article, once: ``Acceleration (C.04.7)``."""
        label = str(self.label)
        return label if self.article in label else f"{label} ({self.article})"

    @property
    def values(self) -> tuple[str, ...]:
        """A choice's values, in order."""
        return tuple(c.value for c in self.choices)

    def parse(self, value: object) -> SettingValue:
        """``value`` as this setting holds it; :class:`ArbitroError` (coded) when it is not one."""
        if self.type is SettingType.BOOL:
            if isinstance(value, bool):
                return value
            raise ArbitroError(
                msg("settings.bool", "{setting}: expected true or false, got {got!r}", setting=self.name, got=value)
            )
        if self.type is SettingType.INT:
            number = _whole(value)
            low = self.minimum if self.minimum is not None else -(10**9)
            high = self.maximum if self.maximum is not None else 10**9
            if number is None or not low <= number <= high:
                raise ArbitroError(
                    msg(
                        "settings.int",
                        "{setting}: expected a whole number from {low} to {high}, got {got!r}",
                        setting=self.name,
                        low=low,
                        high=high,
                        got=value,
                    )
                )
            return number
        text = "" if value is None else value
        if isinstance(text, str) and text in self.values:
            return text
        raise ArbitroError(
            msg(
                "settings.choice",
                "{setting}: expected one of {choices}, got {got!r}",
                setting=self.name,
                choices=", ".join(repr(v) for v in self.values),
                got=value,
            )
        )

    def text(self, value: SettingValue) -> str:
        """``value`` as the command line spells it (``true``, ``3``, ``baku``)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    def suffix_of(self, value: SettingValue) -> str:
        """The ``192`` suffix that declares ``value`` (``""``: none)."""
        if self.type is SettingType.BOOL:
            return self.trf_suffix if value is True else ""
        if self.type is SettingType.CHOICE:
            return next((c.trf_suffix for c in self.choices if c.value == value), "")
        return ""

    def suffixes(self) -> tuple[tuple[str, SettingValue], ...]:
        """``(suffix, value)`` of every value a ``192`` suffix declares."""
        if self.type is SettingType.BOOL:
            return ((self.trf_suffix, True),) if self.trf_suffix else ()
        return tuple((c.trf_suffix, c.value) for c in self.choices if c.trf_suffix)

    def refusal(self, system: str) -> Message:
        """Why ``system`` (its name) cannot take a value of this setting other than the default."""
        if self.refused is not None:
            return self.refused(system)
        return msg(
            "settings.unsupported",
            "{setting}: the {system} has no such setting ({article})",
            setting=self.label,
            system=system,
            article=self.article,
        )


def _whole(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    return None
