"""Benchmark: parse a synthetic full-size FIDE rating list (issue 9 item 7: the import in < 2 minutes).

    .venv/bin/python benchmarks/ratings_fidelist.py [--lines 1900000] [--xml-players 200000]

Writes a combined FOA TXT list (162-character lines, the published header) of ``--lines`` lines
into a temporary directory, then times :func:`arbitro.ratings.fidelist.iter_txt_list` over the
file opened in binary mode (the caller opens files; the parser streams). Optionally does the same
for an XML list of ``--xml-players`` players and extrapolates to the 1.93 M players of the real file.
Prints wall and CPU (process) time: on a shared, loaded machine the CPU time is the fairer number.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

from arbitro.ratings.fidelist import ListDiagnostic, iter_txt_list, iter_xml_list

HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit OTit"
    "           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FEDS = ["ARG", "ESP", "IND", "USA", "GER", "FRA", "RUS", "FID", "NOR", "CHN"]
TITLES = ["", "", "", "", "", "", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"]


def _columns() -> list[int]:
    labels = ["ID Number", "Name", "Fed", "Sex", "Tit ", "WTit", "OTit", "FOA", "SRtng", "SGm", "SK",
              "RRtng", "RGm", "Rk", "BRtng", "BGm", "BK", "B-day", "Flag"]  # fmt: skip
    return [HEADER.index(label) for label in labels] + [len(HEADER)]


def write_txt(path: Path, lines: int, seed: int = 1) -> None:
    """``lines`` lines (header included): 512 random row tails, each line its own ID and name."""
    rng = random.Random(seed)
    cols = _columns()
    widths = [b - a for a, b in zip(cols, cols[1:], strict=False)]
    tails = []
    for i in range(512):
        rated = rng.random() < 0.4
        values = [
            rng.choice(FEDS), rng.choice("MF"), rng.choice(TITLES), "", "FA" if i % 97 == 0 else "", "",
            str(rng.randint(1400, 2800)) if rated else "0", str(rng.randint(0, 9)), "20" if rated else "0",
            str(rng.randint(1400, 2800)) if rated else "0", "0", "20" if rated else "0",
            "0", "0", "0", str(rng.randint(1940, 2018)), rng.choice(["", "", "i", "w", "wi"]),
        ]  # fmt: skip
        tails.append("".join(v.ljust(w) for v, w in zip(values, widths[2:], strict=True)))
    id_width, name_width = widths[0], widths[1]
    with path.open("w", encoding="latin-1", newline="\r\n") as out:
        out.write(HEADER + "\n")
        out.writelines(
            f"{1_000_000 + i:<{id_width}}{f'Player{i}, Name{i % 977}':<{name_width}}{tails[i % 512]}\n"
            for i in range(lines - 1)
        )


def write_xml(path: Path, players: int) -> None:
    with path.open("wb") as out:
        out.write(b"<playerslist>\n")
        for i in range(players):
            out.write(
                (
                    f"<player><fideid>{1_000_000 + i}</fideid><name>Player{i}, Name</name><country>ESP</country>"
                    "<sex>M</sex><title></title><w_title></w_title><o_title></o_title><foa_title></foa_title>"
                    "<rating>1850</rating><games>3</games><k>20</k><rapid_rating>0</rapid_rating>"
                    "<rapid_games>0</rapid_games><rapid_k>0</rapid_k><blitz_rating>0</blitz_rating>"
                    "<blitz_games>0</blitz_games><blitz_k>0</blitz_k><birthday>1990</birthday><flag></flag>"
                    "</player>\n"
                ).encode()
            )
        out.write(b"</playerslist>\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lines", type=int, default=1_900_000)
    parser.add_argument("--xml-players", type=int, default=0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "players_list_foa.txt"
        t0 = time.perf_counter()
        write_txt(path, args.lines)
        t1 = time.perf_counter()
        c1 = time.process_time()
        records = problems = 0
        with path.open("rb") as handle:
            for item in iter_txt_list(handle):
                if isinstance(item, ListDiagnostic):
                    problems += 1
                else:
                    records += 1
        t2 = time.perf_counter()
        c2 = time.process_time()
        size = path.stat().st_size / 1e6
        print(f"txt_generate_s {t1 - t0:.2f}  ({args.lines} lines, {size:.0f} MB)")
        print(f"txt_parse_s {t2 - t1:.2f}  cpu_s {c2 - c1:.2f}  records {records}  diagnostics {problems}")
        per_line = max(args.lines, 1)
        print(f"txt_parse_us_per_line wall {(t2 - t1) / per_line * 1e6:.2f}  cpu {(c2 - c1) / per_line * 1e6:.2f}")
        if args.xml_players:
            xml = Path(tmp) / "players_list_xml_foa.xml"
            write_xml(xml, args.xml_players)
            t3 = time.perf_counter()
            c3 = time.process_time()
            with xml.open("rb") as handle:
                count = sum(1 for item in iter_xml_list(handle) if not isinstance(item, ListDiagnostic))
            t4 = time.perf_counter()
            c4 = time.process_time()
            per = (t4 - t3) / max(args.xml_players, 1)
            print(
                f"xml_parse_s {t4 - t3:.2f}  cpu_s {c4 - c3:.2f}  players {count}  us_per_player {per * 1e6:.2f}"
            )
            cpu_per = (c4 - c3) / max(args.xml_players, 1)
            print(f"xml_parse_extrapolated_1.93M wall_s {per * 1_930_000:.1f}  cpu_s {cpu_per * 1_930_000:.1f}")


if __name__ == "__main__":
    main()
