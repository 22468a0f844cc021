"""The checker (PTC) and the generator (RTG) FIDE verifies with (C.02, VCL4THP v13 Q21, Q24-Q32).

Q21: ``arbitro check`` reports wrong pairings per round AND standings that break the file's
tie-break list (points and final ranks of the ``001`` records), with exit code 1.
Q24-Q32: ``arbitro generate`` configures every parameter the checklist names, draws the unset
ones, draws a fresh seed when none is given (printed and written into the file), writes the
202 list and the final ranks, and draws results from FIDE's rating table (B.02 8.1.2).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pytest

from arbitro.cli import main
from arbitro.model import ResultCode
from arbitro.pairing.generator import GeneratorConfig, _expected, _fide_game, generate
from arbitro.standings import compute_standings
from arbitro.standings.check import check_standings
from arbitro.trf import read_trf

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: A bbpPairings-generated 11-player Dutch of 6 rounds, with final ranks and no 202 list.
D004 = FIXTURES / "dutch" / "d004-p11-r6.trf"
SYSTEMS = ("--dutch", "--burstein", "--dubov", "--lim", "--double-swiss")


def _set_001(text: str, start_rank: int, *, rank: int | None = None, points: str | None = None) -> str:
    """``text`` with one player's rank (columns 86-89) and/or points (81-84) replaced (trf.md §3.2)."""
    out = []
    for line in text.splitlines():
        if line.startswith("001") and int(line[4:8]) == start_rank:
            line = line.ljust(89)
            if points is not None:
                line = line[:80] + f"{points:>4}" + line[84:]
            if rank is not None:
                line = line[:85] + f"{rank:>4}" + line[89:]
        out.append(line)
    return "\n".join(out) + "\n"


def _ranks(text: str) -> dict[int, int]:
    return {int(x[4:8]): int(x[85:89]) for x in text.splitlines() if x.startswith("001") and x[85:89].strip()}


def _generate(tmp_path: Path, config: str, *args: str, flag: str = "--dutch", name: str = "g") -> Path:
    cfg = tmp_path / f"{name}.cfg"
    cfg.write_text(config, encoding="utf-8")
    out = tmp_path / f"{name}.trf"
    assert main(["generate", flag, str(cfg), "-o", str(out), *args]) == 0
    return out


# -- Q21: the checker ---------------------------------------------------------------------------


def test_Q21_untouched_fixture_checks_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--dutch", str(D004)]) == 0
    out = capsys.readouterr().out
    assert "6 of 6 rounds agree" in out
    assert "no tie-break list (202/212): ranks checked by points only" in out
    assert "11 of 11 players agree" in out


