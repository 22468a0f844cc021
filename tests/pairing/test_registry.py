"""The pairing-system registry (issue 14): one vocabulary, lazy engines."""

from __future__ import annotations

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem, SystemKind, UnknownSystem
from arbitro.trf import load_trf


def test_lookup_by_key_alias_and_trf_code() -> None:
    assert registry.get("Dutch").key == "dutch"
    assert registry.get("fide-dutch-2026").key == "dutch"
    assert registry.get("double-round-robin").double
    assert registry.by_trf_code("fide_dutch_2025").key == "dutch"
    assert registry.get("rr").kind is SystemKind.ROUND_ROBIN
    assert registry.get("dutch").flag == "--dutch"


def test_unknown_names_say_what_is_known() -> None:
    with pytest.raises(UnknownSystem, match="expected one of: dutch"):
        registry.get("monrad")
    with pytest.raises(UnknownSystem):
        registry.by_trf_code("NO_SUCH_SYSTEM")


def test_duplicate_registration_is_refused() -> None:
    dup = PairingSystem("dutch2", "x", "x", SystemKind.SWISS, ("X_TEST_CODE",), "m:f", aliases=("swiss",))
    with pytest.raises(ValueError, match="registered twice"):
        registry.register(dup)


def test_dutch_pairs_through_the_registry_like_the_engine() -> None:
    from arbitro.pairing.dutch import pair_round

    path = sorted((FIXTURES / "dutch").glob("*.trf"))[3]
    t = load_trf(path).tournament
    assert registry.get("dutch").pair(t, 2) == pair_round(t, 2)
