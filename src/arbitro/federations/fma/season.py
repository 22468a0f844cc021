"""A whole FMA season, tournament by tournament in date order, then the Torneo Mayor.

For each category tournament: each player's category (FMA 1.2, 1.3, 1.4-1.6),
the entries admitted or refused (FMA 1.8, 2.2, 7, Anexo II I, 11.1.6-8), the
format (FMA 4.1), the FIDE rating check (FMA 2.3, 3.1), half-point byes
(FMA 4.2), sanctions (FMA 11), final standings with the FMA tie-breaks (FMA 6,
computed by the FIDE standings module), promotions and relegations (FMA 5.1,
B.1, Anexo II III), champions, trophies and Abierto entries (FMA 8, Anexo I).
Then the Torneo Mayor field and champion (Anexo III, 9), and every player's
category for next year.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.federations.fma import byes as _byes
from arbitro.federations.fma.categories import Category, decide_claim, newcomer_category
from arbitro.federations.fma.end import (
    Move,
    Trophy,
    champion_messages,
    next_categories,
    promotions_and_relegations,
    trophies,
)
from arbitro.federations.fma.entry import (
    EntryContext,
    EntryDecision,
    EntryRequest,
    TournamentInfo,
    decide_entry,
)
from arbitro.federations.fma.formats import (
    MAYOR_FORMAT,
    MAYOR_TIME_CONTROL,
    Format,
    FormatKind,
    check_fide_rating_requirements,
    format_for,
    minutes_per_player,
    round_robin_rounds,
)
from arbitro.federations.fma.mayor import MayorField, check_playoff_start, decide_champion, select_field
from arbitro.federations.fma.messages import Message, Text, msg
from arbitro.federations.fma.results import RankedLine, build_tournament, rank, values_equal
from arbitro.federations.fma.sanctions import SanctionKind, apply_to_tournament, describe
from arbitro.federations.fma.season_file import MayorSpec, Season, TournamentSpec
from arbitro.federations.fma.tiebreaks import codes_for, order_message
from arbitro.model import Tournament

__all__ = ["MayorReport", "SeasonReport", "TournamentReport", "run_season"]

MAYOR_CATEGORY = "Mayor"


@dataclass(slots=True)
class TournamentReport:
    id: str
    name: str
    category: Category | None
    start: _dt.date
    format: Format
    tiebreaks: list[str]
    accepted: list[EntryDecision] = field(default_factory=list)
    refused: list[EntryDecision] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)
    rated_ok: bool = True
    standings: list[RankedLine] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    honours: list[Message] = field(default_factory=list)


@dataclass(slots=True)
class MayorReport:
    qualified: MayorField
    tournament: TournamentReport | None
    champion: str | None
    notes: list[Message] = field(default_factory=list)


@dataclass(slots=True)
class SeasonReport:
    year: int
    names: dict[str, str]
    tournaments: list[TournamentReport]
    mayor: MayorReport | None
    trophies: list[Trophy]
    notes: list[Message]
    categories: list[tuple[str, Category | None, Category | None]]  # id, this year, next year
    reasons: dict[str, list[Message]] = field(default_factory=dict)  # player id -> category moves

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready report; every message in Spanish and English with its article."""
        return {
            "year": self.year,
            "tournaments": [_tournament_dict(t, self.names) for t in self.tournaments],
            "mayor": None
            if self.mayor is None
            else {
                "field": [
                    {"player": s.player, "name": self.names[s.player], "route": s.route, "reason": s.message.as_dict()}
                    for s in self.mayor.qualified.seats
                ],
                "field_notes": [m.as_dict() for m in self.mayor.qualified.notes],
                "tournament": None
                if self.mayor.tournament is None
                else _tournament_dict(self.mayor.tournament, self.names),
                "champion": self.mayor.champion,
                "notes": [m.as_dict() for m in self.mayor.notes],
            },
            "trophies": [
                {"player": t.player, "name": self.names[t.player], "tournament": t.tournament, "place": t.place,
                 "position": t.position, "reason": t.message.as_dict()}
                for t in self.trophies
            ],
            "notes": [m.as_dict() for m in self.notes],
            "categories": [
                {"player": pid, "name": self.names[pid], "this_year": c.key if c else None,
                 "next_year": n.key if n else None,
                 "reasons": [m.as_dict() for m in self.reasons.get(pid, [])]}
                for pid, c, n in self.categories
            ],
        }


