"""Desk actions through the core tournament service (:mod:`arbitro.tournament`).

Each action replays the tournament's event log into a core
:class:`~arbitro.tournament.TournamentService`, calls one command (the core
checks the rules and raises :class:`~arbitro.errors.ArbitroError` with a message
for the arbiter), appends the new events to the database log and saves the new
state (written by the core TRF writer). No chess rule is decided here.

A tournament imported from a TRF file is given its event log on its first desk
action (:func:`adopt`, through the core ``events_from_tournament``); from then
on it is run like any other. A file the core cannot turn into a log (say, an
inconsistent round) stays read-only, with the core's message.
"""

from __future__ import annotations

import datetime as _dt
import random
import time
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from arbitro.errors import ArbitroError
from arbitro.model import Tournament as CoreTournament
from arbitro.tournament import ByeLimits, TournamentService, TournamentState, event_from_dict
from arbitro.tournament import replay as core_replay
from arbitro.tournament.importing import events_from_tournament

from . import federation, models, permissions, result_entry, store


def available() -> bool:
    return True


def _core_events(events: list[models.TournamentEvent]) -> list[Any]:
    return [
        event_from_dict(
            {"kind": e.kind, "payload": e.payload, "timestamp": e.created.isoformat() if e.created else "", "author": _author(e)},
            where=f"event {e.seq}",
        )
        for e in events
    ]


def _author(e: models.TournamentEvent) -> str:
    return e.author.get_username() if e.author_id and e.author else ""


def is_event_based(row: models.Tournament) -> bool:
    return not row.base_trf


def state(row: models.Tournament) -> TournamentState | None:
    """The core lifecycle state of an event-based tournament (cached per version)."""
    if not is_event_based(row):
        return None
    return store.cached(row, "state", lambda: core_replay(_log(row)))


def _log(row: models.Tournament) -> list[Any]:
    """The core events of a row (plain tuples from the database: no model instances)."""
    rows = row.events.order_by("seq").values_list("seq", "kind", "payload", "created", "author__username")
    return [
        event_from_dict(
            {"kind": kind, "payload": payload, "timestamp": created.isoformat() if created else "", "author": author or ""},
            where=f"event {seq}",
        )
        for seq, kind, payload, created, author in rows
    ]


def replay(row: models.Tournament, events: list[models.TournamentEvent]) -> CoreTournament:
    """State = replay of the log (core ``arbitro.tournament.replay``)."""
    if row.base_trf:
        return store.parse(row.base_trf, source=f"{row.slug}.trf", validate=False)
    return to_model(core_replay(_core_events(events)))


def to_model(st: TournamentState) -> CoreTournament:
    """The TRF view of a state; a published round still waiting for results is shown with its boards."""
    pending = bool(st.rounds) and not st.rounds[-1].complete and st.rounds[-1].published
    return st.to_tournament(include_pending=pending)


