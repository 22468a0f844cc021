"""1,000+ corrupted TRF files: each ends in a diagnostic and exit code 2, never a traceback (issue 2)."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.cli import main
from arbitro.trf import parse_trf


def _base_files() -> list[str]:
    texts = [resources.files("arbitro.data").joinpath("sample-open-2026.trf").read_text()]
    for name in ("trf/small-swiss7-byes-forfeits.trf", "roundrobin/rr001-p9.trf", "dutch/d034-p5-r4.trf"):
        texts.append((FIXTURES / name).read_text(encoding="utf-8"))
    return texts


def _game_blocks(line: str) -> list[int]:
    """Start offsets of round blocks with a real opponent in a 001 line."""
    out = []
    for pos in range(91, len(line), 10):
        opp = line[pos : pos + 4].strip()
        if opp.isdigit() and int(opp) > 0 and pos + 7 < len(line) and line[pos + 7] in "10=+-WDL":
            out.append(pos)
    return out


def _corrupt(text: str, rng: random.Random) -> bytes:
    lines = text.splitlines()
    players = [i for i, line in enumerate(lines) if line.startswith("001") and _game_blocks(line)]
    kind = rng.randrange(8)
    i = rng.choice(players)
    line = lines[i]
    blocks = _game_blocks(line)
    pos = rng.choice(blocks)
    if kind == 0:  # truncated inside a game block
        lines[i] = line[: pos + rng.randrange(1, 7)]
    elif kind == 1:  # shifted columns
        cut = rng.randrange(4, 90)
        lines[i] = (
            line[:cut] + " " * rng.randrange(1, 3) + line[cut:] if rng.random() < 0.5 else line[:4] + line[5:]
        )
        if lines[i] == line:
            lines[i] = line[:4] + "X" + line[5:]
    elif kind == 2:  # one-sided game: opponent changed
        opp = int(line[pos : pos + 4])
        others = [
            int(x[4:8]) for x in lines if x.startswith("001") and int(x[4:8]) not in (opp, int(line[4:8]))
        ]
        new = rng.choice(others) if others else 9999
        lines[i] = line[:pos] + f"{new:>4}" + line[pos + 4 :]
    elif kind == 3:  # results that cannot stand together
        lines[i] = line[: pos + 7] + rng.choice("1") + line[pos + 8 :]
        opp_line = next(
            j for j, x in enumerate(lines) if x.startswith("001") and int(x[4:8]) == int(line[pos : pos + 4])
        )
        other = lines[opp_line]
        lines[opp_line] = other[: pos + 7] + "1" + other[pos + 8 :]
    elif kind == 4:  # garbage in a block
        lines[i] = line[: pos + 7] + rng.choice("QX?#*7") + line[pos + 8 :]
    elif kind == 5:  # duplicate start rank
        lines.insert(i + 1, line)
    elif kind == 6:  # wrong encoding: UTF-16 / UTF-32
        return "\n".join(lines).encode(rng.choice(["utf-16", "utf-32", "utf-16-le"]))
    else:  # garbage bytes
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 400)))
    ending = rng.choice(["\n", "\r\n", "\r"])
    return ending.join(lines).encode(rng.choice(["utf-8", "latin-1"]), errors="replace")


CASES = 1000


def test_corrupted_files_give_a_diagnostic_never_an_exception() -> None:
    rng = random.Random(20261130)
    bases = _base_files()
    for case in range(CASES):
        data = _corrupt(rng.choice(bases), rng)
        result = parse_trf(data, f"case{case}.trf")
        assert result.errors, f"case {case}: corrupted file accepted: {data[:300]!r}"
        for d in result.errors:
            assert d.message and d.source == f"case{case}.trf"


@pytest.mark.parametrize("seed", range(40))
def test_cli_exits_2_with_one_message_on_corrupted_files(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rng = random.Random(seed)
    data = _corrupt(rng.choice(_base_files()), rng)
    path = tmp_path / "bad.trf"
    path.write_bytes(data)
    for argv in (
        ["trf", "validate", str(path)],
        ["trf", "show", str(path)],
        ["trf", "convert", str(path), str(tmp_path / "o.trf")],
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert "error" in err and "Traceback" not in err
    assert not (tmp_path / "o.trf").exists()