def _tournament_dict(t: TournamentReport, names: dict[str, str]) -> dict[str, Any]:
    return {
        "id": t.id,
        "name": t.name,
        "category": t.category.key if t.category else MAYOR_CATEGORY.lower(),
        "start": t.start.isoformat(),
        "format": {"kind": t.format.kind.value, "rounds": t.format.rounds, "reason": t.format.message.as_dict()},
        "tiebreaks": t.tiebreaks,
        "fide_rated_ok": t.rated_ok,
        "entries_accepted": [{"player": e.player, "basis": e.basis, "reason": e.message.as_dict()} for e in t.accepted],
        "entries_refused": [{"player": e.player, "reason": e.message.as_dict()} for e in t.refused],
        "standings": [
            {"position": line.position, "player": line.player, "name": names[line.player], "points": str(line.points),
             "tiebreaks": {k: str(v) for k, v in line.values.items()}}
            for line in t.standings
        ],
        "moves": [{"player": m.player, "kind": m.kind, "to": m.to.key, "reason": m.message.as_dict()} for m in t.moves],
        "honours": [m.as_dict() for m in t.honours],
        "notes": [m.as_dict() for m in t.notes],
    }


@dataclass(slots=True)
class _State:
    season: Season
    names: dict[str, str]
    current: dict[str, Category | None]
    newcomer: set[str]
    played: dict[str, list[tuple[Category, _dt.date]]] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    awarded: dict[str, set[str]] = field(default_factory=dict)
    trophies: list[Trophy] = field(default_factory=list)
    orders: dict[str, list[str]] = field(default_factory=dict)
    notes: list[Message] = field(default_factory=list)


def run_season(season: Season) -> SeasonReport:
    """Apply the FMA rulebook to a whole season."""
    names = {p.id: p.name for p in season.registry}
    st = _State(
        season=season,
        names=names,
        current={p.id: p.category for p in season.registry},
        newcomer={p.id for p in season.registry if p.category is None},
    )
    for p in season.registry:
        for s in p.sanctions:
            st.notes.append(describe(s, p.name))
    st.notes.extend(_season_checks(season))
    reports = []
    for spec in sorted(season.tournaments, key=lambda t: t.start):
        reports.append(_run_tournament(st, spec))
    mayor = _run_mayor(st, season.mayor) if season.mayor is not None else None
    next_cat, notes = next_categories(st.current, st.moves, names)
    st.notes.extend(notes)
    categories = [(p.id, st.current[p.id], next_cat[p.id]) for p in season.registry]
    reasons: dict[str, list[Message]] = {}
    for mv in st.moves:
        reasons.setdefault(mv.player, []).append(mv.message)
    return SeasonReport(season.year, names, reports, mayor, st.trophies, st.notes, categories, reasons)


def _season_checks(season: Season) -> list[Message]:
    """FMA 2.1 (a tournament of every category) and Anexo I II (same rules within a category)."""
    out: list[Message] = []
    for cat in Category:
        specs = [t for t in season.tournaments if t.category is cat]
        if not specs:
            out.append(msg("season.missing_category", year=season.year, category=cat))
            continue
        controls = sorted({t.time_control for t in specs})
        if len(controls) > 1:
            out.append(msg("multiple.same_rules", category=cat, controls=" / ".join(c or "?" for c in controls)))
    return out


