"""Team pairing entry points named by the pairing-system registry.

A team engine pairs a :class:`~arbitro.teams.model.TeamEvent`, not an individual
:class:`~arbitro.model.Tournament`, so its signature is
``pair(event, round_or_None, PairOptions) -> RoundPairing`` (boards are matches: White is
the team with White on board 1; ``bye`` is the team with the PAB or the free round).
Call it through :func:`pair_team_round`, which looks the system up in the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from arbitro.errors import ArbitroError
from arbitro.pairing.registry import PairOptions, SystemKind, _load, get
from arbitro.pairing.types import RoundPairing
from arbitro.teams import roundrobin, swiss
from arbitro.teams.model import TeamEvent
from arbitro.teams.swiss import round_to_pair

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["pair_team_round", "pair_team_round_robin", "pair_team_swiss", "round_to_pair"]


def pair_team_swiss(event: TeamEvent, rnd: int | None, options: PairOptions) -> RoundPairing:
    """C.04.6 (2026)."""
    return swiss.pair_round(event, rnd)


def pair_team_round_robin(event: TeamEvent, rnd: int | None, options: PairOptions) -> RoundPairing:
    """Berger team round robin, single or double (by ``event.system``)."""
    return roundrobin.pair_round(event, rnd)


def pair_team_round(
    event: TeamEvent, rnd: int | None = None, options: PairOptions | None = None
) -> RoundPairing:
    """Pair ``rnd`` of ``event`` with the registered team system ``event.system``."""
    system = get(event.system)
    if system.kind not in (SystemKind.TEAM_SWISS, SystemKind.TEAM_ROUND_ROBIN):
        raise ArbitroError(f"{system.name} is not a team pairing system")
    fn: Callable[[TeamEvent, int | None, PairOptions], RoundPairing] = _load(system.engine)
    return fn(event, rnd, options or PairOptions())
