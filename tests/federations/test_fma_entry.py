"""FMA 1.8, 2.2, 7.1, 7.2, Anexo II I.2, 11.1.6-11.1.8: entry to a tournament."""

from __future__ import annotations

import datetime as dt

from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.entry import EntryContext, EntryRequest, Qualifier, TournamentInfo, decide_entry
from arbitro.federations.fma.registry import FmaPlayer
from arbitro.federations.fma.sanctions import Sanction, SanctionKind

SEG = TournamentInfo("seg", "Segunda 2026", Category.SEGUNDA, dt.date(2026, 4, 1))
SEG2 = TournamentInfo("seg2", "Segunda II 2026", Category.SEGUNDA, dt.date(2026, 8, 1))
PRI = TournamentInfo("pri", "Primera 2026", Category.PRIMERA, dt.date(2026, 6, 1))
PRI2 = TournamentInfo("pri2", "Primera II 2026", Category.PRIMERA, dt.date(2026, 10, 1))
SEASON = [SEG, PRI, SEG2, PRI2]


def player(**kw: object) -> FmaPlayer:
    base: dict[str, object] = {"id": "P1", "name": "Ana", "standard_rating": 1850, "category": Category.SEGUNDA}
    base.update(kw)
    return FmaPlayer(**base)  # type: ignore[arg-type]


def decide(p: FmaPlayer, t: TournamentInfo, req: EntryRequest | None = None, ctx: EntryContext | None = None,
           newcomer: bool = False):  # type: ignore[no-untyped-def]
    own = p.category or Category.CUARTA
    return decide_entry(p, own, newcomer, t, req or EntryRequest(p.id), ctx or EntryContext(season=SEASON))


def test_fma_2_2_own_category_admitted() -> None:
    d = decide(player(), SEG)
    assert d.accepted and d.basis == "own" and d.article == "FMA 2.2"


def test_fma_2_2_other_category_refused() -> None:
    d = decide(player(category=Category.TERCERA), SEG)
    assert not d.accepted and d.message.id == "entry.refused.category" and d.article == "FMA 2.2"


def test_fma_2_2_lower_category_refused_too() -> None:
    d = decide(player(category=Category.PRIMERA), SEG)
    assert not d.accepted


def test_fma_2_2_1_first_participation_by_rating() -> None:
    d = decide(player(category=Category.SEGUNDA), SEG, newcomer=True)
    assert d.accepted and d.basis == "first_by_rating" and d.article == "FMA 2.2.1"


def test_fma_2_2_2_proof_of_higher_participation() -> None:
    p = player(category=Category.TERCERA, proof_category=Category.SEGUNDA)
    d = decide(p, SEG)
    assert d.accepted and d.article == "FMA 2.2.2"
    assert not decide(p, PRI).accepted  # proof of Segunda does not open Primera


def test_fma_2_2_3_7_1_qualifier_champion_enters_next_primera() -> None:
    q = Qualifier("P1", "Gral. Alvarado", 2025, 1)
    ctx = EntryContext(season=SEASON, qualifiers=[q])
    d = decide(player(category=Category.TERCERA), PRI, ctx=ctx)
    assert d.accepted and d.basis == "qualifier" and "General Alvarado" in d.message.text("es")


def test_fma_7_1_qualifier_only_for_the_next_primera() -> None:
    ctx = EntryContext(season=SEASON, qualifiers=[Qualifier("P1", "Balcarce", 2025, 2)])
    d = decide(player(category=Category.TERCERA), PRI2, ctx=ctx)
    assert not d.accepted and d.message.id == "entry.refused.qualifier"


def test_fma_7_1_third_place_or_other_partido_refused() -> None:
    for q in (Qualifier("P1", "Balcarce", 2025, 3), Qualifier("P1", "Tandil", 2025, 1)):
        d = decide(player(category=Category.TERCERA), PRI, ctx=EntryContext(season=SEASON, qualifiers=[q]))
        assert not d.accepted and d.article == "FMA 7.1"


def test_fma_7_1_1_qualifier_must_be_endorsed() -> None:
    q = Qualifier("P1", "Mar Chiquita", 2025, 1, endorsed=False)
    d = decide(player(category=Category.TERCERA), PRI, ctx=EntryContext(season=SEASON, qualifiers=[q]))
    assert not d.accepted and d.article == "FMA 7.1.1"


def test_fma_7_2_invitation_with_reason_admitted_at_most_two() -> None:
    ctx = EntryContext(season=SEASON)
    req = EntryRequest("P1", "invitation", "campeona juvenil")
    for _ in range(2):
        d = decide(player(category=Category.CUARTA), SEG, req, ctx)
        assert d.accepted and d.article == "FMA 2.2.4, 7.2"
    third = decide(player(category=Category.CUARTA), SEG, req, ctx)
    assert not third.accepted and third.message.id == "entry.refused.invitation_limit"


def test_fma_7_2_invitation_without_written_reason_refused() -> None:
    d = decide(player(category=Category.CUARTA), SEG, EntryRequest("P1", "invitation", "  "))
    assert not d.accepted and d.message.id == "entry.refused.invitation_reason"


def test_fma_anexo_ii_i2_primera_semi_open_after_own_category_tournament() -> None:
    ctx = EntryContext(season=SEASON, played={"P1": [(Category.SEGUNDA, SEG.start)]})
    d = decide(player(), PRI, ctx=ctx)
    assert d.accepted and d.article == "FMA Anexo II I.2"
    assert not decide(player(), PRI).accepted  # has not played this year


def test_fma_1_8_non_resident_refused() -> None:
    d = decide(player(resident=False), SEG)
    assert not d.accepted and d.article == "FMA 1.8"


def test_fma_1_8_new_resident_needs_60_days() -> None:
    late = decide(player(registered_on=SEG.start - dt.timedelta(days=59)), SEG)
    assert not late.accepted and late.message.id == "entry.refused.new_resident"
    assert decide(player(registered_on=SEG.start - dt.timedelta(days=60)), SEG).accepted


def test_fma_11_1_6_ban_from_next_tournament_of_category_that_year() -> None:
    ban = Sanction("P1", SanctionKind.BAN_NEXT, dt.date(2026, 4, 20))
    p = player(sanctions=[ban])
    d = decide(p, SEG2)
    assert not d.accepted and d.article == "FMA 11.1.6"
    assert decide(p, SEG).accepted  # before the ban


def test_fma_11_1_7_ban_from_fma_tournaments_until_a_date() -> None:
    p = player(sanctions=[Sanction("P1", SanctionKind.BAN_FMA, dt.date(2026, 1, 1), until=dt.date(2026, 5, 1))])
    d = decide(p, SEG)
    assert not d.accepted and d.article == "FMA 11.1.7"
    assert decide(p, SEG2).accepted


def test_fma_11_1_8_expelled_from_fma_refused() -> None:
    p = player(sanctions=[Sanction("P1", SanctionKind.FMA_EXPULSION, dt.date(2026, 1, 1))])
    d = decide(p, SEG)
    assert not d.accepted and d.article == "FMA 11.1.8"