def _own_category(st: _State, pid: str, spec: TournamentSpec, start: _dt.datetime, notes: list[Message]) -> Category:
    """FMA 1.2/1.3 and claims (1.4-1.6) for the tournament ``spec``."""
    player = st.season.registry.get(pid)
    cat = st.current[pid]
    if cat is None:
        cat, m = newcomer_category(player.name, player.standard_rating)
        st.current[pid] = cat
        notes.append(m)
    for claim in st.season.claims:
        if claim.player == pid and claim.tournament == spec.id:
            decision = decide_claim(claim, player.name, cat, start)
            notes.extend(decision.messages)
            cat = decision.category
            st.current[pid] = cat
    return cat


def _resolve_results(st: _State, spec: TournamentSpec, fmt: Format | None) -> tuple[Tournament | None, dict[int, str]]:
    reg = st.season.registry
    if spec.trf is not None:
        ids: dict[int, str] = {}
        for p in spec.trf.iter_players():
            pid = spec.trf_players.get(p.start_rank)
            if pid is None:
                found = reg.find(fide_id=p.fide_id, name=p.name)
                if found is None:
                    raise ArbitroError(
                        f"{spec.where}.trf: player {p.start_rank} {p.name!r}: not in the registry "
                        "(add trf_players or a matching fide_id/name)"
                    )
                pid = found.id
            ids[p.start_rank] = pid
        return spec.trf, ids
    if spec.players is not None and (spec.games or spec.byes):
        players = [
            (pid, reg.get(pid).name, reg.get(pid).standard_rating, reg.get(pid).fide_id) for pid in spec.players
        ]
        rr = fmt.kind.is_round_robin if fmt is not None else True
        return build_tournament(spec.name, players, spec.games, spec.byes, round_robin=rr, start=spec.start, where=spec.where)
    return None, {}


def _standings(
    st: _State, spec: TournamentSpec, fmt: Format, notes: list[Message]
) -> tuple[list[RankedLine], list[str]]:
    """Final standings (FMA 6) after the result effects of sanctions (FMA 11.1.2-11.1.4)."""
    codes = codes_for(fmt.kind)
    t, ids = _resolve_results(st, spec, fmt)
    if t is None:
        if spec.final_standings is None:
            return [], codes
        notes.append(msg("standings.given", tournament=spec.name))
        ded = _deductions_by_id(st, spec)
        lines = [
            RankedLine(
                pid,
                i + 1,
                spec.final_points.get(pid, Decimal(0)) - ded.get(pid, Decimal(0)),
                spec.final_values.get(pid, {}),
            )
            for i, pid in enumerate(spec.final_standings)
        ]
        if ded:
            lines.sort(key=lambda x: (-x.points, x.position))
            lines = [RankedLine(x.player, i + 1, x.points, x.values) for i, x in enumerate(lines)]
        return lines, codes
    _check_played_format(spec.name, t, fmt, notes)
    rank_of = {pid: r for r, pid in ids.items()}
    sanctions = []
    for pid in ids.values():
        for s in st.season.registry.get(pid).sanctions:
            if s.tournament == spec.id and s.kind in (
                SanctionKind.GAME_LOSS, SanctionKind.POINT_DEDUCTION, SanctionKind.EXPULSION
            ):
                sanctions.append((s, rank_of[pid]))
    t, deductions, sanction_notes = apply_to_tournament(t, sanctions)
    notes.extend(sanction_notes)
    notes.extend(_byes.audit_half_byes(t))
    notes.extend(_byes.audit_requested_byes(t, fmt.kind))
    lines = rank(t, ids, codes, lots_seed=spec.lots_seed, deductions=deductions)
    for code in codes:
        if lines and all(code not in line.values for line in lines):
            notes.append(msg("tiebreaks.dropped", tournament=spec.name, code=code))
    return lines, codes


def _deductions_by_id(st: _State, spec: TournamentSpec) -> dict[str, Decimal]:
    out: dict[str, Decimal] = {}
    for p in st.season.registry:
        for s in p.sanctions:
            if s.tournament == spec.id and s.kind is SanctionKind.POINT_DEDUCTION:
                out[p.id] = out.get(p.id, Decimal(0)) + s.points
    return out


