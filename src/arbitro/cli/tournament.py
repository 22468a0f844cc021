"""``arbitro tournament``: run a tournament on a plain file (issue 5).

The tournament lives in two files side by side: ``NAME.trf`` (TRF-2026, for
people and other programs) and ``NAME.events.jsonl`` (the event log, one JSON
event per line, docs/formats/event-log.md). The log is the truth: every
command replays it, runs one service command, appends the new events, then
rewrites the TRF (atomically) as the replay of the log.
"""

import csv
import datetime as dt
import getpass
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Annotated

import typer

from arbitro.errors import ArbitroError
from arbitro.model import Player
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem
from arbitro.ratings.fidelist import RatingListEntry, iter_txt_list
from arbitro.standings import compute_standings
from arbitro.tournament import (
    ByeLimits,
    Event,
    TournamentService,
    TournamentState,
    event_from_json,
    event_to_json,
    replay,
)
from arbitro.tournament.chess960 import starting_rank
from arbitro.tournament.state import pairing_system
from arbitro.trf import atomic_write_text, format_trf, parse_trf
from arbitro.views import RoundSheet, game_result_text, round_sheet, standings_table

tournament_app = typer.Typer(
    help="Run a tournament from registration to the final TRF (file + event log).", no_args_is_help=True
)

FileArg = Annotated[Path, typer.Argument(help="The tournament's TRF file (its event log is NAME.events.jsonl).")]
AuthorOpt = Annotated[
    str | None, typer.Option("--author", help="Who does this (default: $ARBITRO_AUTHOR or the login name).")
]
_BYE_KINDS = {
    **dict.fromkeys(("h", "half", "half-point", "0.5", "½", "1/2", "hpb"), "H"),
    **dict.fromkeys(("z", "zero", "zero-point", "0", "zpb", "absent"), "Z"),
    **dict.fromkeys(("f", "full", "full-point", "1", "fpb"), "F"),
}


def _system_name(text: str | None) -> PairingSystem:
    """The ``--system`` named (a registry key or alias), default the first Swiss system."""
    if text is None:
        return registry.default_swiss()
    try:
        return pairing_system(text, aliases=True)
    except ArbitroError as err:
        raise ArbitroError(f"--{err}") from None


_SYSTEM_HELP = ", ".join(s.key.replace("_", "-") for s in registry.service_systems())


# -- files -------------------------------------------------------------------


def log_path(trf: Path) -> Path:
    """``NAME.trf`` -> ``NAME.events.jsonl`` beside it."""
    return trf.with_suffix(".events.jsonl") if trf.suffix else trf.with_name(trf.name + ".events.jsonl")


def read_log(path: Path) -> list[Event]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ArbitroError(f"{path}: no such event log (create the tournament with `arbitro tournament new`)") from None
    except OSError as exc:
        raise ArbitroError(f"{path}: cannot read: {exc.strerror}") from None
    return [event_from_json(line, f"{path}:{n}") for n, line in enumerate(text.splitlines(), start=1) if line.strip()]


def _author(author: str | None) -> str:
    if author:
        return author
    env = os.environ.get("ARBITRO_AUTHOR")
    if env:
        return env
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "arbiter"


def _trf_text(state: TournamentState, version: str = "trf26") -> str:
    """The TRF file: the rating report (results corrected for it only in the ``001`` blocks, VCL4THP Q192)."""
    return format_trf(state.to_tournament(rating_report=True), version)


def _same_content(text: str | None, state: TournamentState) -> bool:
    """Same players, results and comments (the text may differ after an Arbitro upgrade)."""
    if text is None:
        return False
    parsed = parse_trf(text, validate=False)
    if parsed.errors:
        return False
    expected = state.to_tournament(rating_report=True)
    return parsed.tournament.players == expected.players and parsed.tournament.comments == expected.comments


def open_service(trf: Path, author: str | None) -> TournamentService:
    """Replay the log beside ``trf``; refuse if the TRF was changed outside Arbitro."""
    svc = TournamentService(read_log(log_path(trf)), author=_author(author))
    if trf.exists():
        try:
            on_disk = trf.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            on_disk = None
        if on_disk != _trf_text(svc.state) and not _same_content(on_disk, svc.state):
            raise ArbitroError(
                f"{trf}: differs from the replay of {log_path(trf).name} (edited outside Arbitro?); "
                f"the event log is authoritative: run `arbitro tournament rebuild {trf}` to rewrite it"
            )
    return svc


def save(trf: Path, svc: TournamentService, new: Sequence[Event] | None = None) -> None:
    """Append the new events (default: the service's) to the log (fsync), then rewrite the TRF atomically."""
    new = svc.new_events if new is None else new
    if new:
        path = log_path(trf)
        with path.open("a+", encoding="utf-8", newline="\n") as fh:
            _lock(fh)
            fh.seek(0)
            on_disk = sum(1 for line in fh if line.strip())
            expected = len(svc.events) - len(new)
            if on_disk != expected:
                raise ArbitroError(
                    f"{path}: the tournament changed while this command ran ({on_disk - expected} new event(s)); "
                    "nothing was written: run the command again"
                )
            for event in new:
                fh.write(event_to_json(event) + "\n")
            fh.flush()
            os.fsync(fh.fileno())
    atomic_write_text(trf, _trf_text(svc.state))
    for warning in svc.warnings:
        typer.echo(f"warning: {warning}", err=True)


