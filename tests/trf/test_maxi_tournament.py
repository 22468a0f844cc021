"""TRF: a Lim Maxi-tournament (C.04.4.3 3.2.3) is written ``192 FIDE_LIM_MAXI`` and read back as one.

TRF-2026 has no record for the declaration; Arbitro writes it as a suffix of its own Lim code, as
ETT26 writes ``_BAKU`` (docs/formats/trf.md, docs/decisions.md 2026-12-03).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.pairing import registry
from arbitro.trf import format_trf, parse_trf

LIM = next(s for s in registry.service_systems() if s.supports_maxi_tournament)
MAXI = LIM.trf_code_for(maxi_tournament=True)


def test_c04_4_3_art_3_2_3_the_code_names_lim_and_the_declaration() -> None:
    assert LIM.trf_code + registry.MAXI_SUFFIX == MAXI and MAXI in LIM.trf_codes
    assert registry.by_trf_code(MAXI.lower()) is LIM
    # only a system with the declaration gets the suffix
    assert registry.default_swiss().trf_code_for(maxi_tournament=True) == registry.default_swiss().trf_code


@pytest.mark.parametrize("version", ["trf26", "trf16"])
def test_c04_4_3_art_3_2_3_generated_maxi_file_round_trips_and_checks_without_the_flag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], version: str
) -> None:
    """``generate --maxi-tournament`` writes the code; ``check --lim`` then needs no flag. The same
    games read as a plain Lim event (``192 FIDE_LIM``) are re-paired differently: the code counts."""
    cfg = tmp_path / "cfg.txt"
    cfg.write_text("PlayersNumber=16\nRoundsNumber=5\n", encoding="utf-8")
    out = tmp_path / "g.trf"
    assert main(["generate", "--lim", str(cfg), "-o", str(out), "-s", "4", "--maxi-tournament"]) == 0
    first = parse_trf(out.read_text(encoding="utf-8"))
    assert first.error_count == 0 and first.warning_count == 0
    assert first.tournament.system == MAXI and registry.declares_maxi_tournament(first.tournament)
    written = tmp_path / f"w.{version}"
    written.write_text(format_trf(first.tournament, version), encoding="utf-8")
    back = parse_trf(written.read_text(encoding="utf-8")).tournament
    assert back.system == MAXI and format_trf(back, version) == written.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "--lim", str(written)]) == 0
    assert "5 of 5 rounds agree" in capsys.readouterr().out
    plain = tmp_path / "plain.trf"
    plain.write_text(
        written.read_text(encoding="utf-8").replace(f"192 {MAXI}", f"192 {LIM.trf_code}"), "utf-8"
    )
    assert main(["check", "--lim", str(plain)]) == 1
    assert main(["check", "--lim", str(plain), "--maxi-tournament"]) == 0