def test_Q21_two_swapped_final_ranks_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = D004.read_text(encoding="utf-8")
    ranks = _ranks(text)
    assert ranks[3] == 1 and ranks[9] == 10  # 5 points and 2 points
    bad = tmp_path / "swapped.trf"
    bad.write_text(_set_001(_set_001(text, 3, rank=10), 9, rank=1), encoding="utf-8")
    assert main(["check", "--dutch", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "6 of 6 rounds agree" in out  # the pairings are untouched: the standings fail it
    assert "player 3: rank 10 in the file, 1 recomputed" in out
    assert "player 9: rank 1 in the file" in out
    assert "9 of 11 players agree" in out


def test_Q21_a_changed_point_total_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = D004.read_text(encoding="utf-8")
    bad = tmp_path / "points.trf"
    bad.write_text(_set_001(text, 5, points="3.0"), encoding="utf-8")
    assert main(["check", "--dutch", str(bad)]) == 1
    assert "player 5: points 3 in the file, 2.5 recomputed" in capsys.readouterr().out


def test_Q21_pairings_only_skips_the_standings(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = D004.read_text(encoding="utf-8")
    bad = tmp_path / "points.trf"
    bad.write_text(_set_001(text, 5, points="3.0"), encoding="utf-8")
    assert main(["check", "--dutch", str(bad), "--pairings-only"]) == 0
    assert "standings" not in capsys.readouterr().out


def test_Q21_a_file_without_ranks_checks_points_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = D004.read_text(encoding="utf-8")
    for sr in range(1, 12):
        text = _set_001(text, sr, rank=0)
    plain = tmp_path / "noranks.trf"
    plain.write_text(text, encoding="utf-8")
    assert main(["check", "--dutch", str(plain)]) == 0
    assert "no final ranks in the file (001 columns 86-89): points checked only" in capsys.readouterr().out


def test_Q21_a_player_without_rank_is_left_out(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A withdrawn player left unranked (FIDE's 2005 example does so): the others' places close up."""
    text = D004.read_text(encoding="utf-8")
    ranks = _ranks(text)
    leaving = next(sr for sr, r in ranks.items() if r == 1)
    text = _set_001(text, leaving, rank=0)
    for sr, r in ranks.items():
        if r > 1:
            text = _set_001(text, sr, rank=r - 1)
    path = tmp_path / "unranked.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["check", "--dutch", str(path)]) == 0
    assert f"no final rank recorded for player(s) {leaving}" in capsys.readouterr().out


def _tied_and_untied(text: str) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """Two players alone in a tie after the whole list, and two on equal points the list separates."""
    from arbitro.trf.reader import parse_trf

    rows = compute_standings(parse_trf(text).tournament, break_ties_by_lot=False).rows
    groups = Counter(r.shared_rank for r in rows)
    tied = separated = None
    for a, b in zip(rows, rows[1:], strict=False):
        if a.shared_rank == b.shared_rank and groups[a.shared_rank] == 2 and tied is None:
            tied = (a.start_rank, b.start_rank)
        if a.points == b.points and a.shared_rank != b.shared_rank and separated is None:
            separated = (a.start_rank, b.start_rank)
    return tied, separated


def test_Q21_ranks_follow_the_files_202_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Equal points ranked against the 202 list fail; a tie left after it goes either way or shares the place."""
    found = None
    for seed in range(40):
        path = _generate(
            tmp_path, "PlayersNumber=14\nRoundsNumber=5\nTieBreaks=BH\n", "-s", str(seed), "--model", "fide"
        )
        text = path.read_text(encoding="utf-8")
        tied, separated = _tied_and_untied(text)
        if tied and separated:
            found = (text, tied, separated)
            break
    assert found is not None, "no seed gave both a tie after the list and a pair the list separates"
    text, (a, b), (c, d) = found
    assert re.search(r"(?m)^202 BH$", text)
    ranks = _ranks(text)
    swapped = tmp_path / "swapped.trf"
    swapped.write_text(_set_001(_set_001(text, c, rank=ranks[d]), d, rank=ranks[c]), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", "--dutch", str(swapped)]) == 1
    assert f"player {c}: rank {ranks[d]} in the file, {ranks[c]} recomputed" in capsys.readouterr().out
    lots = tmp_path / "lots.trf"
    lots.write_text(_set_001(_set_001(text, a, rank=ranks[b]), b, rank=ranks[a]), encoding="utf-8")
    # C.07 4.2: the drawing of lots may order them either way
    assert main(["check", "--dutch", str(lots)]) == 0
    first = min(ranks[a], ranks[b])
    shared = tmp_path / "shared.trf"
    shared.write_text(_set_001(_set_001(text, a, rank=first), b, rank=first), encoding="utf-8")
    assert main(["check", "--dutch", str(shared)]) == 0  # or both share the place (C.07 2.1)
    mixed = tmp_path / "mixed.trf"
    mixed.write_text(_set_001(text, a, rank=first + 1) if ranks[a] == first else _set_001(text, b, rank=first + 1),
                     encoding="utf-8")  # fmt: skip
    capsys.readouterr()
    # both on the second place: neither a drawing of lots nor a shared place
    assert main(["check", "--dutch", str(mixed)]) == 1
    assert "ranked by lot, each place once, or shared by all" in capsys.readouterr().out


@pytest.mark.parametrize("flag", SYSTEMS)
def test_Q21_every_system_checks_its_generated_file_and_a_tampered_copy(
    tmp_path: Path, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _generate(tmp_path, "PlayersNumber=12\nRoundsNumber=5\n", "-s", "11", "--model", "fide", flag=flag)
    assert main(["check", flag, str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    ranks = _ranks(text)
    top = next(sr for sr, r in ranks.items() if r == 1)
    bottom = next(sr for sr, r in ranks.items() if r == len(ranks))
    bad = tmp_path / "bad.trf"
    bad.write_text(_set_001(_set_001(text, top, rank=len(ranks)), bottom, rank=1), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", flag, str(bad)]) == 1
    assert f"player {top}: rank {len(ranks)} in the file, 1 recomputed" in capsys.readouterr().out


def test_Q21_unknown_codes_in_202_are_named(tmp_path: Path) -> None:
    text = D004.read_text(encoding="utf-8").replace("092 FIDE_DUTCH_2025", "092 FIDE_DUTCH_2025\n202 XYZ,BH")
    t_path = tmp_path / "x.trf"
    t_path.write_text(text, encoding="utf-8")
    result = check_standings(read_trf(t_path))
    assert result.source == "202" and result.tiebreaks == ["PTS", "BH"]
    assert any("XYZ" in note for note in result.notes)


# -- Q30, Q31: a fresh seed, the 202 list and the final ranks -------------------------------------


def test_Q30_two_runs_without_a_seed_give_two_files_and_the_printed_seed_repeats_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _generate(tmp_path, "PlayersNumber=12\nRoundsNumber=5\n", name="one")
    printed = capsys.readouterr().out
    two = _generate(tmp_path, "PlayersNumber=12\nRoundsNumber=5\n", name="two")
    assert one.read_text() != two.read_text()
    match = re.search(r"repeat with (-s \d+)\)", printed)  # the FIDE model is the command line's default
    assert match is not None
    seed = match.group(1).split()[1]
    assert f"### arbitro generate --dutch: seed {seed} " in one.read_text()
    again = _generate(tmp_path, "PlayersNumber=12\nRoundsNumber=5\n", *match.group(1).split(), name="again")
    assert again.read_text() == one.read_text()


def test_Q31_generated_file_has_202_and_final_ranks_by_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for args in ((), ("-s", "5")):  # the FIDE model (no seed) and the BBP model (a seed, old keys)
        path = _generate(tmp_path, "PlayersNumber=15\nRoundsNumber=6\n", *args)
        t = read_trf(path)
        assert t.tiebreaks, "a 202 list"
        assert sorted(p.rank for p in t.players.values() if p.rank) == list(range(1, 16))
        assert check_standings(t).agrees
        assert main(["check", "--dutch", str(path)]) == 0


# -- Q24-Q29: every parameter as a key; unset ones drawn ------------------------------------------


def test_Q24_every_parameter_is_a_configuration_key(tmp_path: Path) -> None:
    ratings = [2400, 2390, 2300, 2250, 2200, 2100, 2050, 2000, 1950, 1900, 1850, 0]
    config = (
        "RoundsNumber=6\nDrawPercentage=40\nForfeitRate=0\nRetiredRate=0\nHalfPointByeRate=4\n"
        "FullPointByeRate=4\nZeroPointByeRate=4\nDoubleForfeitRate=0\nOddResultRate=1\nBakuAcceleration=1\n"
        "TieBreaks=BH/C1,SB,DE\nRatings=" + ",".join(map(str, reversed(ratings))) + "\n"
    )
    path = _generate(tmp_path, config, "-s", "3")
    t = read_trf(path)
    assert [p.rating for p in t.iter_players()] == ratings  # Q27: per player (start ranks by rating)
    assert t.tiebreaks == ["BH/C1", "SB", "DE"]
    assert t.system == "FIDE_DUTCH_BAKU" and t.accelerations  # C.04.7, 192 and 250
    codes = Counter(r.code for p in t.iter_players() for r in p.results)
    assert codes[ResultCode.HALF_BYE] and codes[ResultCode.FULL_BYE] and codes[ResultCode.ZERO_BYE]
    assert not codes[ResultCode.FORFEIT_WIN] and not codes[ResultCode.FORFEIT_LOSS]
    games = {(p.start_rank, k) for p in t.iter_players() for k, r in enumerate(p.results) if r.code.is_played}
    odd = [
        (p.results[k].code, t.players[p.results[k].opponent].results[k].code)  # type: ignore[index]
        for p in t.iter_players()
        for k in range(len(p.results))
        if (p.start_rank, k) in games and p.results[k].colour.value == "w"
    ]
    assert odd and all((w, b) in {("=", "0"), ("0", "="), ("0", "0")} for w, b in odd)  # OddResultRate=1
    assert main(["check", "--dutch", str(path)]) == 0


def test_Q24_forfeits_and_double_forfeits_as_keys(tmp_path: Path) -> None:
    path = _generate(
        tmp_path, "PlayersNumber=20\nRoundsNumber=5\nForfeitRate=3\nDoubleForfeitRate=4\n", "-s", "2"
    )
    t = read_trf(path)
    pairs = Counter(
        (r.code, t.players[r.opponent].results[k].code)
        for p in t.iter_players()
        for k, r in enumerate(p.results)
        if r.opponent is not None
    )
    assert pairs[(ResultCode.FORFEIT_WIN, ResultCode.FORFEIT_LOSS)]
    assert pairs[(ResultCode.FORFEIT_LOSS, ResultCode.FORFEIT_LOSS)]
    assert main(["check", "--dutch", str(path)]) == 0


def test_Q24_bad_keys_are_invalid_input_exit_3(tmp_path: Path) -> None:
    for config in ("Model=BBP\nOddResultRate=10\n", "Ratings=2400,x\n", "PlayersNumber=3\nRatings=2000,1900\n",
                   "TieBreaks=NOPE\n", "Model=Maybe\n", "FullPointByeRate=-1\n"):  # fmt: skip
        cfg = tmp_path / "bad.cfg"
        cfg.write_text(config, encoding="utf-8")
        assert main(["generate", "--dutch", str(cfg), "-o", str(tmp_path / "x.trf"), "-s", "1"]) == 3, config
    assert main(["generate", "--lim", str(cfg), "-o", str(tmp_path / "x.trf"), "--model", "other"]) == 3


def test_Q25_200_runs_with_only_players_and_rounds_show_every_kind(tmp_path: Path) -> None:
    """Unset parameters are drawn (Q25): over 200 runs every bye, forfeit and odd result appears."""
    seen: Counter[str] = Counter()
    lists: set[tuple[str, ...]] = set()
    cfg = tmp_path / "pr.cfg"
    cfg.write_text("PlayersNumber=14\nRoundsNumber=5\n", encoding="utf-8")
    for seed in range(200):
        out = tmp_path / "r.trf"
        # what a run without -s does, with the seed fixed so the test is repeatable
        args = ["generate", "--dutch", str(cfg), "-o", str(out), "-s", str(seed), "--model", "fide"]
        assert main(args) == 0
        t = read_trf(out)
        lists.add(tuple(t.tiebreaks))
        seen["baku"] += t.system.endswith("_BAKU")
        for p in t.iter_players():
            for k, r in enumerate(p.results):
                if r.opponent is None:
                    seen[r.code.name] += 1
                    continue
                if r.colour.value != "w":
                    continue
                other = t.players[r.opponent].results[k].code
                seen[f"{r.code.value}/{other.value}"] += 1
    for kind in ("PAIRING_BYE", "HALF_BYE", "FULL_BYE", "ZERO_BYE"):
        assert seen[kind], kind
    for pair in ("+/-", "-/+", "-/-", "=/0", "0/=", "0/0", "1/0", "0/1", "=/="):
        assert seen[pair], pair
    assert seen["baku"] and len(lists) >= 5


def test_Q26_Q28_Q29_ratings_from_a_range_or_random(tmp_path: Path) -> None:
    t = read_trf(
        _generate(
            tmp_path,
            "PlayersNumber=30\nRoundsNumber=3\nHighestRating=2000\nLowestRating=1800\n",
            "-s",
            "4",
            "--model",
            "fide",
        )
    )
    assert all(1800 <= p.rating <= 2000 for p in t.iter_players())
    drawn = read_trf(
        _generate(tmp_path, "PlayersNumber=30\nRoundsNumber=3\n", "-s", "4", "--model", "fide", name="r")
    )
    assert len({p.rating for p in drawn.iter_players()}) > 10


# -- Q32: results from FIDE's rating table ---------------------------------------------------------


@pytest.mark.parametrize(("white", "black"), [(2000, 2000), (2200, 2000), (1900, 2250), (2700, 2000)])
def test_Q32_expected_score_is_the_B02_table(white: int, black: int) -> None:
    """The mean score of many games is B.02 8.1.2's expected score (400-point rule of 8.3.1)."""
    rng = random.Random(5)
    settings: dict[str, int | str] = {
        "DrawPercentage": 30,
        "ForfeitRate": 0,
        "DoubleForfeitRate": 0,
        "OddResultRate": 0,
    }
    worth = {ResultCode.WIN: 1.0, ResultCode.DRAW: 0.5, ResultCode.LOSS: 0.0}
    n = 40000
    total = sum(worth[_fide_game(rng, white, black, settings)[0]] for _ in range(n))
    from arbitro.ratings.tables import expected_score

    table = float(expected_score(max(-400, min(400, white - black))))
    assert _expected(white, black) == table
    assert abs(total / n - table) < 0.01


def test_Q32_draws_follow_DrawPercentage_where_the_table_allows() -> None:
    rng = random.Random(9)
    settings: dict[str, int | str] = {
        "DrawPercentage": 30,
        "ForfeitRate": 0,
        "DoubleForfeitRate": 0,
        "OddResultRate": 0,
    }
    draws = sum(_fide_game(rng, 2000, 2000, settings)[0] is ResultCode.DRAW for _ in range(20000))
    assert abs(draws / 20000 - 0.30) < 0.015


def test_fide_model_is_reproducible_from_the_library() -> None:
    cfg = GeneratorConfig({"PlayersNumber": 10, "RoundsNumber": 4}, {"Model": "FIDE"})
    a, b = generate(cfg, 77), generate(cfg, 77)
    assert [p.results for p in a.iter_players()] == [p.results for p in b.iter_players()]
    assert a.comments and "seed 77" in a.comments[0] and a.tiebreaks
    assert sum((p.points for p in a.iter_players()), Decimal(0)) > 0


# -- round robins (C.05): the same checks against the Berger tables ------------------------------

RR9 = FIXTURES / "roundrobin" / "rr001-p9.trf"
DRR5 = FIXTURES / "roundrobin" / "rr008-p5-double.trf"


@pytest.mark.parametrize(("flag", "path"), [("--round-robin", RR9), ("--double-round-robin", DRR5)])
def test_Q21_round_robin_checks_clean(flag: str, path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", flag, str(path)]) == 0
    out = capsys.readouterr().out
    rounds = read_trf(path).played_rounds
    assert f"{rounds} of {rounds} rounds agree" in out and "players agree" in out


def test_Q21_round_robin_tampered_rank_and_colour_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = RR9.read_text(encoding="utf-8")
    ranks = _ranks(text)
    last = next(sr for sr, r in ranks.items() if r == 9)
    bad = tmp_path / "ranks.trf"
    bad.write_text(_set_001(_set_001(text, 1, rank=9), last, rank=1), encoding="utf-8")
    assert main(["check", "--round-robin", str(bad)]) == 1
    assert f"player {last}: rank 1 in the file, 9 recomputed" in capsys.readouterr().out
    t = read_trf(RR9)
    from dataclasses import replace

    from arbitro.trf import write_trf

    a = t.players[2]
    b = t.players[a.results[0].opponent]  # type: ignore[index]
    a.results[0] = replace(a.results[0], colour=a.results[0].colour.opposite)
    b.results[0] = replace(b.results[0], colour=b.results[0].colour.opposite)
    colours = tmp_path / "colours.trf"
    write_trf(t, colours)
    assert main(["check", "--round-robin", str(colours)]) == 1
    assert "Round #1" in capsys.readouterr().out


# -- files the tournament service writes check clean ---------------------------------------------


def _service_file(
    tmp_path: Path, system: str, rounds: int, tiebreaks: tuple[str, ...], results: list[str]
) -> Path:
    from arbitro.tournament import TournamentService
    from arbitro.trf import format_trf

    svc = TournamentService(clock=lambda: "2026-12-04T00:00:00Z")
    svc.create(name="Service", system=system, rounds=rounds, tiebreaks=tiebreaks)
    for i in range(11):
        svc.register_player(f"P{i:02d}, X", rating=2200 - 17 * i)
    rng = random.Random(3)
    games = registry_games(system)
    for _ in range(rounds):
        svc.pair_next_round(seed=5)
        for rnd in svc.state.rounds[-games:]:
            for b in range(1, len(rnd.boards) + 1):
                svc.enter_result(b, rng.choice(results), round_number=rnd.number)
    path = tmp_path / f"{system}.trf"
    path.write_text(format_trf(svc.state.to_tournament()), encoding="utf-8")
    return path


def registry_games(system: str) -> int:
    from arbitro.pairing import registry

    return registry.get(system).games_per_round


@pytest.mark.parametrize(
    ("system", "tiebreaks"), [("dutch", ("BH/C1", "BH", "SB")), ("dutch", ()), ("double_swiss", ("BH", "SB"))]
)
def test_Q21_a_file_the_service_wrote_checks_clean(
    tmp_path: Path, system: str, tiebreaks: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    """The desk's and the CLI's TRF (ranks by its own standings) passes the checker that FIDE uses."""
    path = _service_file(tmp_path, system, 5, tiebreaks, ["1-0", "0-1", "½-½", "1-0", "0-1", "1F-0F"])
    flag = "--" + system.replace("_", "-")
    assert main(["check", flag, str(path)]) == 0, capsys.readouterr().out
    assert read_trf(path).tiebreaks == list(tiebreaks)
