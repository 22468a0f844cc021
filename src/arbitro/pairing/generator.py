"""Random tournament generator (C.02 technical acceptance: the RTG of VCL4THP Q22-Q32).

Two models, chosen by the configuration (docs/acceptance/generator.md):

* ``Model=BBP`` (the 2026-11-30 generator, docs/decisions.md): the keys of
  bbpPairings' generator (dutch-system.md §4.10): ``PlayersNumber``,
  ``RoundsNumber``, ``DrawPercentage``, ``ForfeitRate``, ``RetiredRate``,
  ``HalfPointByeRate``, ``HighestRating``, ``LowestRating``, ``PointsForWin``,
  ``PointsForDraw``, ``PointsForLoss``, ``PointsForZPB``,
  ``PointsForForfeitLoss``, ``PointsForPAB``. Omitted keys are drawn from the
  seed; results follow the logistic Elo expectation after a flat draw chance.
  The same seed and configuration give the same tournament as before the FIDE
  model existed (the cross-check logs depend on it).
* ``Model=FIDE`` (VCL4THP Q24-Q32): every parameter the checklist names, each
  drawn from the seed when unset (Q25): full-point, half-point and zero-point
  byes, forfeits (a forfeit win for one side, a forfeit loss for the other),
  double forfeits, odd results (½-0, 0-½, 0-0), Baku acceleration (C.04.7),
  the tie-break list (202), ratings per player, from a range or random (Q26-29);
  results drawn so that every game's expected score is FIDE's rating table
  (B.02 8.1.2, with the 400-point rule of 8.3.1; Q32).

Without ``Model``, a configuration that sets any FIDE-model key is read as
``Model=FIDE``; one with only bbpPairings' keys as ``Model=BBP``. ``arbitro
generate`` without ``-s`` draws a fresh seed and uses the FIDE model (Q30).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from arbitro.errors import ArbitroError
from arbitro.model import (
    Acceleration,
    ByeRequest,
    Colour,
    Player,
    ResultCode,
    RoundResult,
    ScoringSystem,
    Tournament,
)
from arbitro.pairing import registry
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions, baku_accelerations
from arbitro.pairing.types import NoValidPairing, RoundPairing
from arbitro.ratings.tables import expected_score_hundredths

__all__ = ["FIDE_KEYS", "TIEBREAK_LISTS", "GeneratorConfig", "fide_settings", "generate", "parse_config"]

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
#: Keys of the FIDE model only (VCL4THP Q24, Q27): setting one selects it.
_FIDE_INT_KEYS = (
    "FullPointByeRate",
    "ZeroPointByeRate",
    "DoubleForfeitRate",
    "OddResultRate",
    "BakuAcceleration",
)
_FIDE_POINT_KEYS = ("PointsForForfeitWin", "PointsForFPB", "PointsForHPB")
_TEXT_KEYS = ("Model", "TieBreaks", "Ratings")
FIDE_KEYS = _FIDE_INT_KEYS + _FIDE_POINT_KEYS + ("TieBreaks", "Ratings")
_MODELS = ("BBP", "FIDE")
#: Tie-break lists (202, C.07 codes) the FIDE model draws from when ``TieBreaks`` is unset.
TIEBREAK_LISTS = (
    "BH/C1,BH,SB,DE,WIN,BWG",
    "BH,BH/C1,SB,DE",
    "DE,BH/C1,BH,SB",
    "BH/M1,BH,SB,WIN",
    "ARO/C1,BH/C1,SB",
    "SB,BH,PS,WIN",
    "TPR,BH/C1,BH,DE",
    "AOB,BH/C1,BH,BPG",
    "BH/C2,BH/C1,WON,BWG",
    "PS,BH/C1,DE,REP",
)


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """Generator settings; ``None`` means "draw it from the seed".

    ``values`` holds the numeric keys, ``texts`` the text keys (``Model``,
    ``TieBreaks``, ``Ratings``).
    """

    values: dict[str, int | Decimal]
    texts: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> int | Decimal | None:
        return self.values.get(key)

    @property
    def model(self) -> str:
        """``"FIDE"`` or ``"BBP"``: as set, else FIDE when a FIDE-model key is set (module doc)."""
        given = self.texts.get("Model")
        if given:
            return given.upper()
        if any(k in self.values or k in self.texts for k in FIDE_KEYS):
            return "FIDE"
        return "BBP"

    def ratings(self) -> list[int] | None:
        """``Ratings``: one rating per player (0: unrated), or ``None``."""
        text = self.texts.get("Ratings")
        if text is None:
            return None
        return [int(x) for x in text.replace(",", " ").split()]


def parse_config(text: str, source: str = "<config>") -> GeneratorConfig:
    """Read ``Key=Value`` lines (``#`` starts a comment; a key given twice keeps the last value)."""
    values: dict[str, int | Decimal] = {}
    texts: dict[str, str] = {}
    known = _INT_KEYS + _POINT_KEYS + _FIDE_INT_KEYS + _FIDE_POINT_KEYS + _TEXT_KEYS
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if "=" not in line:
            raise ArbitroError(f"{source}:{n}: expected Key=Value, found {line!r}", exit_code=3)
        key, value = (x.strip() for x in line.split("=", 1))
        if key in _INT_KEYS or key in _FIDE_INT_KEYS:
            try:
                values[key] = int(value)
            except ValueError:
                raise ArbitroError(
                    f"{source}:{n}: {key}: expected a whole number, found {value!r}", exit_code=3
                ) from None
            if key in _FIDE_INT_KEYS and values[key] < 0:
                raise ArbitroError(f"{source}:{n}: {key}: expected 0 or more, found {value!r}", exit_code=3)
        elif key in _POINT_KEYS or key in _FIDE_POINT_KEYS:
            try:
                values[key] = Decimal(value)
            except ArithmeticError:
                raise ArbitroError(
                    f"{source}:{n}: {key}: expected points such as 1.0, found {value!r}", exit_code=3
                ) from None
        elif key in _TEXT_KEYS:
            texts[key] = _text_value(key, value, f"{source}:{n}")
        else:
            raise ArbitroError(
                f"{source}:{n}: unknown key {key!r} (expected one of {', '.join(known)})",
                exit_code=3,
            )
    cfg = GeneratorConfig(values, texts)
    if cfg.model == "BBP":
        fide = [k for k in FIDE_KEYS if k in values or k in texts]
        if fide:
            raise ArbitroError(
                f"{source}: {', '.join(fide)}: a key of Model=FIDE only, not of Model=BBP", exit_code=3
            )
    return cfg


def _text_value(key: str, value: str, where: str) -> str:
    """A text key's value, checked for its shape."""
    if key == "Model":
        if value.upper() not in _MODELS:
            raise ArbitroError(f"{where}: Model: expected FIDE or BBP, found {value!r}", exit_code=3)
        return value.upper()
    if key == "Ratings":
        items = value.replace(",", " ").split()
        if not items or not all(x.isdigit() and int(x) <= 3500 for x in items):
            raise ArbitroError(
                f"{where}: Ratings: expected ratings from 0 (unrated) to 3500 separated by commas, found {value!r}",
                exit_code=3,
            )
        return ",".join(str(int(x)) for x in items)
    items = [x.strip() for x in value.replace(";", ",").split(",") if x.strip()]
    if not items:
        raise ArbitroError(f"{where}: TieBreaks: expected a list such as BH/C1,BH,SB,DE", exit_code=3)
    return ",".join(items)


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
        forfeit_win=pts("PointsForForfeitWin", str(win)),  # FIDE model only
        forfeit_loss=pts("PointsForForfeitLoss", "0"),
        pairing_bye=pts("PointsForPAB", str(win)),
        full_bye=pts("PointsForFPB", str(win)),  # FIDE model only
        half_bye=pts("PointsForHPB", str(draw)),  # FIDE model only
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
    system: str = "",
    double: bool = False,
    prepare: Callable[[Tournament], None] | None = None,
) -> Tournament:
    """A random tournament paired round by round with the Dutch engine (or ``pair``, written as ``system``).

    ``double``: every pairing is a two-game match written as two TRF rounds
    (C.04.5, docs/decisions.md); ``RoundsNumber`` then counts matches.
    ``prepare`` may change the tournament once its players exist, before round 1
    (the cross-check tool adds accelerations, prohibited pairs, late entries).
    """
    if cfg.model == "FIDE":
        return _generate_fide(
            cfg, seed, options, progress, pair=pair, system=system, double=double, prepare=prepare
        )
    rng = random.Random(seed)
    s = _settings(cfg, rng)
    n, rounds = s["players"], s["rounds"]
    ratings = sorted((rng.randint(s["low"], s["high"]) for _ in range(n)), reverse=True)
    t = Tournament(
        name=f"AutoTest Tournament {seed}",
        rounds=2 * rounds if double else rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        scoring=_scoring(cfg),
        system=system or registry.default_swiss().trf_code,
    )
    for i, rating in enumerate(ratings, 1):
        t.players[i] = Player(start_rank=i, name=f"Test{i:04d}, Player{i:04d}", rating=rating)
    if prepare is not None:
        prepare(t)
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
        _byes_of_round(t, pairing, rnd, double)
        if progress is not None:
            progress(rnd, rounds)
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t


