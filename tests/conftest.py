"""Shared test helpers: where the read-only fixtures of ../shared are."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
FIXTURES = SHARED / "fixtures"


def fixture_files(folder: str) -> list[Path]:
    """The ``*.trf`` files of ``../shared/fixtures/<folder>`` (empty when shared/ is absent)."""
    return sorted((FIXTURES / folder).glob("*.trf"))


@pytest.fixture(scope="session")
def fixtures_dir() -> Path:
    if not FIXTURES.exists():
        pytest.skip("../shared/fixtures is not available")
    return FIXTURES
