"""Which edition of C.07 applies: the rules in force when the tournament started.

* The "2024" rules: C.07 effective from 1 August 2024 (the April 2024 text with
  the same definitions). Unplayed rounds count against a dummy opponent with
  the participant's own final score (16.4).
* The "2026" rules: C.07 effective from 1 March 2026 (approved by the FIDE
  Council on 2 February 2026). The dummy's score is capped (16.4.1, 16.4.2),
  AOB may use the Fore Buchholz (8.2), TPN (7.8), STD (7.7) and RTNG (10.6)
  are added, and in round robins forfeits stay unplayed in rating-based and
  (forfeit losses) own-result tie-breaks (15.2).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from arbitro.errors import ArbitroError
from arbitro.model import Tournament

__all__ = ["RULES_2026_START", "Rules", "is_pre_determined", "resolve_rules", "rules_for_date"]

Rules = Literal["2024", "2026"]

#: First day on which the 2026 edition of C.07 applies.
RULES_2026_START = dt.date(2026, 3, 1)


def rules_for_date(start: dt.date | None) -> Rules:
    """The edition in force on the tournament's start date.

    A tournament without a start date is judged under the edition in force
    now (2026), as an arbiter entering a current event would expect.
    """
    if start is None or start >= RULES_2026_START:
        return "2026"
    return "2024"


def resolve_rules(rules: str | None, start: dt.date | None) -> Rules:
    """``rules`` if given ("2024"/"2026", also "2024-08-01" and "2026-03-01"), else by start date."""
    if rules is None:
        return rules_for_date(start)
    text = str(rules).strip()
    if text in ("2024", "2024-08-01"):
        return "2024"
    if text in ("2026", "2026-03-01"):
        return "2026"
    raise ArbitroError(f"rules: expected 2024 or 2026, got {rules!r}")


def is_pre_determined(t: Tournament) -> bool:
    """Whether C.07 Art. 15 (pre-determined pairings, round robins) applies rather than Art. 16 (Swiss).

    The tournament's declared type decides (``192`` system code or ``092``
    text). A file that declares no type at all is a round robin when its
    pairings are one: every pair of players met the same number of times.
    (The TEC checker also guesses "round robin" from players = rounds + 1 for
    a declared Swiss such as ``FIDE_DUTCH_2025``; we do not, see
    docs/decisions.md.)
    """
    if t.is_round_robin:
        return True
    if t.system.strip() or t.type_text.strip():
        return False
    players = sorted(t.players)
    if len(players) < 3:
        return False
    meetings: dict[tuple[int, int], int] = {}
    for p in t.players.values():
        for res in p.results:
            if res.opponent is not None and res.opponent in t.players and res.opponent > p.start_rank:
                key = (p.start_rank, res.opponent)
                meetings[key] = meetings.get(key, 0) + 1
    expected_pairs = len(players) * (len(players) - 1) // 2
    counts = set(meetings.values())
    return len(meetings) == expected_pairs and len(counts) == 1
