"""Settings changed after creation (issue 15 item 5): one named check per rule, in a fixed order.

What the players must know before the start is fixed once round 1 is paired (C.04.1 art. 1,
C.07 Art. 2, C.04.2 3.3); the rest may be corrected at any time. A new setting adds its check
to :data:`CHECKS` (or :data:`FIELD_CHECKS` if it needs no pairing system) and, if it must not
change once round 1 is paired, its key to :data:`BEFORE_START`.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from typing import Any

from arbitro.errors import ArbitroError, msg
from arbitro.limits import check_text
from arbitro.pairing import settings as system_settings
from arbitro.pairing.registry import PairingSystem
from arbitro.tournament import events as ev
from arbitro.tournament.byes import ByeLimits
from arbitro.tournament.commands.core import ServiceCore
from arbitro.tournament.commands.pairing import setup_warnings
from arbitro.tournament.events import Event
from arbitro.tournament.fide import check_scoring, check_tiebreaks
from arbitro.tournament.state import TournamentState, apply, pairing_system, replay

__all__ = ["BEFORE_START", "CHECKS", "FIELD_CHECKS", "SettingsCommands", "current_setting"]

#: The settings given (not ``None``), by their :class:`~arbitro.tournament.events.SettingsChanged` names.
Fields = dict[str, Any]
#: A check of the settings given, against the state and the pairing system they would have.
Check = Callable[[TournamentState, Fields, PairingSystem], None]
#: A check that needs no pairing system (it runs before the system is looked up).
FieldCheck = Callable[[TournamentState, Fields], None]

#: Fixed once round 1 is paired (C.04.1 art. 1, C.07 Art. 2: announced in advance; C.04.2 3.3: the bye rules).
#: With them, every setting a pairing system declares as fixed (``system_settings.fixed_keys()``).
BEFORE_START = ("system", "scoring", "tiebreaks", "bye_limits", "rating_type", "chess960")

#: The free-text settings and their labels (no control characters; field widths of limits.md).
_TEXTS = (("tournament name", "name"), ("city", "city"), ("federation", "federation"),
          ("chief arbiter", "chief_arbiter"), ("time control", "time_control"))  # fmt: skip


class SettingsCommands(ServiceCore):
    """``change_settings``."""

    def change_settings(self, **changes: Any) -> list[Event]:
        """Change tournament settings (issue 15 item 5); ``None``: unchanged.

        What the players must know before the start is fixed once round 1 is
        paired: the pairing system and acceleration, the rounds of a round
        robin, the scoring, the tie-breaks (C.07 2026 Art. 2: announced in
        advance) and the bye rules (C.04.2 3.3). Outside FIDE mode a Swiss may
        announce more rounds later, never fewer than those paired (C.04.1 art. 1);
        FIDE mode fixes the number of rounds at round 1 (VCL4THP Q57: so Q58-Q61,
        the Level-4 warning and the re-check of a last round turned final or not,
        never arise; ``finish`` still ends a tournament early).
        Names, dates, venue, arbiters, the time-control text and the rated flag
        may be corrected at any time.
        """
        s = self._require_open()
        fields = _given(changes)
        for field_check in FIELD_CHECKS:
            field_check(s, fields)
        system = _system(s, fields)
        for check in CHECKS:
            check(s, fields, system)
        _normalise(fields)
        changed = {k: v for k, v in fields.items() if current_setting(s, k) != v}
        if not changed:
            return []
        data = ev.SettingsChanged.of(changed)
        if "scoring" in changed:
            self._check_new_scoring(data)
        with self._tx() as tx:
            tx.emit(data)
            if not tx.state.rounds:  # VCL4THP Q62: a set-up that cannot finish, said before the start
                self.warnings.extend(setup_warnings(tx.state))
        return list(tx.events)

    def _check_new_scoring(self, data: ev.SettingsChanged) -> None:
        """The scoring as it would be after the change (FIDE mode: :func:`~arbitro.tournament.fide.check_scoring`)."""
        scratch = replay(self._events)
        apply(scratch, Event.of(data))
        check_scoring(scratch.header.scoring)


def _given(changes: Fields) -> Fields:
    """The settings given (``None``: unchanged); an unknown name is refused."""
    fields = {k: v for k, v in changes.items() if v is not None}
    unknown = set(fields) - ev.SETTINGS_FIELDS - system_settings.declared_keys()  # the systems' own (issue 32)
    if unknown:
        raise ArbitroError(f"settings: unknown field(s) {', '.join(sorted(unknown))}")
    return fields


def _check_fixed_after_start(s: TournamentState, fields: Fields) -> None:
    """C.04.1 art. 1, C.07 Art. 2: :data:`BEFORE_START` cannot change once round 1 is paired."""
    if s.rounds:
        before_start = (*BEFORE_START[:4], *system_settings.fixed_keys(), *BEFORE_START[4:])
        fixed = [k for k in before_start if k in fields and current_setting(s, k) != fields[k]]
        if fixed:
            raise ArbitroError(
                f"settings: {', '.join(fixed)} cannot change once round 1 has been paired "
                "(C.04.1 art. 1, C.07 Art. 2)"
            )


def _check_texts(s: TournamentState, fields: Fields) -> None:
    """Free text: no control characters, within the widths of limits.md; a tournament keeps a name."""
    for label, key in _TEXTS:
        if key in fields:
            check_text(label, str(fields[key]))
    for deputy in fields.get("deputy_arbiters") or ():
        check_text("deputy arbiter", deputy)
    if "name" in fields and not str(fields["name"]).strip():
        raise ArbitroError("name: a tournament needs a name")


#: The checks that run before the pairing system is looked up, in order.
FIELD_CHECKS: tuple[FieldCheck, ...] = (_check_fixed_after_start, _check_texts)


def _system(s: TournamentState, fields: Fields) -> PairingSystem:
    """The pairing system after the change (its canonical key written back into ``fields``)."""
    if "system" not in fields:
        return s.pairing_system
    system = pairing_system(fields["system"])
    fields["system"] = system.key
    return system


def _check_rounds(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """C.04.1 art. 1: a Swiss announces its rounds, never fewer than those paired; FIDE mode fixes them (Q57)."""
    if "rounds" not in fields:
        if not system.is_round_robin and s.header.rounds is None:
            raise ArbitroError("rounds: a Swiss tournament needs the number of rounds announced in advance (C.04.1 art. 1)")
        return
    rounds = fields["rounds"]
    if system.is_round_robin:
        raise ArbitroError("rounds: a round robin's rounds follow from the number of players; leave it out")
    if s.fide_mode and s.rounds and rounds != s.header.rounds:
        raise ArbitroError(
            msg(
                "settings.fide_rounds",
                "rounds: in FIDE mode the number of rounds ({rounds}) is fixed once round 1 has been paired "
                "(VCL4THP Q57); the tournament may still finish early",
                rounds=s.header.rounds,
            )
        )
    if rounds < max(1, s.paired_rounds):
        raise ArbitroError(f"rounds: {s.paired_rounds} rounds are already paired; expected at least that")


def _check_dates(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """Dates as YYYY-MM-DD; the end not before the start (either as given or as it stands)."""
    for label in ("start_date", "end_date"):
        text = fields.get(label)
        if text:
            try:
                datetime.date.fromisoformat(text)
            except ValueError:
                raise ArbitroError(f"{label.replace('_', ' ')}: expected YYYY-MM-DD, got {text!r}") from None
    start = fields.get("start_date", s.header.start_date.isoformat() if s.header.start_date else "")
    end = fields.get("end_date", s.header.end_date.isoformat() if s.header.end_date else "")
    if start and end and end < start:
        raise ArbitroError(f"end date: {end} is before the start date {start}")


def _check_rating_type(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """The rating list the ratings come from (B.01 1.1)."""
    if fields.get("rating_type") not in (None, "standard", "rapid", "blitz"):
        raise ArbitroError(f"rating type: expected standard, rapid or blitz, got {fields['rating_type']!r}")


def _check_chess960(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """Chess960 (FIDE Laws, Guidelines III; VCL4THP Q222): said as true or false, before round 1 only."""
    if "chess960" in fields and not isinstance(fields["chess960"], bool):
        raise ArbitroError(
            msg("settings.chess960", "Chess960: expected true or false, got {got!r}", got=fields["chess960"])
        )


def _check_system_settings(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """The pairing system's own settings, as its registry entry declares them (issue 32 item 3).

    Baku acceleration (C.04.7), the Maxi-tournament declaration (C.04.4.3 3.2.3), and whatever a
    system declares: :func:`arbitro.pairing.settings.validate` checks each value against the
    declaration and writes it back in its stored form.
    """
    fields.update(system_settings.validate(system, {k: v for k, v in fields.items() if k not in ev.SETTINGS_FIELDS}))


def _check_tiebreaks(s: TournamentState, fields: Fields, system: PairingSystem) -> None:
    """The tie-breaks (new, or the current ones under a new system) are valid for the system."""
    if "tiebreaks" in fields or "system" in fields:
        check_tiebreaks(system.key, fields.get("tiebreaks", tuple(s.header.tiebreaks)))


#: The checks that need the pairing system after the change, in order.
CHECKS: tuple[Check, ...] = (
    _check_rounds,
    _check_dates,
    _check_rating_type,
    _check_chess960,
    _check_system_settings,
    _check_tiebreaks,
)


def _normalise(fields: Fields) -> None:
    """The values in the form :class:`~arbitro.tournament.events.SettingsChanged` holds them."""
    if "bye_limits" in fields:
        fields["bye_limits"] = ByeLimits.from_dict(fields["bye_limits"]).to_dict()
    if "tiebreaks" in fields:
        fields["tiebreaks"] = tuple(fields["tiebreaks"])
    if "deputy_arbiters" in fields:
        fields["deputy_arbiters"] = tuple(fields["deputy_arbiters"])


def current_setting(s: TournamentState, key: str) -> Any:
    """The current value of a setting, in the form :class:`~arbitro.tournament.events.SettingsChanged` holds it."""
    h = s.header
    if key == "system":
        return s.system
    if key in ("start_date", "end_date"):
        day = getattr(h, key)
        return day.isoformat() if day else ""
    if key == "scoring":
        return {k: str(v) for k, v in dataclasses.asdict(h.scoring).items()} if not h.scoring.is_standard else None
    if key == "bye_limits":
        return s.bye_limits.to_dict()
    if key in ("tiebreaks", "deputy_arbiters"):
        return tuple(getattr(h, key))
    if key in ("rated", "rating_type", "chess960"):
        return getattr(s, key)
    if key in system_settings.declared_keys():  # a pairing system's own (issue 32)
        return s.said_setting(key)
    return getattr(h, key)