# ------------------------------------------------------------------------------------------------
# The FIDE model (VCL4THP Q24-Q32)

#: (key, lowest, highest) of the rates the FIDE model draws when unset; each kind is switched on
#: with probability 1/2 (Q25: "sensible random values"), 0 means "none".
_FIDE_RATES = (
    ("ForfeitRate", 6, 40),  # each side fails to appear with 1 - sqrt(1 - 1/N) (as Model=BBP)
    ("DoubleForfeitRate", 15, 150),  # 1 game in N: neither player appears (0F-0F)
    ("OddResultRate", 15, 150),  # 1 played game in N: 1/2-0, 0-1/2 or 0-0
    ("HalfPointByeRate", 2, 20),  # max(1, players // N) players take one half-point bye
    ("FullPointByeRate", 2, 20),  # ... one full-point bye
    ("ZeroPointByeRate", 2, 20),  # ... one zero-point bye
    ("RetiredRate", 4, 40),  # max(1, players // N) players withdraw (zero-point byes to the end)
)



_UNPAIRED_CODES = {"H": ResultCode.HALF_BYE, "F": ResultCode.FULL_BYE, "Z": ResultCode.ZERO_BYE}


def _byes_of_round(t: Tournament, pairing: RoundPairing, rnd: int, double: bool) -> None:
    """Round ``rnd``'s pairing-allocated bye and absences into the players' rows (both models).

    A Double-Swiss (C.04.5 1.4) bye is a won and a drawn game, and an absence fills both columns.
    """
    if pairing.bye is not None:
        t.players[pairing.bye].results.append(RoundResult(None, Colour.NONE, ResultCode.PAIRING_BYE))
        if double:
            t.players[pairing.bye].results.append(RoundResult(None, Colour.NONE, ResultCode.HALF_BYE))
    for rank, kind in pairing.unpaired.items():
        cell = RoundResult(None, Colour.NONE, _UNPAIRED_CODES.get(kind, ResultCode.ZERO_BYE))
        t.players[rank].results.extend([cell, cell] if double else [cell])
    t.requested_byes = [b for b in t.requested_byes if b.round != rnd]


