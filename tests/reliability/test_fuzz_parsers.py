"""Bad input never crashes a parser (issue 11 §4): TRF, FIDE lists, dossiers, FMA season files.

A modest number of generated cases per target in the suite; ``tools/fuzz_all.py`` runs
10,000 per target and prints the counts.
"""

from __future__ import annotations

import os

import pytest

from . import fuzzing

EXAMPLES = int(os.environ.get("ARBITRO_FUZZ_EXAMPLES", "100"))


@pytest.mark.parametrize("name", sorted(fuzzing.TARGETS))
def test_parser_rejects_bad_input_with_a_message_never_a_crash(name: str) -> None:
    counts = fuzzing.run(name, EXAMPLES)
    assert sum(counts.values()) >= EXAMPLES // 2
    assert set(counts) <= {"accepted", "rejected"}
    assert counts["rejected"] > 0  # the mutations do reach the error paths


def test_the_seeds_are_valid_inputs() -> None:
    """The unmutated seeds are accepted: the fuzzing starts from real files."""
    assert fuzzing.trf_seeds() and all(fuzzing.trf(s) == "accepted" for s in fuzzing.trf_seeds()[:3])
    assert all(fuzzing.fide_txt(s) == "accepted" for s in fuzzing.fide_seeds())
    assert fuzzing.fide_xml(fuzzing.XML_SEED) == "accepted"
    assert fuzzing.dossier(fuzzing.dossier_seed()) == "accepted"
    assert fuzzing.season(fuzzing.season_seed()) == "accepted"


def test_found_by_fuzzing_superscript_digit_in_a_trf_number_is_a_diagnostic() -> None:
    """``'²1'.isdigit()`` is true but ``int('²1')`` fails: the reader used to crash with ValueError."""
    from arbitro.trf import parse_trf

    line = "001   ²1    g Erigaisi Arjun                    2782        35009192             5.0    0"
    result = parse_trf("012 Fuzz\n" + line + "\n", source="fuzz.trf")
    assert any(d.is_error and "whole number" in d.message for d in result.diagnostics)


@pytest.mark.parametrize("key", ["reigning_champion", "primera"])
def test_found_by_fuzzing_a_list_where_an_id_belongs_in_a_season_is_a_message(key: str) -> None:
    """``[] in registry`` raised TypeError (unhashable); now the field is named in an ArbitroError."""
    from arbitro.errors import ArbitroError
    from arbitro.federations.fma.season_file import load_season

    season = fuzzing.season_seed()
    if "mayor" not in season:
        pytest.skip("the season seed has no Torneo Mayor")
    season["mayor"][key] = []
    with pytest.raises(ArbitroError, match=f"mayor.{key}"):
        load_season(season, source="season.json")