def adopt(row: models.Tournament) -> None:
    """Give an imported tournament its event log (core ``events_from_tournament``), once.

    The log replaces the imported snapshot as the tournament's state; nothing is
    decided here. Raises :class:`ArbitroError` (the core's reason) when the file
    cannot be turned into a consistent log: the tournament then stays read-only.
    """
    if is_event_based(row):
        return
    core = store.parse(row.base_trf, source=f"{row.slug}.trf", validate=False)
    try:
        events = events_from_tournament(core, author="import")
    except ArbitroError as err:
        raise ArbitroError(
            _("this tournament was imported from a TRF file that cannot be continued here: %(why)s") % {"why": err}
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
        row.save(update_fields=["base_trf"])
        st = core_replay(events)
        row.status = _status(st)
        store.save_state(row, to_model(st))


def _service(row: models.Tournament, user: Any) -> TournamentService:
    adopt(row)
    author = user.get_username() if getattr(user, "is_authenticated", False) else "web"
    return TournamentService(_log(row), author=author)


def _status(st: TournamentState) -> str:
    total = st.total_rounds
    if not st.rounds:
        return models.Tournament.Status.REGISTRATION
    if total is not None and st.paired_rounds >= total and st.rounds[-1].complete:
        return models.Tournament.Status.FINISHED
    return models.Tournament.Status.RUNNING


CHANGED_MEANWHILE = gettext_lazy("this tournament was changed meanwhile by someone else; nothing was saved: reload and try again")


class ChangedMeanwhile(ArbitroError):
    """Another change was committed between this command's replay and its commit (optimistic concurrency)."""


def _commit(row: models.Tournament, svc: TournamentService, user: Any) -> None:
    """Append the service's new events and save the new state (one transaction)."""
    new = svc.new_events
    if not new:
        return
    author = user if getattr(user, "is_authenticated", False) else None
    base = len(svc.events) - len(new)  # events the service replayed before this command (optimistic concurrency)
    try:
        with transaction.atomic():
            # One writer per tournament (a row lock on PostgreSQL; SQLite's IMMEDIATE transaction locks the file).
            locked = models.Tournament.objects.select_for_update().filter(pk=row.pk).values_list("version", flat=True).first()
            if locked is not None:
                row.version = locked
            last = row.events.order_by("-seq").values_list("seq", flat=True).first() or 0
            if last != base:
                raise ChangedMeanwhile(str(CHANGED_MEANWHILE))
            models.TournamentEvent.objects.bulk_create(
                models.TournamentEvent(tournament=row, seq=i, kind=ev.kind, payload=ev.payload, author=author)
                for i, ev in enumerate(new, start=last + 1)
            )
            row.status = _status(svc.state)
            store.save_state(row, to_model(svc.state))
    except IntegrityError:
        raise ChangedMeanwhile(str(CHANGED_MEANWHILE)) from None


# -- commands -----------------------------------------------------------------


def create(
    data: dict[str, Any], user: Any, build: Callable[[TournamentService], None] | None = None
) -> models.Tournament:
    """A new tournament; for an FMA category the format and tie-breaks come from the rulebook.

    ``build`` may run more commands on the new service before anything is saved
    (the demo plays whole tournaments this way, in one transaction).
    """
    svc = TournamentService(author=user.get_username() if user else "web")
    category = data.get("fma_category") or ""
    system = {"swiss": "dutch", "rr": "round_robin", "drr": "double_round_robin"}.get(data.get("system") or "swiss", "dutch")
    rounds = data.get("rounds")
    tiebreaks: list[str] = []
    limits = None
    if category:
        fmt = federation.format_for(int(data.get("entrants") or 0))
        system, rounds, tiebreaks, limits = fmt.system, fmt.rounds, fmt.tiebreaks, fmt.bye_limits
    if system != "dutch":
        rounds = None

    def iso(d: _dt.date | None) -> str:
        return d.isoformat() if d else ""

    svc.create(
        name=data["name"],
        system=system,
        rounds=rounds,
        city=data.get("city") or "",
        federation=data.get("federation") or ("ARG" if category else ""),
        start_date=iso(data.get("start_date")),
        end_date=iso(data.get("end_date")),
        chief_arbiter=data.get("chief_arbiter") or "",
        time_control=data.get("time_control") or "",
        tiebreaks=tiebreaks,
        bye_limits=limits or ByeLimits(),
    )
    if build is not None:
        build(svc)
    with transaction.atomic():
        row = models.Tournament.objects.create(
            slug=store.unique_slug(data["name"]),
            name=data["name"],
            city=data.get("city") or "",
            start_date=data.get("start_date"),
            end_date=data.get("end_date"),
            fma_category=category,
            season=data.get("season"),
        )
        _commit(row, svc, user)
        if getattr(user, "is_authenticated", False):  # the creator runs it
            models.Role.objects.get_or_create(user=user, tournament=row, kind=models.Role.Kind.CHIEF_ARBITER)
    return row


def register(row: models.Tournament, data: dict[str, Any], user: Any) -> int:
    svc = _service(row, user)
    number = svc.register_player(
        data["name"],
        rating=data.get("rating") or 0,
        title=data.get("title") or "",
        federation=data.get("federation") or "",
        fide_id=data.get("fide_id") or "",
        sex=data.get("sex") or "",
        birth_date=data.get("birth_date") or "",
    )
    _commit(row, svc, user)
    return int(number)


def register_many(row: models.Tournament, text: str, user: Any) -> list[int]:
    """One player per line: ``Surname, Given; rating; FIDE ID; federation; title`` (only the name is required)."""
    svc = _service(row, user)
    numbers = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(";")] + [""] * 5
        name, rating, fide_id, fed, title = parts[:5]
        try:
            rating_value = int(rating) if rating else 0
        except ValueError:
            raise ArbitroError(
                _("line %(n)s: rating: expected a whole number, got %(got)r") % {"n": lineno, "got": rating}
            ) from None
        try:
            numbers.append(int(svc.register_player(name, rating=rating_value, fide_id=fide_id, federation=fed, title=title)))
        except ArbitroError as err:
            raise ArbitroError(_("line %(n)s: %(err)s") % {"n": lineno, "err": err}) from None
    _commit(row, svc, user)
    return numbers


