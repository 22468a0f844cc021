"""TRF-2026 team records: round trip and bad input (issue 18)."""

from __future__ import annotations

import dataclasses

import pytest

from arbitro.teams.generator import GeneratorConfig, generate
from arbitro.teams.model import ColourPreferenceType, PrimaryScore
from arbitro.trf.diagnostics import TrfError
from arbitro.trf.teams import format_team_trf, is_team_trf, parse_team_trf


def _same(a: object, b: object) -> list[str]:
    return [f.name for f in dataclasses.fields(a) if getattr(a, f.name) != getattr(b, f.name)]  # type: ignore[arg-type]


@pytest.mark.parametrize("system", ["team_swiss", "team_round_robin", "team_double_round_robin"])
def test_team_trf_round_trip_on_generated_events(system: str) -> None:
    for seed in range(60):
        e = generate(
            GeneratorConfig(
                teams=4 + seed % 9, boards=2 + seed % 5, reserves=seed % 3, rounds=3 + seed % 6, seed=seed,
                system=system, board_forfeit=0.05, match_forfeit=0.03,
                colour_type=ColourPreferenceType.B if seed % 4 == 0 and system == "team_swiss" else ColourPreferenceType.A,
                primary=PrimaryScore.GAME if seed % 5 == 0 else PrimaryScore.MATCH,
            )
        )  # fmt: skip
        text = format_team_trf(e)
        assert is_team_trf(text)
        back = parse_team_trf(text, "gen.trf")
        e.matches.sort(key=lambda m: (m.round, m.white))
        assert _same(e, back) == [], seed
        assert format_team_trf(back) == text


def test_team_trf_records_layout() -> None:
    e = generate(GeneratorConfig(teams=5, boards=4, rounds=3, seed=3, board_forfeit=0.0, match_forfeit=0.0))
    text = format_team_trf(e)
    lines = text.splitlines()
    t310 = next(x for x in lines if x.startswith("310   1 "))
    assert t310[8:40].strip() == "Team 001" and t310[73:77].strip() == "1"  # TEC layout [C]
    assert "352 WBWB" in lines and any(x.startswith("362 TW 2.0") for x in lines)
    pab = next(x for x in lines if x.startswith("320 "))
    # C.04.6 art. 1.4: a drawn match (1 MP, 2 GP on 4 boards); round 1: team 5 (lowest, largest TPN)
    assert pab[4:13] == " 1.0  2.0" and pab[14:17].strip() == "5"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("012 x\n001    1      A, B                              2000\n", "310"),
        ("012 x\n310   1 Team                                                         0    1\n", "no 001 record"),
        ("012 x\n310   x Team\n", "310 team number"),
        ("012 x\n330 ?? 001   1   2\n310   1 Team A\n", "330 type"),
        ("012 x\n013 Team A   1\n", "013"),
    ],
)
def test_team_trf_bad_input_is_reported_with_line_and_field(text: str, message: str) -> None:
    with pytest.raises(TrfError, match=message):
        parse_team_trf(text, "bad.trf")


def test_individual_file_is_not_a_team_file() -> None:
    assert not is_team_trf("012 x\n001    1      A, B\n")


def _p(pid: int, rounds: str, name: str = "X, Y") -> str:
    return f"001 {pid:4d}      {name:<33} 2000 FID             2000/01/01  0.0 {pid:4d}{rounds}"


SPEC_STYLE = "\n".join(
    [
        "012 Spec-style file (layouts of the echecsjs/trf SPEC examples)",
        "142 2",
        "152 W",
        "192 FIDE_TEAM_TYPEA_MP_GP",
        "352 WB",
        "362 TW 2     TD 1     TL 0 ",
        _p(1, "     3 w 1  0000 - -"),
        _p(2, "     4 b =  0000 - -"),
        _p(3, "     1 b 0  0000 - -"),
        _p(4, "     2 w =  0000 - -"),
        _p(5, "  0000 - -  0000 - -"),
        _p(6, "  0000 - -  0000 - -"),
        "310   1 India                            IND     2486    0.0    0.0  11     1    2",
        "310   2 Ukraine                          UKR     2478    0.0    0.0  14     3    4",
        "310   3 Georgia                          GEO     2400    0.0    0.0  14     5    6",
        "320 02.0 02.0 003 000",
        "330 +- 002 001 002",
        "013 India                              1    2",
        "801 informative",
        "802 informative",
    ]
)