def fide_settings(
    cfg: GeneratorConfig, rng: random.Random, *, baku_allowed: bool = True
) -> dict[str, int | str]:
    """Every setting of the FIDE model: as configured, else drawn from ``rng`` (Q25).

    The values are those the file's ``### Settings`` line repeats, so that the run can be
    described (and, with ``-s`` and ``Model=FIDE``, repeated).
    """

    def pick(key: str, low: int, high: int) -> int:
        v = cfg.get(key)
        return int(v) if v is not None else rng.randint(low, high)

    ratings = cfg.ratings()
    out: dict[str, int | str] = {}
    if ratings is not None:
        out["PlayersNumber"] = len(ratings)
        given = cfg.get("PlayersNumber")
        if given is not None and int(given) != len(ratings):
            raise ArbitroError(f"PlayersNumber={given} but Ratings lists {len(ratings)} players", exit_code=3)
    else:
        out["PlayersNumber"] = pick("PlayersNumber", 15, 215)
    players = int(out["PlayersNumber"])
    rounds = pick("RoundsNumber", 5, 15)
    if players < 2 or rounds < 1:
        raise ArbitroError("PlayersNumber must be at least 2 and RoundsNumber at least 1", exit_code=3)
    out["RoundsNumber"] = rounds if cfg.get("RoundsNumber") is not None else min(rounds, players - 1)
    out["DrawPercentage"] = pick("DrawPercentage", 10, 50)
    if not 0 <= int(out["DrawPercentage"]) <= 100:
        raise ArbitroError("DrawPercentage must be from 0 to 100", exit_code=3)
    if ratings is None:
        high, low = pick("HighestRating", 2400, 2800), pick("LowestRating", 1400, 2300)
        out["HighestRating"], out["LowestRating"] = max(high, low), min(high, low)
    for key, low, high in _FIDE_RATES:
        v = cfg.get(key)
        if v is not None:
            out[key] = max(int(v), 0)
        else:
            on = rng.random() < 0.5
            rate = rng.randint(low, high)
            out[key] = rate if on else 0
    v = cfg.get("BakuAcceleration")
    drawn = rng.random() < 0.25
    out["BakuAcceleration"] = (1 if int(v) else 0) if v is not None else int(drawn and baku_allowed)
    if out["BakuAcceleration"] and not baku_allowed:
        raise ArbitroError(
            "BakuAcceleration: this pairing system's generator has no Baku acceleration", exit_code=3
        )
    tiebreaks = cfg.texts.get("TieBreaks")
    out["TieBreaks"] = tiebreaks if tiebreaks is not None else rng.choice(TIEBREAK_LISTS)
    return out