def _lock(fh: IO[str]) -> None:
    """An exclusive lock on the open log until it is closed (POSIX; elsewhere the count check alone)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return
    fcntl.flock(fh.fileno(), fcntl.LOCK_EX)


def _run(trf: Path, author: str | None) -> TournamentService:
    return open_service(trf, author)


# -- output ------------------------------------------------------------------


def _sheet(state: TournamentState, number: int | None = None) -> RoundSheet:
    """A round of the log as every face shows it (:func:`arbitro.views.round_sheet`: C.04.2 3.6 board order)."""
    rnd = state.round(number)
    return round_sheet(state.to_tournament(include_pending=True, ranks=False), rnd.number)


def _log_board(state: TournamentState, number: int | None, board: int) -> int:
    """The log's index of the game shown on ``board`` (the log keeps the boards in the order they were paired)."""
    rnd = state.round(number)
    try:
        pair = _sheet(state, rnd.number).game(board).pair
    except ArbitroError as err:
        raise ArbitroError(f"result: {err}") from None
    for index, game in enumerate(rnd.boards, start=1):
        if (game.white, game.black) == pair:
            return index
    raise ArbitroError(f"round {rnd.number}: no board {board}")


def pairing_lines(state: TournamentState, number: int | None = None) -> list[str]:
    """A round as text: ``Bo  White (pts)  result  Black (pts)``, then byes and absences."""
    rnd = state.round(number)
    sheet = _sheet(state, rnd.number)

    def who(p: Player, points: str) -> str:  # the score before this round, as on a pairing list
        return f"{p.start_rank:>3} {p.name} ({points})"

    status = "published" if rnd.published else "not published"
    lines = [f"Round {rnd.number} ({status}{', changed by hand' if rnd.manual else ''})"]
    position = state.chess960_positions.get(rnd.number) if state.chess960 else None
    if position is not None:  # FIDE Laws, Guidelines III; VCL4THP Q222
        lines.append(f"Chess960 starting position {position}: {starting_rank(position)} (every board)")
    for g in sheet.games:
        res = g.result or "   "
        lines.append(f"{g.board:>3}  {who(g.white, g.white_points_text):<40} {res:^7} {who(g.black, g.black_points_text)}")
    names = {
        "pab": "free round (Berger)" if state.is_round_robin else "pairing-allocated bye",
        "half_bye": "half-point bye",
        "zero_bye": "zero-point bye / absent",
        "full_bye": "full-point bye",
        "absent": "absent",
    }
    for b in sheet.byes:
        kind = names["pab"] if b.player.start_rank == rnd.bye else names.get(b.kind, b.kind)
        gone = " (withdrawn)" if state.is_withdrawn(b.player.start_rank, rnd.number) else ""
        lines.append(f"     {who(b.player, b.points_text)}: {kind}{gone}")
    return lines


def _echo(lines: list[str]) -> None:
    for line in lines:
        typer.echo(line)


# -- commands ----------------------------------------------------------------


@tournament_app.command("new")
def new_cmd(
    file: FileArg,
    name: Annotated[str | None, typer.Option("--name", help="Tournament name (012).")] = None,
    system: Annotated[
        str | None, typer.Option("--system", help=f"{_SYSTEM_HELP} (default: {registry.default_swiss().key}).")
    ] = None,
    rounds: Annotated[int | None, typer.Option("--rounds", help="Rounds (Swiss only; 142).")] = None,
    city: Annotated[str, typer.Option("--city")] = "",
    federation: Annotated[str, typer.Option("--federation", "--fed")] = "",
    start: Annotated[str, typer.Option("--start", help="Start date YYYY-MM-DD.")] = "",
    end: Annotated[str, typer.Option("--end", help="End date YYYY-MM-DD.")] = "",
    arbiter: Annotated[str, typer.Option("--arbiter", help="Chief arbiter (102).")] = "",
    time_control: Annotated[str, typer.Option("--time-control", help="e.g. 90'+30\" (122).")] = "",
    initial_colour: Annotated[
        str | None, typer.Option("--initial-colour", help="w or b for player 1 in round 1 (default: drawn by lot).")
    ] = None,
    max_half_byes: Annotated[int | None, typer.Option("--max-half-byes")] = None,
    max_zero_byes: Annotated[int | None, typer.Option("--max-zero-byes")] = None,
    max_full_byes: Annotated[int | None, typer.Option("--max-full-byes")] = None,
    bye_last_round: Annotated[int | None, typer.Option("--bye-last-round", help="No bye after this round.")] = None,
    bye_deadline: Annotated[
        int | None, typer.Option("--bye-deadline", help="Requests refused once this round has been paired.")
    ] = None,
    tiebreaks: Annotated[
        str, typer.Option("--tiebreaks", help="C.07 tie-breaks in order, e.g. BH/C1,BH,SB,DE (TRF-2026 202).")
    ] = "",
    chess960: Annotated[
        bool,
        typer.Option(
            "--chess960",
            help="Play Chess960: a starting position is drawn for every round, printed with the pairing and "
            "written to the TRF as a ### line (FIDE Laws, Guidelines III).",
        ),
    ] = False,
    no_last_rounds_swap: Annotated[
        bool,
        typer.Option(
            "--no-last-rounds-swap",
            help="Double round robin: keep the last two rounds of the first cycle in table order "
            "(C.05 Annex 1 swaps them by default).",
        ),
    ] = False,
    from_trf: Annotated[
        Path | None, typer.Option("--from-trf", help="Start from an existing TRF file (players, rounds, results).")
    ] = None,
    accept_broken_rounds: Annotated[
        bool,
        typer.Option(
            "--accept-broken-rounds",
            help="With --from-trf: confirm (Level 3) importing rounds that break the pairing rules; "
            "each is written as ### Import @ Round n.",
        ),
    ] = False,
    confirm: Annotated[
        str,
        typer.Option(
            "--confirm",
            metavar="TOKEN",
            help="With --from-trf: a file whose scoring FIDE mode refuses leaves FIDE mode (Level 4): "
            "the first run warns and prints a token, the second repeats it here.",
        ),
    ] = "",
    author: AuthorOpt = None,
) -> None:
    """Create a tournament: NAME.trf and its event log NAME.events.jsonl."""
    for path in (file, log_path(file)):
        if path.exists():
            raise ArbitroError(f"{path}: already exists; choose another file name")
    if from_trf is not None:
        from arbitro.tournament.importing import BrokenRounds, events_from_tournament
        from arbitro.trf import read_trf

        try:
            events = events_from_tournament(
                read_trf(from_trf),
                author=_author(author),
                accept_broken_rounds=accept_broken_rounds,
                leave_fide_mode_token=confirm,
            )
        except BrokenRounds as err:  # VCL4THP Q54-Q55: Level 3, nothing written until confirmed
            raise ArbitroError(
                f"{from_trf}: {err}\nnothing was created; run again with --accept-broken-rounds to import it as it is"
            ) from None
        except ArbitroError as err:
            if "confirm a second time with the token" in str(err):  # the Level-4 exit (VCL4THP Q43)
                token = str(err).rsplit(" ", 1)[1]
                raise ArbitroError(f"{from_trf}: {err} (run again with --confirm {token})") from None
            raise
        svc = TournamentService(events)
        save(file, svc, events)
        typer.echo(f"{file}: created from {from_trf} ({svc.state.system}, {len(svc.state.header.players)} players, "
                   f"{svc.state.paired_rounds} rounds); event log {log_path(file).name}")
        for note in svc.state.header.comments:
            if note.startswith("Import @ Round"):
                typer.echo(f"### {note}")
        return
    if not name:
        raise ArbitroError("--name: a tournament needs a name")
    chosen = _system_name(system)
    if chosen.is_round_robin and rounds is not None:
        typer.echo("warning: --rounds ignored: a round robin's rounds follow from the number of players", err=True)
        rounds = None
    svc = TournamentService(author=_author(author))
    svc.create(
        name=name,
        system=chosen.key,
        rounds=rounds,
        city=city,
        federation=federation,
        start_date=start,
        end_date=end,
        chief_arbiter=arbiter,
        time_control=time_control,
        initial_colour=initial_colour,
        bye_limits=ByeLimits(max_half_byes, max_zero_byes, max_full_byes, bye_last_round, bye_deadline),
        tiebreaks=[t for t in tiebreaks.replace(";", ",").replace(" ", ",").split(",") if t],
    )
    if chess960:
        svc.change_settings(chess960=True)
    if no_last_rounds_swap:
        svc.change_settings(no_last_rounds_swap=True)
    save(file, svc)
    typer.echo(f"{file}: created ({system or chosen.key}); event log {log_path(file).name}")