def _entrants(st: _State, spec: TournamentSpec) -> list[EntryRequest]:
    """The entry requests: as given, else every player of the results."""
    if spec.entries is not None:
        return spec.entries
    if spec.players is not None:
        return [EntryRequest(pid) for pid in spec.players]
    if spec.trf is not None:
        _t, ids = _resolve_results(st, spec, None)
        return [EntryRequest(ids[r]) for r in sorted(ids)]
    return [EntryRequest(pid) for pid in spec.final_standings or []]


def _run_tournament(st: _State, spec: TournamentSpec) -> TournamentReport:
    assert spec.category is not None
    notes: list[Message] = []
    start_dt = _dt.datetime.combine(spec.start, _dt.time(0, 0))
    info = TournamentInfo(spec.id, spec.name, spec.category, spec.start)
    season_infos = [TournamentInfo(t.id, t.name, t.category, t.start) for t in st.season.tournaments if t.category]
    ctx = EntryContext(season=season_infos, played=st.played, qualifiers=st.season.qualifiers)
    accepted: list[EntryDecision] = []
    refused: list[EntryDecision] = []
    own: dict[str, Category] = {}
    for req in _entrants(st, spec):
        cat = _own_category(st, req.player, spec, start_dt, notes)
        own[req.player] = cat
        d = decide_entry(st.season.registry.get(req.player), cat, req.player in st.newcomer, info, req, ctx)
        (accepted if d.accepted else refused).append(d)
    n = len(accepted)
    if n < 2:
        notes.append(msg("format.too_few", n=n))
    fmt_obj = format_for(max(n, 2))
    ratings = [st.season.registry.get(e.player).standard_rating for e in accepted]
    rated_ok, rating_msgs = check_fide_rating_requirements(spec.name, spec.category, fmt_obj.kind, ratings, spec.time_control)
    notes.extend(rating_msgs)
    for _req, _ok, m in _byes.check_bye_requests(spec.bye_requests, st.names, fmt_obj.rounds, fmt_obj.kind):
        notes.append(m)
    standings, codes = _standings(st, spec, fmt_obj, notes)
    report = TournamentReport(spec.id, spec.name, spec.category, spec.start, fmt_obj, codes, accepted, refused, notes, rated_ok)
    report.standings = standings
    notes.insert(0, order_message(fmt_obj.kind))
    admitted = {e.player for e in accepted}
    for line in standings:
        if line.player not in admitted:
            notes.append(msg("entry.unlisted_player", player=st.names[line.player], tournament=spec.name))
        if line.player not in own:
            own[line.player] = _own_category(st, line.player, spec, start_dt, notes)
        st.played.setdefault(line.player, []).append((own[line.player], spec.start))
        st.newcomer.discard(line.player)
    order = [line.player for line in standings]
    st.orders[spec.id] = order
    moves, move_notes = promotions_and_relegations(
        spec.name, spec.category, spec.start, order, own, st.names, spec.announcement
    )
    if order:
        report.moves = moves
        st.moves.extend(moves)
        notes.extend(move_notes)
        report.honours.extend(champion_messages(spec.name, spec.category, order, st.names, st.season.year + 1))
        if spec.category is Category.PRIMERA:
            report.honours.append(msg("mayor.places", tournament=spec.name))
        won, trophy_notes = trophies([(spec.name, order)], spec.category, st.names, st.awarded.setdefault(spec.category.key, set()))
        st.trophies.extend(won)
        report.honours.extend(t.message for t in won)
        report.honours.extend(trophy_notes)
    return report


def _played_format(t: Tournament) -> tuple[FormatKind, int]:
    """The format a tournament was actually played in (its system record, else its shape)."""
    n = len(t.players)
    rounds = t.total_rounds
    looks_rr = not t.system and not t.type_text and n <= 10 and rounds >= round_robin_rounds(n)
    if t.is_round_robin or looks_rr:
        double = rounds >= 2 * round_robin_rounds(n)
        return (FormatKind.DOUBLE_ROUND_ROBIN if double else FormatKind.ROUND_ROBIN), rounds
    return FormatKind.SWISS, rounds


