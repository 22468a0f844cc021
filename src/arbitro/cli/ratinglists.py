"""``arbitro ratings method|show|check|apply|keep|download``: a tournament's ratings against rating lists (issue 34).

VCL4THP Q116-Q145. The check never changes anything (exit 1 when it finds differences, listing
them); ``apply --confirm`` is the one way a list changes ratings, and it writes events. A list
may be FIDE's TXT or XML (``--type`` for a per-type list) or a custom CSV (``--scope`` names its
federation, or FIDE). FIDE's list is fetched only by ``download`` / ``--download``; everything
works offline with the last list, and while the event runs a FIDE list must be at most one day
old (the time of the download, else of the file) unless ``--stale-ok``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import shutil
import tempfile
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated

import typer

from arbitro.cli.tournament import AuthorOpt, FileArg, open_service, save
from arbitro.errors import ArbitroError
from arbitro.model import OfficialRating
from arbitro.ratings.consistency import Difference, RatingList, freshness, from_fide_entries, read_csv_list
from arbitro.ratings.fidelist import ListDiagnostic, RatingListEntry, iter_txt_list, iter_xml_list, txt_layout
from arbitro.ratings.lists import KINDS, default_sequence, official, other_ratings
from arbitro.tournament import TournamentService, TournamentState

__all__ = ["FIDE_LIST_URL", "load_list", "register_commands"]

#: FIDE's combined rating list (standard, rapid, blitz; TXT in a ZIP), fetched only on request.
FIDE_LIST_URL = "https://ratings.fide.com/download/players_list.zip"
_MIN_PLAYERS = 1

ListArg = Annotated[Path, typer.Argument(help="Rating list: FIDE TXT or XML, or a custom CSV (id,name,standard,rapid,blitz).")]
ScopeOpt = Annotated[str | None, typer.Option("--scope", help="Whose list a CSV is: FIDE or a federation (default: 172's).")]
DateOpt = Annotated[str | None, typer.Option("--date", help="The list's date YYYY-MM-DD (default: its download, else the file's).")]
TypeOpt = Annotated[str | None, typer.Option("--type", help="A per-type FIDE list's type, or the one kind to compare.")]
_DOWNLOAD_EXITS = "Exit codes: 0 done; 1 a tournament of --check differs from the new list; 2 bad input or a failed download."
_CHECK_EXITS = "Exit codes: 0 no difference; 1 differences found (listed, nothing changed); 2 bad input or a stale list."


def _meta_path(path: Path) -> Path:
    return path.with_name(path.name + ".meta.json")


def _meta(path: Path) -> dict[str, str]:
    try:
        data = json.loads(_meta_path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _fetched(path: Path) -> dt.datetime:
    """When the local list was downloaded (its meta file), else when the file was written."""
    text = _meta(path).get("fetched", "")
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC)


def _list_date(path: Path, date: str | None) -> str:
    if date:
        try:
            return dt.date.fromisoformat(date).isoformat()
        except ValueError:
            raise ArbitroError(f"--date: expected YYYY-MM-DD, found {date!r}") from None
    return _meta(path).get("date") or _fetched(path).date().isoformat()


def _fide_entries(path: Path, rating_type: str, wanted: set[int]) -> Iterator[RatingListEntry]:
    with path.open("rb") as fh:
        head = fh.read(64)
        fh.seek(0)
        items = (
            iter_xml_list(fh, rating_type=rating_type)
            if path.suffix.lower() == ".xml" or head.lstrip().startswith(b"<")
            else iter_txt_list(fh, rating_type=rating_type)
        )
        for item in items:
            if isinstance(item, ListDiagnostic):
                if item.severity == "error" and item.field in ("header", "xml"):
                    raise ArbitroError(f"{path}:{item.line}: {item.field}: expected {item.expected}")
                continue
            if item.fide_id in wanted:
                yield item


def _txt_kinds(path: Path, rating_type: str | None) -> tuple[str, ...]:
    if rating_type:
        return (rating_type,)
    with path.open("rb") as fh:
        header = fh.readline(4096).decode("latin-1")
    layout = txt_layout(header)
    return ("standard",) if getattr(layout, "kind", "") == "per-type" else KINDS


def load_list(path: Path, state: TournamentState, *, scope: str | None, date: str | None, rating_type: str | None) -> RatingList:
    """The list at ``path`` (only the tournament's players are kept from a FIDE list)."""
    if rating_type is not None and rating_type not in KINDS:
        raise ArbitroError(f"--type: expected standard, rapid or blitz, found {rating_type!r}")
    if not path.is_file():
        raise ArbitroError(f"{path}: no such rating list")
    when = _list_date(path, date)
    if path.suffix.lower() == ".csv":
        owner = (scope or state.header.rating_federation or "FIDE").upper()
        with path.open(encoding="utf-8-sig", newline="") as fh:
            return read_csv_list(fh.read().splitlines(), name=path.name, scope=owner, date=when)
    if scope and scope.upper() != "FIDE":
        raise ArbitroError(f"--scope: a FIDE TXT/XML list is FIDE's, found {scope!r}")
    wanted = {int(p.fide_id) for p in state.header.players.values() if p.fide_id.strip().isdecimal()}
    kinds = _txt_kinds(path, rating_type) if path.suffix.lower() != ".xml" else ((rating_type,) if rating_type else KINDS)
    entries = _fide_entries(path, rating_type or "standard", wanted)
    return from_fide_entries(entries, name=path.name, date=when, kinds=kinds)


def _running(state: TournamentState) -> bool:
    return bool(state.rounds) and not state.finished


def _require_fresh(path: Path, rating_list: RatingList, state: TournamentState, stale_ok: bool) -> None:
    """VCL4THP Q135, Q140: a FIDE list used while the event runs is at most one day old."""
    if rating_list.scope != "FIDE" or stale_ok:
        return
    fresh = freshness(_fetched(path), dt.datetime.now(dt.UTC), running=_running(state))
    if not fresh.ok:
        raise ArbitroError(f"{path}: {fresh.message}")


def _echo_differences(diffs: list[Difference], rating_list: RatingList) -> None:
    typer.echo(f"{len(diffs)} rating(s) differ from {rating_list.name} ({rating_list.scope}, {rating_list.date or 'undated'}):")
    for d in diffs:
        typer.echo(f"  {d}")


def _prepare(trf: Path, rating_list_path: Path, author: str | None, *, scope: str | None, date: str | None,
             rating_type: str | None, start: bool, stale_ok: bool, download: bool) -> tuple[TournamentService, RatingList, Path]:
    svc = open_service(trf, author)
    path = rating_list_path
    if start:  # the list valid at the start, as kept (VCL4THP Q137): offline, any age
        kept = [k for k in svc.state.rating_lists if k.role == "start"]
        if not kept:
            raise ArbitroError(f"{trf}: no list valid at the start is kept (`arbitro ratings keep {trf} LIST --start`)")
        path = trf.parent / kept[0].path
        found = load_list(path, svc.state, scope=kept[0].scope, date=kept[0].date or None, rating_type=rating_type)
        return svc, dataclasses.replace(found, name=kept[0].name), path
    if download:
        fetch_list(FIDE_LIST_URL, path)
    rating_list = load_list(path, svc.state, scope=scope, date=date, rating_type=rating_type)
    _require_fresh(path, rating_list, svc.state, stale_ok)
    return svc, rating_list, path


def check_cmd(
    trf: FileArg,
    rating_list: ListArg,
    scope: ScopeOpt = None,
    date: DateOpt = None,
    rating_type: TypeOpt = None,
    start: Annotated[bool, typer.Option("--start", help="Check against the list kept as valid at the start (LIST ignored).")] = False,
    stale_ok: Annotated[bool, typer.Option("--stale-ok", help="Check with a FIDE list older than one day.")] = False,
    download: Annotated[bool, typer.Option("--download", help="First fetch FIDE's current list into LIST (network).")] = False,
) -> None:
    """Every player's ratings against a rating list: the differences are listed, NOTHING is changed (VCL4THP Q133).

    Examples:

      arbitro ratings check open.trf players_list_foa.txt

      arbitro ratings check open.trf club.csv --scope ARG

      arbitro ratings check open.trf x --start
    """
    svc, lst, _ = _prepare(trf, rating_list, None, scope=scope, date=date, rating_type=rating_type, start=start,
                           stale_ok=stale_ok, download=download)
    diffs = svc.rating_differences(lst, [rating_type] if rating_type else None)
    if not diffs:
        typer.echo(f"every player's ratings agree with {lst.name} ({lst.scope}, {lst.date or 'undated'})")
        return
    _echo_differences(diffs, lst)
    typer.echo(f"nothing changed: `arbitro ratings apply {trf} {rating_list} --confirm` applies them")
    raise typer.Exit(1)


def _numbers(text: str | None) -> list[int] | None:
    if text is None:
        return None
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise ArbitroError(f"--only: expected pairing numbers such as 3,5, found {text!r}") from None


def _store(trf: Path, path: Path) -> tuple[str, str]:
    """A copy of the list beside the tournament (``NAME.lists/``), so it is there at the end (Q137)."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    folder = trf.with_name(trf.stem + ".lists")
    folder.mkdir(exist_ok=True)
    target = folder / f"{digest[:12]}-{path.name}"
    if not target.exists():
        shutil.copyfile(path, target)
    return digest, str(target.relative_to(trf.parent))


def _keep(svc: TournamentService, trf: Path, path: Path, lst: RatingList, role: str) -> None:
    digest, stored = _store(trf, path)
    svc.keep_rating_list(lst, role=role, sha256=digest, path=stored)


def apply_cmd(
    trf: FileArg,
    rating_list: ListArg,
    confirm: Annotated[bool, typer.Option("--confirm", help="Apply the differences listed (without it: only list them).")] = False,
    only: Annotated[str | None, typer.Option("--only", help="Only these players' ratings, e.g. 3,5 (a chosen subset).")] = None,
    scope: ScopeOpt = None,
    date: DateOpt = None,
    rating_type: TypeOpt = None,
    stale_ok: Annotated[bool, typer.Option("--stale-ok", help="Use a FIDE list older than one day.")] = False,
    author: AuthorOpt = None,
) -> None:
    """Apply a list's differences, after listing them, only with --confirm (VCL4THP Q142-Q144).

    The list is kept beside the tournament: as the list valid at the start when none is kept and
    round 1 is not paired, else as the list in force.

    Examples:

      arbitro ratings apply open.trf players_list_foa.txt --confirm

      arbitro ratings apply open.trf club.csv --scope ARG --only 3,5 --confirm
    """
    svc, lst, path = _prepare(trf, rating_list, author, scope=scope, date=date, rating_type=rating_type, start=False,
                              stale_ok=stale_ok, download=False)
    diffs = svc.rating_differences(lst, [rating_type] if rating_type else None)
    if not diffs:
        typer.echo(f"every player's ratings agree with {lst.name}: nothing to apply")
        return
    _echo_differences(diffs, lst)
    svc.apply_rating_differences(lst, diffs, confirm=confirm, only=_numbers(only))
    has_start = any(k.role == "start" for k in svc.state.rating_lists)
    _keep(svc, trf, path, lst, "in_force" if has_start or svc.state.rounds else "start")
    save(trf, svc)
    typer.echo(f"applied; {lst.name} kept beside the tournament")


def keep_cmd(
    trf: FileArg,
    rating_list: ListArg,
    start: Annotated[bool, typer.Option("--start", help="As the list valid at the start (kept once).")] = False,
    scope: ScopeOpt = None,
    date: DateOpt = None,
    rating_type: TypeOpt = None,
    author: AuthorOpt = None,
) -> None:
    """Keep a copy of a rating list with the tournament (the list valid at the start: --start, VCL4THP Q137)."""
    svc = open_service(trf, author)
    lst = load_list(rating_list, svc.state, scope=scope, date=date, rating_type=rating_type)
    _keep(svc, trf, rating_list, lst, "start" if start else "in_force")
    save(trf, svc)
    typer.echo(f"{lst.name} kept ({'valid at the start' if start else 'in force'})")


def method_cmd(
    trf: FileArg,
    method: Annotated[str, typer.Argument(help="FIDE, NRO, FIDON, NIDOF, HBFN, LBFN or OTHER (TRF-2026 172).")],
    federation: Annotated[str, typer.Option("--federation", help="Whose national ratings (e.g. ARG).")] = "",
    author: AuthorOpt = None,
) -> None:
    """Announce how the tournament rating is formed (TRF-2026 172, VCL4THP Q145); before round 1.

    Examples:

      arbitro ratings method open.trf FIDON --federation ARG
    """
    svc = open_service(trf, author)
    svc.set_rating_method(method, federation)
    save(trf, svc)
    typer.echo(f"172 {svc.state.header.rating_mode.strip()}")


def show_cmd(trf: FileArg) -> None:
    """Each player's tournament rating, the official ratings with their list and date, and the other lists (Q128)."""
    svc = open_service(trf, None)
    h = svc.state.header
    kind = svc.state.rating_type or "standard"
    typer.echo(f"method {h.rating_method or 'FIDE'}{' ' + h.rating_federation if h.rating_federation else ''}; "
               f"rate of play {kind}; lists read: {', '.join(f'{s} {k}' for s, k in default_sequence(kind, h.rating_federation))}")
    for p in h.iter_players():
        sources = "; ".join(
            f"{r.scope} {r.kind} {r.value or '-'} ({'by hand' if r.manual else (r.list_name or '?') + (' ' + r.list_date if r.list_date else '')})"
            for r in p.official_ratings
        )
        others = ", ".join(f"{s} {k} {v}" for s, k, v in other_ratings(p, kind, h.rating_federation))
        typer.echo(f"{p.start_rank:>4} {p.name[:30]:30} {p.rating or '-':>4}  {sources or 'typed at registration'}"
                   + (f"  [other lists: {others}]" if others else ""))


def fetch_list(url: str, dest: Path) -> int:
    """Fetch FIDE's list (a ZIP of one TXT) to ``dest``, verify it, then replace ``dest`` (VCL4THP Q136).

    The last list stays in place when anything fails. Returns the number of players read.
    """
    dest.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest.parent) as tmp:
        archive = Path(tmp) / "list.zip"
        try:
            with urllib.request.urlopen(url, timeout=120) as response, archive.open("wb") as out:  # noqa: S310 (asked for)
                shutil.copyfileobj(response, out)
        except OSError as exc:
            raise ArbitroError(f"{url}: cannot fetch the rating list ({exc}); the last list is kept") from None
        text = Path(tmp) / "list.txt"
        players = _verified(archive, text, url)
        shutil.move(str(text), dest)
    digest = hashlib.sha256(dest.read_bytes()).hexdigest()
    now = dt.datetime.now(dt.UTC).replace(microsecond=0)
    meta = {"url": url, "fetched": now.isoformat(), "date": now.date().isoformat(), "sha256": digest, "players": players}
    _meta_path(dest).write_text(json.dumps(meta, indent=1) + "\n", encoding="utf-8")
    return players