def test_spec_style_records_zero_padding_absences_and_013_beside_310() -> None:
    e = parse_team_trf(SPEC_STYLE, "spec.trf")
    (m1,) = e.matches_of_round(1)
    assert (m1.white, m1.black) == (1, 2) and [g.result.value for g in m1.games] == ["1", "="]
    (m2,) = e.matches_of_round(2)
    assert m2.forfeit is not None and (m2.white, m2.black) == (1, 2)
    assert [(b.round, b.team) for b in e.byes] == [(1, 3)]
    assert e.scoring.pab_game == 2  # 320 game points differ from the default (a draw on both boards = 1)


def test_013_without_310_is_refused_and_same_team_games_are_reported() -> None:
    with pytest.raises(TrfError, match="013"):
        parse_team_trf("012 x\n" + _p(1, "") + "\n013 Old team   1\n", "old.trf")
    bad = "\n".join(["012 x", "352 WB", _p(1, "     2 w 1"), _p(2, "     1 b 0"), "310   1 Team                                     0    0.0    0.0   1     1    2"])
    with pytest.raises(TrfError, match="meet each other"):
        parse_team_trf(bad, "same.trf")


def test_c04_6_art_1_4_a_declared_320_keeps_its_meaning() -> None:
    """A 320 record states what the bye is worth: a file that gives it a win's match points keeps them.

    C.04.6 (2026) art. 1.4's default is a drawn match; SPEC_STYLE declares ``320 02.0 02.0`` (a won
    match, both boards) under ``362 TW 2 TD 1``, so the bye keeps 2 match points and 2 game points.
    """
    from fractions import Fraction

    from arbitro.teams.model import ByeKind
    from arbitro.teams.results import round_table, totals

    e = parse_team_trf(SPEC_STYLE, "spec.trf")
    assert e.scoring.bye_points(ByeKind.PAB, e.boards) == (Fraction(2), Fraction(2))
    assert round_table(e, 1)[3][0].mp == 2
    again = parse_team_trf(format_team_trf(e), "again.trf")
    assert again.scoring.bye_points(ByeKind.PAB, again.boards) == (Fraction(2), Fraction(2))
    drawn = parse_team_trf(SPEC_STYLE.replace("320 02.0 02.0", "320 01.0 01.0"), "draw.trf")
    assert drawn.scoring.pab_match is None and drawn.scoring.pab_game is None  # art. 1.4's default
    assert totals(round_table(drawn, 1))[3] == (1, 1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("362 TW 2 ", "362 TWNaN "), "362 W points"),
        (("362 TW 2 ", "362 TW1e99 "), "362 W points"),
        (("320 02.0 02.0", "320 -inf 02.0"), "320 match points"),
        (("330 +- 002 001 002", "330 +- 002 001 001"), "cannot play itself"),
        (("330 +- 002 001 002", "330 +- 000 001 002"), "330 round"),
        (("330 +- 002 001 002", "330 +- 007 001 002"), "330 round"),
        (("330 +- 002 001 002", "330 +- 002 001 009"), "no team 9"),
        (("142 2", "142 \u0669"), "142"),
        (("320 02.0 02.0 003 000", "320 02.0 02.0 003 000 000 000 001"), "320 round"),
    ],
)
def test_team_records_are_held_to_the_limits_of_the_individual_file(change: tuple[str, str], message: str) -> None:
    """Issue 38: NaN, 1e9999 or -inf points, a team playing itself, a match in round 0 or past the last round."""
    old, new = change
    assert old in SPEC_STYLE
    with pytest.raises(TrfError, match=message):
        parse_team_trf(SPEC_STYLE.replace(old, new), "bad.trf")
