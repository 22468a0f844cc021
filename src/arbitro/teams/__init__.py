"""Team competitions (issue 18): the team model, line-ups, match and game points, team byes,
the Team Swiss pairing system (C.04.6, 2026), Berger team round robins, team standings with
the C.07 team tie-breaks, and board standings.

Pure Python, no I/O. Modules:

* :mod:`.model` - teams, members, line-ups, matches, byes, the scoring system;
* :mod:`.lineups` - the board-order rule of a line-up;
* :mod:`.results` - match results from game results, the per-round table of every team;
* :mod:`.state` - what the pairing knows of each team (scores, floats, colours, C.04.6 art. 1);
* :mod:`.colours` - C.04.6 art. 1.6, 1.7 and 4 (colours of teams, preferences, allocation);
* :mod:`.swiss` - the C.04.6 pairing (art. 2 and 3);
* :mod:`.roundrobin` - Berger team round robins and the board colour pattern;
* :mod:`.systems` - the team systems, registered into the pairing registry on import;
* :mod:`.engines` - the entry points named by those registrations;
* :mod:`.checker`, :mod:`.generator` - re-pairing check and random team tournaments;
* :mod:`.individual` - the individual games as an individual tournament (rating report, norms);
* :mod:`.tiebreaks`, :mod:`.standings`, :mod:`.boards` - team standings and board standings.
"""

from __future__ import annotations

from arbitro.teams import systems as _systems  # noqa: F401 - registers the team pairing systems
from arbitro.teams.model import (
    BoardGame,
    ByeKind,
    GameResult,
    Match,
    MatchForfeit,
    Member,
    Team,
    TeamBye,
    TeamEvent,
    TeamScoring,
)

__all__ = [
    "BoardGame",
    "ByeKind",
    "GameResult",
    "Match",
    "MatchForfeit",
    "Member",
    "Team",
    "TeamBye",
    "TeamEvent",
    "TeamScoring",
]
