"""The team pairing systems (issue 18), registered into :mod:`arbitro.pairing.registry` by the team package.

A team system registers itself the way a federation's rulebook does (issue 32): the pairing
registry knows no team module, and ``arbitro.teams`` imports this module, so that importing any
team module (a :class:`~arbitro.teams.model.TeamEvent`, the team TRF, the team desk) makes the
three systems known by key, alias and TRF 092/192 code. Their engines pair a ``TeamEvent``, not a
``Tournament``: call them through :func:`arbitro.teams.engines.pair_team_round` (same options, same
``RoundPairing``). The individual TRF reader refuses a team file before any system lookup
(``trf.team_system``), so no individual path needs them.
"""

from __future__ import annotations

from arbitro.pairing.registry import PairingSystem, SystemKind, register
from arbitro.teams.system_keys import TEAM_DOUBLE_ROUND_ROBIN_KEY, TEAM_ROUND_ROBIN_KEY, TEAM_SWISS_KEY

__all__: list[str] = []

register(
    PairingSystem(
        key=TEAM_SWISS_KEY,
        name="FIDE Swiss Team Pairing System",
        article="C.04.6",
        kind=SystemKind.TEAM_SWISS,
        trf_codes=("FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM", "FIDE_TEAM_MP_GP", "FIDE_TEAM_TYPEA_MP"),
        engine="arbitro.teams.engines:pair_team_swiss",
        aliases=("team-swiss", "fide-team", "swiss-team"),
        checker="arbitro.teams.checker",
        generator="arbitro.teams.generator",
        supports_prohibited=False,
    )
)
register(
    PairingSystem(
        key=TEAM_ROUND_ROBIN_KEY,
        name="Team round robin (Berger tables)",
        article="C.05",
        kind=SystemKind.TEAM_ROUND_ROBIN,
        trf_codes=("BERGER_TEAM_ROUNDROBIN", "FIDE_TEAM_ROUNDROBIN"),
        engine="arbitro.teams.engines:pair_team_round_robin",
        aliases=("team-rr", "team-berger"),
        checker="arbitro.teams.checker",
        generator="arbitro.teams.generator",
        supports_prohibited=False,
    )
)
register(
    PairingSystem(
        key=TEAM_DOUBLE_ROUND_ROBIN_KEY,
        name="Team double round robin (Berger tables)",
        article="C.05",
        kind=SystemKind.TEAM_ROUND_ROBIN,
        trf_codes=("BERGER_TEAM_DOUBLEROUNDROBIN", "FIDE_TEAM_DOUBLEROUNDROBIN"),
        engine="arbitro.teams.engines:pair_team_round_robin",
        aliases=("team-drr",),
        checker="arbitro.teams.checker",
        generator="arbitro.teams.generator",
        supports_prohibited=False,
        double=True,
    )
)
