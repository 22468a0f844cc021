"""The individual pairing systems built into Arbitro, registered into :mod:`arbitro.pairing.registry`.

Each entry names its engine, checker and generator as ``"module:function"`` strings, imported on
first use. ``arbitro.pairing`` imports this module, so that any import of the package registers
them (issue 32: the registry itself names no engine, and no engine imports this module, so the
package has no import cycle). A new system is one module plus one :func:`register` call here
(docs/architecture.md). The team systems register themselves from :mod:`arbitro.teams.systems`.

A system's per-tournament settings are declared in its entry (``settings=``, issue 32 item 3): the
command line, the web form, the API, the TRF and the core's settings command take them from there.
"""

from __future__ import annotations

from arbitro.errors import Message, msg
from arbitro.pairing.registry import MAXI_SUFFIX, PairingSystem, SystemKind, register
from arbitro.pairing.types import SettingChoice, SettingType, SystemSetting

__all__ = ["BAKU_ACCELERATION", "MAXI_TOURNAMENT"]


def _maxi_refused(system: str) -> Message:
    return msg(
        "settings.maxi_unsupported",
        "Only a Lim tournament can be declared a Maxi-tournament (C.04.4.3 3.2.3); the {system} has no "
        "Maxi-tournament declaration.",
        system=system,
    )


#: Baku acceleration (C.04.7): virtual points for group A in the first half of the rounds, written as
#: TRF-2026 ``250`` records (the engines read them; :func:`arbitro.pairing.engines.write_baku`).
BAKU_ACCELERATION = SystemSetting(
    key="acceleration",
    type=SettingType.CHOICE,
    label=msg("setting.acceleration", "Acceleration"),
    article="C.04.7",
    default="",
    choices=(
        SettingChoice("", msg("setting.acceleration.none", "None")),
        SettingChoice("baku", msg("setting.acceleration.baku", "Baku (C.04.7)")),
    ),
    trf_record="250",
    writer="arbitro.pairing.engines:write_baku",
)

#: Lim's Maxi-tournament (C.04.4.3 3.2.3, 3.8, 5.7): the organiser's declaration, never defined by the
#: text; ``192 FIDE_LIM_MAXI`` (TRF-2026 has no record for it, docs/decisions.md 2026-12-03).
MAXI_TOURNAMENT = SystemSetting(
    key="maxi_tournament",
    type=SettingType.BOOL,
    label=msg("setting.maxi_tournament", "Maxi-tournament (Lim, C.04.4.3 3.2.3)"),
    help=msg(
        "setting.maxi_tournament.help",
        "The organiser's declaration: floaters and colour exchanges only between players rated within 100 "
        "points of each other (C.04.4.3 3.2.3, 3.8, 5.7).",
    ),
    article="C.04.4.3 3.2.3",
    default=False,
    trf_suffix=MAXI_SUFFIX,
    refused=_maxi_refused,
)

#: A double round robin: the last two rounds of cycle 1 swapped so that nobody has the same colour
#: three times in a row (C.05 Annex 1, the default: false), or kept in table order (true), as the arbiter chooses
#: (VCL4THP Q98). No TRF record carries it: a ``###`` line when not swapped
#: (:func:`arbitro.pairing.engines.write_no_swap`).
NO_LAST_ROUNDS_SWAP = SystemSetting(
    key="no_last_rounds_swap",
    type=SettingType.BOOL,
    label=msg("setting.no_last_rounds_swap", "Keep the last two rounds of the first cycle in table order (C.05 Annex 1)"),
    help=msg(
        "setting.no_last_rounds_swap.help",
        "A double round robin swaps the last two rounds of its first cycle so that nobody plays the same "
        "colour three times in a row (C.05 Annex 1); the arbiter may keep them in table order instead.",
    ),
    article="C.05 Annex 1",
    default=False,
    writer="arbitro.pairing.engines:write_no_swap",
)

