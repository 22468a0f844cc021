"""Random Double-Swiss tournaments (C.02 acceptance): two games per match, written two TRF rounds per match.

The configuration keys are those of :mod:`arbitro.pairing.generator`;
``RoundsNumber`` counts matches. Each game's result is drawn as there; a
match is forfeited (both games) when a player does not appear (Preface).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from arbitro.model import ByeRequest, Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.double_swiss import pair_round
from arbitro.pairing.generator import GeneratorConfig, _game, _scoring, _settings
from arbitro.pairing.types import NoValidPairing

__all__ = ["generate_double_swiss"]

_BYE_CODES = {"H": ResultCode.HALF_BYE, "F": ResultCode.FULL_BYE, "Z": ResultCode.ZERO_BYE}


def generate_double_swiss(
    cfg: GeneratorConfig, seed: int, progress: Callable[[int, int], None] | None = None
) -> Tournament:
    """A random Double-Swiss tournament, paired match by match."""
    rng = random.Random(seed)
    s = _settings(cfg, rng)
    n, rounds = s["players"], s["rounds"]
    ratings = sorted((rng.randint(s["low"], s["high"]) for _ in range(n)), reverse=True)
    t = Tournament(
        name=f"AutoTest Double-Swiss {seed}",
        rounds=2 * rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        scoring=_scoring(cfg),
        system="FIDE_DOUBLESWISS",
    )
    for i, rating in enumerate(ratings, 1):
        t.players[i] = Player(start_rank=i, name=f"Test{i:04d}, Player{i:04d}", rating=rating)
    retire_from = {
        r: rng.randint(2, rounds) if rounds >= 2 else 1
        for r in rng.sample(range(1, n + 1), n // s["retired"])
    }
    half_byes = {(r, rng.randint(1, rounds)) for r in rng.sample(range(1, n + 1), n // s["halfbye"])}
    forfeit_p = 1 - math.sqrt(1 - 1 / s["forfeit"])
    for k in range(1, rounds + 1):
        for rank in t.players:
            if retire_from.get(rank, rounds + 1) <= k:
                t.requested_byes.append(ByeRequest(k, "Z", rank))
            elif (rank, k) in half_byes:
                t.requested_byes.append(ByeRequest(k, "H", rank))
        try:
            pairing = pair_round(t, k)
        except NoValidPairing:
            t.requested_byes = [b for b in t.requested_byes if b.round < k]
            # the declared matches stay (the last-match rules of the matches paired depended on them)
            break
        for board in pairing.boards:
            w, b = t.players[board.white], t.players[board.black]
            absent = rng.choice((w, b)) if rng.random() < forfeit_p else None
            for white, black in ((w, b), (b, w)):  # 4.4: game 2 reverses the colours
                if absent is not None:
                    lost = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
                    wc, bc = lost if absent is white else lost[::-1]
                else:
                    wc, bc = _game(rng, white.rating, black.rating, s["draws"], 0.0)
                white.results.append(RoundResult(black.start_rank, Colour.WHITE, wc))
                black.results.append(RoundResult(white.start_rank, Colour.BLACK, bc))
        if pairing.bye is not None:
            p = t.players[pairing.bye]
            p.results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))
            p.results.append(
                RoundResult(None, Colour.NONE, ResultCode.HALF_BYE)
            )  # 1.4: a won and a drawn game
        for rank, kind in pairing.unpaired.items():
            code = _BYE_CODES.get(kind, ResultCode.ZERO_BYE)
            t.players[rank].results.extend([RoundResult(None, Colour.NONE, code)] * 2)
        t.requested_byes = [b for b in t.requested_byes if b.round != k]
        if progress is not None:
            progress(k, rounds)
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t