def _expected(white: int, black: int) -> float:
    """White's expected score by FIDE's table (B.02 8.1.2) with the 400-point rule (8.3.1).

    An unrated player (rating 0) counts as 1400 here, the lowest rating of the list.
    """
    w, b = white or 1400, black or 1400
    diff = max(-400, min(400, w - b))
    return expected_score_hundredths(diff) / 100


_ODD = (
    (ResultCode.DRAW, ResultCode.LOSS),  # 1/2-0
    (ResultCode.LOSS, ResultCode.DRAW),  # 0-1/2
    (ResultCode.LOSS, ResultCode.LOSS),  # 0-0
)


def _fide_game(
    rng: random.Random, white: int, black: int, s: dict[str, int | str]
) -> tuple[ResultCode, ResultCode]:
    """Result codes for White and Black (VCL4THP Q24, Q32).

    A double forfeit (1 game in ``DoubleForfeitRate``), else each side fails to appear with
    ``1 - sqrt(1 - 1/ForfeitRate)`` (a forfeit win and a forfeit loss; both absent is a double
    forfeit too), else an odd result (1 played game in ``OddResultRate``), else a played game
    whose expected score is B.02's: White wins with ``E - d/2``, draws with ``d``, loses with
    ``1 - E - d/2``, where ``d`` is ``DrawPercentage`` limited to ``2 * min(E, 1 - E)``.
    """
    double_rate, forfeit_rate, odd_rate = (
        int(s[k]) for k in ("DoubleForfeitRate", "ForfeitRate", "OddResultRate")
    )
    if double_rate and rng.random() < 1 / double_rate:
        return ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS
    if forfeit_rate:
        p = 1 - math.sqrt(1 - 1 / max(forfeit_rate, 1))
        w_absent, b_absent = rng.random() < p, rng.random() < p
        if w_absent or b_absent:
            return (
                ResultCode.FORFEIT_LOSS if w_absent else ResultCode.FORFEIT_WIN,
                ResultCode.FORFEIT_LOSS if b_absent else ResultCode.FORFEIT_WIN,
            )
    if odd_rate and rng.random() < 1 / odd_rate:
        return rng.choice(_ODD)
    e = _expected(white, black)
    d = min(int(s["DrawPercentage"]) / 100, 2 * min(e, 1 - e))
    u = rng.random()
    if u < e - d / 2:
        return ResultCode.WIN, ResultCode.LOSS
    if u < e + d / 2:
        return ResultCode.DRAW, ResultCode.DRAW
    return ResultCode.LOSS, ResultCode.WIN


def _fide_match(rng: random.Random, w: Player, b: Player, s: dict[str, int | str]) -> None:
    """A two-game match (C.04.5): a no-show forfeits both games, else each game is drawn as above."""
    rate = int(s["ForfeitRate"])
    absent = rng.choice((w, b)) if rate and rng.random() < 1 / rate else None
    for white, black in ((w, b), (b, w)):
        if absent is not None:
            lost = (ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_WIN)
            wc, bc = lost if absent is white else lost[::-1]
        else:
            wc, bc = _fide_game(rng, white.rating, black.rating, {**s, "ForfeitRate": 0})
        white.results.append(RoundResult(black.start_rank, Colour.WHITE, wc))
        black.results.append(RoundResult(white.start_rank, Colour.BLACK, bc))


