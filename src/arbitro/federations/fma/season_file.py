"""Reading a season (the parsed JSON of docs/formats/season.md) into the rulebook's types.

Pure: the caller loads the JSON and gives a ``load_trf(path) -> Tournament``
callable for tournaments stored as TRF files. Every error is an
:class:`ArbitroError` naming the field: ``season.json: tournaments[2].category: ...``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.federations.fma.byes import ByeRequest
from arbitro.federations.fma.categories import Category, CategoryClaim, parse_category
from arbitro.federations.fma.end import Announcement
from arbitro.federations.fma.entry import EntryRequest, Qualifier
from arbitro.federations.fma.mayor import Playoff, PlayoffGame
from arbitro.federations.fma.registry import CategoryChange, FmaPlayer, Registry
from arbitro.federations.fma.results import ByeSpec, GameSpec
from arbitro.federations.fma.sanctions import Sanction, SanctionKind
from arbitro.limits import MAX_PLAYERS, MAX_ROUNDS, parse_decimal
from arbitro.model import Tournament

__all__ = ["MayorSpec", "Season", "TournamentSpec", "load_season"]


@dataclass(slots=True)
class TournamentSpec:
    id: str
    name: str
    category: Category | None  # None for the Torneo Mayor
    start: _dt.date
    time_control: str = ""
    entries: list[EntryRequest] | None = None
    announcement: Announcement | None = None
    bye_requests: list[ByeRequest] = field(default_factory=list)
    lots_seed: int | None = None
    trf: Tournament | None = None
    trf_players: dict[int, str] = field(default_factory=dict)  # start rank -> player id (given)
    players: list[str] | None = None  # results: start order
    games: list[GameSpec] = field(default_factory=list)
    byes: list[ByeSpec] = field(default_factory=list)
    final_standings: list[str] | None = None
    final_points: dict[str, Decimal] = field(default_factory=dict)
    final_values: dict[str, dict[str, Decimal]] = field(default_factory=dict)
    where: str = ""


@dataclass(slots=True)
class MayorSpec:
    tournament: TournamentSpec
    reigning: str | None = None
    previous_standings: list[str] = field(default_factory=list)
    declined: dict[str, str] = field(default_factory=dict)
    primera: str | None = None
    playoff: Playoff | None = None
    end: _dt.date | None = None  # date of the last round


@dataclass(slots=True)
class Season:
    year: int
    registry: Registry
    tournaments: list[TournamentSpec]
    claims: list[CategoryClaim] = field(default_factory=list)
    qualifiers: list[Qualifier] = field(default_factory=list)
    mayor: MayorSpec | None = None
    source: str = "season"


#: Integer fields with a range of their own (limits.md); the rest stay within 18 digits.
_INT_BOUND = 10**18
_INT_RANGES = {
    "round": (0, MAX_ROUNDS), "played": (0, MAX_ROUNDS), "year": (1900, 2999),
    "place": (1, MAX_PLAYERS), "promotions": (0, MAX_PLAYERS), "relegations": (0, MAX_PLAYERS),
}  # fmt: skip


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, path: str, what: str) -> ArbitroError:
        return ArbitroError(f"{self.source}: {path}: {what}")

    def obj(self, v: Any, path: str) -> dict[str, Any]:
        if not isinstance(v, dict):
            raise self.fail(path, "expected an object")
        return v

    def lst(self, v: Any, path: str) -> list[Any]:
        if not isinstance(v, list):
            raise self.fail(path, "expected a list")
        return v

    def str_(self, d: dict[str, Any], key: str, path: str, default: str | None = None) -> str:
        v = d.get(key, default)
        if not isinstance(v, str) or (default is None and not v):
            raise self.fail(f"{path}.{key}", "expected a non-empty string")
        return v

    def int_(self, d: dict[str, Any], key: str, path: str, default: int | None = None) -> int:
        v = d.get(key, default)
        if not isinstance(v, int) or isinstance(v, bool):
            raise self.fail(f"{path}.{key}", "expected an integer")
        low, high = _INT_RANGES.get(key, (-_INT_BOUND, _INT_BOUND))
        if not low <= v <= high:
            raise self.fail(f"{path}.{key}", f"expected an integer from {low} to {high} (limits.md)")
        return v

    def opt_int(self, d: dict[str, Any], key: str, path: str) -> int | None:
        return None if d.get(key) is None else self.int_(d, key, path)

    def date(self, d: dict[str, Any], key: str, path: str, required: bool = True) -> _dt.date | None:
        v = d.get(key)
        if v is None and not required:
            return None
        if not isinstance(v, str):
            raise self.fail(f"{path}.{key}", "expected a date YYYY-MM-DD")
        try:
            return _dt.date.fromisoformat(v[:10])
        except ValueError:
            raise self.fail(f"{path}.{key}", f"{v!r}: expected a date YYYY-MM-DD") from None

    def req_date(self, d: dict[str, Any], key: str, path: str) -> _dt.date:
        v = self.date(d, key, path)
        assert v is not None
        return v

    def datetime(self, d: dict[str, Any], key: str, path: str) -> _dt.datetime:
        v = d.get(key)
        if not isinstance(v, str):
            raise self.fail(f"{path}.{key}", "expected a date-time YYYY-MM-DDTHH:MM")
        try:
            return _dt.datetime.fromisoformat(v)
        except ValueError:
            raise self.fail(f"{path}.{key}", f"{v!r}: expected a date-time YYYY-MM-DDTHH:MM") from None

    def category(self, d: dict[str, Any], key: str, path: str, required: bool = True) -> Category | None:
        v = d.get(key)
        if v is None and not required:
            return None
        try:
            return parse_category(str(v))
        except ValueError:
            raise self.fail(f"{path}.{key}", f"{v!r}: expected primera, segunda, tercera or cuarta") from None

    def decimal(self, d: dict[str, Any], key: str, path: str) -> Decimal:
        """Points and tie-break values: plain decimals up to 9999.999 (no exponent, NaN or infinity)."""
        v = d.get(key)
        if isinstance(v, bool) or not isinstance(v, int | float | str | Decimal):
            raise self.fail(f"{path}.{key}", f"{v!r}: expected a number")
        value = parse_decimal(str(v), maximum=Decimal("9999.999"), places=3, negative=True)
        if isinstance(value, str):
            raise self.fail(f"{path}.{key}", value)
        return value

    def ids(self, v: Any, path: str, registry: Registry) -> list[str]:
        out = []
        for i, x in enumerate(self.lst(v, path)):
            if not isinstance(x, str) or x not in registry:
                raise self.fail(f"{path}[{i}]", f"{x!r}: expected a player id of the registry")
            out.append(x)
        return out

    def player_ref(self, d: dict[str, Any], key: str, path: str, registry: Registry) -> str:
        v = self.str_(d, key, path)
        if v not in registry:
            raise self.fail(f"{path}.{key}", f"{v!r}: expected a player id of the registry")
        return v


def _player(r: _Reader, d: dict[str, Any], path: str) -> FmaPlayer:
    rating = d.get("standard_rating")
    if rating is not None and (not isinstance(rating, int) or isinstance(rating, bool) or not 0 <= rating < 10_000):
        raise r.fail(f"{path}.standard_rating", "expected a FIDE standard rating (integer) or null")
    history = []
    for j, h in enumerate(r.lst(d.get("history", []), f"{path}.history")):
        hp = f"{path}.history[{j}]"
        h = r.obj(h, hp)
        cat = r.category(h, "category", hp)
        assert cat is not None
        history.append(CategoryChange(r.int_(h, "year", hp), cat, str(h.get("article", "")), str(h.get("reason", ""))))
    residency = r.obj(d.get("residency", {}), f"{path}.residency")
    resident = residency.get("resident", True)
    if not isinstance(resident, bool):
        raise r.fail(f"{path}.residency.resident", "expected true or false")
    return FmaPlayer(
        id=r.str_(d, "id", path),
        name=r.str_(d, "name", path),
        standard_rating=rating or None,
        fide_id=str(d.get("fide_id", "") or ""),
        category=r.category(d, "category", path, required=False),
        history=history,
        resident=resident,
        registered_on=r.date(residency, "registered_on", f"{path}.residency", required=False),
        proof_category=r.category(d, "proof_category", path, required=False),
    )


def _sanction(r: _Reader, d: dict[str, Any], path: str, registry: Registry) -> Sanction:
    kind_text = r.str_(d, "kind", path)
    try:
        kind = SanctionKind(kind_text)
    except ValueError:
        kinds = ", ".join(k.value for k in SanctionKind)
        raise r.fail(f"{path}.kind", f"{kind_text!r}: expected one of {kinds}") from None
    s = Sanction(
        player=r.player_ref(d, "player", path, registry),
        kind=kind,
        date=r.req_date(d, "date", path),
        tournament=str(d.get("tournament", "")),
        round=r.opt_int(d, "round", path),
        points=r.decimal(d, "points", path) if "points" in d else Decimal(0),
        amount=str(d.get("amount", "")),
        until=r.date(d, "until", path, required=False),
        reason=str(d.get("reason", "")),
    )
    if kind in (SanctionKind.GAME_LOSS, SanctionKind.EXPULSION, SanctionKind.POINT_DEDUCTION) and not s.tournament:
        raise r.fail(f"{path}.tournament", f"a {kind.value} sanction needs the tournament id")
    if kind in (SanctionKind.GAME_LOSS, SanctionKind.EXPULSION) and s.round is None:
        raise r.fail(f"{path}.round", f"a {kind.value} sanction needs the round")
    if kind is SanctionKind.POINT_DEDUCTION and s.points <= 0:
        raise r.fail(f"{path}.points", "expected the (positive) points to deduct")
    return s


def _games(r: _Reader, v: Any, path: str) -> list[GameSpec]:
    out = []
    for i, g in enumerate(r.lst(v, path)):
        gp = f"{path}[{i}]"
        g = r.obj(g, gp)
        out.append(GameSpec(r.int_(g, "round", gp), r.str_(g, "white", gp), r.str_(g, "black", gp), r.str_(g, "result", gp)))
    return out


def _byes(r: _Reader, v: Any, path: str) -> list[ByeSpec]:
    out = []
    for i, b in enumerate(r.lst(v, path)):
        bp = f"{path}[{i}]"
        b = r.obj(b, bp)
        out.append(ByeSpec(r.int_(b, "round", bp), r.str_(b, "player", bp), r.str_(b, "kind", bp, "H")))
    return out


def _tournament(
    r: _Reader, d: dict[str, Any], path: str, registry: Registry, load_trf: Callable[[str], Tournament] | None,
    mayor: bool = False,
) -> TournamentSpec:
    spec = TournamentSpec(
        id=r.str_(d, "id", path),
        name=str(d.get("name") or d.get("id")),
        category=None if mayor else r.category(d, "category", path),
        start=r.req_date(d, "start", path),
        time_control=str(d.get("time_control", "90+30" if mayor else "")),
        lots_seed=r.opt_int(d, "lots_seed", path),
        where=f"{r.source}: {path}",
    )
    if "entries" in d:
        entries = []
        for i, e in enumerate(r.lst(d["entries"], f"{path}.entries")):
            ep = f"{path}.entries[{i}]"
            if isinstance(e, str):
                e = {"player": e}
            e = r.obj(e, ep)
            basis = str(e.get("basis", ""))
            if basis not in ("", "invitation"):
                raise r.fail(f"{ep}.basis", f"{basis!r}: expected \"invitation\" or nothing")
            entries.append(EntryRequest(r.player_ref(e, "player", ep, registry), basis, str(e.get("reason", ""))))
        spec.entries = entries
    if "promotions" in d or "relegations" in d:
        spec.announcement = Announcement(
            r.int_(d, "promotions", path, 0), r.int_(d, "relegations", path, 0),
            r.date(d, "announced_on", path, required=False),
        )
    for i, b in enumerate(r.lst(d.get("bye_requests", []), f"{path}.bye_requests")):
        bp = f"{path}.bye_requests[{i}]"
        b = r.obj(b, bp)
        rnd = r.int_(b, "round", bp)
        spec.bye_requests.append(ByeRequest(r.player_ref(b, "player", bp, registry), rnd, r.int_(b, "played", bp, rnd - 1)))
    if "trf" in d:
        if load_trf is None:
            raise r.fail(f"{path}.trf", "TRF files cannot be read here")
        spec.trf = load_trf(r.str_(d, "trf", path))
        mapping = r.obj(d.get("trf_players", {}), f"{path}.trf_players")
        for k, v in mapping.items():
            if not (str(k).isascii() and str(k).isdigit()) or v not in registry:
                raise r.fail(f"{path}.trf_players.{k}", "expected start rank -> player id of the registry")
            spec.trf_players[int(k)] = v
    if "players" in d:
        spec.players = r.ids(d["players"], f"{path}.players", registry)
        spec.games = _games(r, d.get("games", []), f"{path}.games")
        spec.byes = _byes(r, d.get("byes", []), f"{path}.byes")
    if "final_standings" in d:
        order = []
        for i, line in enumerate(r.lst(d["final_standings"], f"{path}.final_standings")):
            lp = f"{path}.final_standings[{i}]"
            if isinstance(line, str):
                line = {"player": line}
            line = r.obj(line, lp)
            pid = r.player_ref(line, "player", lp, registry)
            order.append(pid)
            if "points" in line:
                spec.final_points[pid] = r.decimal(line, "points", lp)
            values = r.obj(line.get("tiebreaks", {}), f"{lp}.tiebreaks")
            spec.final_values[pid] = {str(k): r.decimal(values, k, f"{lp}.tiebreaks") for k in values}
        spec.final_standings = order
    return spec


def _playoff(r: _Reader, d: dict[str, Any], path: str) -> Playoff:
    def games(key: str) -> tuple[PlayoffGame, ...] | None:
        if key not in d:
            return None
        out = []
        for i, g in enumerate(r.lst(d[key], f"{path}.{key}")):
            gp = f"{path}.{key}[{i}]"
            g = r.obj(g, gp)
            out.append(PlayoffGame(r.str_(g, "white", gp), r.str_(g, "result", gp)))
        return tuple(out)

    arm = None
    if "armageddon" in d:
        a = r.obj(d["armageddon"], f"{path}.armageddon")
        arm = PlayoffGame(r.str_(a, "white", f"{path}.armageddon", ""), r.str_(a, "result", f"{path}.armageddon"))
    return Playoff(games("rapid"), games("blitz"), arm, r.date(d, "start", path, required=False))


def load_season(
    data: Any, *, source: str = "season", load_trf: Callable[[str], Tournament] | None = None
) -> Season:
    """Read a parsed season file (docs/formats/season.md)."""
    r = _Reader(source)
    d = r.obj(data, "(top level)")
    fed = d.get("federation", "FMA")
    if fed != "FMA":
        raise r.fail("federation", f"{fed!r}: expected \"FMA\"")
    year = r.int_(d, "year", "(top level)")
    registry = Registry()
    for i, p in enumerate(r.lst(d.get("players", []), "players")):
        player = _player(r, r.obj(p, f"players[{i}]"), f"players[{i}]")
        if player.id in registry:
            raise r.fail(f"players[{i}].id", f"{player.id!r}: duplicate player id")
        registry.add(player)
    for i, s in enumerate(r.lst(d.get("sanctions", []), "sanctions")):
        sanction = _sanction(r, r.obj(s, f"sanctions[{i}]"), f"sanctions[{i}]", registry)
        registry.get(sanction.player).sanctions.append(sanction)
    claims = []
    for i, c in enumerate(r.lst(d.get("claims", []), "claims")):
        cp = f"claims[{i}]"
        c = r.obj(c, cp)
        board = c.get("board")
        if board not in (None, "accepted", "rejected"):
            raise r.fail(f"{cp}.board", f"{board!r}: expected \"accepted\", \"rejected\" or null")
        requested = r.category(c, "requested", cp)
        assert requested is not None
        claims.append(
            CategoryClaim(
                player=r.player_ref(c, "player", cp, registry),
                tournament=r.str_(c, "tournament", cp),
                filed=r.datetime(c, "filed", cp),
                requested=requested,
                board=board,
                evaluation=r.category(c, "evaluation", cp, required=False),
                evaluator=str(c.get("evaluator", "")),
                inactivity=bool(c.get("inactivity", False)),
            )
        )
    qualifiers = []
    for i, q in enumerate(r.lst(d.get("qualifiers", []), "qualifiers")):
        qp = f"qualifiers[{i}]"
        q = r.obj(q, qp)
        endorsed = q.get("endorsed", True)
        if not isinstance(endorsed, bool):
            raise r.fail(f"{qp}.endorsed", "expected true or false")
        qualifiers.append(
            Qualifier(
                player=r.player_ref(q, "player", qp, registry),
                championship=r.str_(q, "championship", qp),
                year=r.int_(q, "year", qp),
                place=r.int_(q, "place", qp),
                endorsed=endorsed,
                date=r.date(q, "date", qp, required=False),
            )
        )
    tournaments = [
        _tournament(r, r.obj(t, f"tournaments[{i}]"), f"tournaments[{i}]", registry, load_trf)
        for i, t in enumerate(r.lst(d.get("tournaments", []), "tournaments"))
    ]
    seen: set[str] = set()
    for i, t in enumerate(tournaments):
        if t.id in seen:
            raise r.fail(f"tournaments[{i}].id", f"{t.id!r}: duplicate tournament id")
        seen.add(t.id)
    mayor = None
    if d.get("mayor") is not None:
        m = r.obj(d["mayor"], "mayor")
        reigning = m.get("reigning_champion")
        if reigning is not None and (not isinstance(reigning, str) or reigning not in registry):
            raise r.fail("mayor.reigning_champion", f"{reigning!r}: expected a player id of the registry")
        declined: dict[str, str] = {}
        for pid, why in r.obj(m.get("declined", {}), "mayor.declined").items():
            if pid not in registry:
                raise r.fail(f"mayor.declined.{pid}", "expected a player id of the registry")
            declined[pid] = str(why) or "no puede / cannot"
        primera = m.get("primera")
        if primera is not None and (not isinstance(primera, str) or primera not in seen):
            raise r.fail("mayor.primera", f"{primera!r}: expected the id of a Primera tournament of the season")
        mayor = MayorSpec(
            tournament=_tournament(r, m, "mayor", registry, load_trf, mayor=True),
            reigning=reigning,
            previous_standings=r.ids(m.get("previous_standings", []), "mayor.previous_standings", registry),
            declined=declined,
            primera=primera,
            playoff=_playoff(r, r.obj(m["playoff"], "mayor.playoff"), "mayor.playoff") if "playoff" in m else None,
            end=r.date(m, "end", "mayor", required=False),
        )
    return Season(year, registry, tournaments, claims, qualifiers, mayor, source)