register(
    PairingSystem(
        key="dutch",
        name="FIDE Dutch system",
        article="C.04.3",
        kind=SystemKind.SWISS,
        # plain FIDE_DUTCH first: the edition in force, read by bbpPairings and the TEC reader
        trf_codes=("FIDE_DUTCH", "FIDE_DUTCH_2025", "FIDE_DUTCH_2026"),
        engine="arbitro.pairing.engines:pair_dutch",
        aliases=("swiss", "fide-dutch", "fide-dutch-2026", "fide-dutch-2025"),
        checker="arbitro.pairing.engines:check_dutch",
        generator="arbitro.pairing.engines:generate_dutch",
        settings=(BAKU_ACCELERATION,),
        type_text="Individual: Swiss system (FIDE Dutch)",
    )
)
register(
    PairingSystem(
        key="burstein",
        name="FIDE Burstein system",
        article="C.04.4.2",
        kind=SystemKind.SWISS,
        trf_codes=("FIDE_BURSTEIN", "FIDE_BURSTEIN_2026", "FIDE_BURSTEIN_BAKU"),
        engine="arbitro.pairing.burstein:pair_system",
        aliases=("fide-burstein",),
        checker="arbitro.pairing.engines:check_system",
        generator="arbitro.pairing.engines:generate_system",
        settings=(BAKU_ACCELERATION,),
    )
)
register(
    PairingSystem(
        key="dubov",
        name="FIDE Dubov system",
        article="C.04.4.1",
        kind=SystemKind.SWISS,
        trf_codes=("FIDE_DUBOV", "FIDE_DUBOV_2026", "FIDE_DUBOV_BAKU"),
        engine="arbitro.pairing.dubov:pair_system",
        aliases=("fide-dubov",),
        checker="arbitro.pairing.engines:check_system",
        generator="arbitro.pairing.engines:generate_system",
        settings=(BAKU_ACCELERATION,),
    )
)
register(
    PairingSystem(
        key="lim",
        name="FIDE Lim system",
        article="C.04.4.3",
        kind=SystemKind.SWISS,
        # ETT26 has no Lim code (docs/decisions.md); ``_MAXI``: a declared Maxi-tournament (MAXI_SUFFIX)
        trf_codes=("FIDE_LIM", "FIDE_LIM" + MAXI_SUFFIX),
        engine="arbitro.pairing.lim:pair_system",
        aliases=("fide-lim",),
        checker="arbitro.pairing.engines:check_system",
        generator="arbitro.pairing.engines:generate_system",
        settings=(MAXI_TOURNAMENT,),
    )
)
register(
    PairingSystem(
        key="double_swiss",
        name="FIDE Double-Swiss system",
        article="C.04.5",
        kind=SystemKind.DOUBLE_SWISS,
        trf_codes=("FIDE_DOUBLESWISS", "FIDE_DOUBLESWISS_BAKU"),
        engine="arbitro.pairing.double_swiss:pair_system",
        aliases=("doubleswiss", "fide-doubleswiss", "fide-double-swiss"),
        checker="arbitro.pairing.engines:check_system",
        generator="arbitro.pairing.engines:generate_double_swiss",
        settings=(BAKU_ACCELERATION,),
    )
)
register(
    PairingSystem(
        key="round_robin",
        name="Round robin (Berger tables)",
        article="C.05",
        kind=SystemKind.ROUND_ROBIN,
        trf_codes=("BERGER_ROUNDROBIN", "FIDE_ROUNDROBIN"),
        engine="arbitro.pairing.engines:pair_berger",
        aliases=("roundrobin", "rr", "berger", "berger-roundrobin", "fide-roundrobin"),
        checker="arbitro.pairing.engines:check_berger",
        supports_prohibited=False,
        type_text="Individual: round robin",
    )
)
register(
    PairingSystem(
        key="double_round_robin",
        name="Double round robin (Berger tables)",
        article="C.05",
        kind=SystemKind.ROUND_ROBIN,
        trf_codes=("FIDE_DOUBLEROUNDROBIN", "BERGER_DOUBLEROUNDROBIN"),
        engine="arbitro.pairing.engines:pair_berger",
        checker="arbitro.pairing.engines:check_berger",
        aliases=(
            "double-roundrobin",
            "doubleroundrobin",
            "drr",
            "double",
            "fide-doubleroundrobin",
            "berger-doubleroundrobin",
        ),
        supports_prohibited=False,
        double=True,
        type_text="Individual: double round robin",
        settings=(NO_LAST_ROUNDS_SWAP,),
    )
)
