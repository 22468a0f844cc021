"""A tournament's TRF face: reading an uploaded file into a row, writing the row's TRF.

The row's truth is its event log, read and written through the port
(:mod:`arbitro.web.tournaments.eventlog`, issue 32); here: parsing an upload (:func:`parse`, its
problems as :class:`TrfFileError`), creating a row from it (:func:`import_trf`; the file stays the
row's state, ``base_trf``, until it is adopted), and the TRF text of a row (:func:`export_trf`,
cached per version).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify

from arbitro.errors import ArbitroError
from arbitro.model import ResultCode
from arbitro.model import Tournament as CoreTournament
from arbitro.trf import format_trf as _format_trf
from arbitro.trf import parse_trf
from arbitro.trf.diagnostics import Diagnostic

from . import eventlog, models

# the port's reads, named here for the modules that have always found them here
from .eventlog import cached as cached
from .eventlog import cached_page as cached_page
from .eventlog import load as load
from .eventlog import put as put

# -- TRF ---------------------------------------------------------------------


def parse(text: str | bytes, source: str = "<upload>", *, validate: bool = True) -> CoreTournament:
    """Parse TRF text with the core reader; errors become one :class:`ArbitroError`."""
    result = parse_trf(text, source=source, validate=validate)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:  # the error carries every kept diagnostic (the import page lists them, translated: texts.diagnostics)
        raise TrfFileError(errors, result.error_count)
    return result.tournament


class TrfFileError(ArbitroError):
    """A TRF upload that cannot be read: the first problem as the message, all kept ones in ``diagnostics``."""

    def __init__(self, diagnostics: list[Diagnostic], error_count: int) -> None:
        more = f" (and {error_count - 1} more)" if error_count > 1 else ""  # counted past the cap
        super().__init__(f"{diagnostics[0]}{more}")
        self.diagnostics = diagnostics
        self.error_count = error_count


def format_trf(t: CoreTournament, version: str = "trf26") -> str:
    return _format_trf(t, version=version)


def unique_slug(name: str) -> str:
    base = slugify(name)[:60] or "torneo"
    slug, n = base, 2
    while models.Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


@transaction.atomic
def import_trf(
    text: str | bytes,
    *,
    slug: str | None = None,
    status: str | None = None,
    season: models.Season | None = None,
    category: str = "",
    source: str = "<upload>",
    organisation: models.Organisation | None = None,
) -> models.Tournament:
    """Create a tournament row from TRF text (validated by the core reader), in ``organisation``
    (default: the default organisation)."""
    core = parse(text, source=source)
    canonical = format_trf(core)
    if status is None:
        played = core.played_rounds
        # a file without 142 (rounds planned) is taken as complete when its last round is
        done = played > 0 and (core.rounds is None or played >= core.rounds) and round_complete(core, played)
        status = (
            models.Tournament.Status.FINISHED
            if done
            else (models.Tournament.Status.RUNNING if played else models.Tournament.Status.REGISTRATION)
        )
    row = models.Tournament.objects.create(
        slug=slug or unique_slug(core.name or "torneo"),
        name=core.name or "Torneo",
        city=core.city,
        federation=core.federation[:3],
        start_date=core.start_date,
        end_date=core.end_date,
        status=status,
        season=season,
        category=category,
        base_trf=canonical,
        organisation=organisation or models.default_organisation(),
    )
    eventlog.sync_entries(row, core)
    return row


def duplicates(core: CoreTournament, organisation: models.Organisation | None = None) -> list[models.Tournament]:
    """Tournaments already here that this file describes: same name, start date and players (by start rank).

    Importing the same TRF twice asks before it makes a copy (issue 15 item 6). With ``organisation``, only
    that organisation's tournaments: another's drafts are not shown (issue 19 item 5).
    """
    players = {n: p.name for n, p in core.players.items()}
    found = []
    rows = models.Tournament.objects.filter(name=core.name or "Torneo", start_date=core.start_date)
    if organisation is not None:
        rows = rows.filter(organisation=organisation)
    for row in rows:
        have = dict(row.entries.values_list("start_rank", "person__name"))
        if have == players:
            found.append(row)
    return found


def round_complete(core: CoreTournament, rnd: int) -> bool:
    """True when no game of round ``rnd`` is still waiting for its result (blank code with an opponent)."""
    for p in core.players.values():
        r = p.result(rnd)
        if r is not None and r.opponent is not None and r.code is ResultCode.NOT_PAIRED:
            return False
    return True


def export_trf(row: models.Tournament, version: str = "trf26") -> str:
    """The TRF text of the current state (cached per version), valid at every moment (issue 15 item 6).

    A round paired but not complete is written as TRF-2026 writes a round not yet
    paired: no round block, its byes as ``240`` records (the core's
    ``to_tournament`` without ``include_pending``), and a ``###`` line saying that
    its pairing and the results entered so far are in the event log. TRF has no
    code for a game not yet played; a blank one is refused by every reader.
    """
    # the TRF16 download holds exactly TRF16's records (issue 37: no 182/192/202, readers take it as TRF16)
    return eventlog.cached(row, f"trf:{version}", lambda: _format_trf(_export_model(row), version, strict=version == "trf16"))


def _export_model(row: models.Tournament) -> CoreTournament:
    if row.base_trf:
        return eventlog.imported(row)
    st = eventlog.state(row)
    if st is None:
        return CoreTournament(name=row.name)
    core = st.to_tournament(include_pending=False, ranks=True, rating_report=True)  # the rating report (VCL4THP Q192)
    if st.rounds and not st.rounds[-1].complete:
        pending = st.rounds[-1]
        entered = sum(1 for g in pending.boards if g.has_result)
        core.comments.append(
            f"round {pending.number} paired, {entered} of {len(pending.boards)} results entered: "
            "not written until the round is complete"
        )
    return core
