"""Random Double-Swiss tournaments (C.02 acceptance): two games per match, two TRF rounds per match.

The configuration keys are those of :mod:`arbitro.pairing.generator`;
``RoundsNumber`` counts matches. Each game's result is drawn as there; a
match is forfeited (both games) when a player does not appear (C.04.5 Preface).
"""

from __future__ import annotations

from collections.abc import Callable

from arbitro.model import Tournament
from arbitro.pairing.double_swiss import pair_round
from arbitro.pairing.generator import GeneratorConfig, generate

__all__ = ["generate_double_swiss"]


def generate_double_swiss(
    cfg: GeneratorConfig, seed: int, progress: Callable[[int, int], None] | None = None
) -> Tournament:
    """A random Double-Swiss tournament, paired match by match."""
    return generate(cfg, seed, None, progress, pair=pair_round, system="FIDE_DOUBLESWISS", double=True)
