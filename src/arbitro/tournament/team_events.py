"""The event kinds of a team competition: one frozen dataclass per kind, on the base of every log.

The same base as an individual tournament's (:class:`arbitro.tournament.log.EventData`): the
fields are the JSON payload, read leniently (a log written before these classes, as
``kind`` + payload rows, replays unchanged) and written back in field order. Payloads are
documented in docs/formats/event-log.md, "Team events":

* :class:`TeamEventCreated` - name, system (a registry key), boards, rounds, match points
  (decimal strings), what the pairing-allocated bye is worth (``pab_match``/``pab_game``; C.04.6
  art. 1.4: a draw unless the competition's rules say otherwise; a log written before 2026-12-04
  has neither and keeps the meaning it was written with, the match points of a win), place,
  dates, arbiter, tie-breaks, the B.01 kind of event for norms;
* :class:`TeamRegistered` - a team (its TPN is the order of registration, C.04.6 art. 1.1) with
  its players in ranked board order;
* :class:`TeamLineupSet` - round, team, one player id per board (``None``: an empty board);
* :class:`TeamRoundPaired` - round, matches ``(white, black)`` (white: White on board 1, art.
  1.6.1), bye; ``published`` is false for a draft only the desk sees (absent in a log written
  before drafts: those rounds were published when paired);
* :class:`TeamRoundPublished` - the draft of ``round`` is published;
* :class:`TeamRoundUnpaired` - the last round taken back while it has no result (with a reason);
* :class:`TeamBoardResult` - round, match (its white team), board, result (the white team's
  player's TRF code), ``reason`` when it corrects a result;
* :class:`TeamMatchForfeit` - round, match, forfeit (``+-``, ``-+``, ``--``; ``""`` clears it),
  ``reason`` when it corrects;
* :class:`TeamLineupDeadline` - round, deadline (ISO 8601 with its offset; ``""`` removes it);
* :class:`TeamSettingsChanged` - settings changed after creation; ``None``: unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from arbitro.tournament.log import (
    PAYLOAD,
    EventData,
    JSONValue,
    opt_text,
    opt_texts,
    opt_whole,
    pairs,
    read,
    text,
    texts,
    typed_event,
    whole,
)

__all__ = [
    "TEAM_EVENT_KINDS",
    "TEAM_EVENT_TYPES",
    "RegisteredPlayer",
    "TeamBoardResult",
    "TeamEventCreated",
    "TeamEventData",
    "TeamLineupDeadline",
    "TeamLineupSet",
    "TeamMatchForfeit",
    "TeamRegistered",
    "TeamRoundPaired",
    "TeamRoundPublished",
    "TeamRoundUnpaired",
    "TeamSettingsChanged",
    "team_event",
]


def _number_text(value: Any, key: str) -> str:
    """A decimal written as text (``"1.5"``) or as a JSON number (older or hand-written logs)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise PAYLOAD.fail(key, f"expected a number such as 2 or 1.5, got {value!r}")
    return str(value)


def _opt_number_text(value: Any, key: str) -> str | None:
    return None if value is None else _number_text(value, key)


def _opt_str(value: Any, key: str) -> str | None:
    """A text that may be set to empty (``None``: unchanged)."""
    return None if value is None else str(value)


def _published(value: Any, key: str) -> bool:
    return PAYLOAD.flag(value, key)


@dataclass(frozen=True, slots=True)
class TeamEventData(EventData):
    """The base of the team kinds (so that a team log holds nothing else)."""


@dataclass(frozen=True, slots=True)
class TeamEventCreated(TeamEventData):
    kind: ClassVar[str] = "team_event_created"
    name: str = read(text)
    system: str = read(text)
    boards: int = read(whole)
    rounds: int = read(whole)
    match_win: str = read(_number_text, "2")
    match_draw: str = read(_number_text, "1")
    match_loss: str = read(_number_text, "0")
    pab_match: str | None = read(_opt_number_text, None)  # absent before 2026-12-04 (see the module)
    pab_game: str | None = read(_opt_number_text, None)
    city: str = read(text, "")
    federation: str = read(text, "")
    start_date: str = read(text, "")
    end_date: str = read(text, "")
    chief_arbiter: str = read(text, "")
    tiebreaks: tuple[str, ...] = read(texts, ())
    norm_event: str = read(text, "")

    def to_payload(self) -> dict[str, JSONValue]:  # the bye's points only when written, as always
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None}


@dataclass(frozen=True, slots=True)
class RegisteredPlayer:
    """One player of a registered team, as the log stores it (FIDE ID as text, ``""``: none)."""

    name: str
    rating: int = 0
    fide_id: str = ""
    federation: str = ""
    title: str = ""
    sex: str = ""

    @classmethod
    def read(cls, value: Any, key: str) -> RegisteredPlayer:
        if not isinstance(value, Mapping) or "name" not in value:
            raise PAYLOAD.fail(key, f"expected a player with a name, got {value!r}")
        rating = value.get("rating") or 0
        return cls(
            name=str(value["name"]),
            rating=whole(rating, f"{key}.rating"),
            fide_id=str(value.get("fide_id") or ""),
            federation=str(value.get("federation") or ""),
            title=str(value.get("title") or ""),
            sex=str(value.get("sex") or ""),
        )

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {
            "name": self.name, "rating": self.rating, "fide_id": self.fide_id,
            "federation": self.federation, "title": self.title,
        }  # fmt: skip
        if self.sex:
            out["sex"] = self.sex
        return out


