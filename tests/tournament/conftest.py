"""Shared helpers for the tournament tests."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest

from arbitro.tournament import TournamentService


def fixed_clock() -> Callable[[], str]:
    """A clock that ticks one minute per call (reproducible logs)."""
    counter = itertools.count()

    def clock() -> str:
        n = next(counter)
        return f"2026-11-30T{10 + n // 60:02d}:{n % 60:02d}:00+00:00"

    return clock


PLAYERS = [
    ("Carlsen, Magnus", 2830, "GM"),
    ("Nakamura, Hikaru", 2800, "GM"),
    ("Ding, Liren", 2760, "GM"),
    ("Abdusattorov, Nodirbek", 2760, "GM"),
    ("Muzychuk, Anna", 2520, "GM"),
    ("Kosteniuk, Alexandra", 2520, "WGM"),
    ("Polgar, Judit", 2450, "GM"),
]


@pytest.fixture
def rr7() -> TournamentService:
    """A 7-player double round robin, players registered, numbers not drawn."""
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Test DRR", system="double_round_robin", city="Mar del Plata", federation="ARG",
               start_date="2026-12-01", end_date="2026-12-10")
    for name, rating, title in PLAYERS:
        svc.register_player(name, rating=rating, title=title, federation="ARG")
    return svc