@tournament_app.command("add-player")
def add_player_cmd(
    file: FileArg,
    name: Annotated[str | None, typer.Argument(help="Surname, First name (optional with --rating-list).")] = None,
    rating: Annotated[int, typer.Option("--rating")] = 0,
    title: Annotated[str, typer.Option("--title")] = "",
    federation: Annotated[str, typer.Option("--federation", "--fed")] = "",
    fide_id: Annotated[str, typer.Option("--fide-id")] = "",
    sex: Annotated[str, typer.Option("--sex", help="m or w.")] = "",
    birth: Annotated[str, typer.Option("--birth", help="Birth date as in TRF: YYYY/MM/DD.")] = "",
    missed: Annotated[str, typer.Option("--missed", help="Late entry: Z or H for rounds already paired.")] = "Z",
    rating_list: Annotated[
        Path | None, typer.Option("--rating-list", help="FIDE rating list (TXT) to take the player's data from by --fide-id.")
    ] = None,
    rating_type: Annotated[str, typer.Option("--rating-type", help="standard, rapid or blitz.")] = "standard",
    author: AuthorOpt = None,
) -> None:
    """Register a player (a late entry too), by hand or by FIDE id from a rating list."""
    fields: dict[str, object] = {
        "rating": rating, "title": title.upper(), "federation": federation.upper(), "fide_id": fide_id,
        "sex": sex, "birth_date": birth,
    }
    if rating_list is not None:
        if not fide_id.isdigit():
            raise ArbitroError("--fide-id: a FIDE id (digits) is needed to register from a rating list")
        from arbitro.tournament.registration import player_fields_from_list

        entry = _find_in_list(rating_list, int(fide_id), rating_type)
        fields = player_fields_from_list(entry, rating_type)
        name = name or str(fields.pop("name"))
        fields.pop("name", None)
    if not name:
        raise ArbitroError("name: give the player's name (or --fide-id with --rating-list)")
    svc = _run(file, author)
    number = svc.register_player(name, missed_rounds=missed.upper(), **fields)  # type: ignore[arg-type]
    if rating_list is not None:  # the official ratings with their source (VCL4THP Q116, Q134)
        from arbitro.tournament.registration import official_ratings_from_list

        listed = dt.datetime.fromtimestamp(rating_list.stat().st_mtime, dt.UTC).date().isoformat()
        svc.set_official_ratings(number, official_ratings_from_list(entry, rating_list.name, listed))
    save(file, svc)
    typer.echo(f"{name}: pairing number {number}")


def _find_in_list(path: Path, fide_id: int, rating_type: str) -> RatingListEntry:
    try:
        with path.open("rb") as fh:
            for item in iter_txt_list(fh, rating_type=rating_type):
                if isinstance(item, RatingListEntry) and item.fide_id == fide_id:
                    return item
    except OSError as exc:
        raise ArbitroError(f"{path}: cannot read: {exc.strerror}") from None
    raise ArbitroError(f"{path}: FIDE id {fide_id} is not in this rating list")