def request_bye(row: models.Tournament, start_rank: int, rnd: int, kind: str, user: Any) -> None:
    svc = _service(row, user)
    if row.fma_category and kind == "H":
        federation.check_fma_bye(svc.state, start_rank, rnd)
    svc.request_bye(start_rank, rnd, kind)
    _commit(row, svc, user)


def pair_next(row: models.Tournament, user: Any, seed: int | None = None) -> int:
    svc = _service(row, user)
    svc.pair_next_round(seed=seed)
    svc.publish_round()
    _commit(row, svc, user)
    return svc.state.paired_rounds


def _shown(seen: str, game: Any, fide_mode: bool) -> bool:
    """Is ``seen`` (the result the arbiter's page showed) still the board's result?"""
    from arbitro.tournament import format_result, parse_result

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
    row: models.Tournament, rnd: int, results: dict[int, str], user: Any, seen: dict[int, str] | None = None
) -> int:
    """Enter (or correct) the results typed at the desk: board -> result text.

    ``seen``: board -> the result the arbiter's page showed. A board whose result
    was changed meanwhile by someone else is refused (optimistic concurrency: no
    lost update), unless the arbiter typed the same result.
    """
    from arbitro.tournament import format_result

    svc = _service(row, user)
    round_state = svc.state.round(rnd)
    done = 0
    for board, text in sorted(results.items()):
        text = text.strip()
        if not text:
            continue
        game = round_state.boards[board - 1] if 0 < board <= len(round_state.boards) else None
        if game is not None and game.has_result:
            from arbitro.tournament import format_result, parse_result

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
            if rnd < svc.state.paired_rounds and not permissions.can(user, row, "correct"):
                raise ArbitroError(
                    _("round %(r)s is closed: only the chief arbiter may correct its results (C.04.2 4.3)")
                    % {"r": rnd}
                )
            svc.correct_result(board, text, round_number=rnd, reason="desk")
        else:
            svc.enter_result(board, text, round_number=rnd)
        round_state = svc.state.round(rnd)
        done += 1
    _commit(row, svc, user)
    return done


def change_pairing(row: models.Tournament, boards_text: str, bye_text: str, reason: str, user: Any) -> str:
    """A manual pairing of the last round: one ``white black`` pair of pairing numbers per line.

    The core compares it with the engine's pairing, refuses in FIDE mode what the
    rules forbid, and logs the difference (``### MPA @ Round n``); its warnings are returned.
    """
    boards: list[tuple[int, int]] = []
    for lineno, line in enumerate(boards_text.splitlines(), start=1):
        parts = line.replace("-", " ").split()
        if not parts:
            continue
        if len(parts) != 2:
            raise ArbitroError(
                _("line %(n)s: expected two pairing numbers (white black), got %(got)r") % {"n": lineno, "got": line.strip()}
            )
        boards.append((_int(parts[0], f"line {lineno}"), _int(parts[1], f"line {lineno}")))
    bye = _int(bye_text, "bye") if bye_text.strip() else None
    svc = _service(row, user)
    svc.change_pairing(boards, bye=bye, reason=reason)
    warnings = list(svc.warnings)
    _commit(row, svc, user)
    text = _("Pairing changed and logged.")
    return " ".join([text, *warnings])


def withdraw(row: models.Tournament, start_rank: int, user: Any) -> None:
    svc = _service(row, user)
    svc.withdraw(start_rank)
    _commit(row, svc, user)


