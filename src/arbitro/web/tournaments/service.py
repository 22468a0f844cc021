"""Desk commands through the core tournament service (:mod:`arbitro.tournament`).

The desk's forms and views are :mod:`.desk` (one per operation); the database log is
:mod:`.eventlog`. This module holds the commands they call.

Each action replays the tournament's event log once into a core
:class:`~arbitro.tournament.TournamentService`, calls one command (the core
checks the rules and raises :class:`~arbitro.errors.ArbitroError` with a message
for the arbiter) and appends the new events to the database log, which is the
tournament's only truth: the version grows, the status is written from the
replayed state, and that state seeds the cache of the new version (the TRF
text and the standings are rebuilt from it on demand). Finishing and
re-opening are events too. No chess rule is decided here.

A tournament imported from a TRF file is given its event log on its first desk
action (:func:`adopt`, through the core ``events_from_tournament``); from then
on it is run like any other. A file the core cannot turn into a log (say, an
inconsistent round) stays read-only, with the core's message.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from arbitro.errors import ArbitroError, msg
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.tournament import (
    ByeLimits,
    Game,
    TournamentService,
    TournamentState,
    format_result,
    pairing_system,
    parse_result,
)
from arbitro.tournament import replay as core_replay
from arbitro.tournament.fide import correctable_rounds
from arbitro.tournament.importing import events_from_tournament, import_exit_token
from arbitro.tournament.results import parse_pending
from arbitro.web import jobs

from . import federation, models, permissions, store, texts
from .duplicates import duplicate_of

# the event-log port (issue 32): the replay and the appends sit below this service; named here as before
from .eventlog import CHANGED_MEANWHILE as CHANGED_MEANWHILE
from .eventlog import Actor as Actor
from .eventlog import ChangedMeanwhile as ChangedMeanwhile
from .eventlog import _appended, _commit, is_event_based, is_team, state
from .eventlog import _status as _status
from .eventlog import append_events as append_events
from .eventlog import log as _log
from .eventlog import rebuild as rebuild
from .eventlog import remap_bye_requests as remap_bye_requests
from .eventlog import to_model as to_model


def adopt(row: models.Tournament) -> None:
    """Give an imported tournament its event log (core ``events_from_tournament``), once.

    The log replaces the imported snapshot as the tournament's state; nothing is
    decided here. Raises :class:`ArbitroError` (the core's reason) when the file
    cannot be turned into a consistent log: the tournament then stays read-only.
    Rounds that break the pairing rules were confirmed when the row was imported
    (``store.import_trf``, VCL4THP Q55): the log records each as ``### Import @ Round n``; a file whose
    scoring leaves FIDE mode passed the desk's two steps (Level 4, Q43) before it became a row.
    """
    if is_event_based(row):
        return
    core = store.parse(row.base_trf, source=f"{row.slug}.trf", validate=False)
    try:
        events = events_from_tournament(
            core, author="import", accept_broken_rounds=True, leave_fide_mode_token=import_exit_token(core)
        )
    except ArbitroError as err:
        raise ArbitroError(
            _("this tournament was imported from a TRF file that cannot be continued here: %(why)s") % {"why": texts.text(err)}
        ) from None
    with transaction.atomic():
        base = models.Tournament.objects.select_for_update().filter(pk=row.pk).values_list("base_trf", flat=True).first()
        if not base or row.events.exists():  # adopted meanwhile by another request
            row.refresh_from_db()
            return
        models.TournamentEvent.objects.bulk_create(
            models.TournamentEvent(tournament=row, seq=i, kind=ev.kind, payload=ev.payload)
            for i, ev in enumerate(events, start=1)
        )
        row.base_trf = ""
        _appended(row, core_replay(events))


def _service(row: models.Tournament, user: Actor) -> TournamentService:
    """The core service on the row's log: the one replay of a command."""
    if is_team(row):
        raise ArbitroError(_("this is a team competition: use its own desk"))
    adopt(row)
    author = user.get_username() if user is not None and user.is_authenticated else "web"
    return TournamentService(_log(row), author=author)


def public_id(row: models.Tournament, start_rank: int) -> int:
    """The stable id of the player with ``start_rank`` now (the start rank itself when unknown)."""
    core = store.load(row)
    p = core.players.get(start_rank)
    return p.public_id if p is not None else start_rank


# -- commands -----------------------------------------------------------------


def create(
    data: dict[str, Any], user: Actor, build: Callable[[TournamentService], None] | None = None
) -> models.Tournament:
    """A new tournament; for a category of the site's rulebook, the format and tie-breaks come from it.

    ``system`` is a pairing-system registry key (the form's choices come from the
    registry). ``build`` may run more commands on the new service before anything
    is saved (the demo plays whole tournaments this way, in one transaction).
    """
    svc = TournamentService(author=user.get_username() if user is not None and user.is_authenticated else "web")
    category = data.get("category") or ""
    chosen = pairing_system(data["system"], aliases=True) if data.get("system") else registry.default_swiss()
    system = chosen.key
    rounds = data.get("rounds")
    tiebreaks: tuple[str, ...] = ()
    limits = None
    federation_code = data.get("federation") or ""
    organisation = data.get("organisation") or models.default_organisation()  # issue 19 item 5
    if category:
        fmt = federation.format_for(int(data.get("entrants") or 0), organisation)
        system, rounds, tiebreaks = fmt.system, fmt.rounds, fmt.tiebreaks
        limits = ByeLimits(max_half_point_byes=fmt.max_half_point_byes) if fmt.max_half_point_byes is not None else None
        book = federation.rulebook(organisation)
        federation_code = federation_code or (book.federation if book is not None else "")
    if pairing_system(system).is_round_robin:
        rounds = None

    def iso(d: _dt.date | None) -> str:
        return d.isoformat() if d else ""

    svc.create(
        name=data["name"],
        system=system,
        rounds=rounds,
        city=data.get("city") or "",
        federation=federation_code,
        start_date=iso(data.get("start_date")),
        end_date=iso(data.get("end_date")),
        chief_arbiter=data.get("chief_arbiter") or "",
        time_control=data.get("time_control") or "",
        tiebreaks=tiebreaks,
        bye_limits=limits or ByeLimits(),
    )
    extra = {k: v for k, v in (data.get("settings") or {}).items() if v not in (None, "", (), {})}
    if category:  # the rulebook decides the format, tie-breaks and byes of a category tournament
        for key in ("system", "rounds", "tiebreaks", "bye_limits", "scoring", *system_settings.declared_keys()):
            extra.pop(key, None)
    if extra:  # the desk's settings beyond creation's (rated, rating type, scoring, ...): one settings_changed
        svc.change_settings(**extra)
    if build is not None:
        build(svc)
    with transaction.atomic():
        row = models.Tournament.objects.create(
            slug=store.unique_slug(data["name"]),
            name=data["name"],
            organisation=organisation,
            city=data.get("city") or "",
            start_date=data.get("start_date"),
            end_date=data.get("end_date"),
            category=category,
            season=data.get("season"),
            published=bool(data.get("published", True)),  # the desk's form: a draft until the arbiter says
        )
        _commit(row, svc, user)
        if user is not None and user.is_authenticated:  # the creator runs it
            models.Role.objects.get_or_create(user=user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    return row


def register(row: models.Tournament, data: dict[str, Any], user: Actor) -> int:
    svc = _service(row, user)
    number = svc.register_player(
        data["name"],
        rating=data.get("rating") or 0,
        title=data.get("title") or "",
        federation=data.get("federation") or "",
        fide_id=data.get("fide_id") or "",
        sex=data.get("sex") or "",
        birth_date=data.get("birth_date") or "",
        missed_rounds=data.get("missed_rounds") or "Z",
    )
    _commit(row, svc, user)
    return int(number)


def register_new(row: models.Tournament, data: dict[str, Any], user: Actor) -> int:
    """Register (also a late entry: the core gives the C.04.2 2.4-2.5 pairing number); duplicates refused."""
    dup = duplicate_of(store.load(row), data)
    if dup:
        raise ArbitroError(dup)
    return register(row, data, user)


def player_lines(text: str) -> list[tuple[int, dict[str, Any]]]:
    """(line number, player) for each non-empty line ``Name; rating; FIDE ID; federation; title``.

    Only the name is required; a rating that is not a whole number is refused with its line.
    """
    players = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        name, rating, fide_id, fed, title = ([p.strip() for p in line.split(";")] + [""] * 5)[:5]
        try:
            rating_value = int(rating) if rating else 0
        except ValueError:
            raise ArbitroError(
                _("line %(n)s: rating: expected a whole number, got %(got)r") % {"n": lineno, "got": rating}
            ) from None
        players.append((lineno, {"name": name, "rating": rating_value, "fide_id": fide_id, "federation": fed, "title": title}))
    return players


def register_many(row: models.Tournament, text: str, user: Actor) -> list[int]:
    """One player per line: ``Surname, Given; rating; FIDE ID; federation; title`` (only the name is required)."""
    svc = _service(row, user)
    numbers = []
    for lineno, p in player_lines(text):
        try:
            numbers.append(int(svc.register_player(p.pop("name"), **p)))
        except ArbitroError as err:
            raise ArbitroError(_("line %(n)s: %(err)s") % {"n": lineno, "err": texts.text(err)}) from None
    _commit(row, svc, user)
    return numbers


def request_bye(row: models.Tournament, start_rank: int, rnd: int, kind: str, user: Actor) -> None:
    """A requested bye for round ``rnd`` as announced (a two-game match, C.04.5, is one round: its first column)."""
    svc = _service(row, user)
    column = svc.state.pairing_system.games_per_round * (rnd - 1) + 1
    if row.category and kind == "H":
        federation.check_bye(svc.state, start_rank, column, row)
    # VCL4THP Q174: the core asks a Level-3 confirmation for a second half-point bye; the web's confirmation
    # page is not built yet, so the web keeps its Level-2 warning (bye.half_point_again) until it is
    svc.request_bye(start_rank, column, kind, confirm=True)
    _commit(row, svc, user)


def pair_next(row: models.Tournament, user: Actor, seed: int | None = None, *, publish: bool = True) -> int:
    """Pair the next round; ``publish=False`` (the desk's "Pair") leaves it a draft only the desk sees."""
    svc = _service(row, user)
    if svc.state.finished:  # never reverses a finish silently: the chief arbiter re-opens first (an event)
        raise ArbitroError(_("the tournament is finished: the chief arbiter must re-open it before pairing"))
    svc.pair_next_round(seed=seed)
    if publish:
        svc.publish_round()
    _commit(row, svc, user)
    games = svc.state.pairing_system.games_per_round  # a two-game match (C.04.5) is one round of two columns
    return (svc.state.paired_rounds + games - 1) // games


def _match(st: TournamentState, column: int) -> int:
    """The round a column belongs to: itself, or its two-game match (C.04.5)."""
    games = st.pairing_system.games_per_round
    return (column + games - 1) // games


def _last_columns(st: TournamentState) -> list[int]:
    """The columns of the last paired round: one, or both games of the last match (C.04.5)."""
    last = st.paired_rounds
    games = st.pairing_system.games_per_round
    return list(range(last - (last - 1) % games, last + 1))


def publish(row: models.Tournament, user: Actor) -> int:
    """Publish the draft of the last paired round (from then on the public pages, API and TRF show it)."""
    svc = _service(row, user)
    st = svc.state
    if not st.rounds:
        raise ArbitroError(_("no round has been paired yet"))
    number = _match(st, st.paired_rounds)
    if st.rounds[-1].published:
        raise ArbitroError(msg("publish.already", "publish: round {round} is already published", round=number))
    svc.publish_round()
    _commit(row, svc, user)
    return number


def unpair(row: models.Tournament, user: Actor, reason: str = "") -> int:
    """Take back the last round while none of its results is entered (core ``unpair_round``, an event)."""
    svc = _service(row, user)
    st = svc.state
    if not st.rounds:
        raise ArbitroError(_("no round has been paired yet"))
    if st.finished:
        raise ArbitroError(_("the tournament is finished: the chief arbiter must re-open it first"))
    number = _match(st, st.paired_rounds)
    entered = [str(i) for c in _last_columns(st) for i, g in enumerate(st.round(c).boards, start=1) if g.has_result]
    if entered:
        raise ArbitroError(
            _("round %(r)s cannot be unpaired: it already has results on board(s) %(b)s")
            % {"r": number, "b": ", ".join(entered)}
        )
    svc.unpair_round(reason=reason)
    _commit(row, svc, user)
    return number


def can_unpair(st: TournamentState | None) -> bool:
    """May the last round be unpaired now (paired, no result in any of its columns, not finished)?"""
    if st is None or not st.rounds or st.finished:
        return False
    return not any(g.has_result for c in _last_columns(st) for g in st.round(c).boards)


def last_round_number(st: TournamentState) -> int:
    """The number of the last paired round as the arbiter counts it (a two-game match is one round)."""
    return _match(st, st.paired_rounds) if st.rounds else 0


def check_finish(row: models.Tournament) -> None:
    """Refuse (translated) a finish while a result is missing: checked before the confirmation is asked."""
    st = state(row)
    if st is None:
        return
    if st.finished:
        raise ArbitroError(_("the tournament is already finished"))
    adjourned = st.adjourned_games()
    if adjourned:  # no final standings or report while a game is adjourned (VCL4THP Q169)
        raise ArbitroError(
            _("the tournament cannot be finished: the result of the adjourned game(s) %(g)s is not yet known")
            % {"g": ", ".join(_("round %(r)s board %(b)s") % {"r": r, "b": b} for r, b in adjourned)}
        )
    if st.rounds and not st.rounds[-1].complete:
        raise ArbitroError(
            _("the tournament cannot be finished: round %(r)s has no result yet on board(s) %(b)s")
            % {"r": st.paired_rounds, "b": ", ".join(map(str, st.rounds[-1].missing_boards()))}
        )
    if st.rounds and not st.rounds[-1].published:
        raise ArbitroError(_("the tournament cannot be finished: round %(r)s is a draft") % {"r": st.paired_rounds})


@dataclass(frozen=True, slots=True)
class Correction:
    """A saved result a results form would change (shown on the confirmation page)."""

    board: int
    white: str
    black: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class CorrectionPlan:
    round: int
    changes: list[Correction]
    paired_since: list[int]  # rounds paired after ``round`` on the old score (C.04.2 4.3)
    rating_report: bool = False  # FIDE mode, a round before the one before the last: for the rating report only (Q192)

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.changes and (self.paired_since or self.rating_report))


def _shown(seen: str, game: Game, fide_mode: bool) -> bool:
    """Is ``seen`` (the result the arbiter's page showed) still the board's result?"""
    if game.adjourned and not game.has_result:  # shown as ``*`` (VCL4THP Q157)
        return not seen.strip() or parse_pending(seen) is not None
    if not seen.strip():
        return not game.has_result
    if not game.has_result:
        return False
    if format_result(game.white_code, game.black_code) == seen.strip():
        return True
    try:
        return parse_result(seen, fide_mode=fide_mode) == (game.white_code, game.black_code)
    except ArbitroError:
        return False


def enter_results(
    row: models.Tournament, rnd: int, results: dict[int, str], user: Actor, seen: dict[int, str] | None = None
) -> int:
    """Enter (or correct) the results typed at the desk: board -> result text.

    ``seen``: board -> the result the arbiter's page showed. A board whose result
    was changed meanwhile by someone else is refused (optimistic concurrency: no
    lost update), unless the arbiter typed the same result.
    """
    svc = _service(row, user)
    done = _enter(svc, rnd, results, seen, row, user)
    _commit(row, svc, user)
    return done


def _enter(
    svc: TournamentService,
    rnd: int,
    results: dict[int, str],
    seen: dict[int, str] | None,
    row: models.Tournament,
    user: Actor,
    reason: str = "desk",
    rating_report: bool = False,
    confirmed: bool = False,
) -> int:
    """The commands of one desk form of results, on the service's state (no replay).

    ``rating_report``: the arbiter confirmed that corrections of rounds FIDE mode no longer
    corrects go to the rating report only (VCL4THP Q192); other rounds are corrected as usual.
    """
    round_state = svc.state.round(rnd)
    done = 0
    for board, text in sorted(results.items()):
        text = text.strip()
        if not text:
            continue
        game = round_state.boards[board - 1] if 0 < board <= len(round_state.boards) else None
        if game is not None and game.adjourned and not game.has_result and parse_pending(text):
            continue  # still adjourned, as the page shows it
        if game is not None and game.has_result:
            if parse_result(text, fide_mode=svc.state.fide_mode) == (game.white_code, game.black_code):
                continue
            if format_result(game.white_code, game.black_code) == text:
                continue
        # From a form (``seen`` given), a board's result counts as seen only through its ``s_`` field:
        # a client that leaves it out cannot overwrite a colleague's result (issue 21).
        shown = None if seen is None else seen.get(board, "")
        if game is not None and shown is not None and not _shown(shown, game, svc.state.fide_mode):
            now = format_result(game.white_code, game.black_code) if game.has_result else "—"
            raise ArbitroError(
                _("board %(n)s was changed meanwhile by someone else (now %(now)s); nothing was saved: reload and check")
                % {"n": board, "now": now}
            )
        if game is not None and game.has_result:
            last_match = svc.state.paired_rounds - svc.state.pairing_system.games_per_round  # columns before it
            if rnd <= last_match and not permissions.can(user, row, "correct"):
                raise ArbitroError(
                    _("round %(r)s is closed: only the chief arbiter may correct its results (C.04.2 4.3)")
                    % {"r": rnd}
                )
            old = rating_report and rnd not in correctable_rounds(svc.state)
            svc.correct_result(board, text, round_number=rnd, reason=reason or "desk", rating_report=old)
        else:  # ``confirmed``: the confirmation page of a non-draw for an adjourned game (VCL4THP Q163)
            svc.enter_result(board, text, round_number=rnd, confirm=confirmed)
        round_state = svc.state.round(rnd)
        done += 1
    return done


def _run(row: models.Tournament, user: Actor, command: Callable[[TournamentService], object]) -> None:
    """One command on the row's log: replay, validate and emit (the core), append."""
    svc = _service(row, user)
    command(svc)
    _commit(row, svc, user)


def change_pairing(
    row: models.Tournament, boards: list[tuple[int, int]], bye: int | None, reason: str, user: Actor
) -> str:
    """A manual pairing of the last round: ``(white, black)`` pairing numbers per board, and the bye.

    The core compares it with the engine's pairing, refuses in FIDE mode what the
    rules forbid, and logs the difference (``### MPA @ Round n``); its warnings are returned.
    """
    svc = _service(row, user)
    svc.change_pairing(boards, bye=bye, reason=reason)
    warnings = [texts.text(w) for w in svc.warnings]
    _commit(row, svc, user)
    return Warned(_("Pairing changed and logged."), warnings)


def pair_by_hand(
    row: models.Tournament,
    boards: list[tuple[int, int]],
    bye: int | None,
    reason: str,
    user: Actor,
    *,
    confirmed: bool = False,
) -> str:
    """The next round made by hand when the engine proves none exists (VCL4THP Q63-Q69).

    The core refuses while the engine can pair the round, and raises ``by_hand.confirm`` (Level 3,
    Q69) with what the round breaks until ``confirmed``; the desk shows that as a confirmation page.
    The round is a draft, like a round the engine pairs at the desk.
    """
    svc = _service(row, user)
    if svc.state.finished:
        raise ArbitroError(_("the tournament is finished: the chief arbiter must re-open it before pairing"))
    try:
        svc.pair_round_by_hand(boards, bye=bye, reason=reason.strip(), confirm=confirmed)
    except ArbitroError as err:
        if err.code == "by_hand.confirm":  # each breach in the reader's language for the Level-3 page
            from arbitro.tournament.by_hand import round_breaches

            number = int(err.params.get("round", svc.state.paired_rounds + 1))
            err.breaches_shown = [texts.text(m) for m in round_breaches(svc.state, number, boards, bye)]
        raise
    warnings = [texts.text(w) for w in svc.warnings]
    _commit(row, svc, user)
    return Warned(
        _("Round %(n)s made by hand as a draft and logged (### MPA): review it, then publish it.")
        % {"n": svc.state.paired_rounds},
        warnings,
    )


class Warned(str):
    """A desk message with the core's warnings of the command (shown apart, as warnings)."""

    warnings: list[str]

    def __new__(cls, text: str, warnings: list[str]) -> Warned:
        obj = super().__new__(cls, text)
        obj.warnings = list(warnings)
        return obj


def withdraw(row: models.Tournament, start_rank: int, user: Actor) -> None:
    svc = _service(row, user)
    svc.withdraw(start_rank)
    _commit(row, svc, user)


def record_bye(row: models.Tournament, start_rank: int, rnd: int, kind: str, user: Actor) -> None:
    """A bye recorded at the desk: the core's request, and the request's row (accepted) for the desk's list."""
    request_bye(row, start_rank, rnd, kind, user)
    models.ByeRequest.objects.create(
        tournament=row,
        player=public_id(row, start_rank),
        round=rnd,
        kind=kind,
        status=models.ByeRequest.Status.ACCEPTED,
        message="recorded at the desk",
        reason_code="desk",  # said in the reader's language (texts.stored_text)
    )


def finish(row: models.Tournament, reason: str, user: Actor) -> None:
    """Finish the tournament (an event); refused while a result is missing (:func:`check_finish`)."""
    check_finish(row)
    _run(row, user, lambda svc: svc.finish(reason=reason.strip()))


def reopen(row: models.Tournament, reason: str, user: Actor) -> None:
    """Re-open a finished tournament (an event)."""
    now = state(row)
    if now is not None and not now.finished:
        raise ArbitroError(_("the tournament is not finished"))
    _run(row, user, lambda svc: svc.reopen(reason=reason.strip()))


def _pair_job(row: models.Tournament, user: Actor) -> str:
    """The worker's pairing (issue 19 §4): a draft, as at the desk."""
    n = pair_next(row, user, publish=False)
    return _("Round %(n)s paired as a draft: review it, then publish it. Nothing of it is public yet.") % {"n": n}


def pair_draft(row: models.Tournament, user: Actor) -> str:
    """The desk's "Pair": the next round as a draft, in the worker when there is one (Redis, issue 19 §4)."""
    if jobs.enabled():  # off the request path; a draft as here
        return jobs.enqueue("pair", row, user)
    return _pair_job(row, user)


jobs.register("pair", _pair_job)