@tournament_app.command("add-players")
def add_players_cmd(
    file: FileArg,
    csv_file: Annotated[
        Path, typer.Argument(help="CSV with a header row: name, rating, title, federation, fide_id, sex, birth_date.")
    ],
    author: AuthorOpt = None,
) -> None:
    """Register players from a CSV file (all or none)."""
    from arbitro.limits import MAX_TRF_BYTES, decode_text
    from arbitro.trf.files import read_input

    text, bad_line = decode_text(read_input(csv_file, MAX_TRF_BYTES, "CSV file"))  # bounded as a TRF (limits.md)
    if bad_line is not None:  # read as Latin-1, never silently (issue 38)
        typer.echo(f"{csv_file}:{bad_line}: warning: not UTF-8 (the first invalid byte is on this line); "
                   "the whole file is read as Latin-1", err=True)  # fmt: skip
    rows = list(csv.DictReader(text.splitlines()))
    if not rows or "name" not in rows[0]:
        raise ArbitroError(f"{csv_file}:1: header: expected a header row with at least a name column")
    svc = _run(file, author)
    for line, row in enumerate(rows, start=2):
        rating = (row.get("rating") or "0").strip()
        if not (rating.isascii() and rating.isdigit() and len(rating) <= 4):  # ASCII digits only (issue 38)
            raise ArbitroError(f"{csv_file}:{line}: rating: expected a whole number, got {rating!r}")
        try:
            svc.register_player(
                (row.get("name") or "").strip(),
                rating=int(rating),
                title=(row.get("title") or "").strip().upper(),
                federation=(row.get("federation") or "").strip().upper(),
                fide_id=(row.get("fide_id") or "").strip(),
                sex=(row.get("sex") or "").strip(),
                birth_date=(row.get("birth_date") or "").strip(),
            )
        except ArbitroError as err:
            raise ArbitroError(f"{csv_file}:{line}: {err}") from None
    save(file, svc)
    typer.echo(f"{len(rows)} players registered")


