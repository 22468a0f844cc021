"""Property: any tournament Arbitro can hold survives TRF-2026 and TRF16 (issue 2, done-when 2)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbitro.model import (
    Acceleration,
    ByeRequest,
    Colour,
    Player,
    ProhibitedPairing,
    ResultCode,
    RoundResult,
    ScoringSystem,
    Tournament,
)
from arbitro.trf import format_trf, parse_trf

_TEXT = st.text(alphabet=st.characters(codec="latin-1", categories=("L", "N")), min_size=1, max_size=20)
_GAME_RESULTS = [
    ("1", "0"),
    ("0", "1"),
    ("=", "="),
    ("+", "-"),
    ("-", "+"),
    ("-", "-"),
    ("W", "L"),
    ("D", "D"),
]
_BYES = ["U", "H", "Z", "F", " "]


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    n = draw(st.integers(2, 14))
    rounds_played = draw(st.integers(0, 6))
    scoring = draw(
        st.sampled_from(
            [ScoringSystem(), ScoringSystem(win=Decimal("3"), draw=Decimal("1"), forfeit_win=Decimal("3"),
                                            pairing_bye=Decimal("3"), full_bye=Decimal("3"), half_bye=Decimal("1")),
             ScoringSystem(pairing_bye=Decimal("0.5"))]
        )
    )  # fmt: skip
    players = {
        r: Player(
            start_rank=r,
            name=draw(_TEXT).strip() or "X",
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", "GM", "IM", "WGM", "FM", "CM", "WFM"])),
            rating=draw(st.integers(0, 2900)),
            federation=draw(st.sampled_from(["", "ARG", "NED", "ESP"])),
            fide_id=draw(st.sampled_from(["", "12345", "3400042"])),
            birth_date=draw(st.sampled_from(["", "1990/01/01", "2005/00/00"])),
            rank=draw(st.none() | st.integers(1, n)),
        )
        for r in range(1, n + 1)
    }
    for _ in range(rounds_played):
        order = draw(st.permutations(list(players)))
        for i in range(0, len(order) - 1, 2):
            a, b = order[i], order[i + 1]
            ra, rb = draw(st.sampled_from(_GAME_RESULTS))
            ca = draw(st.sampled_from([Colour.WHITE, Colour.BLACK]))
            players[a].results.append(RoundResult(b, ca, ResultCode(ra)))
            players[b].results.append(RoundResult(a, ca.opposite, ResultCode(rb)))
        if len(order) % 2:
            code = ResultCode(draw(st.sampled_from(_BYES)))
            colour = None if code is ResultCode.NOT_PAIRED else Colour.NONE
            players[order[-1]].results.append(RoundResult(None, colour, code))
    # the last round must pair somebody, else it is not a round (trf.md §5)
    for p in players.values():
        p.points = p.score(scoring)
    t = Tournament(
        name=draw(_TEXT), city=draw(_TEXT), federation="ARG",
        start_date=draw(st.none() | st.dates(dt.date(1990, 1, 1), dt.date(2030, 12, 31))),
        rounds=rounds_played + draw(st.integers(1, 3)),
        initial_colour=draw(st.sampled_from([None, Colour.WHITE, Colour.BLACK])),
        scoring=scoring, players=players,
        tiebreaks=draw(st.sampled_from([[], ["BH/C1", "BH", "SB"]])),
        system=draw(st.sampled_from(["", "FIDE_DUTCH", "BERGER_ROUNDROBIN"])),
        comments=draw(st.lists(_TEXT, max_size=2)),
    )  # fmt: skip
    nxt = rounds_played + 1
    t.requested_byes = sorted(
        {
            ByeRequest(nxt, draw(st.sampled_from("HZF")), r)
            # not every player: in TRF16 a next-round column of byes for everyone is the form of a
            # round played without boards (issue 35 item 6, tests/trf/test_all_bye_round.py)
            for r in draw(st.sets(st.sampled_from(list(players)), max_size=min(3, n - 1)))
        },
        key=lambda b: (b.round, b.start_rank, b.kind),
    )
    # one request per player and round
    seen: set[int] = set()
    t.requested_byes = [b for b in t.requested_byes if not (b.start_rank in seen or seen.add(b.start_rank))]
    if draw(st.booleans()):  # accelerated rounds lie within the tournament's rounds (limits.md)
        t.accelerations = [
            Acceleration(r, k, Decimal("1.0"))
            for r in range(1, min(n, 4) + 1)
            for k in (1, 2)
            if t.rounds is None or k <= t.rounds
        ]
    if draw(st.booleans()):
        t.prohibited_pairings = [ProhibitedPairing((1, 2))]
    return t


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_generated_tournament_round_trips_through_both_versions(t: Tournament) -> None:
    for version in ("trf26", "trf16"):
        result = parse_trf(format_trf(t, version), version)
        assert result.errors == [], [str(d) for d in result.errors]
        assert result.tournament == t
