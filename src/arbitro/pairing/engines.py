"""Adapters from the registry's one signature to each engine (issue 14).

Each ``pair_*`` function has the :data:`arbitro.pairing.registry.PairFunction` shape
``(tournament, round_number_or_None, options) -> RoundPairing``; ``check_*`` and
``generate_*`` have the :data:`~arbitro.pairing.registry.CheckFunction` and
:data:`~arbitro.pairing.registry.GenerateFunction` shapes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing.berger import NO_SWAP_NOTE
from arbitro.pairing.registry import PairingSystem, PairOptions
from arbitro.pairing.types import RoundPairing

if TYPE_CHECKING:
    from arbitro.pairing.checker import RoundCheck
    from arbitro.pairing.dutch_state import DutchOptions
__all__ = [
    "check_berger",
    "check_dutch",
    "check_system",
    "generate_double_swiss",
    "generate_dutch",
    "generate_system",
    "pair_berger",
    "pair_dutch",
    "write_baku",
    "write_no_swap",
]


def pair_dutch(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """FIDE Dutch (C.04.3); ``bbp_compat`` switches on bbpPairings' documented departures."""
    from arbitro.pairing.dutch import pair_round

    return pair_round(t, round_number, _dutch_options(options))


def _dutch_options(options: PairOptions) -> DutchOptions:
    """The Dutch engine's options for the registry's (``bbp_compat``, ``full_search``)."""
    from dataclasses import replace

    from arbitro.pairing.dutch_state import DutchOptions

    opts = DutchOptions.bbp() if options.bbp_compat else DutchOptions()
    if options.literal_tpn and not options.bbp_compat:  # §6.1 #3, the literal reading
        opts = replace(opts, effective_numbers=False)
    return replace(opts, full_search=True) if options.full_search else opts


def write_baku(t: Tournament, value: object) -> None:
    """The ``acceleration`` setting's TRF writer: ``"baku"`` gives a file without accelerations the
    virtual points of C.04.7 as ``250`` records (the engines' formula); a file with its own keeps them."""
    from arbitro.model import Acceleration
    from arbitro.pairing.dutch_state import DutchOptions, baku_accelerations

    if value == "baku" and not t.accelerations:
        points = baku_accelerations(t, DutchOptions())
        t.accelerations = [Acceleration(sr, rnd, v) for (sr, rnd), v in sorted(points.items()) if v]


def write_no_swap(t: Tournament, value: object) -> None:
    """The ``no_last_rounds_swap`` setting's TRF writer: a ``###`` line when the arbiter chose not to swap (Q98)."""
    if value is True and NO_SWAP_NOTE not in t.comments:
        t.comments.append(NO_SWAP_NOTE)


def pair_berger(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    """Berger tables (C.05 Annex 1): the next round of a single or double round robin."""
    from arbitro.pairing.berger import next_round_pairing

    pairing = next_round_pairing(t, swap_last=_swaps_last_rounds(t, options))
    if round_number is not None and pairing.round != round_number:
        raise ValueError(f"round {round_number} asked, but the next round of the round robin is {pairing.round}")
    return pairing


def check_dutch(
    system: PairingSystem, t: Tournament, options: PairOptions, progress: Callable[[int], None] | None
) -> Iterator[RoundCheck]:
    """The Dutch checker (C.02): re-pair every played round, naming bbpPairings departures."""
    from arbitro.pairing.checker import check_rounds

    return check_rounds(t, _dutch_options(options), progress)


def check_system(
    system: PairingSystem, t: Tournament, options: PairOptions, progress: Callable[[int], None] | None
) -> Iterator[RoundCheck]:
    """The generic checker (:mod:`arbitro.pairing.system_check`): re-pair every round with ``system``."""
    from arbitro.pairing.system_check import check_system as check

    return check(t, system, options, progress)


def _swaps_last_rounds(t: Tournament, options: PairOptions) -> bool:
    """A double round robin's choice (VCL4THP Q98): not swapped when the option or the file's ``###`` line says so."""
    return options.value("no_last_rounds_swap") is not True and NO_SWAP_NOTE not in t.comments


def check_berger(
    system: PairingSystem, t: Tournament, options: PairOptions, progress: Callable[[int], None] | None
) -> Iterator[RoundCheck]:
    """The round-robin checker: every played round against the Berger table (C.05 Annex 1).

    Pairing numbers are the start ranks in ascending order, as :func:`pair_berger` pairs; the
    table is the double one when the file says so (``192``/``092``, :func:`is_double_round_robin`),
    when the system is the double round robin, or when ``142`` announces two cycles.
    """
    from dataclasses import replace

    from arbitro.pairing.berger import is_double_round_robin, round_pairing, rounds_for
    from arbitro.pairing.checker import RoundCheck, read_recorded

    ranks = sorted(t.players)
    single = rounds_for(len(ranks))
    double = system.double or is_double_round_robin(t) or t.rounds == 2 * single or t.played_rounds > single
    for rnd in range(1, t.played_rounds + 1):
        recorded = read_recorded(t, rnd)
        try:
            engine: RoundPairing | None = round_pairing(ranks, rnd, double, swap_last=_swaps_last_rounds(t, options))
        except ArbitroError:  # a round beyond the table
            engine = None
        # The player drawn against the free-round marker has no game: the file may write it as
        # U, Z, '-' or blank (not a PAB, C.05); the table's one is accepted if the file leaves
        # them without an opponent.
        free = [p.start_rank for p in t.iter_players() if (r := p.result(rnd)) is None or r.opponent is None]
        pairing = recorded.pairing
        if engine is not None and engine.bye in free:
            pairing = replace(pairing, bye=engine.bye)
        elif pairing.bye is None and len(free) == 1:
            pairing = replace(pairing, bye=free[0])
        yield RoundCheck(rnd, pairing, engine, readings=list(recorded.readings),
                         free_colour=recorded.free_colour)  # fmt: skip
        if progress is not None:
            progress(rnd)


def generate_dutch(
    system: PairingSystem,
    config_text: str,
    source: str,
    seed: int,
    options: PairOptions,
    progress: Callable[[int, int], None] | None,
) -> Tournament:
    """The Dutch generator (bbpPairings' ``Key=Value`` configuration)."""
    from arbitro.pairing.generator import generate, parse_config

    cfg = parse_config(config_text, source)
    return generate(cfg, seed, _dutch_options(options), progress)


def generate_system(
    system: PairingSystem,
    config_text: str,
    source: str,
    seed: int,
    options: PairOptions,
    progress: Callable[[int, int], None] | None,
) -> Tournament:
    """The generator with ``system`` pairing every round (Burstein, Dubov, Lim)."""
    from arbitro.pairing.generator import generate, parse_config

    cfg = parse_config(config_text, source)
    return generate(
        cfg,
        seed,
        None,
        progress,
        pair=lambda t, rnd: system.pair(t, rnd, options),
        system=system.trf_code_for(**dict(options.settings)),  # a declared setting's 192 suffix (FIDE_LIM_MAXI)
    )


def generate_double_swiss(
    system: PairingSystem,
    config_text: str,
    source: str,
    seed: int,
    options: PairOptions,
    progress: Callable[[int, int], None] | None,
) -> Tournament:
    """The Double-Swiss generator (two-game matches, C.04.5)."""
    from arbitro.pairing.double_swiss_generator import generate_double_swiss as generate
    from arbitro.pairing.generator import parse_config

    return generate(parse_config(config_text, source), seed, progress)