def _baku_allowed(code: str, double: bool) -> bool:
    """Baku acceleration (C.04.7) for a system that accelerates (not the two-game matches here)."""
    if double:
        return False
    try:
        return registry.by_trf_code(code).supports_acceleration
    except registry.UnknownSystem:
        return False


def _baku_code(code: str) -> str:
    """The 192 code of an accelerated event (ETT26 ``..._BAKU``, trf.md §4.3)."""
    return code if code.upper().endswith("_BAKU") else code + "_BAKU"


def _generate_fide(
    cfg: GeneratorConfig,
    seed: int,
    options: DutchOptions | None,
    progress: Callable[[int, int], None] | None,
    *,
    pair: Callable[[Tournament, int], RoundPairing] | None,
    system: str,
    double: bool,
    prepare: Callable[[Tournament], None] | None,
) -> Tournament:
    """The FIDE model (module doc): settings, players, requested byes, then round by round."""
    rng = random.Random(f"fide:{seed}")
    code = system or registry.default_swiss().trf_code
    s = fide_settings(cfg, rng, baku_allowed=_baku_allowed(code, double))
    n, rounds = int(s["PlayersNumber"]), int(s["RoundsNumber"])
    given = cfg.ratings()
    if given is not None:
        ratings = sorted(given, reverse=True)
    else:
        low, high = int(s["LowestRating"]), int(s["HighestRating"])
        ratings = sorted((rng.randint(low, high) for _ in range(n)), reverse=True)
    t = Tournament(
        name=f"AutoTest Tournament {seed}",
        rounds=2 * rounds if double else rounds,
        initial_colour=rng.choice((Colour.WHITE, Colour.BLACK)),
        scoring=_scoring(cfg),
        system=_baku_code(code) if s["BakuAcceleration"] else code,
    )
    t.tiebreaks = str(s["TieBreaks"]).split(",")
    t.comments.append(
        f"Generated by Arbitro's RTG (C.02 VCL4THP), Model=FIDE, seed {seed}. Settings: "
        + " ".join(f"{k}={v}" for k, v in s.items())
    )
    for i, rating in enumerate(ratings, 1):
        t.players[i] = Player(start_rank=i, name=f"Test{i:04d}, Player{i:04d}", rating=rating)
    if s["BakuAcceleration"]:
        t.accelerations = [
            Acceleration(rank, rnd, pts)
            for (rank, rnd), pts in sorted(baku_accelerations(t, DutchOptions()).items())
        ]
    if prepare is not None:
        prepare(t)

    def some(rate: int) -> list[int]:
        return rng.sample(range(1, n + 1), min(n, max(1, n // rate))) if rate else []

    retire_from = {
        rank: (rng.randint(2, rounds) if rounds >= 2 else 1) for rank in some(int(s["RetiredRate"]))
    }
    requests: dict[tuple[int, int], str] = {}
    for key, kind in (("HalfPointByeRate", "H"), ("FullPointByeRate", "F"), ("ZeroPointByeRate", "Z")):
        for rank in some(int(s[key])):
            requests.setdefault((rank, rng.randint(1, rounds)), kind)
    for rnd in range(1, rounds + 1):
        for rank in t.players:
            if retire_from.get(rank, rounds + 1) <= rnd:
                t.requested_byes.append(ByeRequest(rnd, "Z", rank))
            elif (rank, rnd) in requests:
                t.requested_byes.append(ByeRequest(rnd, requests[(rank, rnd)], rank))
        try:
            pairing = pair(t, rnd) if pair is not None else pair_round(t, rnd, options)
        except NoValidPairing:
            t.requested_byes = [b for b in t.requested_byes if b.round < rnd]
            break
        for board in pairing.boards:
            w, b = t.players[board.white], t.players[board.black]
            if double:
                _fide_match(rng, w, b, s)
                continue
            wc, bc = _fide_game(rng, w.rating, b.rating, s)
            w.results.append(RoundResult(board.black, Colour.WHITE, wc))
            b.results.append(RoundResult(board.white, Colour.BLACK, bc))
        _byes_of_round(t, pairing, rnd, double)
        if progress is not None:
            progress(rnd, rounds)
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t
