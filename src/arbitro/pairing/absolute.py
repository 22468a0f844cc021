"""The absolute criteria every FIDE Swiss system shares (C.04.1 2026), checked on a finished tournament.

Used by the property tests of every engine and by anyone who wants to audit a
file: no rematch (C.04.1 art. 2; a pair that only met by forfeit may meet
again), colour limits (art. 6-7: colour difference within ±2, never the same
colour three times in a row, over played games), one pairing-allocated bye
per player and none after a win's points without playing (art. 4).
"""

from __future__ import annotations

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.dutch_state import points

__all__ = ["violations"]


def violations(t: Tournament, colour_exempt_rounds: frozenset[int] = frozenset()) -> list[str]:
    """Every breach of the absolute criteria in ``t``, as readable strings (empty: none).

    ``colour_exempt_rounds`` are rounds whose colours a system may let break
    the limits (e.g. Lim's last round, C.04.4.3 6).
    """
    out: list[str] = []
    win = points(t.scoring.win)
    for p in t.iter_players():
        met: set[int] = set()
        run = 0
        last: Colour | None = None
        diff = 0
        byes = 0
        unearned = False  # a win's points without playing (C.04.1 art. 4)
        for k, r in enumerate(p.results, 1):
            if r.code is ResultCode.PAIRING_BYE:
                if byes or unearned:
                    out.append(
                        f"player {p.start_rank}: pairing-allocated bye in round {k} breaks C.04.1 art. 4"
                    )
                byes += 1
            if r.opponent is not None and r.is_played:
                if r.opponent in met:
                    out.append(
                        f"player {p.start_rank}: meets {r.opponent} again in round {k} (C.04.1 art. 2)"
                    )
                met.add(r.opponent)
                if r.colour in (Colour.WHITE, Colour.BLACK):
                    diff += 1 if r.colour is Colour.WHITE else -1
                    run = run + 1 if r.colour is last else 1
                    last = r.colour
                    if k not in colour_exempt_rounds:
                        if abs(diff) > 2:
                            out.append(
                                f"player {p.start_rank}: colour difference {diff:+d} after round {k} (art. 6)"
                            )
                        if run > 2:
                            out.append(
                                f"player {p.start_rank}: same colour three times in a row in round {k} (art. 7)"
                            )
            elif (
                r.opponent is None and points(t.scoring.points(r.code)) >= win
            ) or r.code is ResultCode.FORFEIT_WIN:
                unearned = True
    return out
