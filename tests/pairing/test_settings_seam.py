"""A pairing system's settings come from its declaration (issue 32 item 3).

The dummy system of ``tests/pairing/dummy_setting_system.py`` declares one setting and is
registered for the test only; its setting then appears among ``arbitro pair``'s options
and pairs through them, the core's settings command checks it against the declaration and
emits it, the TRF carries it (``192`` suffix) and reads it back, and nothing is left once
the entry is gone. The web form and the API: ``tests/web/test_declared_settings_web.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.pairing.dummy_setting_system import KEY, LABEL, SETTING, SETTING_KEY, registered

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.pairing.types import SettingChoice, SettingType, SystemSetting
from arbitro.tournament import TournamentService, replay
from arbitro.tournament.events import SettingsChanged
from arbitro.tournament.importing import events_from_tournament
from arbitro.trf import read_trf, write_trf

ROUND1 = """012 Seam
142 3
001    1      Player, One                       2400                             0.0
001    2      Player, Two                       2350                             0.0
001    3      Player, Three                     2300                             0.0
001    4      Player, Four                      2250                             0.0
001    5      Player, Five                      2200                             0.0
"""


def test_the_declared_setting_appears_in_pair_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # one help line per option
    with registered():
        assert main(["pair", "--help"]) == 0
        out = capsys.readouterr().out
    assert "--reverse-boards" in out and LABEL in out and "Reversible test system" in out
    assert "--maxi-tournament" in out and "--acceleration" in out  # the built-in declarations
    assert main(["pair", "--help"]) == 0
    assert "--reverse-boards" not in capsys.readouterr().out  # gone with its entry


def test_the_declared_setting_pairs_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "seam.trf"
    trf.write_text(ROUND1, encoding="utf-8")
    with registered():
        assert main(["pair", "--reversible-test", str(trf), "-p"]) == 0
        assert capsys.readouterr().out.split("\n")[:4] == ["3", "1 2", "3 4", "5 0"]
        assert main(["pair", "--reversible-test", str(trf), "-p", "--reverse-boards"]) == 0
        assert capsys.readouterr().out.split("\n")[:4] == ["3", "3 4", "1 2", "5 0"]
        # the file's 192 declares it: paired so without the flag
        declared = tmp_path / "declared.trf"
        declared.write_text(ROUND1 + "192 ARBITRO_REVERSIBLE_TEST_REV\n", encoding="utf-8")
        assert main(["pair", "--reversible-test", str(declared), "-p"]) == 0
        assert capsys.readouterr().out.split("\n")[:3] == ["3", "3 4", "1 2"]
        # a setting of another system, or this one for another system: invalid input (exit 3)
        assert main(["pair", "--reversible-test", str(trf), "-p", "--maxi-tournament"]) == 3
        assert "Lim system only" in capsys.readouterr().err.replace("\n", " ")
        assert main(["pair", "--dutch", str(trf), "-p", "--reverse-boards"]) == 3
        assert "Reversible test system only" in capsys.readouterr().err.replace("\n", " ")


def test_the_core_checks_the_setting_against_the_declaration_and_the_trf_carries_it(tmp_path: Path) -> None:
    with registered() as system:
        svc = TournamentService(clock=lambda: "2026-12-05T10:00:00+00:00")
        svc.create(name="Seam", system=KEY, rounds=3)
        for name in ("A, a", "B, b", "C, c", "D, d"):
            svc.register_player(name)
        with pytest.raises(ArbitroError) as err:
            svc.change_settings(reverse_boards="yes")
        assert err.value.code == "settings.bool"
        assert svc.change_settings(reverse_boards=False) == []  # the default: nothing to change
        (event,) = svc.change_settings(reverse_boards=True)
        assert event.payload == {SETTING_KEY: True}  # under its own key, as the declared settings are
        assert svc.state.settings_in_force() == {SETTING_KEY: True}
        svc.pair_next_round(seed=1)
        assert [(g.white, g.black) for g in svc.state.round(1).boards] == [(3, 4), (1, 2)]
        with pytest.raises(ArbitroError, match="reverse_boards cannot change once round 1"):
            svc.change_settings(reverse_boards=False)
        t = svc.state.to_tournament()
        assert t.system == system.trf_code_for(reverse_boards=True) == "ARBITRO_REVERSIBLE_TEST_REV"
        write_trf(t, tmp_path / "seam.trf")
        back = read_trf(tmp_path / "seam.trf")
        assert registry.of_tournament(back) is system
        assert registry.settings_of_file(back) == {SETTING_KEY: True}
        assert replay(events_from_tournament(back)).settings_in_force() == {SETTING_KEY: True}
        # another system does not declare it: refused with the generic coded message
        other = TournamentService()
        other.create(name="Dutch", system="dutch", rounds=3)
        with pytest.raises(ArbitroError) as err:
            other.change_settings(reverse_boards=True)
        assert err.value.code == "settings.unsupported"
        assert other.change_settings(reverse_boards=False) == []
    assert SETTING_KEY not in system_settings.declared_keys()
    with pytest.raises(ArbitroError, match="unknown field"):
        other.change_settings(reverse_boards=True)


def test_an_old_log_keeps_its_settings_readable() -> None:
    """The declared settings are payload keys of ``settings_changed``, as ``acceleration`` and
    ``maxi_tournament`` always were: a log written before the declarations reads the same."""
    read = SettingsChanged.from_payload({"rated": True, "acceleration": "baku", "maxi_tournament": True})
    assert read.rated is True and read.settings == {"acceleration": "baku", "maxi_tournament": True}
    assert read.to_payload() == {"rated": True, "acceleration": "baku", "maxi_tournament": True}
    assert (read.acceleration, read.maxi_tournament) == ("baku", True)


def test_the_built_in_systems_declare_their_settings() -> None:
    declared = system_settings.declared()
    assert {s.key for s in system_settings.systems_declaring("maxi_tournament")} == {"lim"}
    assert {s.key for s in system_settings.systems_declaring("acceleration")} == {
        "dutch", "burstein", "dubov", "double_swiss"
    }
    assert declared["acceleration"].values == ("", "baku") and declared["acceleration"].trf_record == "250"
    assert declared["maxi_tournament"].trf_suffix == registry.MAXI_SUFFIX
    assert not set(declared) & set(SettingsChanged.__dataclass_fields__)  # no clash with the event's fields


def test_a_declaration_is_checked_when_registered() -> None:
    clash = registry.PairingSystem(
        "clash_test", "x", "x", registry.SystemKind.SWISS, ("CLASH_TEST",), "m:f",
        settings=(SystemSetting("acceleration", SettingType.BOOL, SETTING.label, "none"),),
    )  # fmt: skip
    with pytest.raises(ValueError, match="declared otherwise"):
        registry.register(clash)
    named = registry.PairingSystem(
        "named_test", "x", "x", registry.SystemKind.SWISS, ("NAMED_TEST",), "m:f",
        settings=(SystemSetting("dutch", SettingType.BOOL, SETTING.label, "none"),),
    )  # fmt: skip
    with pytest.raises(ValueError, match="pairing system's name"):
        registry.register(named)
    assert "clash_test" not in {s.key for s in registry.all_systems()}


def test_values_are_parsed_by_type() -> None:
    number = SystemSetting("rounds_apart", SettingType.INT, SETTING.label, "none", default=1, minimum=1, maximum=9)
    assert number.parse(3) == 3 and number.parse("4") == 4
    for bad in (0, 10, True, "x"):
        with pytest.raises(ArbitroError) as err:
            number.parse(bad)
        assert err.value.code == "settings.int"
    choice = SystemSetting(
        "pace", SettingType.CHOICE, SETTING.label, "none", default="",
        choices=(SettingChoice("", SETTING.label), SettingChoice("fast", SETTING.label, "_FAST")),
    )  # fmt: skip
    assert choice.parse("fast") == "fast" and choice.parse(None) == ""
    with pytest.raises(ArbitroError) as err:
        choice.parse("slow")
    assert err.value.code == "settings.choice"
    assert choice.suffix_of("fast") == "_FAST" and choice.suffix_of("") == ""
