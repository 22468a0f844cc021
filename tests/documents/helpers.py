"""Helpers of the documents tests: the TRF fixtures of tests/fixtures and a 10-player round robin with a GM norm."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from tests.fixture_paths import FIXTURES

from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.berger import berger_table

OUTPUT = Path(__file__).resolve().parent / "output"


def fixture_file(rel: str) -> Path:
    """``tests/fixtures/<rel>`` (e.g. ``"trf/capo-dorso-2012.trf"``)."""
    return FIXTURES / rel


def norm_round_robin() -> Tournament:
    """10-player round robin (Berger order, C.05 Annex 1): player 1 (a woman, 2450) scores 6/9 against
    nine GMs rated 2550-2590 from several federations - a GM norm under B.01 2024 (Rp 2695 >= 2600)."""
    t = Tournament(
        name="Norm Round Robin 2024",
        city="Madrid",
        federation="ESP",
        rounds=9,
        system="BERGER_ROUNDROBIN",
        type_text="Round robin",
        chief_arbiter="IA Arbiter, One",
        time_control_code="5400+30",
    )
    day0 = dt.date(2024, 3, 1)
    t.round_dates = [day0 + dt.timedelta(days=r) for r in range(9)]
    t.start_date, t.end_date = t.round_dates[0], t.round_dates[-1]
    feds = ["GER", "FRA", "ITA", "ESP", "NED", "GER", "FRA", "ENG", "ESP"]
    t.players[1] = Player(
        1, "Applicant, Ana", sex="w", rating=2450, federation="ESP", fide_id="2200001", title="WGM"
    )
    for i in range(2, 11):
        t.players[i] = Player(
            i,
            f"Opponent {i}",
            sex="m",
            title="GM",
            rating=2540 + 5 * i,
            federation=feds[i - 2],
            fide_id=str(1000 + i),
        )
    wins_against = {2, 3, 4, 5, 6, 7}  # 6 wins, 3 losses for player 1
    for rnd in berger_table(10):
        for white, black in rnd:
            if 1 in (white, black):
                other = black if white == 1 else white
                code = ResultCode.WIN if other in wins_against else ResultCode.LOSS
                if white != 1:
                    code = code.mirrored
            else:
                code = ResultCode.DRAW
            t.players[white].results.append(RoundResult(black, Colour.WHITE, code))
            t.players[black].results.append(RoundResult(white, Colour.BLACK, code.mirrored))
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t
