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