def _check_played_format(name: str, t: Tournament, fmt: Format, notes: list[Message]) -> None:
    """FMA 4.1: the format played must be the one the number of entrants calls for."""
    kind, rounds = _played_format(t)
    if kind is not fmt.kind or rounds != fmt.rounds:
        actual = Format(kind, rounds, fmt.message)
        notes.append(msg("format.mismatch", tournament=name, actual=actual, n=len(t.players), expected=fmt))


def _both(m: Message) -> Message:
    return m  # a message as another's value is said cited, in the reader's language (Message.name_in)


def _run_mayor(st: _State, m: MayorSpec) -> MayorReport:
    spec = m.tournament
    reg = st.season.registry
    unavailable: dict[str, str | Text | Message] = dict(m.declined)
    for p in reg:
        if p.is_expelled(spec.start):
            unavailable[p.id] = _both(msg("entry.refused.expelled", player=p.name))
        elif p.fma_ban(spec.start):
            unavailable[p.id] = _both(msg("entry.refused.ban_fma", player=p.name))
        elif not p.resident:
            unavailable[p.id] = _both(msg("entry.refused.residency", player=p.name))
    primera_id = m.primera
    if primera_id is None:
        primeras = sorted((t for t in st.season.tournaments if t.category is Category.PRIMERA), key=lambda t: t.start)
        primera_id = primeras[-1].id if primeras else None
    primera_order = st.orders.get(primera_id, []) if primera_id else []
    ranking = [(p.id, p.standard_rating or 0) for p in reg.rating_ranking(spec.start)]
    fld = select_field(
        reigning=m.reigning,
        previous_standings=m.previous_standings,
        ranking=ranking,
        primera_order=primera_order,
        unavailable=unavailable,
        names=st.names,
    )
    notes: list[Message] = [MAYOR_FORMAT.message]
    if spec.time_control and minutes_per_player(spec.time_control) != minutes_per_player(MAYOR_TIME_CONTROL):
        notes.append(msg("mayor.time_control", time_control=spec.time_control))
    if m.playoff is not None and (late := check_playoff_start(m.playoff, m.end)) is not None:
        notes.append(late)
    report = TournamentReport(spec.id, spec.name, None, spec.start, MAYOR_FORMAT, codes_for(MAYOR_FORMAT.kind))
    if spec.players is None and spec.trf is None and spec.final_standings is None:
        return MayorReport(fld, None, None, notes)
    standings, codes = _standings(st, spec, MAYOR_FORMAT, report.notes)
    report.standings = standings
    report.notes.insert(0, order_message(FormatKind.DOUBLE_ROUND_ROBIN))
    for line in standings:
        if line.player not in fld.players:
            report.notes.append(msg("entry.unlisted_player", player=st.names[line.player], tournament=spec.name))
    order = [line.player for line in standings]
    points = {line.player: line.points for line in standings}
    tied_equal = len(standings) >= 2 and values_equal(standings[0], standings[1], codes)
    champion, champ_notes = decide_champion(order, points, tied_equal, m.playoff, st.names, spec.lots_seed)
    notes.extend(champ_notes)
    if champion is not None:
        notes.append(msg("fma.champion", player=st.names[champion], year=st.season.year))
        # FMA 8.4: trophies to the first three; the play-off winner is first.
        final = [champion] + [p for p in order if p != champion]
        won, trophy_notes = trophies([(spec.name, final)], MAYOR_CATEGORY, st.names, st.awarded.setdefault("mayor", set()))
        st.trophies.extend(won)
        report.honours.extend(t.message for t in won)
        report.honours.extend(trophy_notes)
    return MayorReport(fld, report, champion, notes)

