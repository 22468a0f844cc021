"""Random tournament generator (C.02 technical acceptance), paired by the Dutch engine.

The configuration keys are those of bbpPairings' generator (dutch-system.md
§4.10): ``PlayersNumber``, ``RoundsNumber``, ``DrawPercentage``,
``ForfeitRate``, ``RetiredRate``, ``HalfPointByeRate``, ``HighestRating``,
``LowestRating``, ``PointsForWin``, ``PointsForDraw``, ``PointsForLoss``,
``PointsForZPB``, ``PointsForForfeitLoss``, ``PointsForPAB``. Omitted keys are
drawn from the seed; the same seed and configuration give the same tournament.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import ByeRequest, Colour, Player, ResultCode, RoundResult, ScoringSystem, Tournament
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import NoValidPairing, RoundPairing

__all__ = ["GeneratorConfig", "generate", "parse_config"]

_INT_KEYS = (
    "PlayersNumber",
    "RoundsNumber",
    "DrawPercentage",
    "ForfeitRate",
    "RetiredRate",
    "HalfPointByeRate",
    "HighestRating",
    "LowestRating",
)
_POINT_KEYS = (
    "PointsForWin",
    "PointsForDraw",
    "PointsForLoss",
    "PointsForZPB",
    "PointsForForfeitLoss",
    "PointsForPAB",
)


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """Generator settings; ``None`` means "draw it from the seed"."""

    values: dict[str, int | Decimal]

    def get(self, key: str) -> int | Decimal | None:
        return self.values.get(key)


def parse_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """Read ``Key=Value`` lines (``#`` starts a comment)."""
    values: dict[str, int | Decimal] = {}
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ArbitroError(f"{source}:{n}: expected Key=Value, found {line!r}", exit_code=3)
        key, value = (x.strip() for x in line.split("=", 1))
        if key in _INT_KEYS:
            try:
                values[key] = int(value)
            except ValueError:
                raise ArbitroError(
                    f"{source}:{n}: {key}: expected a whole number, found {value!r}", exit_code=3
                ) from None
        elif key in _POINT_KEYS:
            try:
                values[key] = Decimal(value)
            except ArithmeticError:
                raise ArbitroError(
                    f"{source}:{n}: {key}: expected points such as 1.0, found {value!r}", exit_code=3
                ) from None
        else:
            raise ArbitroError(
                f"{source}:{n}: unknown key {key!r} (expected one of {', '.join(_INT_KEYS + _POINT_KEYS)})",
                exit_code=3,
            )
    return GeneratorConfig(values)


def _settings(cfg: GeneratorConfig, rng: random.Random) -> dict[str, int]:
    def pick(key: str, low: int, high: int) -> int:
        v = cfg.get(key)
        return int(v) if v is not None else rng.randint(low, high)

    s = {
        "players": pick("PlayersNumber", 15, 215),
        "rounds": pick("RoundsNumber", 5, 15),
        "draws": pick("DrawPercentage", 10, 50),
        "forfeit": pick("ForfeitRate", 6, 30),
        "retired": pick("RetiredRate", 15, 3225),
        "halfbye": pick("HalfPointByeRate", 15, 3225),
        "high": pick("HighestRating", 2400, 2800),
        "low": pick("LowestRating", 1400, 2300),
    }
    if s["players"] < 2 or s["rounds"] < 1:
        raise ArbitroError("PlayersNumber must be at least 2 and RoundsNumber at least 1", exit_code=3)
    if cfg.get("RoundsNumber") is None:
        s["rounds"] = min(s["rounds"], s["players"] - 1)
    if s["low"] > s["high"]:
        s["low"], s["high"] = s["high"], s["low"]
    for key in ("forfeit", "retired", "halfbye"):
        s[key] = max(s[key], 1)
    return s


def _scoring(cfg: GeneratorConfig) -> ScoringSystem:
    def pts(key: str, default: str) -> Decimal:
        v = cfg.get(key)
        return Decimal(v) if v is not None else Decimal(default)

    win = pts("PointsForWin", "1")
    draw = pts("PointsForDraw", "0.5")
    return ScoringSystem(
        win=win,
        draw=draw,
        loss=pts("PointsForLoss", "0"),
        forfeit_win=win,
        forfeit_loss=pts("PointsForForfeitLoss", "0"),
        pairing_bye=pts("PointsForPAB", str(win)),
        full_bye=win,
        half_bye=draw,
        zero_bye=pts("PointsForZPB", "0"),
    )


def _game(
    rng: random.Random, white: int, black: int, draws: int, forfeit_p: float
) -> tuple[ResultCode, ResultCode]:
    """Result codes for White and Black: Elo expectation, a draw rate, independent no-shows."""
    w_absent = rng.random() < forfeit_p
    b_absent = rng.random() < forfeit_p
    if w_absent or b_absent:
        return (
            ResultCode.FORFEIT_LOSS if w_absent else ResultCode.FORFEIT_WIN,
            ResultCode.FORFEIT_LOSS if b_absent else ResultCode.FORFEIT_WIN,
        )
    if rng.random() * 100 < draws:
        return ResultCode.DRAW, ResultCode.DRAW
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    return (ResultCode.WIN, ResultCode.LOSS) if rng.random() < expected else (ResultCode.LOSS, ResultCode.WIN)


def _match(rng: random.Random, w: Player, b: Player, draws: int, forfeit_p: float) -> None:
    """A two-game match (C.04.5 Preface, 4.4): game 2 reverses the colours; a no-show forfeits both."""
    absent = rng.choice((w, b)) if rng.random() < forfeit_p else None
    for white, black in ((w, b), (b, w)):
        if absent is not None:
            lost = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
            wc, bc = lost if absent is white else lost[::-1]
        else:
            wc, bc = _game(rng, white.rating, black.rating, draws, 0.0)
        white.results.append(RoundResult(black.start_rank, Colour.WHITE, wc))
        black.results.append(RoundResult(white.start_rank, Colour.BLACK, bc))


def generate(
    cfg: GeneratorConfig,
    seed: int,
    options: DutchOptions | None = None,
    progress: Callable[[int, int], None] | None = None,
    *,
    pair: Callable[[Tournament, int], RoundPairing] | None = None,
    system: str = "FIDE_DUTCH",
    double: bool = False,
) -> Tournament:
    """A random tournament paired round by round with the Dutch engine (or ``pair``, written as ``system``).

    ``double``: every pairing is a two-game match written as two TRF rounds
    (C.04.5, docs/decisions.md); ``RoundsNumber`` then counts matches.
    """
    rng = random.Random(seed)
    s = _settings(cfg, rng)
    n, rounds = s["players"], s["rounds"]
    ratings = sorted((rng.randint(s["low"], s["high"]) for _ in range(n)), reverse=True)
    t = Tournament(
        name=f"AutoTest Tournament {seed}",
        rounds=2 * rounds if double else rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        scoring=_scoring(cfg),
        system=system,
    )
    for i, rating in enumerate(ratings, 1):
        t.players[i] = Player(start_rank=i, name=f"Test{i:04d}, Player{i:04d}", rating=rating)
    retire_from: dict[int, int] = {}
    for rank in rng.sample(range(1, n + 1), min(n, n // s["retired"])):
        retire_from[rank] = rng.randint(2, rounds) if rounds >= 2 else 1
    half_byes: set[tuple[int, int]] = set()
    for rank in rng.sample(range(1, n + 1), min(n, n // s["halfbye"])):
        half_byes.add((rank, rng.randint(1, rounds)))
    forfeit_p = 1 - math.sqrt(1 - 1 / s["forfeit"])
    for rnd in range(1, rounds + 1):
        for rank in t.players:
            if retire_from.get(rank, rounds + 1) <= rnd:
                t.requested_byes.append(ByeRequest(rnd, "Z", rank))
            elif (rank, rnd) in half_byes:
                t.requested_byes.append(ByeRequest(rnd, "H", rank))
        try:
            pairing = pair(t, rnd) if pair is not None else pair_round(t, rnd, options)
        except NoValidPairing:
            t.requested_byes = [b for b in t.requested_byes if b.round < rnd]
            # The declared rounds stay: the rounds already paired depended on them
            # (last-round rules, Burstein's seeding rounds), so the checker must see them too.
            break
        for board in pairing.boards:
            if double:
                _match(rng, t.players[board.white], t.players[board.black], s["draws"], forfeit_p)
                continue
            wc, bc = _game(
                rng, t.players[board.white].rating, t.players[board.black].rating, s["draws"], forfeit_p
            )
            t.players[board.white].results.append(RoundResult(board.black, Colour.WHITE, wc))
            t.players[board.black].results.append(RoundResult(board.white, Colour.BLACK, bc))
        if pairing.bye is not None:
            t.players[pairing.bye].results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))
            if double:  # C.04.5 1.4: a won and a drawn game
                t.players[pairing.bye].results.append(RoundResult(None, Colour.NONE, ResultCode.HALF_BYE))
        codes = {"H": ResultCode.HALF_BYE, "F": ResultCode.FULL_BYE, "Z": ResultCode.ZERO_BYE}
        for rank, kind in pairing.unpaired.items():
            cell = RoundResult(None, Colour.NONE, codes.get(kind, ResultCode.ZERO_BYE))
            t.players[rank].results.extend([cell, cell] if double else [cell])
        t.requested_byes = [b for b in t.requested_byes if b.round != rnd]
        if progress is not None:
            progress(rnd, rounds)
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t
