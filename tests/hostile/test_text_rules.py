"""The text rules of every reader (issue 38 item 6) that end in a warning or a normal form, not a refusal.

The refusals (bidi controls, lone surrogates, non-ASCII digits) are cases of the corpus
(:mod:`tests.hostile.corpus`); here: a file that is not UTF-8 is read as Latin-1 with a warning naming
the line (never silently), names are read in Unicode normal form C, and the one function behind them.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from tests.hostile.corpus import FOA_HEADER, GAME1, GAME2, P2, TEAM, line, list_row, trf

from arbitro.cli import main
from arbitro.limits import decode_text, hidden_character, hidden_problem, loads_json, nfc
from arbitro.trf import parse_trf
from arbitro.trf.teams import parse_team_trf

NFD = "Pe\u0301rez, Jose\u0301"
NFC = unicodedata.normalize("NFC", NFD)


@pytest.mark.parametrize("bad", [b"Alph\xe4", b"A\xed\xa0\x80a"], ids=["latin-1", "encoded-surrogate"])
def test_a_trf_that_is_not_utf8_is_read_with_a_warning_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: bytes
) -> None:
    data = trf().replace(b"Alpha", bad)
    path = tmp_path / "legacy.trf"
    path.write_bytes(data)
    result = parse_trf(data, str(path))
    warned = [d for d in result.warnings if "UTF-8" in d.message]
    assert result.ok and len(warned) == 1 and warned[0].line == 3  # 012, XXR, then the first 001
    assert main(["standings", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:3: warning" in err and "Latin-1" in err


def test_a_utf8_trf_has_no_encoding_warning() -> None:
    result = parse_trf(trf().replace(b"Alpha", "Alphä".encode()), "ok.trf")
    assert result.ok and not [d for d in result.warnings if "UTF-8" in d.message]


def test_a_team_file_that_is_not_utf8_is_read_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "team.trf"
    path.write_bytes(TEAM.encode().replace(b"Ukraine", b"Ukra\xefne"))
    assert main(["team", "standings", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:10: warning" in err and "Latin-1" in err


def test_a_rating_list_in_latin_1_is_fidelike_and_its_names_still_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE's TXT lists are Latin-1 (trf.md §8.2): read per line without a warning, the name checked as any other."""
    path = tmp_path / "list.txt"
    path.write_bytes((FOA_HEADER + "\n").encode() + list_row("1000001", "M\xfcller").encode("latin-1"))
    assert main(["ratings", "list-parse", str(path)]) == 0
    assert "Müller" in capsys.readouterr().out


def test_names_are_read_in_normal_form_c(tmp_path: Path) -> None:
    t = parse_trf(trf(line("001", 1, NFD, " 1.0", GAME1), P2 + GAME2, "012 Torneo Jose\u0301", players=False)).tournament
    assert t.players[1].name.startswith(NFC) and t.name == "Torneo Jos\u00e9"
    event = parse_team_trf(TEAM.replace("X, Y    ", NFD[:8]).replace("India    ", "Indi\u0301a   "), "t.trf")
    assert all(unicodedata.is_normalized("NFC", m.name) for m in event.players.values())
    assert unicodedata.is_normalized("NFC", event.teams[1].name)
    doc = loads_json(json.dumps({"player": {"name": NFD}, "norms": [{"n": [NFD]}]}), "d.json")
    assert doc["player"]["name"] == NFC and doc["norms"][0]["n"][0] == NFC


@pytest.mark.parametrize("ch", ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
                                "\u200e", "\u200f", "\u061c", "\ud800", "\udfff"])  # fmt: skip
def test_one_function_names_every_bidi_control_and_lone_surrogate(ch: str) -> None:
    assert hidden_character(f"A{ch}B") == ch
    assert f"U+{ord(ch):04X}" in str(hidden_problem(f"A{ch}B"))


def test_ordinary_names_pass() -> None:
    for name in ("Müller, Jürgen", "Иванов, Иван", "محمد, علي", "李, 明", "O'Neil-Smith, Ann"):
        assert hidden_character(name) is None
    assert nfc("abc") == "abc" and decode_text("é".encode()) == ("é", None)
    assert decode_text(b"a\nb\n\xff") == ("a\nb\n\xff", 3)


def test_json_names_the_field_of_a_bidi_control() -> None:
    from arbitro.errors import ArbitroError

    with pytest.raises(ArbitroError, match=r"norms\[0\]\.tournament\.name: a bidi control character \(U\+202E\)"):
        loads_json(json.dumps({"norms": [{"tournament": {"name": "Open\u202e"}}]}), "d.json")


@pytest.mark.parametrize("args", [["--after-round", "\u0661"], ["--after-round=\uff11"], ["--after-round", "\u0967"]])
def test_a_numeric_option_takes_ascii_digits_only(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    """``int()`` reads any script's digits: ``--after-round ١`` was round 1 (issue 38)."""
    path = tmp_path / "t.trf"
    path.write_bytes(trf())
    assert main(["standings", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert "digits 0-9" in err and len(err.splitlines()) == 1
    assert main(["pair", "--dutch", str(path), "-p", "--round", "\uff12"]) == 2
    assert "digits 0-9" in capsys.readouterr().err


def test_a_name_with_other_scripts_digits_is_no_number(tmp_path: Path) -> None:
    assert main(["tournament", "new", str(tmp_path / "t.trf"), "--rounds", "5", "--name", "Torneo \u0663 de Dubái"]) == 0


@pytest.mark.parametrize(
    ("row", "message"),
    [(b"Ann,\xef\xbc\x92\xef\xbc\x90\xef\xbc\x90\xef\xbc\x90", "rating"), (b"A\xe2\x80\xaeB,2000", "U+202E")],
    ids=["full-width-rating", "bidi-name"],
)
def test_a_players_csv_is_held_to_the_text_and_number_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], row: bytes, message: str
) -> None:
    t, players = tmp_path / "t.trf", tmp_path / "p.csv"
    assert main(["tournament", "new", str(t), "--rounds", "5", "--name", "X"]) == 0
    players.write_bytes(b"name,rating\n" + row + b"\n")
    assert main(["tournament", "add-players", str(t), str(players)]) == 2
    err = capsys.readouterr().err
    assert f"{players}:2:" in err and message in err and "Traceback" not in err


def test_a_players_csv_that_is_not_utf8_is_read_with_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    t, players = tmp_path / "t.trf", tmp_path / "p.csv"
    assert main(["tournament", "new", str(t), "--rounds", "5", "--name", "X"]) == 0
    players.write_bytes(b"name,rating\nM\xfcller,2000\n")
    assert main(["tournament", "add-players", str(t), str(players)]) == 0
    assert f"{players}:2: warning" in capsys.readouterr().err
