"""Standings: points, the FIDE tie-breaks (C.07) and drawing of lots.

    from arbitro.standings import compute_standings
    st = compute_standings(t, ["BH/C1", "BH", "SB", "DE"], rules="2026")
    for row in st.rows:
        print(row.rank, row.start_rank, row.points, row.values["BH/C1"])
    print(st.explain(3, "BH/C1").as_dict())

* The list: the argument, else the file's ``212`` record (with the primary
  score), else its ``202`` record (PTS prepended), else a default
  (:data:`DEFAULT_SWISS` / :data:`DEFAULT_ROUND_ROBIN`). ``PTS`` is always
  the first criterion.
* The rules: ``"2024"`` or ``"2026"``, else by the tournament's start date
  (the edition in force when it started, C.07 2026 from 1 March 2026).
* Ties left after the whole list are broken by a seeded drawing of lots
  (4.2; the seed is recorded in :attr:`Standings.lots_seed`), or kept as
  shared ranks with ``break_ties_by_lot=False`` (Art. 2.1).
* Ties may instead stay shared (``break_ties_by_lot=False``, VCL4THP Q203),
  and the arbiter may rank tied players by hand (``manual_order``, Q205):
  the players he lists are placed in his order inside their tie, before any
  lot is drawn.
* ``external_values``: tie-break values computed outside and entered by the
  arbiter (Q207), marked in :attr:`StandingRow.external`.
* Rating-based tie-breaks: unrated players get a fixed rating
  (``unrated_rating``), or the field's lowest or average rating
  (``unrated_method``, Q209); in an event over 30 days (``long_event``,
  Q210-216) the ratings of ``round_ratings`` in force at ``rating_round``
  (default: the first rating, C.07 2026 Art. 10 preamble). See
  :mod:`arbitro.standings.ratings`.
* Withdrawn players are marked (:attr:`StandingRow.withdrawn`, Q170);
  expelled players (``t.expelled``) are left out of the standings (Q197-198),
  their games still count for their opponents.
* A round robin leaves out of the standings a player who withdrew having
  completed under half of his games (VCL4THP Q103; FIDE Tournament Rules, see
  :mod:`arbitro.standings.withdrawals`): his games count for nobody's points or
  tie-breaks, and he is listed after everyone, ``annulled``, without points.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.model import Tournament
from arbitro.standings.lots import default_seed, draw_lots
from arbitro.standings.ranking import Ranking, rank_players, tied_groups
from arbitro.standings.ratings import (
    UNRATED_METHODS,
    long_event_warnings,
    ratings_at_round,
    unrated_rating_of,
    unrated_warning,
)
from arbitro.standings.withdrawals import annul, annulled_players
from arbitro.tiebreaks.column import Explanation
from arbitro.tiebreaks.context import Context, build_context
from arbitro.tiebreaks.direct_encounter import explain_direct_encounter
from arbitro.tiebreaks.registry import explain_value
from arbitro.tiebreaks.rules import Rules, inferred_round_robin, is_pre_determined, resolve_rules
from arbitro.tiebreaks.spec import (
    PRIMARY_CODES,
    TiebreakSpec,
    TiebreakSpecError,
    parse_tiebreak,
    parse_tiebreak_list,
)

__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "StandingRow",
    "Standings",
    "compute_standings",
    "tiebreak_list_for",
]

#: Default list for a Swiss without a 202/212 record (a common FIDE-event choice).
DEFAULT_SWISS = ["PTS", "BH/C1", "BH", "SB", "DE", "WIN", "BWG"]
#: Default list for a round robin (no Buchholz family there, C.07 2026 Art. 8 note).
DEFAULT_ROUND_ROBIN = ["PTS", "DE", "SB", "WIN", "KS"]


@dataclass(slots=True, eq=False)
class StandingRow:
    """One player's line: final rank, points and every tie-break value (exact Decimals, None = no value)."""

    start_rank: int
    rank: int
    points: Decimal
    values: dict[str, Decimal | None]
    shared_rank: int  # rank before the drawing of lots
    by_lot: bool = False  # True when the drawing of lots decided this rank
    annulled: bool = False  # round robin, withdrawn under half the games: not counted, listed last (Q103)
    by_hand: bool = False  # the arbiter ranked this tied player by hand (Q205)
    withdrawn: int | None = None  # the first round missed after a withdrawal (Q170)
    external: frozenset[str] = frozenset()  # tie-breaks whose value the arbiter entered (Q207)
    _standings: Standings | None = field(default=None, repr=False)

    def explain(self, code: str) -> Explanation:
        """How ``values[code]`` was obtained: per round, what it contributed, what was cut, and why."""
        if self._standings is None:
            raise LookupError("row is not attached to standings")
        return self._standings.explain(self.start_rank, code)