@tournament_app.command("numbers")
def numbers_cmd(
    file: FileArg,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the lot (recorded).")] = None,
    order: Annotated[
        str | None,
        typer.Option(
            "--order",
            help="Round robin, before round 1: set the numbers by hand. The players' current numbers in the new "
            "order, comma-separated: the first listed gets number 1 (e.g. 3,1,2,4).",
        ),
    ] = None,
    swap: Annotated[
        str | None,
        typer.Option("--swap", help="Round robin, before round 1: exchange two players' numbers by hand (e.g. 2,5)."),
    ] = None,
    confirm: Annotated[
        bool,
        typer.Option("--confirm", help="Swiss: renumber even though it undoes numbers exchanged by hand (Level 3)."),
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Assign pairing numbers: Swiss by rating, title, name (C.04.2 2.2); round robin by lot, or by hand.

    A round robin's numbers can be set by hand before round 1 (VCL4THP Q95): --order lists every
    player's current number in the new order; --swap exchanges two numbers.

    Examples:

      arbitro tournament numbers rr.trf --seed 42

      arbitro tournament numbers rr.trf --order 4,2,3,1,6,5

      arbitro tournament numbers rr.trf --swap 1,4
    """
    if order is not None and swap is not None:
        raise ArbitroError("--order and --swap: give one of them")
    if seed is not None and (order is not None or swap is not None):
        raise ArbitroError("--seed: the numbers set by hand take no lot; leave --seed out")
    svc = _run(file, author)
    wanted: list[int] | None = None
    if order is not None:
        wanted = _numbers_list("--order", order)
    elif swap is not None:
        pair = _numbers_list("--swap", swap)
        if len(pair) != 2 or pair[0] == pair[1]:
            raise ArbitroError(f"--swap: expected two different pairing numbers such as 2,5, got {swap!r}")
        for number in pair:
            svc.state.player(number)
        current = sorted(svc.state.header.players)
        a, b = current.index(pair[0]), current.index(pair[1])
        current[a], current[b] = current[b], current[a]
        wanted = current
    (event,) = svc.assign_pairing_numbers(seed, order=wanted, confirm=confirm)
    save(file, svc)
    for p in svc.state.header.iter_players():
        typer.echo(f"{p.start_rank:>4} {p.name} {p.rating or ''}")
    if "seed" in event.payload:
        typer.echo(f"lot seed {event.payload['seed']}")
    if event.payload.get("method") == "manual":
        typer.echo("numbers set by hand (VCL4THP Q95)")


@tournament_app.command("tie-order")
def tie_order_cmd(
    file: FileArg,
    criterion: Annotated[
        str,
        typer.Argument(help="name (alphabetical, the default), fide_id (ascending FIDE ID), age (the older first) or lot."),
    ],
    seed: Annotated[int | None, typer.Option("--seed", help="With lot: the seed of the lot (recorded).")] = None,
    confirm: Annotated[
        bool, typer.Option("--confirm", help="Renumber even though it undoes numbers exchanged by hand (Level 3).")
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Announce the order of players of equal rating and title (C.04.2 2.2 (3), VCL4THP Q146).

    Before round 1 is paired; numbers already assigned follow it at once, and every later
    numbering (late entries) uses it.

    Examples:

      arbitro tournament tie-order open.trf fide_id

      arbitro tournament tie-order open.trf lot --seed 42
    """
    svc = _run(file, author)
    svc.announce_tie_order(criterion, seed, confirm=confirm)
    save(file, svc)
    seed_text = f" (lot seed {svc.state.tie_seed})" if svc.state.tie_seed is not None else ""
    typer.echo(f"equal rating and title ordered by {svc.state.tie_order}{seed_text}")
    if svc.state.numbers_assigned and not svc.state.is_round_robin:
        for p in svc.state.header.iter_players():
            typer.echo(f"{p.start_rank:>4} {p.name} {p.rating or ''}")


@tournament_app.command("exchange-numbers")
def exchange_numbers_cmd(
    file: FileArg,
    first: Annotated[int, typer.Argument(help="A pairing number.")],
    second: Annotated[int, typer.Argument(help="The pairing number to exchange it with.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (written to the ### line of the TRF).")] = "",
    confirm: Annotated[
        bool, typer.Option("--confirm", help="Exchange them (Level 3): without it the command only says what would change.")
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Exchange two players' pairing numbers without editing their ratings (VCL4THP Q147, C.04.2 2.3).

    Not after round 4 has been paired; in FIDE mode only for players of equal rating and title.
    The first run shows what changes (Level 3: confirm or cancel); the same command with
    --confirm exchanges them and writes a ### line into the TRF.

    Example: arbitro tournament exchange-numbers open.trf 4 5 --reason "tie order announced by FIDE ID" --confirm
    """
    svc = _run(file, author)
    if not confirm and sys.stdin.isatty():
        try:
            svc.exchange_pairing_numbers(first, second, reason=reason, confirm=False)
        except ArbitroError as err:
            if err.code != "numbers.exchange_confirm":
                raise
            typer.echo(f"WARNING: {err}")
            confirm = typer.confirm("Exchange the numbers?", default=False)
    try:
        svc.exchange_pairing_numbers(first, second, reason=reason, confirm=confirm)
    except ArbitroError as err:
        if err.code == "numbers.exchange_confirm":
            raise ArbitroError(f"{err}; nothing was written (give the same command with --confirm)") from None
        raise
    save(file, svc)
    typer.echo(f"### {svc.new_events[-1].payload['note']}")


def _numbers_list(option: str, text: str) -> list[int]:
    """``3,1,2`` -> ``[3, 1, 2]`` (spaces allowed), or a clear message."""
    items = [x.strip() for x in text.replace(" ", ",").split(",") if x.strip()]
    if not items or not all(x.isdigit() for x in items):
        raise ArbitroError(f"{option}: expected pairing numbers separated by commas, e.g. 3,1,2, got {text!r}")
    return [int(x) for x in items]


@tournament_app.command("bye")
def bye_cmd(
    file: FileArg,
    player: Annotated[int, typer.Argument(help="Pairing number.")],
    round_arg: Annotated[int | None, typer.Argument(metavar="[ROUND]", help="Round of the bye (or --round).")] = None,
    round_number: Annotated[int | None, typer.Option("--round", "-r", help="Round of the bye.")] = None,
    kind: Annotated[str, typer.Option("--kind", "--type", help="H (half point), Z (zero) or F (full point).")] = "H",
    cancel: Annotated[bool, typer.Option("--cancel", help="Cancel the request instead.")] = False,
    confirm: Annotated[
        bool,
        typer.Option("--confirm", help="Confirm a second or later half-point bye of the player (Level 3, VCL4THP Q174)."),
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Request (or cancel) a bye for a round not yet paired."""
    rnd = round_number if round_number is not None else round_arg
    if rnd is None:
        raise ArbitroError("bye: give the round (e.g. --round 3)")
    code = _BYE_KINDS.get(kind.strip().lower())
    if code is None:
        raise ArbitroError(f"--kind: expected H (half point), Z (zero point) or F (full point), got {kind!r}")
    svc = _run(file, author)
    if cancel:
        svc.cancel_bye(player, rnd)
    else:
        try:
            svc.request_bye(player, rnd, code, confirm=confirm)
        except ArbitroError as err:
            if err.code == "bye.half_point_confirm":  # Level 3: nothing written until confirmed
                raise ArbitroError(f"{err}; nothing was written: run again with --confirm to grant it") from None
            raise
    save(file, svc)
    typer.echo(f"player {player}: bye for round {rnd} {'cancelled' if cancel else code}")


@tournament_app.command("half-point-byes")
def half_point_byes_cmd(
    file: FileArg,
    player: Annotated[int, typer.Argument(help="Pairing number.")],
    eligible: Annotated[
        bool,
        typer.Option("--eligible/--ineligible", help="Whether the player may take half-point byes (VCL4THP Q175)."),
    ] = False,
    reason: Annotated[str, typer.Option("--reason", help="Why (kept in the event log).")] = "",
    author: AuthorOpt = None,
) -> None:
    """Make a player ineligible for half-point byes (--ineligible, the default) or eligible again."""
    svc = _run(file, author)
    svc.set_half_point_bye_eligibility(player, eligible, reason)
    save(file, svc)
    typer.echo(f"player {player}: {'eligible' if eligible else 'not eligible'} for half-point byes")


@tournament_app.command("chess960")
def chess960_cmd(
    file: FileArg,
    position: Annotated[int, typer.Argument(help="The starting position drawn at the venue, 0-959 (518: standard).")],
    round_number: Annotated[int | None, typer.Option("--round", "-r", help="Round (default: the last paired).")] = None,
    author: AuthorOpt = None,
) -> None:
    """Set a round's Chess960 starting position by hand (replaces the one drawn at pairing)."""
    svc = _run(file, author)
    number = svc.state.round(round_number).number
    svc.set_chess960_position(number, position)
    save(file, svc)
    typer.echo(f"round {number}: Chess960 starting position {position}: {starting_rank(position)}")


@tournament_app.command("withdraw")
def withdraw_cmd(
    file: FileArg,
    player: Annotated[int, typer.Argument(help="Pairing number.")],
    from_round: Annotated[int | None, typer.Option("--from-round", help="First round missed (default: the next).")] = None,
    author: AuthorOpt = None,
) -> None:
    """Withdraw a player from the next round on."""
    svc = _run(file, author)
    svc.withdraw(player, from_round)
    save(file, svc)
    typer.echo(f"player {player}: withdrawn from round {svc.state.withdrawn[player]}")


@tournament_app.command("remove-player")
def remove_player_cmd(
    file: FileArg,
    player: Annotated[int, typer.Argument(help="Pairing number.")],
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of a new round-robin draw (recorded).")] = None,
    author: AuthorOpt = None,
) -> None:
    """Remove a player before round 1 is paired (numbers above close the gap; a round robin may draw again)."""
    svc = _run(file, author)
    events = svc.remove_player(player, seed)
    save(file, svc)
    redraw = " and drew the pairing numbers again" if len(events) > 1 else ""
    typer.echo(f"player {player} removed{redraw}")


@tournament_app.command("prohibit")
def prohibit_cmd(
    file: FileArg,
    players: Annotated[list[int], typer.Argument(help="Pairing numbers of players who must not meet.")],
    from_round: Annotated[int | None, typer.Option("--from-round")] = None,
    to_round: Annotated[int | None, typer.Option("--to-round")] = None,
    author: AuthorOpt = None,
) -> None:
    """Forbid pairings between players (TRF-2026 260); after round 1 only outside FIDE mode."""
    svc = _run(file, author)
    svc.prohibit_pairing(players, from_round, to_round)
    save(file, svc)
    typer.echo(f"players {', '.join(map(str, sorted(players)))} will not be paired together")


@tournament_app.command("pair")
def pair_cmd(
    file: FileArg,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for lots drawn now (pairing numbers, colour).")] = None,
    author: AuthorOpt = None,
) -> None:
    """Pair the next round (Dutch engine or Berger table) and show it."""
    svc = _run(file, author)
    svc.pair_next_round(seed)
    save(file, svc)
    _echo(pairing_lines(svc.state))


@tournament_app.command("change-pairing")
def change_pairing_cmd(
    file: FileArg,
    boards: Annotated[list[str], typer.Argument(help="Every board as WHITE-BLACK, in board order (e.g. 3-7 1-5).")],
    bye: Annotated[int | None, typer.Option("--bye", help="Player getting the bye / free round.")] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why (C.04.2 4.4); needed for a published round.")] = "",
    author: AuthorOpt = None,
) -> None:
    """Change the last round's pairing by hand (logged as ### MPA @ Round n)."""
    pairs = _board_pairs(boards)
    svc = _run(file, author)
    svc.change_pairing(pairs, bye=bye, reason=reason)
    save(file, svc)
    note = svc.new_events[-1].payload.get("mpa")
    if note:
        typer.echo(f"### {note}")
    _echo(pairing_lines(svc.state))


def _board_pairs(boards: list[str]) -> list[tuple[int, int]]:
    """``3-7 1-5`` -> ``[(3, 7), (1, 5)]``; anything else is bad input (exit 2)."""
    pairs: list[tuple[int, int]] = []
    for text in boards:
        parts = text.split("-")
        if len(parts) != 2 or not all(x.strip().isdigit() for x in parts):
            raise ArbitroError(f"board: expected WHITE-BLACK pairing numbers such as 3-7, got {text!r}")
        pairs.append((int(parts[0]), int(parts[1])))
    return pairs


@tournament_app.command("pair-by-hand")
def pair_by_hand_cmd(
    file: FileArg,
    boards: Annotated[list[str], typer.Argument(help="Every board as WHITE-BLACK, in board order (e.g. 3-7 1-5).")],
    bye: Annotated[int | None, typer.Option("--bye", help="Player getting the pairing-allocated bye.")] = None,
    reason: Annotated[str, typer.Option("--reason", help="Why (required; written into the report).")] = "",
    confirm: Annotated[
        bool,
        typer.Option("--confirm", help="Make the round although it breaks what the first run listed (Level 3)."),
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Make the next round by hand when the engine proves no pairing exists (VCL4THP Q63-Q69).

    A manual pairing session: refused while the engine can pair the round; every player on one
    board, the bye or absent; what the round breaks of the absolute criteria (a rematch, C.04.1
    art. 2; a prohibited pairing; a second pairing-allocated bye, art. 4; colours, art. 6-7) is
    listed first, and the round is made only when the same command is given again with --confirm.
    The report gets one ### MPA @ Round n: manual pairing session line.

    Example: arbitro tournament pair-by-hand open.trf 2-1 4-3 --reason "no pairing exists" --confirm

    Exit codes: 0 paired, 2 bad input or refused (nothing written).
    """
    svc = _run(file, author)
    try:
        svc.pair_round_by_hand(_board_pairs(boards), bye=bye, reason=reason, confirm=confirm)
    except ArbitroError as err:
        if err.code != "by_hand.confirm":
            raise
        typer.echo(f"Round {err.params['round']} by hand breaks the absolute criteria (Level 3: confirm or cancel):", err=True)
        for breach in str(err.params["breaches"]).split(" | "):
            typer.echo(f"  - {breach}", err=True)
        raise ArbitroError("nothing was written; to make the round anyway, give the same command with --confirm") from None
    save(file, svc)
    typer.echo(f"### {svc.new_events[-1].payload['mpa']}")
    _echo(pairing_lines(svc.state))


@tournament_app.command("publish")
def publish_cmd(
    file: FileArg,
    round_number: Annotated[int | None, typer.Option("--round", "-r")] = None,
    author: AuthorOpt = None,
) -> None:
    """Publish a round's pairing (default: the last paired round)."""
    svc = _run(file, author)
    svc.publish_round(round_number)
    save(file, svc)
    _echo(pairing_lines(svc.state, round_number))


@tournament_app.command("result")
def result_cmd(
    file: FileArg,
    items: Annotated[
        list[str],
        typer.Argument(
            help="BOARD RESULT, repeated: e.g. 1 1-0 2 1/2-1/2 3 0F-1F (1-0, 0-1, 1/2-1/2, 1F-0F, 0F-1F, 0F-0F, 1/2-0 ...; "
            "'*' or adjourned / postponed for a game not yet finished)."
        ),
    ],
    round_number: Annotated[int | None, typer.Option("--round", "-r", help="Default: the last paired round.")] = None,
    correct: Annotated[bool, typer.Option("--correct", help="Correct results already entered.")] = False,
    rating_report: Annotated[
        bool,
        typer.Option(
            "--rating-report",
            help="With --correct, for a round older than the one before the last: correct it for the rating report "
            "only (the TRF's 001 blocks and a ### line); the standings and pairings keep the old result "
            "(FIDE mode, VCL4THP Q189-Q193, C.04.2 4.3).",
        ),
    ] = False,
    reason: Annotated[str, typer.Option("--reason", help="Why the correction.")] = "",
    confirm: Annotated[
        bool,
        typer.Option(
            "--confirm",
            help="Confirm (Level 3) a result other than a draw for an adjourned game, which the rounds paired "
            "since counted as a draw (VCL4THP Q163).",
        ),
    ] = False,
    author: AuthorOpt = None,
) -> None:
    """Enter (or --correct) results of a round: all or none are written to the file and its event log.

    ITEMS are pairs of BOARD RESULT. RESULT is 1-0, 0-1, 1/2-1/2 (or ½-½), the forfeits 1F-0F, 0F-1F,
    0F-0F, or an unusual score such as 1/2-0.

    Examples:

      arbitro tournament result open.trf 1 1-0 2 1/2-1/2 3 0F-1F

      arbitro tournament result open.trf --round 4 5 0-1

      arbitro tournament result open.trf --correct --reason "scoresheet" 2 1-0

      arbitro tournament result open.trf --correct --rating-report --round 1 --reason "scoresheet" 2 0-1

    In FIDE mode only the last paired round and the one before it can be corrected; an older round
    only for the rating report (--rating-report).

    An adjourned or postponed game: RESULT '*' (or adjourned, aplazada, postponed). It counts as a draw
    for pairing only, is written '?' in the TRF and the tournament cannot be finished until its result
    is entered, later, like any other (--round N; a result other than a draw needs --confirm):

      arbitro tournament result open.trf 3 '*'

      arbitro tournament result open.trf --round 4 --confirm 3 1-0
    """
    if rating_report and not correct:
        raise ArbitroError("--rating-report: it qualifies a correction; give --correct too")
    if len(items) % 2:
        raise ArbitroError("result: expected pairs of BOARD RESULT, e.g. `1 1-0 2 1/2-1/2`")
    pairs: list[tuple[int, str]] = []
    for board_text, result_text in zip(items[::2], items[1::2], strict=True):
        if not board_text.isdigit():
            raise ArbitroError(f"result: board: expected a board number, got {board_text!r}")
        pairs.append((int(board_text), result_text))
    svc = _run(file, author)
    shown = {(number, _log_board(svc.state, round_number, number)): number for number, _ in pairs}
    for board, result in pairs:
        index = _log_board(svc.state, round_number, board)
        if correct:
            try:
                svc.correct_result(index, result, round_number, reason, rating_report=rating_report)
            except ArbitroError as err:
                if err.code == "correction.fide_old_round":
                    raise ArbitroError(f"{err}: give --rating-report to record it so") from None
                raise
        else:
            try:
                svc.enter_result(index, result, round_number, confirm=confirm)
            except ArbitroError as err:
                if err.code == "result.adjourned_confirm":
                    raise ArbitroError(f"{err}: give --confirm to enter it") from None
                raise
    save(file, svc)
    boards = {index: number for (number, index) in shown}
    for event in svc.new_events:
        payload = event.payload
        if event.kind == "rating_report_corrected":
            typer.echo(f"### {payload['note']}")
            continue
        game = svc.state.round(payload["round"]).boards[payload["board"] - 1]
        if event.kind == "game_adjourned":  # VCL4THP Q157
            typer.echo(
                f"round {payload['round']} board {boards.get(payload['board'], payload['board'])}: "
                f"{game.white}-{game.black} * ({payload['status']}: a draw for pairing only, '?' in the TRF)"
            )
            continue
        typer.echo(
            f"round {payload['round']} board {boards.get(payload['board'], payload['board'])}: "
            f"{game.white}-{game.black} {game_result_text(game.white_code, game.black_code)}"
        )


@tournament_app.command("leave-fide-mode")
def leave_fide_mode_cmd(
    file: FileArg,
    yes: Annotated[bool, typer.Option("--yes", help="Step 1: show the warning and the confirmation token.")] = False,
    confirm: Annotated[
        str,
        typer.Option("--confirm", metavar="TOKEN", help="Step 2 (with --yes): the token step 1 printed; only this acts."),
    ] = "",
    reason: Annotated[str, typer.Option("--reason")] = "",
    author: AuthorOpt = None,
) -> None:
    """Leave FIDE mode for good (written into the TRF as a ### comment): two steps (Level 4, VCL4THP Q43).

    Step 1 warns with the consequences and prints a token (LEAVE-XXXXXX); step 2 repeats it:

      arbitro tournament leave-fide-mode open.trf --yes

      arbitro tournament leave-fide-mode open.trf --yes --confirm LEAVE-3FA2C1

    At a terminal, without --confirm, both steps are asked in turn (the second: type the token).
    The token changes with every change of the tournament. Exit code 2 until step 2 is given.
    """
    svc = _run(file, author)
    token = confirm
    if not token and sys.stdin.isatty() and svc.state.fide_mode:
        expected = svc.fide_exit_token()
        typer.echo(
            "WARNING (1 of 2): leaving FIDE mode cannot be undone; the TRF and the event log say so for good "
            "(a ### line); the FIDE-mode checks stop and the federation may refuse to rate the tournament."
        )
        yes = yes or typer.confirm("Go on to the second confirmation?", default=False)
        if yes:
            token = typer.prompt(f"Confirmation 2 of 2: type {expected} to leave FIDE mode", default="")
    try:
        svc.leave_fide_mode(confirm=yes, reason=reason, token=token)
    except ArbitroError as err:
        if err.code == "fide.confirm":
            raise ArbitroError(f"{err} (step 1: run again with --yes)") from None
        if err.code == "fide.confirm_level4":
            raise ArbitroError(f"{err} (step 2: run again with --yes --confirm {svc.fide_exit_token()})") from None
        raise
    save(file, svc)
    typer.echo(f"### {svc.new_events[-1].payload['note']}")


def _fide_banner(state: TournamentState) -> str | None:
    """The notice every face of a tournament out of FIDE mode shows first (VCL4THP Q46)."""
    if state.fide_mode:
        return None
    left = next((c for c in state.header.comments if c.startswith("FIDE mode left")), "FIDE mode left")
    return f"*** NOT IN FIDE MODE *** ({left})"


@tournament_app.command("show")
def show_cmd(
    file: FileArg,
    round_number: Annotated[int | None, typer.Option("--round", "-r")] = None,
    at: Annotated[int | None, typer.Option("--at", help="Show the state after the first N events.")] = None,
) -> None:
    """Show a round's pairing and results, now or at an earlier point of the log."""
    events = read_log(log_path(file))
    state = replay(events[:at] if at is not None else events)
    banner = _fide_banner(state)
    if banner:
        typer.echo(banner)
    typer.echo(
        f"{state.header.name}: {len(state.header.players)} players, {state.paired_rounds} of "
        f"{state.total_rounds or '?'} rounds paired, FIDE mode {'on' if state.fide_mode else 'off'}"
    )
    if state.rounds:
        _echo(pairing_lines(state, round_number))
    if state.requested_byes:
        byes = ", ".join(f"{p} {k} in round {r}" for (p, r), k in sorted(state.requested_byes.items(), key=lambda x: x[0][::-1]))
        typer.echo(f"requested byes: {byes}")
    if state.withdrawn:
        typer.echo("withdrawn: " + ", ".join(f"{p} (from round {r})" for p, r in sorted(state.withdrawn.items())))
    if not state.fide_mode:
        typer.echo("FIDE mode: off (left for good)")


@tournament_app.command("log")
def log_cmd(file: FileArg) -> None:
    """List the event log: number, time, author, kind, payload."""
    for n, event in enumerate(read_log(log_path(file)), start=1):
        payload = ", ".join(f"{k}={v}" for k, v in event.payload.items() if v not in (None, "", [], {}))
        typer.echo(f"{n:>4} {event.timestamp} {event.author}: {event.kind} {payload}")


@tournament_app.command("standings")
def standings_cmd(
    file: FileArg,
    tiebreaks: Annotated[
        str | None, typer.Option("--tiebreaks", help="Comma-separated C.07 list, e.g. BH/C1,BH,SB (default: the file's).")
    ] = None,
    after_round: Annotated[int | None, typer.Option("--after-round", help="Standings after this round.")] = None,
) -> None:
    """Standings after the complete rounds, with the tie-breaks of the standings service (C.07)."""
    state = replay(read_log(log_path(file)))
    banner = _fide_banner(state)
    if banner:
        typer.echo(banner)
    t = state.to_tournament()
    if after_round is not None:
        if not 0 <= after_round <= t.played_rounds:
            raise ArbitroError(f"--after-round: rounds 0-{t.played_rounds} are complete, not {after_round}")
        for player in t.players.values():
            player.results = player.results[:after_round]
            player.points = player.score(t.scoring)
    st = compute_standings(t, tiebreaks)  # with the log's standings options (VCL4THP Q197-216)
    for warning in st.warnings:
        typer.echo(f"warning: {warning}", err=True)
    table = standings_table(t, st)
    typer.echo(f"{'Rk':>4} {'No':>4} {'Name':<32} {'Pts':>5} " + " ".join(f"{c:>7}" for c in table.tiebreaks))
    for line in table.rows:
        values = " ".join(f"{v:>7}" for v in line.values)
        typer.echo(f"{line.rank_text:>4} {line.player.start_rank:>4} {line.name_text:<32} {line.points_text:>5} {values}")
    for start in st.expelled:
        typer.echo(f"expelled, left out of the standings: {start} {t.players[start].name}")


@tournament_app.command("export")
def export_cmd(
    file: FileArg,
    to: Annotated[str, typer.Option("--to", help="trf26 (TRF-2026) or trf16.")] = "trf26",
    output_arg: Annotated[Path | None, typer.Argument(metavar="[OUTPUT]", help="Write here (or -o).")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write here (default: standard output).")] = None,
    at: Annotated[int | None, typer.Option("--at", help="Export the state after the first N events.")] = None,
) -> None:
    """Export the replay of the event log as TRF-2026 or TRF16."""
    version = to.lower().replace("-", "").replace("trf2026", "trf26")
    if version not in ("trf26", "trf16"):
        raise ArbitroError(f"--to: expected trf26 or trf16, got {to!r}")
    events = read_log(log_path(file))
    text = _trf_text(replay(events[:at] if at is not None else events), version)
    output = output or output_arg
    if output is None:
        typer.echo(text, nl=False)
    else:
        atomic_write_text(output, text)
        typer.echo(f"{output}: written as {version.upper()}")


@tournament_app.command("rebuild")
def rebuild_cmd(file: FileArg) -> None:
    """Rewrite NAME.trf from the event log (after the TRF was changed outside Arbitro)."""
    state = replay(read_log(log_path(file)))
    atomic_write_text(file, _trf_text(state))
    typer.echo(f"{file}: rewritten from {log_path(file).name} ({state.events_applied} events)")


def register(app: typer.Typer) -> None:
    from arbitro.cli.tournament_standings import add_commands  # expel, standings options (VCL4THP Q197-216)

    add_commands(tournament_app, FileArg=FileArg, AuthorOpt=AuthorOpt, _run=_run, save=save)
    app.add_typer(tournament_app, name="tournament")
