"""dutch-system.md §6.1 #3: the default is the reading bbpPairings and FIDE's Gacrux share (issue 35 item 3).

C.04.3 5.2.5 gives the initial colour by the parity of the higher-ranked player's pairing
number. A player absent in round 1 and never paired is skipped by both public engines; Arbitro
counted him (the literal fixed TPN of C.04.2 2.3) until issue 35. The literal reading is kept as
``--literal-tpn`` / ``DutchOptions.literal()``, and the checker names it when a file was paired so.
The question for the TEC: docs/acceptance/discrepancies/departure-3.md.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.pairing.checker import check_round
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.registry import PairOptions
from arbitro.pairing.registry import get as system
from arbitro.trf import read_trf

HERE = Path(__file__).parent / "departures"
ROUND1 = HERE / "c04-3-5-2-5-pairing-number-parity.trf"

# Round 1 of that file as the literal reading pairs it: 3 (TPN 3, odd) has White against 6.
LITERAL_PLAYED = """012 Effective pairing numbers, round 1 paired with the literal TPN
142 5
152 W
001    1      Player, One                       2400                             1.0    1     5 w 1
001    2      Player, Two                       2350                             0.0    2  0000 - Z
001    3      Player, Three                     2300                             1.0    3     6 w 1
001    4      Player, Four                      2250                             0.0    4     7 b 0
001    5      Player, Five                      2200                             0.0    5     1 b 0
001    6      Player, Six                       2150                             0.0    6     3 b 0
001    7      Player, Seven                     2100                             1.0    7     4 w 1
"""


def test_c04_3_5_2_5_default_skips_the_never_paired_absentee_as_bbp_and_gacrux() -> None:
    t = read_trf(ROUND1)
    default = pair_round(t, None).as_bbp_lines()
    assert default == pair_round(t, None, DutchOptions.bbp()).as_bbp_lines() == ["3", "1 5", "6 3", "4 7"]
    assert system("dutch").pair(t, None, PairOptions()).as_bbp_lines() == default
    literal = ["3", "1 5", "3 6", "7 4"]
    assert pair_round(t, None, DutchOptions.literal()).as_bbp_lines() == literal
    assert system("dutch").pair(t, None, PairOptions(literal_tpn=True)).as_bbp_lines() == literal
    # --bbp-compat is bbpPairings' behaviour whatever the reading asked for
    assert system("dutch").pair(t, None, PairOptions(bbp_compat=True, literal_tpn=True)).as_bbp_lines() == default


def test_c04_3_5_2_5_cli_literal_tpn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert main(["pair", "--dutch", str(ROUND1), "-p", str(out)]) == 0
    assert out.read_text().split("\n")[:4] == ["3", "1 5", "6 3", "4 7"]
    assert main(["pair", "--dutch", str(ROUND1), "-p", str(out), "--literal-tpn"]) == 0
    assert out.read_text().split("\n")[:4] == ["3", "1 5", "3 6", "7 4"]


def test_c04_3_5_2_5_checker_names_the_literal_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "literal.trf"
    path.write_text(LITERAL_PLAYED, encoding="utf-8")
    c = check_round(read_trf(path), 1)
    assert not c.agrees and c.explained and c.departures == ["literal_numbers"]
    assert "C.04.2 2.3" in c.explanations[0] and "departure-3.md" in c.explanations[0]
    assert check_round(read_trf(path), 1, DutchOptions.literal()).agrees
    assert main(["check", "--dutch", str(path), "--pairings-only"]) == 0  # accepted: explained by the other reading
    # (--pairings-only: the hand-made file carries no final ranks of its own, VCL4THP Q21 checks them otherwise)
    text = capsys.readouterr().out
    assert "Round #1 (accepted)" in text and "explained by reading §6.1 #3" in text
    assert main(["check", "--dutch", str(path), "--literal-tpn", "--pairings-only"]) == 0
    assert "Round #1" not in capsys.readouterr().out  # the round agrees under the literal reading
    assert main(["check", "--dutch", str(path), "--strict", "--pairings-only"]) == 1
