"""FMA 4.1 formats; FMA 2.3 / 3.1 FIDE rating requirements; Anexo III II."""

from __future__ import annotations

import pytest

from arbitro.cli import main
from arbitro.errors import ArbitroError
from arbitro.federations.fma.categories import Category
from arbitro.federations.fma.formats import (
    MAYOR_FORMAT,
    FormatKind,
    check_fide_rating_requirements,
    format_for,
    minutes_per_player,
)


@pytest.mark.parametrize(
    ("n", "kind", "rounds", "article"),
    [
        (2, FormatKind.DOUBLE_ROUND_ROBIN, 2, "FMA 4.1 a"),
        (5, FormatKind.DOUBLE_ROUND_ROBIN, 10, "FMA 4.1 a"),
        (6, FormatKind.DOUBLE_ROUND_ROBIN, 10, "FMA 4.1 a"),
        (7, FormatKind.ROUND_ROBIN, 7, "FMA 4.1 b"),
        (10, FormatKind.ROUND_ROBIN, 9, "FMA 4.1 b"),
        (11, FormatKind.SWISS, 7, "FMA 4.1 c"),
        (21, FormatKind.SWISS, 7, "FMA 4.1 c"),
        (22, FormatKind.SWISS, 9, "FMA 4.1 c-d"),
        (23, FormatKind.SWISS, 9, "FMA 4.1 d"),
        (120, FormatKind.SWISS, 9, "FMA 4.1 d"),
    ],
)
def test_fma_4_1_format_by_number_of_entrants(n: int, kind: FormatKind, rounds: int, article: str) -> None:
    f = format_for(n)
    assert (f.kind, f.rounds, f.article) == (kind, rounds, article)


def test_fma_4_1_exactly_22_is_stated_as_a_decision() -> None:
    f = format_for(22)
    assert "22" in f.message.text("es") and "9" in f.message.text("en")
    assert "leaves it open" in f.message.text("en")


@pytest.mark.parametrize("n", [0, 1, -3])
def test_fma_4_1_refuses_fewer_than_two(n: int) -> None:
    with pytest.raises(ArbitroError, match="FMA 4.1"):
        format_for(n)


def test_fma_anexo_iii_ii_mayor_is_six_player_double_round_robin() -> None:
    assert MAYOR_FORMAT.kind is FormatKind.DOUBLE_ROUND_ROBIN and MAYOR_FORMAT.rounds == 10
    assert minutes_per_player("90+30") == 120


def test_fma_2_3_minutes_per_player_reads_minutes_and_trf_seconds() -> None:
    assert minutes_per_player("90+30") == 120
    assert minutes_per_player("5400+30") == 120
    assert minutes_per_player("60") == 60
    with pytest.raises(ArbitroError):
        minutes_per_player("rapid")


def test_fma_2_3_rated_swiss_passes() -> None:
    ok, msgs = check_fide_rating_requirements("Segunda", Category.SEGUNDA, FormatKind.SWISS, [1850, 1700, None], "90+30")
    assert ok and msgs[0].id == "rating.ok"


def test_fma_2_3_rate_too_fast_for_a_2400_player_is_refused() -> None:
    ok, msgs = check_fide_rating_requirements("Primera", Category.PRIMERA, FormatKind.SWISS, [2410, 2000], "60+30")
    assert not ok and msgs[0].id == "rating.time_control" and "120" in msgs[0].text("en")


def test_fma_3_1_non_standard_rate_is_refused_even_in_cuarta() -> None:
    ok, msgs = check_fide_rating_requirements("Cuarta", Category.CUARTA, FormatKind.SWISS, [None], "15+10")
    assert not ok and msgs[0].article == "FMA 3.1"


def test_fma_2_3_cuarta_need_not_be_rated() -> None:
    ok, msgs = check_fide_rating_requirements("Cuarta", Category.CUARTA, FormatKind.ROUND_ROBIN, [None] * 8, "60+0")
    assert ok and msgs[0].id == "rating.not_required"


def test_fma_2_3_round_robin_needs_enough_rated_players() -> None:
    ok, msgs = check_fide_rating_requirements(
        "Tercera", Category.TERCERA, FormatKind.ROUND_ROBIN, [1750, 1720, 1710] + [None] * 5, "90+30"
    )
    assert not ok and msgs[0].id == "rating.too_few_rated_rr"
    ok, _ = check_fide_rating_requirements(
        "Tercera", Category.TERCERA, FormatKind.ROUND_ROBIN, [1750, 1720, 1710, 1705] + [None] * 4, "90+30"
    )
    assert ok


def test_fma_2_3_missing_time_control_is_reported() -> None:
    ok, msgs = check_fide_rating_requirements("Primera", Category.PRIMERA, FormatKind.SWISS, [2000], "")
    assert not ok and msgs[0].id == "rating.time_control_missing"


def test_cli_fma_category_and_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fma", "category", "1900"]) == 0
    assert "Primera" in capsys.readouterr().out
    assert main(["fma", "category", "abc"]) == 2
    assert main(["fma", "format", "22", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Swiss, 9 rounds" in out and "[FMA 4.1 c-d]" in out and "BH/C1" in out
    assert main(["fma", "format", "1"]) == 2
    assert main(["fma", "format", "8", "--lang", "fr"]) == 2


def test_cli_fma_category_and_format_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["fma", "category", "1799", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["category"] == "tercera" and data["reasons"][0]["article"] == "FMA 1.3"
    assert main(["fma", "format", "22", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["kind"], data["rounds"], data["tiebreaks"][-1]) == ("swiss", 9, "lots")
    assert main(["fma", "format", "8", "--format", "xml"]) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fma", "format", "-3"], "entrants: -3: a tournament needs at least 2 players (FMA 4.1)"),
        (["fma", "format", "many"], "N: 'many': expected the number of entrants"),
        (["fma", "category", "-5"], "ELO: '-5': expected a FIDE standard rating"),
    ],
)
def test_cli_fma_negative_numbers_get_arbitros_message_FMA_4_1(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20: `fma format -3` gave the CLI library's "No such option" instead of Arbitro's message."""
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "No such option" not in err