def _verified(archive: Path, text: Path, url: str) -> int:
    try:
        with zipfile.ZipFile(archive) as zf:
            bad = zf.testzip()
            names = [n for n in zf.namelist() if n.lower().endswith(".txt")]
            if bad is not None or len(names) != 1:
                raise ArbitroError(f"{url}: not one intact TXT rating list in the archive; the last list is kept")
            with zf.open(names[0]) as src, text.open("wb") as out:
                shutil.copyfileobj(src, out)
    except zipfile.BadZipFile:
        raise ArbitroError(f"{url}: not a ZIP archive; the last list is kept") from None
    players = 0
    with text.open("rb") as fh:
        for item in iter_txt_list(fh):
            if isinstance(item, ListDiagnostic):
                if item.field == "header":
                    raise ArbitroError(f"{url}: not a FIDE rating list ({item.expected}); the last list is kept")
                continue
            players += 1
    if players < _MIN_PLAYERS:
        raise ArbitroError(f"{url}: a rating list without players; the last list is kept")
    return players


def download_cmd(
    dest: Annotated[Path, typer.Argument(help="Where the list goes, e.g. players_list_foa.txt (replaced once verified).")],
    url: Annotated[str, typer.Option("--url", help="Where to fetch it from (default: FIDE's combined list).")] = FIDE_LIST_URL,
    check: Annotated[
        list[Path] | None, typer.Option("--check", help="Then check these tournaments against the new list (nothing changed).")
    ] = None,
) -> None:
    """Fetch FIDE's rating list now (the only command that goes online), verify it, keep the date of the download.

    Examples:

      arbitro ratings download lists/players_list_foa.txt
    """
    players = fetch_list(url, dest)
    typer.echo(f"{dest}: {players} players, fetched {_meta(dest).get('fetched', '')}")
    differ = False
    for trf in check or []:  # the consistency check right after the update (VCL4THP Q139): listed, never applied
        svc = open_service(trf, None)
        lst = load_list(dest, svc.state, scope=None, date=None, rating_type=None)
        diffs = svc.rating_differences(lst)
        typer.echo(f"{trf}:")
        if diffs:
            _echo_differences(diffs, lst)
            differ = True
        else:
            typer.echo(f"every player's ratings agree with {lst.name}")
    if differ:
        typer.echo("nothing changed: `arbitro ratings apply TOURNAMENT LIST --confirm` applies them")
        raise typer.Exit(1)