def perform(row: models.Tournament, op: str, data: Any, user: Any) -> str:
    """Dispatch a desk form (``op``) to one command; returns the message to show."""
    if op == "pair":
        n = pair_next(row, user)
        return _("Round %(n)s paired and published.") % {"n": n}
    if op == "results":
        rnd = _int(data.get("round"), "round")
        for attempt in range(_RESULT_ATTEMPTS):  # results of other boards saved meanwhile: apply ours to the new state
            results: dict[int, str] = {}
            adopt(row)
            st = state(row)
            if st is None:
                raise ArbitroError(_("this tournament was imported from a TRF file: it is read-only at the desk"))
            boards = st.round(rnd).boards
            seen: dict[int, str] = {}
            for i, game in enumerate(boards, start=1):
                value = data.get(f"r_{game.white}_{game.black}", "")
                if value:
                    results[i] = value
                shown = data.get(f"s_{game.white}_{game.black}")
                if shown is not None:
                    seen[i] = str(shown)
            result_entry.check_typed(results, st.fide_mode)  # issue 15: the core parser, an error per board
            try:
                n = enter_results(row, rnd, results, user, seen=seen)
                break
            except ChangedMeanwhile:
                if attempt == _RESULT_ATTEMPTS - 1:
                    raise
                time.sleep(random.uniform(0, 0.02 * (attempt + 1)))  # spread the retries of many arbiters
                row.refresh_from_db()
        return _("%(n)s results saved.") % {"n": n}
    if op == "no_show":  # FMA 4.3: a forfeit for non-appearance once the default hour has run out
        from . import federation

        if not row.fma_category:
            raise ArbitroError(_("the default-time rule (FMA 4.3) applies only to FMA category tournaments"))
        rnd = _int(data.get("round"), "round")
        board = _int(data.get("board"), "board")
        st = state(row)
        if st is None:
            raise ArbitroError(_("this tournament was imported from a TRF file: it is read-only at the desk"))
        boards = st.round(rnd).boards
        if not 0 < board <= len(boards):
            raise ArbitroError(_("board: round %(r)s has no board %(b)s") % {"r": rnd, "b": board})
        game = boards[board - 1]
        if game.has_result:
            raise ArbitroError(
                _("board %(b)s already has a result; correct it in the results form") % {"b": board}
            )
        names = {"white": st.player(game.white).name, "black": st.player(game.black).name}
        result, text = federation.no_show_result(
            str(data.get("absent") or ""), str(data.get("start") or ""), str(data.get("time") or ""), names
        )
        enter_results(row, rnd, {board: result}, user)
        return text
    if op == "prizes":  # issue 20: the prize list (docs/formats/prizes.md); empty removes it
        from . import prizes

        prizes.save(row, str(data.get("prize_list") or ""))
        return _("Prize list saved.")
    if op == "register":
        from .forms import RegisterForm

        form = RegisterForm(data)
        if not form.is_valid():
            raise ArbitroError("; ".join(f"{k}: {' '.join(str(e) for e in v)}" for k, v in form.errors.items()))
        n = register(row, form.cleaned_data, user)
        return _("Player registered with number %(n)s.") % {"n": n}
    if op == "register_many":
        numbers = register_many(row, str(data.get("players") or ""), user)
        return _("%(n)s players registered.") % {"n": len(numbers)}
    if op == "change_pairing":
        return change_pairing(row, str(data.get("boards") or ""), str(data.get("bye") or ""), str(data.get("reason") or ""), user)
    if op == "withdraw":
        withdraw(row, _int(data.get("player"), "player"), user)
        return _("Player withdrawn.")
    if op == "bye":
        kind = str(data.get("kind") or "H").upper()
        request_bye(row, _int(data.get("player"), "player"), _int(data.get("round"), "round"), kind, user)
        models.ByeRequest.objects.create(
            tournament=row,
            start_rank=_int(data.get("player"), "player"),
            round=_int(data.get("round"), "round"),
            kind=kind,
            status=models.ByeRequest.Status.ACCEPTED,
            message=_("recorded at the desk"),
        )
        return _("Bye recorded.")
    if op == "publish":
        svc = _service(row, user)
        svc.publish_round()
        _commit(row, svc, user)
        return _("Round published.")
    if op == "finish":
        row.status = models.Tournament.Status.FINISHED
        row.version += 1
        row.save(update_fields=["status", "version", "updated"])
        return _("Tournament marked as finished.")
    raise ArbitroError(_("unknown action %(op)s") % {"op": op})


#: Results on other boards merge by replaying on the new state; eight arbiters entering at once
#: (issue 21) must all get through, so a submission retries this often before "changed meanwhile".
_RESULT_ATTEMPTS = 12


def _int(value: Any, field: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ArbitroError(_("%(field)s: expected a whole number, got %(got)r") % {"field": field, "got": value}) from None
