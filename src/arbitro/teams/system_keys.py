"""The team systems' registry keys and TRF code prefix (issue 18), below every team module.

Registered with their engines by :mod:`arbitro.teams.systems`; kept apart so that the team model
can name them without importing the registrations (issue 32: no import cycle).
"""

from __future__ import annotations

__all__ = ["FIDE_TEAM_PREFIX", "TEAM_DOUBLE_ROUND_ROBIN_KEY", "TEAM_ROUND_ROBIN_KEY", "TEAM_SWISS_KEY"]

#: Keys of the team systems (issue 18); ``TeamEvent.system`` holds one of them.
TEAM_SWISS_KEY = "team_swiss"
TEAM_ROUND_ROBIN_KEY = "team_round_robin"
TEAM_DOUBLE_ROUND_ROBIN_KEY = "team_double_round_robin"
#: The TRF-2026 092/192 prefix of FIDE team Swiss codes (``FIDE_TEAM_TYPEA_MP_GP``, ...).
FIDE_TEAM_PREFIX = "FIDE_TEAM"
