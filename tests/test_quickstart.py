"""The Quick start's main job runs on its embedded defaults (issue 2, item 7)."""

from __future__ import annotations

import pytest

from arbitro.cli import main


def test_demo_prints_the_bundled_tournament(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Alpha, Anton" in out and "Hotel, Hana" in out