def pick_cmd(
    trf: FileArg,
    player: Annotated[int, typer.Argument(help="The player's pairing number.")],
    source: Annotated[str, typer.Argument(help="The list to take the rating from: SCOPE:KIND, e.g. FIDE:rapid or ARG:standard.")],
    author: AuthorOpt = None,
) -> None:
    """Take a player's tournament rating from another list (VCL4THP Q129), e.g. a rapid event's player
    found only in the national list. The official ratings stay as they are.

    Examples:

      arbitro ratings pick open.trf 7 ARG:standard
    """
    scope, sep, kind = source.partition(":")
    if not sep or kind not in KINDS:
        raise ArbitroError(f"SOURCE: expected SCOPE:KIND such as FIDE:rapid, found {source!r}")
    svc = open_service(trf, author)
    value = official(svc.state.player(player).official_ratings, scope.upper(), kind)
    if not value:
        raise ArbitroError(f"player {player}: no {scope.upper()} {kind} rating recorded (`arbitro ratings show {trf}`)")
    svc.update_player(player, rating=value)
    save(trf, svc)
    typer.echo(f"player {player}: tournament rating {value} ({scope.upper()} {kind})")


def set_cmd(
    trf: FileArg,
    player: Annotated[int, typer.Argument(help="The player's pairing number.")],
    rating: Annotated[int, typer.Argument(help="The official rating (0: not rated on that list).")],
    scope: Annotated[str, typer.Option("--scope", help="FIDE or the federation of a national list, e.g. ARG.")] = "FIDE",
    kind: Annotated[str, typer.Option("--kind", help="standard, rapid or blitz.")] = "standard",
    author: AuthorOpt = None,
) -> None:
    """Record an official rating typed by hand (marked as such, VCL4THP Q131, Q134), e.g. a national rating.

    Examples:

      arbitro ratings set open.trf 2 1950 --scope ARG
    """
    svc = open_service(trf, author)
    svc.set_official_ratings(player, [OfficialRating(scope.upper(), kind, rating, manual=True)])
    save(trf, svc)
    typer.echo(f"player {player}: {scope.upper()} {kind} {rating or '-'} (by hand); tournament rating {svc.state.player(player).rating or '-'}")


def register_commands(app: typer.Typer) -> None:
    """Add the rating-list commands to ``arbitro ratings`` (called by :func:`arbitro.cli.ratings.register`)."""
    app.command("check", epilog=_CHECK_EXITS)(check_cmd)
    app.command("apply")(apply_cmd)
    app.command("keep")(keep_cmd)
    app.command("method")(method_cmd)
    app.command("show")(show_cmd)
    app.command("download", epilog=_DOWNLOAD_EXITS)(download_cmd)
    app.command("pick")(pick_cmd)
    app.command("set")(set_cmd)
