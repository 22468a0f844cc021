"""Running a tournament end to end: commands, an event log, and its replay.

Pure Python, no I/O (the CLI and the web app store the log).

API contract
------------
**Events** (:mod:`arbitro.tournament.events`). An :class:`Event` has
``kind`` (one of :data:`EVENT_KINDS`), ``payload`` (a dict of JSON-native
values), ``timestamp`` (ISO 8601 UTC string) and ``author``.
``event.to_dict()`` / :func:`event_from_dict`, :func:`event_to_json` /
:func:`event_from_json` (one JSON object per line: the ``.events.jsonl``
format, docs/formats/event-log.md). Events record outcomes (the boards
paired, the order drawn and its seed), so a replay never calls an engine.

**Replay.** ``replay(events) -> TournamentState``; a prefix of the log gives
any earlier state. ``state.to_tournament()`` is the model
(:class:`arbitro.model.Tournament`, i.e. what the TRF file holds: complete
rounds, ``240`` requested byes, ``###`` comments for leaving FIDE mode and
``MPA @ Round n``; ``to_tournament(rating_report=True)`` is the TRF export, with the
results corrected for the rating report only). Other views: ``state.rounds`` (``RoundState``: ``boards``
of ``Game(white, black, white_code, black_code)``, ``bye``, ``unpaired``,
``published``, ``manual``), ``state.withdrawn``, ``state.requested_byes``,
``state.fide_mode``, ``state.system`` (a key of the pairing-system registry,
:mod:`arbitro.pairing.registry`; ``state.pairing_system`` is its record),
``state.bye_limits``.

**Service.** ``svc = TournamentService(events=(), author="arbiter", clock=now_utc)``
replays the given log; every command validates, then appends events to
``svc.events`` (``svc.new_events``: those added since construction, which a
caller must persist) and updates ``svc.state``. A command that fails raises
:class:`arbitro.errors.ArbitroError` with one clear message and changes
nothing. ``svc.warnings`` holds the last command's warnings. Commands:

* ``create(name=, system=None (registry default), rounds=, city=, federation=, start_date=,
  end_date=, chief_arbiter=, time_control=, initial_colour=None,
  scoring=None, bye_limits=ByeLimits(...), tiebreaks=())``
* ``register_player(name, rating=, title=, federation=, fide_id=, sex=,
  birth_date=, missed_rounds="Z") -> pairing number`` (late entries too)
* ``remove_player(player, seed=None)``: before round 1 (a round robin draws again)
* ``assign_pairing_numbers(seed=None, order=None)``: Swiss C.04.2 2.2 order; round robin by lot,
  or by hand before round 1 (``order``: current numbers in the new order, VCL4THP Q95)
* ``request_bye(player, round, kind="H", confirm=False)`` / ``cancel_bye(player, round)``: a second or later
  half-point bye needs ``confirm`` (Level 3, VCL4THP Q174)
* ``set_half_point_bye_eligibility(player, eligible, reason="")``: a player barred from half-point byes (Q175)
* ``withdraw(player, from_round=None)``
* ``prohibit_pairing(players, first_round=None, last_round=None)`` (``260``; after round 1 only outside FIDE mode)
* ``pair_next_round(seed=None)``: the system's engine (through the registry) or the Berger table; a Chess960
  tournament (setting ``chess960``) draws the round's starting position (Q222)
* ``set_chess960_position(round, position)``: a position drawn at the venue (0-959) before the round's results
* ``change_pairing(boards, bye=None, round_number=None, reason="")``: logged as ``### MPA @ Round n``
* ``publish_round(round_number=None)``
* ``enter_result(board, "1-0"|"½-½"|"0-1"|"1F-0F"|"0F-1F"|"0F-0F"|"½-0"..., round_number=None)``
* ``correct_result(board, result, round_number=None, reason="", rating_report=False)``: FIDE mode
  corrects the last paired round and the one before it; older rounds only ``rating_report=True``
  (the standings keep the result, the TRF carries the corrected one and a ``###`` line; VCL4THP Q189-Q193)
* ``change_settings(**settings)``: FIDE mode freezes ``rounds`` once round 1 is paired (VCL4THP Q57)
* ``leave_fide_mode(confirm=True, reason="", token=fide_exit_token())``: Level 4 (VCL4THP Q43), irreversible

Each command returns the list of events it appended (``register_player``
returns the new pairing number instead).

**Helpers.** :func:`arbitro.tournament.importing.events_from_tournament`
(a TRF's tournament -> the events that rebuild it, to continue it here);
:func:`arbitro.tournament.registration.player_fields_from_list` (a FIDE
rating-list entry -> ``register_player`` keyword arguments).
"""

from __future__ import annotations

from arbitro.tournament.byes import ByeLimits
from arbitro.tournament.events import (
    EVENT_KINDS,
    Event,
    event_from_dict,
    event_from_json,
    event_to_json,
    now_utc,
)
from arbitro.tournament.results import format_result, parse_result
from arbitro.tournament.service import TournamentService
from arbitro.tournament.state import Game, RoundState, TournamentState, pairing_system, replay

__all__ = [
    "EVENT_KINDS",
    "ByeLimits",
    "Event",
    "Game",
    "RoundState",
    "TournamentService",
    "TournamentState",
    "event_from_dict",
    "event_from_json",
    "event_to_json",
    "format_result",
    "now_utc",
    "pairing_system",
    "parse_result",
    "replay",
]