@dataclass(slots=True, eq=False)
class Standings:
    """The standings after round :attr:`after_round` under the C.07 edition :attr:`rules`.

    :attr:`after_round` counts TRF rounds; with two-game matches (C.04.5) the
    explanations' rounds are matches (:attr:`games_per_round` columns each).
    """

    rules: Rules
    tiebreaks: list[str]
    rows: list[StandingRow]
    after_round: int
    lots_seed: int | None
    _ctx: Context = field(repr=False)
    _specs: dict[str, TiebreakSpec] = field(repr=False)
    _ranking: Ranking = field(repr=False)
    warnings: list[str] = field(default_factory=list)  # e.g. unknown codes of the file's 202 record
    games_per_round: int = 1  # 2: the tie-breaks' rounds are two-game matches (C.04.5)
    annulled: list[int] = field(default_factory=list)  # start ranks left out of a round robin's standings (Q103)
    expelled: list[int] = field(default_factory=list)  # start ranks left out: expelled (Q197-198)
    shared_places: bool = False  # ties left after the list stay shared (Q203)
    long_event: bool = False  # an event over 30 days (Q210)
    rating_round: int | None = None  # long event: the round whose ratings were used (None: the first)
    unrated_rating: int | None = None  # the rating unrated players got (fixed or by the method)

    def __iter__(self) -> Iterator[StandingRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def row(self, start_rank: int) -> StandingRow:
        for r in self.rows:
            if r.start_rank == start_rank:
                return r
        raise KeyError(start_rank)

    def explain(self, start_rank: int, code: str) -> Explanation:
        """Explanation of one value (the code as listed, e.g. ``"BH/C1"``)."""
        spec = self._specs.get(code.upper())
        if spec is None:
            raise KeyError(f"{code} is not in the tie-break list {self.tiebreaks}")
        i = self._ctx.index[start_rank]
        if spec.code == "DE":
            groups = self._ranking.de_groups[spec.text]
            group = next(g for g in groups if i in g)
            return explain_direct_encounter(self._ctx, spec, i, group)
        return explain_value(self._ctx, spec, i)

    def as_dict(self) -> dict[str, object]:
        """The one JSON shape of the standings (docs/formats/standings.md; ``arbitro standings --format json``).

        ``{"rules", "tiebreaks", "after_round", "lots_seed", "players": [{"start_rank", "rank", "values"}]}``,
        players in rank order, values as decimal strings (``null``: no value); ``"annulled"``
        (start ranks left out of a round robin's standings, Q103) only when there are some.
        """
        out: dict[str, object] = {
            "rules": self.rules,
            "tiebreaks": list(self.tiebreaks),
            "after_round": self.after_round,
            "lots_seed": self.lots_seed,
            "players": [
                {
                    "start_rank": r.start_rank,
                    "rank": r.rank,
                    "values": {k: (None if v is None else str(v)) for k, v in r.values.items()},
                }
                for r in self.rows
            ],
        }
        if self.annulled:
            out["annulled"] = list(self.annulled)
        if self.expelled:
            out["expelled"] = list(self.expelled)
        withdrawn = {str(r.start_rank): r.withdrawn for r in self.rows if r.withdrawn is not None}
        if withdrawn:
            out["withdrawn"] = withdrawn  # start rank -> first round missed (Q170)
        external = {str(r.start_rank): sorted(r.external) for r in self.rows if r.external}
        if external:
            out["external"] = external  # start rank -> tie-breaks entered by the arbiter (Q207)
        by_hand = [r.start_rank for r in self.rows if r.by_hand]
        if by_hand:
            out["by_hand"] = by_hand  # tied players ranked by the arbiter (Q205)
        return out


def _from_record(items: list[str], record: str, warnings: list[str]) -> list[TiebreakSpec]:
    """Specifiers of the file's 202/212 record; unknown ones are ignored with a warning (TEC: "NUL")."""
    specs: list[TiebreakSpec] = []
    for item in items:
        for text in item.replace(";", ",").split(","):
            if not text.strip():
                continue
            try:
                spec = parse_tiebreak(text)
            except TiebreakSpecError as err:
                warnings.append(f"{record}: {err}; ignored")
                continue
            if any(s.text == spec.text for s in specs):
                warnings.append(f"{record}: tie-break {spec.text} is listed twice; the second is ignored")
                continue
            specs.append(spec)
    return specs


def tiebreak_list_for(
    t: Tournament,
    tiebreaks: list[str] | str | None = None,
    *,
    round_robin: bool | None = None,
    warnings: list[str] | None = None,
) -> list[TiebreakSpec]:
    """The tie-break list to apply, with the primary score first (see module doc).

    An explicit list must be valid (:class:`TiebreakSpecError` otherwise); codes
    of the file's own record that Arbitro does not know are skipped and
    reported in ``warnings``.
    """
    notes = warnings if warnings is not None else []
    if tiebreaks is not None:
        specs = parse_tiebreak_list(tiebreaks)
    elif t.standings_tiebreaks:
        specs = _from_record(t.standings_tiebreaks, "212", notes)
    elif t.tiebreaks:
        specs = _from_record(t.tiebreaks, "202", notes)
    else:
        rr = is_pre_determined(t) if round_robin is None else round_robin
        specs = parse_tiebreak_list(DEFAULT_ROUND_ROBIN if rr else DEFAULT_SWISS)
    if not specs or specs[0].code not in PRIMARY_CODES:
        specs = parse_tiebreak_list(["PTS"]) + [s for s in specs if s.code != "PTS"]
    seen: set[str] = set()
    for s in specs:
        if s.text in seen:
            raise TiebreakSpecError(f"tie-break {s.text} is listed twice")
        seen.add(s.text)
    return specs


#: The warning of a file scored as a round robin without declaring it (issue 35 item 6).
_INFERRED = {
    "complete": (
        "no tournament type declared (092/192): scored as a round robin (C.07 Art. 15), inferred from the"
        " pairings (every pair of players met) / sin tipo de torneo declarado (092/192): se puntúa como"
        " round robin (C.07 art. 15), deducido de los emparejamientos (todos jugaron contra todos)"
    ),
    "berger": (
        "no tournament type declared (092/192): scored as a round robin (C.07 Art. 15), inferred from the"
        " pairings (the rounds played follow the Berger table, C.05 Annex 1) / sin tipo de torneo declarado"
        " (092/192): se puntúa como round robin (C.07 art. 15), deducido de los emparejamientos (las rondas"
        " jugadas siguen la tabla de Berger, C.05 anexo 1)"
    ),
}


def compute_standings(
    t: Tournament,
    tiebreaks: list[str] | str | None = None,
    *,
    rules: str | None = None,
    after_round: int | None = None,
    unrated_rating: int | None = None,
    lots_seed: int | None = None,
    break_ties_by_lot: bool | None = None,
    round_robin: bool | None = None,
    games_per_round: int = 1,
    manual_order: Sequence[int] | None = None,
    external_values: Mapping[str, Mapping[int, Decimal]] | None = None,
    unrated_method: str | None = None,
    long_event: bool | None = None,
    round_ratings: Mapping[int, Mapping[int, int]] | None = None,
    rating_round: int | None = None,
    expelled: Collection[int] | None = None,
) -> Standings:
    """Rank the players of ``t`` by points and the tie-break list (C.07 4.2).

    ``round_robin`` forces the rules for pre-determined pairings (Art. 15,
    True) or the Swiss rules (Art. 16, False); by default the tournament's
    type decides (``092``/``192``; see :func:`arbitro.tiebreaks.rules.is_pre_determined`).

    ``games_per_round`` is the pairing system's (the registry's
    ``PairingSystem.games_per_round``): 2 for two-game matches (C.04.5), whose
    games are consecutive TRF rounds. The points stay the sum of game points
    (C.04.5 Preface, 1.4) and every tie-break counts a match as one round (one
    opponent, once, in Buchholz; one encounter in DE; see
    :mod:`arbitro.tiebreaks.context` and docs/decisions.md 2026-12-01).
    ``after_round`` and :attr:`Standings.after_round` count TRF rounds.

    The other options (shared places, ranking by hand, external values, unrated players, long
    events, expelled players) are described in the module doc. Each one the caller leaves at
    ``None`` is the tournament's own (``t.shared_places``, ``t.ties_by_hand``,
    ``t.external_tiebreaks``, ``t.unrated_method``/``t.unrated_rating``, ``t.long_event``,
    ``t.round_ratings``, ``t.rating_round``, ``t.expelled``: the event log's settings).
    """
    break_ties_by_lot = not t.shared_places if break_ties_by_lot is None else break_ties_by_lot
    manual_order = t.ties_by_hand if manual_order is None else manual_order
    long_event = t.long_event if long_event is None else long_event
    unrated_method, unrated_rating = _unrated_rule(t, unrated_method, unrated_rating)
    resolved = resolve_rules(rules, t.start_date)
    rr = is_pre_determined(t) if round_robin is None else round_robin
    warnings: list[str] = []
    if round_robin is None and rr and not t.is_round_robin:
        warnings.append(_INFERRED[inferred_round_robin(t) or "complete"])
    specs = tiebreak_list_for(t, tiebreaks, round_robin=rr, warnings=warnings)
    if after_round is not None and after_round < 0:
        raise TiebreakSpecError(f"after round: expected a round number >= 0, got {after_round}")
    annulled = annulled_players(t) if rr else []
    counted = annul(t, annulled) if annulled else t
    ratings: list[int] | None = None
    if long_event:
        ratings = ratings_at_round(
            counted,
            t.round_ratings if round_ratings is None else round_ratings,
            t.rating_round if rating_round is None else rating_round,
        )
        rating_round = t.rating_round if rating_round is None else rating_round
        warnings.extend(long_event_warnings(specs, rating_round))
    unrated_rating = _unrated_rating(counted, specs, ratings, unrated_method, unrated_rating, warnings)
    ctx = build_context(
        counted,
        rounds=after_round,
        rules=resolved,
        unrated_rating=unrated_rating,
        round_robin=rr,
        games_per_round=games_per_round,
        ratings=ratings,
    )
    texts = [s.text for s in specs]
    external = _external(t.external_tiebreaks if external_values is None else external_values, texts, ctx)
    ranking = rank_players(ctx, specs, external)
    if annulled:
        _last(ranking, {ctx.index[x] for x in annulled})
    gone_for_good = sorted(set(t.expelled if expelled is None else expelled) & set(ctx.index))
    if gone_for_good:
        _drop(ranking, {ctx.index[x] for x in gone_for_good})
    sr = ctx.start_ranks
    by_hand = [False] * ctx.size
    if manual_order:
        _by_hand(ranking, [ctx.index[x] for x in manual_order if x in ctx.index], by_hand)
    final_rank = list(ranking.rank)
    by_lot = [False] * ctx.size
    seed = lots_seed
    if break_ties_by_lot:
        groups = [g for g in tied_groups(ranking.order, ranking.rank) if len(g) > 1]
        if groups:
            seed = lots_seed if lots_seed is not None else default_seed(t)
            ranking.order = _order_by_lot(ranking.order, groups, ctx, seed)
            for g in groups:
                for p in g:
                    by_lot[p] = True
            for pos, p in enumerate(ranking.order):
                final_rank[p] = pos + 1
    rows: list[StandingRow] = []
    decimals = [col.decimals_list() for col in ranking.columns]
    left_out = set(annulled)
    for p in ranking.order:
        gone = sr[p] in left_out
        values = {text: None if gone else column[p] for text, column in zip(texts, decimals, strict=True)}
        primary = decimals[0][p]
        rows.append(
            StandingRow(
                start_rank=sr[p],
                rank=final_rank[p],
                points=primary if primary is not None and not gone else Decimal(0),
                values=values,
                shared_rank=ranking.rank[p],
                by_lot=by_lot[p],
                annulled=gone,
                by_hand=by_hand[p],
                withdrawn=t.withdrawals.get(sr[p]),
                external=frozenset(code for code, entered in external.items() if sr[p] in entered),
            )
        )
    standings = Standings(
        rules=resolved,
        tiebreaks=[s.text for s in specs],
        rows=rows,
        after_round=ctx.columns,
        lots_seed=seed,
        _ctx=ctx,
        _specs={s.text: s for s in specs},
        _ranking=ranking,
        warnings=warnings,
        games_per_round=ctx.games,
        annulled=annulled,
        expelled=gone_for_good,
        shared_places=not break_ties_by_lot,
        long_event=long_event,
        rating_round=rating_round if long_event else None,  # the tournament's when the caller said none
        unrated_rating=unrated_rating,
    )
    for row in rows:
        row._standings = standings
    return standings


def _last(ranking: Ranking, gone: set[int]) -> None:
    """Move the players ``gone`` after everyone (by pairing number), each on a rank of his own (Q103).

    The others keep their order and their ties; their competition ranks close the gaps.
    """
    kept = [p for p in ranking.order if p not in gone]
    rank = list(ranking.rank)
    for pos, p in enumerate(kept):
        prev = kept[pos - 1] if pos else None
        rank[p] = rank[prev] if prev is not None and ranking.rank[p] == ranking.rank[prev] else pos + 1
    ordered_gone = sorted(gone)
    for pos, p in enumerate(ordered_gone, start=len(kept) + 1):
        rank[p] = pos
    ranking.order = kept + ordered_gone
    ranking.rank = rank


def _unrated_rule(t: Tournament, method: str | None, rating: int | None) -> tuple[str | None, int | None]:
    """The rule for unrated players: the caller's, else the tournament's (Q208-209), checked."""
    if method is None and rating is None:
        method = t.unrated_method or None
        rating = t.unrated_rating if method is None else None
    if method is not None and method not in UNRATED_METHODS:
        raise TiebreakSpecError(f"unrated method: expected one of {', '.join(UNRATED_METHODS)}, got {method!r}")
    if method is not None and rating is not None:
        raise TiebreakSpecError("unrated players: give a rating or a method, not both")
    return method, rating


def _unrated_rating(
    t: Tournament,
    specs: list[TiebreakSpec],
    ratings: list[int] | None,
    method: str | None,
    rating: int | None,
    warnings: list[str],
) -> int | None:
    """The rating unrated players get (fixed, or by the method over the field); a warning when none (Q209)."""
    field_ratings = ratings if ratings is not None else [p.rating for p in t.iter_players()]
    if method is not None:
        rating = unrated_rating_of(method, field_ratings)
    note = unrated_warning(specs, field_ratings, rating)
    if note is not None:
        warnings.append(note)
    return rating


def _external(
    values: Mapping[str, Mapping[int, Decimal]], texts: list[str], ctx: Context
) -> dict[str, dict[int, Decimal]]:
    """The values entered by the arbiter, by tie-break as listed, checked (Q207)."""
    external = {k.upper(): dict(v) for k, v in values.items() if v}
    for code, entered in external.items():
        if code not in texts:
            raise TiebreakSpecError(f"external values: {code} is not in the tie-break list {texts}")
        unknown = sorted(x for x in entered if x not in ctx.index)
        if unknown:
            raise TiebreakSpecError(f"external values: {code}: no player with start rank {unknown[0]}")
    return external


def _drop(ranking: Ranking, gone: set[int]) -> None:
    """Leave the players ``gone`` out of the order (expelled, Q198); the others close the gaps."""
    kept = [p for p in ranking.order if p not in gone]
    rank = list(ranking.rank)
    for pos, p in enumerate(kept):
        prev = kept[pos - 1] if pos else None
        rank[p] = rank[prev] if prev is not None and ranking.rank[p] == ranking.rank[prev] else pos + 1
    ranking.order = kept
    ranking.rank = rank


def _by_hand(ranking: Ranking, chosen: list[int], marks: list[bool]) -> None:
    """Place the tied players the arbiter listed in his order, first in their tie (Q205).

    Only players still tied after the whole list move; a listed player not tied keeps his rank.
    In a tie, the listed players take ranks of their own in the given order; the others stay tied
    after them (for the lot, or shared).
    """
    position = {p: k for k, p in enumerate(chosen)}
    order: list[int] = []
    rank = list(ranking.rank)
    for group in tied_groups(ranking.order, ranking.rank):
        listed = sorted((p for p in group if p in position), key=lambda p: position[p])
        if len(group) < 2 or not listed:
            order.extend(group)
            continue
        others = [p for p in group if p not in position]
        first = ranking.rank[group[0]]
        for k, p in enumerate(listed):
            rank[p] = first + k
            marks[p] = True
        for p in others:
            rank[p] = first + len(listed)
        if len(others) == 1 and listed:
            marks[others[0]] = True
        order.extend(listed + others)
    ranking.order = order
    ranking.rank = rank


def _order_by_lot(order: list[int], groups: list[list[int]], ctx: Context, seed: int) -> list[int]:
    """``order`` with every tied group replaced by its drawing of lots (C.07 4.2)."""
    drawn = draw_lots([[ctx.start_ranks[p] for p in g] for g in groups], seed)
    replacement = {g[0]: [ctx.index[s] for s in d] for g, d in zip(groups, drawn, strict=True)}
    inside = {p for g in groups for p in g}
    new_order: list[int] = []
    for p in order:
        if p in replacement:
            new_order.extend(replacement[p])
        elif p not in inside:
            new_order.append(p)
    return new_order
