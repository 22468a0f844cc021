"""The individual pairing systems built into Arbitro, registered into :mod:`arbitro.pairing.registry`.

Each entry names its engine, checker and generator as ``"module:function"`` strings, imported on
first use. ``arbitro.pairing`` imports this module, so that any import of the package registers
them (issue 32: the registry itself names no engine, and no engine imports this module, so the
package has no import cycle). A new system is one module plus one :func:`register` call here
(docs/architecture.md). The team systems register themselves from :mod:`arbitro.teams.systems`.
"""

from __future__ import annotations

from arbitro.pairing.registry import MAXI_SUFFIX, PairingSystem, SystemKind, register

__all__: list[str] = []

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
        supports_acceleration=True,
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
        supports_acceleration=True,
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
        supports_acceleration=True,
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
        supports_maxi_tournament=True,
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
        supports_acceleration=True,
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
    )
)
