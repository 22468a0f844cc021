"""The Maxi-tournament declaration of the Lim system (C.04.4.3 3.2.3, 3.8, 5.7) as a tournament setting."""

from __future__ import annotations

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.tournament import TournamentService, replay
from arbitro.tournament.events import Event, SettingsChanged
from arbitro.tournament.importing import events_from_tournament
from arbitro.trf import format_trf, parse_trf

from .conftest import fixed_clock

LIM = next(s for s in registry.service_systems() if s.supports_maxi_tournament)
#: Six players; ratings chosen so that the colour exchanges of round 2 cross the 100-point band.
RATINGS = (2520, 2430, 2370, 2120, 1950, 1880)
#: Round 1 (1-4, 5-2, 3-6): 4 and 6 win with Black, 5-2 drawn.
ROUND_1 = ("0-1", "½-½", "0-1")


def lim_event(maxi: bool, *, rounds: int = 5) -> TournamentService:
    """Six players after round 1 (:data:`ROUND_1`), round 2 not yet paired."""
    svc = TournamentService(author="IA Test", clock=fixed_clock())
    svc.create(name="Lim", system=LIM.key, rounds=rounds, initial_colour="w")
    if maxi:
        svc.change_settings(maxi_tournament=True)
    for i, rating in enumerate(RATINGS):
        svc.register_player(f"Player {chr(65 + i)}", rating=rating)
    svc.pair_next_round(seed=1)
    assert [(g.white, g.black) for g in svc.state.round(1).boards] == [(1, 4), (5, 2), (3, 6)]
    for board, result in enumerate(ROUND_1, start=1):
        svc.enter_result(board, result)
    return svc


def parse(text: str) -> Tournament:
    result = parse_trf(text)
    assert result.error_count == 0, result.diagnostics
    return result.tournament


def boards(svc: TournamentService, number: int) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in svc.state.round(number).boards]


def test_c04_4_3_art_3_8_5_7_a_maxi_tournament_pairs_round_2_otherwise() -> None:
    """4 and 6 (1 point, due White) float to 2 (due White) and 5 (due Black), 2 ahead of 5.

    A plain event gives #4 the colour exchange 4-5 (5.2) and 6-2; in a Maxi-tournament #5 (1950) is
    not within 100 points of #2 (2430), #4's first available (3.8, 5.7): 4-2, 6-5.
    """
    plain, maxi = lim_event(False), lim_event(True)
    plain.pair_next_round()
    maxi.pair_next_round()
    assert boards(plain, 2) == [(4, 5), (6, 2), (1, 3)]
    assert boards(maxi, 2) == [(4, 2), (6, 5), (1, 3)]


def test_c04_4_3_art_3_2_3_the_declaration_is_a_settings_event_replayed() -> None:
    svc = lim_event(True)
    (created,) = [e for e in svc.events if e.kind == "settings_changed"]
    assert created.payload == {"maxi_tournament": True}
    st = replay(svc.events)
    assert st.maxi_tournament and st.lim_maxi
    assert st.to_tournament().system == LIM.trf_code_for(maxi_tournament=True)
    assert registry.declares_maxi_tournament(st.to_tournament())


def test_old_settings_events_without_the_field_replay_as_not_declared() -> None:
    """Logs written before the setting existed: ``settings_changed`` without ``maxi_tournament``."""
    assert SettingsChanged.from_payload({"rated": True}).maxi_tournament is None
    svc = lim_event(False)
    old = [e for e in svc.events]
    old.insert(1, Event("settings_changed", {"rated": True}, "2026-11-30T10:00:30+00:00", "IA Test"))
    st = replay(old)
    assert st.rated and not st.maxi_tournament and not st.lim_maxi
    assert st.to_tournament().system == LIM.trf_code
    assert "maxi_tournament" not in SettingsChanged(rated=True).to_payload()


def test_c04_4_3_art_3_2_3_refused_for_a_system_without_the_declaration() -> None:
    svc = TournamentService(clock=fixed_clock())
    svc.create(name="Open", rounds=5)  # the default Swiss has no Maxi-tournament
    with pytest.raises(ArbitroError, match="no Maxi-tournament declaration") as err:
        svc.change_settings(maxi_tournament=True)
    assert err.value.code == "settings.maxi_unsupported"
    assert svc.change_settings(maxi_tournament=False) == []  # nothing to change
    with pytest.raises(ArbitroError, match="expected true or false"):
        svc.change_settings(maxi_tournament="yes")


def test_c04_4_3_art_3_2_3_fixed_once_round_1_is_paired() -> None:
    svc = lim_event(False)
    with pytest.raises(ArbitroError, match="maxi_tournament cannot change once round 1"):
        svc.change_settings(maxi_tournament=True)


def test_a_declaration_kept_from_lim_counts_for_nothing_under_another_system() -> None:
    svc = TournamentService(clock=fixed_clock())
    svc.create(name="Lim", system=LIM.key, rounds=5)
    svc.change_settings(maxi_tournament=True)
    svc.change_settings(system=registry.default_swiss().key)
    st = svc.state
    assert st.maxi_tournament and not st.lim_maxi
    assert st.to_tournament().system == registry.default_swiss().trf_code


@pytest.mark.parametrize("version", ["trf26", "trf16"])
def test_c04_4_3_art_3_2_3_trf_round_trip_and_import(version: str) -> None:
    """``192 FIDE_LIM_MAXI`` is written, read back, imported as the setting and paired as one."""
    svc = lim_event(True)
    text = format_trf(svc.state.to_tournament(), version)
    assert f"192 {LIM.trf_code_for(maxi_tournament=True)}" in text.splitlines()
    back = parse(text)
    assert registry.of_tournament(back) is LIM and registry.declares_maxi_tournament(back)
    assert format_trf(back, version) == text
    imported = replay(events_from_tournament(back))
    assert imported.system == LIM.key and imported.lim_maxi
    # the engine, given the file alone, pairs round 2 as a Maxi-tournament (options_of_file)
    options = registry.options_of_file(back, registry.PairOptions())
    assert options.lim_maxi
    assert [(b.white, b.black) for b in LIM.pair(back, 2, options).boards] == [(4, 2), (6, 5), (1, 3)]
    plain = parse(format_trf(lim_event(False).state.to_tournament(), version))
    assert not registry.declares_maxi_tournament(plain)
    assert not replay(events_from_tournament(plain)).maxi_tournament
