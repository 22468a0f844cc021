"""Tournament-level exemptions from the federation rules (B.01 1.43a-e / 1.4.3a-d).

The Swiss exemption (1.43e / 1.4.3d): a Swiss event whose competitors include at
least 20 FIDE-rated players not from the host federation, from at least 3
federations, at least 10 of whom hold GM, IM, WGM or WIM. From 2022 (assumed) /
2024 it must hold **in every round**; players count only if they missed at most
one round, and a pairing-allocated bye is not a miss. ``FID`` and ``NON`` are
not federations.
"""

from __future__ import annotations

from arbitro.errors import msg
from arbitro.model import Player, ResultCode, Tournament
from arbitro.titles.editions import Edition
from arbitro.titles.norms.games import NO_FEDERATION
from arbitro.titles.norms.result import RuleCheck

__all__ = ["event_exemption", "missed_round", "missed_rounds", "swiss_exemption"]

_EXEMPT_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})


def missed_round(player: Player, round_no: int) -> bool:
    """True when the player did not play round ``round_no`` (a PAB or forfeit win is not a miss)."""
    res = player.result(round_no)
    if res is None:
        return True
    if res.code is ResultCode.PAIRING_BYE or res.code is ResultCode.FORFEIT_WIN:
        return False
    return res.code.is_bye or res.code is ResultCode.FORFEIT_LOSS


def missed_rounds(player: Player, rounds: int) -> int:
    """Rounds the player did not play (byes other than the PAB, absences, forfeit losses)."""
    return sum(1 for r in range(1, rounds + 1) if missed_round(player, r))


def _counts(players: list[Player]) -> tuple[int, int, int]:
    feds = {p.federation.upper() for p in players}
    titled = sum(1 for p in players if p.title in _EXEMPT_TITLES)
    return len(players), len(feds), titled


def swiss_exemption(t: Tournament, edition: Edition) -> RuleCheck:
    """1.43e / 1.4.3d for the whole tournament: passed, failed, or ``None`` when it cannot apply."""
    art = edition.article("swiss_exemption")
    if t.is_round_robin:
        return RuleCheck("swiss_exemption", art, None, msg("norm.not_swiss", "not a Swiss event"))
    host = t.federation.upper()
    if not host:
        return RuleCheck(
            "swiss_exemption", art, False,
            msg("norm.swiss_no_host", "host federation (TRF 032) unknown: cannot be established"),
        )
    foreign = [
        p for p in t.iter_players()
        if p.rating > 0 and p.federation.upper() not in NO_FEDERATION and p.federation.upper() != host
    ]
    rounds = t.played_rounds
    notes = edition.note("swiss_exemption_every_round")
    if edition.swiss_exemption_every_round and rounds:
        eligible = [p for p in foreign if missed_rounds(p, rounds) <= 1]
        for r in range(1, rounds + 1):
            present = [p for p in eligible if not missed_round(p, r)]
            n, f, ti = _counts(present)
            if n < 20 or f < 3 or ti < 10:
                return RuleCheck(
                    "swiss_exemption", art, False,
                    msg(
                        "norm.swiss_round",
                        "round {round}: {n} foreign rated players, {feds} federations, {titled} GM/IM/WGM/WIM "
                        "(at least 20 rated players not from the host federation, 3 federations, 10 GM/IM/WGM/WIM, "
                        "in every round)",
                        round=r, n=n, feds=f, titled=ti,
                    ),
                    notes,
                )
        n, f, ti = _counts(eligible)
        return RuleCheck(
            "swiss_exemption", art, True,
            msg("norm.swiss_every_round", "{n} foreign rated players from {feds} federations, {titled} GM/IM/WGM/WIM in every round",
                n=n, feds=f, titled=ti),
            notes,
        )  # fmt: skip
    n, f, ti = _counts(foreign)
    ok = n >= 20 and f >= 3 and ti >= 10
    return RuleCheck(
        "swiss_exemption", art, ok,
        msg(
            "norm.swiss",
            "{n} foreign rated players, {feds} federations, {titled} GM/IM/WGM/WIM "
            "(at least 20 rated players not from the host federation, 3 federations, 10 GM/IM/WGM/WIM)",
            n=n, feds=f, titled=ti,
        ),
    )  # fmt: skip


def event_exemption(t: Tournament, player: Player, edition: Edition, event: str | None, swiss: RuleCheck) -> str | None:
    """Why the federation rules (1.43, and 1.44) are waived for ``player``, or ``None``.

    National championship finals and national team championships exempt only
    players of the host federation in 2024 (1.4.3a/b); zonals and QC-approved
    events exempt everyone (1.4.3c); so does the Swiss exemption (1.4.3d).
    """
    art = edition.article
    if swiss.passed:
        return msg("norm.exempt_swiss", "Swiss exemption {article}", article=swiss.article)
    if event in ("national_championship", "national_team_championship"):
        if edition.exemption_ab_host_only and player.federation.upper() != t.federation.upper():
            return None
        if event == "national_championship":
            return msg("norm.exempt_national", "national championship final {article}", article=art("exemptions"))
        return msg("norm.exempt_national_team", "national team championship {article}", article=art("exemptions"))
    if event == "zonal":
        return msg("norm.exempt_zonal", "zonal tournament {article}", article=art("exemptions"))
    if event == "approved":
        return msg("norm.exempt_approved", "event approved by the QC Chair {article}", article=art("exemptions"))
    return None
