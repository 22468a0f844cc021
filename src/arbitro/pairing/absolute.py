"""The absolute criteria every FIDE Swiss system shares (C.04.1 2026), checked on a finished tournament.

Used by the property tests of every engine and by anyone who wants to audit a
file: no rematch (C.04.1 art. 2; a pair that only met by forfeit may meet
again), colour limits (art. 6-7: colour difference within ±2, never the same
colour three times in a row, over played games), one pairing-allocated bye
per player and none after a win's points without playing (art. 4).
"""

from __future__ import annotations

from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing.double_swiss_matches import match_count, matches
from arbitro.pairing.dutch_state import points

__all__ = ["breaches", "double_swiss_violations", "violations"]


def violations(t: Tournament, colour_exempt_rounds: frozenset[int] = frozenset()) -> list[str]:
    """Every breach of the absolute criteria in ``t``, as readable strings (empty: none).

    ``colour_exempt_rounds`` are rounds whose colours a system may let break
    the limits (e.g. Lim's last round, C.04.4.3 6).
    """
    return [text for _round, text in breaches(t, colour_exempt_rounds)]


def breaches(t: Tournament, colour_exempt_rounds: frozenset[int] = frozenset()) -> list[tuple[int, str]]:
    """:func:`violations` with the round of each breach: ``(round, text)``."""
    out: list[tuple[int, str]] = []
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
                    out.append((k, f"player {p.start_rank}: pairing-allocated bye in round {k} breaks C.04.1 art. 4"))
                byes += 1
            if r.opponent is not None and r.is_played:
                if r.opponent in met:
                    out.append((k, f"player {p.start_rank}: meets {r.opponent} again in round {k} (C.04.1 art. 2)"))
                met.add(r.opponent)
                if r.colour in (Colour.WHITE, Colour.BLACK):
                    diff += 1 if r.colour is Colour.WHITE else -1
                    run = run + 1 if r.colour is last else 1
                    last = r.colour
                    if k not in colour_exempt_rounds:
                        if abs(diff) > 2:
                            out.append((k, f"player {p.start_rank}: colour difference {diff:+d} after round {k} (art. 6)"))
                        if run > 2:
                            out.append((k, f"player {p.start_rank}: same colour three times in a row in round {k} (art. 7)"))
            elif (
                r.opponent is None and points(t.scoring.points(r.code)) >= win
            ) or r.code is ResultCode.FORFEIT_WIN:
                unearned = True
    return out


def double_swiss_violations(t: Tournament) -> list[str]:
    """C.04.5 [C1]-[C2] on a Double-Swiss file (two TRF rounds per match, docs/decisions.md).

    No rematch unless the earlier match was forfeited (Preface); one PAB per
    player and none after a forfeit match win or a full-point bye; the two
    games of a match have the same opponent and reversed colours (4.4).
    """
    out: list[str] = []
    count = match_count(t)
    for p in t.iter_players():
        met: set[int] = set()
        barred = False
        res = p.results
        for k, m in enumerate(matches(t, p.start_rank, count), 1):
            if m.code is ResultCode.PAIRING_BYE:
                if barred:
                    out.append(
                        f"player {p.start_rank}: pairing-allocated bye in match {k} breaks C.04.5 [C2]"
                    )
                barred = True
            if m.forfeit_win or m.code is ResultCode.FULL_BYE:
                barred = True
            if m.opponent is not None:
                if m.opponent in met:
                    out.append(f"player {p.start_rank}: meets {m.opponent} again in match {k} (C.04.5 [C1])")
                if m.played:
                    met.add(m.opponent)
                g1, g2 = (res[2 * k - 2], res[2 * k - 1]) if len(res) >= 2 * k else (None, None)
                if g1 is None or g2 is None or g1.opponent != g2.opponent or g1.colour is g2.colour:
                    out.append(f"player {p.start_rank}: the games of match {k} do not form one match (4.4)")
    return out