def _players(value: Any, key: str) -> tuple[RegisteredPlayer, ...]:
    return tuple(RegisteredPlayer.read(v, key) for v in PAYLOAD.items(value, key, "a list of players"))


@dataclass(frozen=True, slots=True)
class TeamRegistered(TeamEventData):
    kind: ClassVar[str] = "team_registered"
    name: str = read(text)
    players: tuple[RegisteredPlayer, ...] = read(_players)

    def to_payload(self) -> dict[str, JSONValue]:
        return {"name": self.name, "players": [p.to_json() for p in self.players]}


def _lineup(value: Any, key: str) -> tuple[int | None, ...]:
    return tuple(opt_whole(v, key) for v in PAYLOAD.items(value, key, "a list of player ids"))


@dataclass(frozen=True, slots=True)
class TeamLineupSet(TeamEventData):
    kind: ClassVar[str] = "team_lineup_set"
    round: int = read(whole)
    team: int = read(whole)
    players: tuple[int | None, ...] = read(_lineup)


@dataclass(frozen=True, slots=True)
class TeamRoundPaired(TeamEventData):
    kind: ClassVar[str] = "team_round_paired"
    round: int = read(whole)
    matches: tuple[tuple[int, int], ...] = read(pairs)
    bye: int | None = read(opt_whole, None)
    published: bool = read(_published, True)  # a log written before drafts published every round at once

    def to_payload(self) -> dict[str, JSONValue]:  # ``published`` only for a draft
        return {k: v for k, v in EventData.to_payload(self).items() if k != "published" or not v}


@dataclass(frozen=True, slots=True)
class TeamRoundPublished(TeamEventData):
    kind: ClassVar[str] = "team_round_published"
    round: int = read(whole)


@dataclass(frozen=True, slots=True)
class TeamRoundUnpaired(TeamEventData):
    kind: ClassVar[str] = "team_round_unpaired"
    round: int = read(whole)
    reason: str = read(text, "")


def _without_empty_reason(data: EventData) -> dict[str, JSONValue]:
    return {k: v for k, v in EventData.to_payload(data).items() if k != "reason" or v}


@dataclass(frozen=True, slots=True)
class TeamBoardResult(TeamEventData):
    kind: ClassVar[str] = "team_board_result"
    round: int = read(whole)
    match: int = read(whole)
    board: int = read(whole)
    result: str = read(text)
    reason: str = read(text, "")  # a correction's

    def to_payload(self) -> dict[str, JSONValue]:
        return _without_empty_reason(self)


@dataclass(frozen=True, slots=True)
class TeamMatchForfeit(TeamEventData):
    kind: ClassVar[str] = "team_match_forfeit"
    round: int = read(whole)
    match: int = read(whole)
    forfeit: str = read(text, "")
    reason: str = read(text, "")

    def to_payload(self) -> dict[str, JSONValue]:
        return _without_empty_reason(self)


@dataclass(frozen=True, slots=True)
class TeamLineupDeadline(TeamEventData):
    kind: ClassVar[str] = "team_lineup_deadline"
    round: int = read(whole)
    deadline: str = read(text, "")


@dataclass(frozen=True, slots=True)
class TeamSettingsChanged(TeamEventData):
    """Settings changed after creation (the desk's settings page); ``None``: unchanged."""

    kind: ClassVar[str] = "team_settings_changed"
    name: str | None = read(opt_text, None)
    city: str | None = read(_opt_str, None)
    federation: str | None = read(_opt_str, None)
    start_date: str | None = read(_opt_str, None)
    end_date: str | None = read(_opt_str, None)
    chief_arbiter: str | None = read(_opt_str, None)
    rounds: int | None = read(opt_whole, None)
    tiebreaks: tuple[str, ...] | None = read(opt_texts, None)
    norm_event: str | None = read(_opt_str, None)

    def to_payload(self) -> dict[str, JSONValue]:
        return {k: v for k, v in EventData.to_payload(self).items() if v is not None}


#: Every team event kind and its payload class, in the order a competition usually meets them.
TEAM_EVENT_TYPES: dict[str, type[TeamEventData]] = {
    cls.kind: cls
    for cls in (
        TeamEventCreated,
        TeamRegistered,
        TeamLineupDeadline,
        TeamRoundPaired,
        TeamRoundPublished,
        TeamRoundUnpaired,
        TeamLineupSet,
        TeamBoardResult,
        TeamMatchForfeit,
        TeamSettingsChanged,
    )
}

TEAM_EVENT_KINDS: tuple[str, ...] = tuple(TEAM_EVENT_TYPES)


def team_event(kind: str, payload: Any, where: str = "event") -> TeamEventData:
    """The typed team event of a stored row (``kind`` and its JSON ``payload``)."""
    data = typed_event(TEAM_EVENT_TYPES, kind, payload, where)
    assert isinstance(data, TeamEventData)
    return data
