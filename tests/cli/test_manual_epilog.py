"""``arbitro --help`` names the user manual: the Markdown files and the web app's /manual/ (issue 33 item 6, VCL4THP Q11-Q14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from arbitro.cli import main, manual_line


def test_the_root_help_names_the_manual(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "User manual (English, Spanish)" in out
    assert "/manual/" in out and "docs/manual/" in out


def test_the_manual_files_the_help_names_exist() -> None:
    paths = re.findall(r"(\S+index\.md)", manual_line())
    assert len(paths) == 2
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        assert text.startswith("# ") and "{#about}" in text
