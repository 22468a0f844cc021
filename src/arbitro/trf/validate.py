"""Consistency checks of a tournament read from TRF (issue 2, item 5).

Errors make a file unusable (a game whose two sides disagree, an opponent who
does not exist); warnings are reported and do not stop a command (a points
column that disagrees with the results, a missing start rank, a date in an
unusual format). Each diagnostic names the line and column of the ``001``
record it is about when the caller passes the line numbers.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from decimal import Decimal

from arbitro.errors import msg
from arbitro.model import Colour, ResultCode, RoundResult, Tournament
from arbitro.trf.diagnostics import Diagnostic, Severity

__all__ = ["validate"]

#: Pairs of codes that may stand on the two sides of one game; the first set is
#: regular, the second is accepted with a warning (unusual results, C.04.2 / A.4
#: arbiter decisions such as ½-0).
_REGULAR = frozenset(
    {
        ("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"),
        ("W", "L"), ("L", "W"), ("D", "D"),
        ("?", "?"),  # TRF-2026: a game adjourned or postponed, result not yet known (VCL4THP Q164)
    }
)  # fmt: skip
_UNUSUAL = frozenset(
    {("=", "0"), ("0", "="), ("0", "0"), ("D", "L"), ("L", "D"), ("L", "L"), ("=", "-"), ("-", "=")}
)
_Add = Callable[[Severity, int, int, str, str], None]
_PLAYED_CODES = frozenset(c for c in ResultCode if c.is_played)
_BYE_CODES = frozenset(c for c in ResultCode if c.is_bye)
_SIDES = frozenset({Colour.WHITE, Colour.BLACK})
_BIRTH = re.compile(r"\d{4}([/.\-]\d{2}[/.\-]\d{2})?")


def _block_column(round_number: int) -> int:
    return 92 + 10 * (round_number - 1)


def validate(
    t: Tournament, source: str = "<string>", lines: Mapping[int, int] | None = None
) -> list[Diagnostic]:
    """All consistency problems of ``t``; ``lines`` maps start ranks to ``001`` line numbers."""
    out: list[Diagnostic] = []
    where = lines or {}

    def add(sev: Severity, rank: int, col: int, fld: str, text: str) -> None:
        out.append(Diagnostic(sev, source, where.get(rank, 0), col, fld, text))

    players = t.players
    worth = {c: t.scoring.points(c) for c in ResultCode}
    for rank, player in players.items():
        for k, res in enumerate(player.results, start=1):
            _check_block(t, rank, k, res, add)
        _check_points(t, rank, add, worth)
        if player.birth_date and not _BIRTH.fullmatch(player.birth_date):
            add(
                Severity.WARNING,
                rank,
                70,
                "001 birth date",
                msg("trf.birth_date", "expected YYYY/MM/DD, found {found!r}", found=player.birth_date),
            )
    _check_header(t, source, out)
    _check_references(t, source, out)
    _check_byes_per_round(t, add)
    return out


def _check_byes_per_round(t: Tournament, add: _Add) -> None:
    """At most one pairing-allocated bye per round (C.04.1 c: "one player is unpaired").

    A PAB is ``U``, or ``+`` against ``0000`` (the old spelling, trf.md §3.3). A file where
    every player "won by forfeit against nobody" is therefore not a tournament.
    """
    first: dict[int, int] = {}
    reported: set[int] = set()
    for rank, player in t.players.items():
        for k, res in enumerate(player.results, start=1):
            if res.opponent is None and res.code in (ResultCode.PAIRING_BYE, ResultCode.FORFEIT_WIN):
                if k not in first:
                    first[k] = rank
                elif k not in reported:
                    reported.add(k)
                    add(Severity.ERROR, rank, _block_column(k) + 7, f"round {k} result",
                        msg("trf.second_pab", "a second pairing-allocated bye in round {round} (player {first} has one); "
                            "C.04.1 c leaves at most one player unpaired", round=k, first=first[k]))  # fmt: skip


def _check_block(t: Tournament, rank: int, k: int, res: RoundResult, add: _Add) -> None:
    # Hot path (a million blocks in a 9,999 x 99 file, limits.md): no property calls until a doubt.
    col = 92 + 10 * (k - 1)
    opponent = res.opponent
    code = res.code
    if opponent is None:
        if code in _PLAYED_CODES:
            add(Severity.ERROR, rank, col + 7, f"round {k} result",
                msg("trf.needs_opponent", "result {result!r} needs an opponent, found 0000", result=code.value))  # fmt: skip
        return
    if opponent == rank:
        add(Severity.ERROR, rank, col, f"round {k} opponent", msg("trf.self", "a player cannot meet themselves"))
        return
    opp = t.players.get(opponent)
    if opp is None:
        add(Severity.ERROR, rank, col, f"round {k} opponent", msg("trf.no_opponent", "no player with start rank {rank}", rank=opponent))
        return
    if code in _BYE_CODES:
        add(Severity.ERROR, rank, col + 7, f"round {k} result",
            msg("trf.bye_code", "expected a game result (1 = 0 + - W D L) against {opponent}, found bye code {code!r}",
                opponent=opponent, code=code.value))  # fmt: skip
        return
    other = opp.results[k - 1] if k <= len(opp.results) else None
    if other is None or other.opponent != rank:
        if other is None or other.opponent is None:
            text = msg("trf.mirror_none", "player {player} should have {rank} as opponent in round {round}, has nothing",
                       player=res.opponent, rank=rank, round=k)  # fmt: skip
        else:
            text = msg("trf.mirror", "player {player} should have {rank} as opponent in round {round}, has opponent {other}",
                       player=res.opponent, rank=rank, round=k, other=other.opponent)  # fmt: skip
        add(Severity.ERROR, rank, col, f"round {k} opponent", text)
        return
    if rank > opponent:
        return  # each game checked once, from the lower start rank
    pair = (code, other.code)  # StrEnum members hash and compare as their one-character values
    if pair in _UNUSUAL:
        add(Severity.WARNING, rank, col + 7, f"round {k} result",
            msg("trf.unusual", "unusual result {own}/{other} against {opponent}", own=code.value, other=other.code.value,
                opponent=res.opponent))  # fmt: skip
    elif pair not in _REGULAR:
        add(Severity.ERROR, rank, col + 7, f"round {k} result",
            msg("trf.misfit", "results {own!r} and {other!r} of {rank} and {opponent} do not fit together",
                own=code.value, other=other.code.value, rank=rank, opponent=res.opponent))  # fmt: skip
    colours = (res.colour, other.colour)
    if colours[0] in _SIDES and colours[1] in _SIDES:
        if colours[0] == colours[1]:
            add(Severity.ERROR, rank, col + 5, f"round {k} colour",
                msg("trf.same_colour", "{rank} and {opponent} both have colour {colour!r}", rank=rank, opponent=res.opponent,
                    colour=colours[0].value))  # fmt: skip
    elif colours[0] != colours[1] and res.code.is_played:
        add(Severity.WARNING, rank, col + 5, f"round {k} colour",
            msg("trf.colours_mismatch", "colours of {rank} and {opponent} do not match ({own} / {other})",
                rank=rank, opponent=res.opponent, own=_c(colours[0]), other=_c(colours[1])))  # fmt: skip


def _c(colour: Colour | None) -> str:
    return msg("trf.blank", "blank") if colour is None else repr(colour.value)


def _check_points(t: Tournament, rank: int, add: _Add, worth: Mapping[ResultCode, Decimal]) -> None:
    player = t.players[rank]
    computed = sum((worth[r.code] for r in player.results), Decimal("0"))  # = player.score(t.scoring)
    declared = player.points
    if declared == computed:
        return
    # Totals that include the next round's requested bye and/or acceleration are
    # accepted (trf.md §5, bbpPairings' reader).
    extras = [Decimal("0")]
    nxt = len(player.results) + 1
    for bye in t.requested_byes:
        if bye.start_rank == rank and bye.round == nxt:
            value = {"H": t.scoring.half_bye, "F": t.scoring.full_bye, "Z": t.scoring.zero_bye}.get(
                bye.kind, Decimal("0")
            )
            extras.append(value)
    acc = sum((a.points for a in t.accelerations if a.start_rank == rank), Decimal("0"))
    candidates = {computed + e for e in extras} | {computed + e + acc for e in extras}
    if declared in candidates:
        return
    add(Severity.WARNING, rank, 81, "001 points",
        msg("trf.points", "declared {declared} points, the results give {computed}", declared=declared, computed=computed))  # fmt: skip


def _check_header(t: Tournament, source: str, out: list[Diagnostic]) -> None:
    played = t.played_rounds
    if t.rounds is not None and played > t.rounds:
        out.append(Diagnostic(Severity.ERROR, source, 0, 0, "142/XXR number of rounds",
                              msg("trf.rounds_played", "{rounds} rounds declared, results found for {played}",
                                  rounds=t.rounds, played=played)))  # fmt: skip
    if t.start_date and t.end_date and t.end_date < t.start_date:
        out.append(Diagnostic(Severity.ERROR, source, 0, 0, "052 end date",
                              msg("trf.end_before_start", "end date {end} is before the start date {start}",
                                  end=t.end_date, start=t.start_date)))  # fmt: skip
    if t.declared_players is not None and t.declared_players != len(t.players):
        out.append(Diagnostic(Severity.WARNING, source, 0, 0, "062 number of players",
                              msg("trf.players_declared", "{declared} declared, {found} player records found",
                                  declared=t.declared_players, found=len(t.players))))  # fmt: skip
    ranks = sorted(t.players)
    if ranks and not t.pairing_by_rank and ranks != list(range(1, len(ranks) + 1)):
        missing = sorted(set(range(1, ranks[-1] + 1)) - set(ranks))
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        out.append(Diagnostic(Severity.WARNING, source, 0, 0, "001 start rank",
                              msg("trf.ranks_gap", "start ranks should run from 1 to {last}; missing: {missing}",
                                  last=len(ranks), missing=shown)))  # fmt: skip


def _check_references(t: Tournament, source: str, out: list[Diagnostic]) -> None:
    for bye in t.requested_byes:
        if bye.start_rank not in t.players:
            out.append(Diagnostic(Severity.ERROR, source, 0, 0, "240 bye",
                                  msg("trf.bye_unknown", "bye requested for start rank {rank}, who has no 001 record",
                                      rank=bye.start_rank)))  # fmt: skip
    for pp in t.prohibited_pairings:
        unknown = [r for r in pp.players if r not in t.players]
        if unknown:
            out.append(Diagnostic(Severity.ERROR, source, 0, 0, "260/XXP prohibited pairing",
                                  msg("trf.unknown_ranks", "unknown start rank(s) {ranks}", ranks=", ".join(map(str, unknown)))))  # fmt: skip
    for acc in t.accelerations:
        if acc.start_rank not in t.players:
            out.append(Diagnostic(Severity.ERROR, source, 0, 0, "250/XXA acceleration",
                                  msg("trf.unknown_rank", "unknown start rank {rank}", rank=acc.start_rank)))  # fmt: skip
            break
