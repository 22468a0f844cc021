"""The views layer: board order (C.04.2 3.6), Berger order (C.05 Annex 1), cells, points."""

from __future__ import annotations

from decimal import Decimal

from tests.documents.helpers import norm_round_robin

from arbitro.documents.labels import Labels, langs
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.pairing.berger import berger_round
from arbitro.views import (
    DIAGONAL,
    crosstable_rows,
    game_result_text,
    points_text,
    round_sheet,
    scores_by_round,
    swiss_cell,
    value_text,
)

W, B = Colour.WHITE, Colour.BLACK


def _game(t: Tournament, a: int, b: int, code: ResultCode) -> None:
    """``a`` has White against ``b``; ``code`` is White's result."""
    t.players[a].results.append(RoundResult(b, W, code))
    t.players[b].results.append(RoundResult(a, B, code.mirrored))


def _swiss() -> Tournament:
    t = Tournament(name="Board order", system="FIDE_DUTCH", rounds=3)
    for i in range(1, 8):
        t.players[i] = Player(i, f"P{i}", rating=2400 - 10 * i)
    # round 1: 1-5 1-0, 6-2 0-1 (2 wins), 3-7 ½, 4 gets the PAB
    _game(t, 1, 5, ResultCode.WIN)
    _game(t, 6, 2, ResultCode.LOSS)
    _game(t, 3, 7, ResultCode.DRAW)
    t.players[4].results.append(RoundResult(None, None, ResultCode.PAIRING_BYE))
    # round 2 (scores before: 1,2,4 = 1; 3,7 = ½; 5,6 = 0), listed in a scrambled order
    _game(t, 6, 5, ResultCode.WIN)  # 0 v 0
    _game(t, 7, 3, ResultCode.LOSS)  # ½ v ½
    _game(t, 2, 4, ResultCode.DRAW)  # 1 v 1, higher-ranked 2
    t.players[1].results.append(RoundResult(None, None, ResultCode.HALF_BYE))
    return t


def test_board_order_score_of_higher_player_then_sum_then_pairing_number_C04_2_3_6() -> None:
    sheet = round_sheet(_swiss(), 2)
    boards = [(g.white.start_rank, g.black.start_rank) for g in sheet.games]
    assert boards == [(2, 4), (7, 3), (6, 5)]
    assert [g.board for g in sheet.games] == [1, 2, 3]
    assert sheet.games[0].white_points == Decimal(1) and sheet.games[2].black_points == Decimal(0)
    assert [(b.player.start_rank, b.kind) for b in sheet.byes] == [(1, "half_bye")]


def test_board_order_sum_breaks_equal_top_scores_C04_2_3_6() -> None:
    t = Tournament(name="Sum", rounds=2)
    for i in range(1, 5):
        t.players[i] = Player(i, f"P{i}")
    _game(t, 1, 3, ResultCode.WIN)  # after round 1: 1 and 2 have 1, 3 and 4 have 0
    _game(t, 2, 4, ResultCode.WIN)
    _game(t, 1, 4, ResultCode.DRAW)  # 1 v 0 (higher-ranked 1)
    _game(t, 2, 3, ResultCode.DRAW)  # 1 v 0 (higher-ranked 2)
    assert [g.white.start_rank for g in round_sheet(t, 2).games] == [1, 2]
    t.players[3].results[0] = RoundResult(1, B, ResultCode.DRAW)
    t.players[1].results[0] = RoundResult(3, W, ResultCode.DRAW)  # now 2 (1 pt) v 3 (½) outranks 1 (½) v 4
    assert [g.white.start_rank for g in round_sheet(t, 2).games] == [2, 1]


def test_board_order_uses_the_pairing_score_with_virtual_points_C04_7() -> None:
    from arbitro.model import Acceleration

    t = _swiss()
    t.accelerations.append(Acceleration(6, 2, Decimal(1)))  # 6 (0 pts) plays round 2 with 1 virtual point
    t.accelerations.append(Acceleration(5, 2, Decimal(1)))
    boards = [(g.white.start_rank, g.black.start_rank) for g in round_sheet(t, 2).games]
    assert boards == [(2, 4), (6, 5), (7, 3)]  # 1+1 v 1+1: 2 (1 v 1) first by pairing number of the higher
    assert round_sheet(t, 2).games[1].white_points == Decimal(0)  # printed points stay real


def test_pab_first_among_byes_and_pairing_results() -> None:
    sheet = round_sheet(_swiss(), 1)
    assert [(b.player.start_rank, b.kind, b.code) for b in sheet.byes] == [(4, "pab", "U")]
    assert sorted(g.result for g in sheet.games) == ["0-1", "1-0", "½-½"]


def test_round_robin_keeps_the_berger_table_order_C05_annex1() -> None:
    t = norm_round_robin()
    for r in (1, 4, 9):
        expected = [tuple(sorted(pair)) for pair in berger_round(10, r)]
        got = [tuple(sorted((g.white.start_rank, g.black.start_rank))) for g in round_sheet(t, r).games]
        assert got == expected


def test_requested_byes_of_an_unpaired_round_are_listed() -> None:
    from arbitro.model import ByeRequest

    t = _swiss()
    t.requested_byes.append(ByeRequest(3, "H", 5))
    sheet = round_sheet(t, 3)
    assert not sheet.games and [(b.player.start_rank, b.kind) for b in sheet.byes] == [(5, "half_bye")]


def test_points_and_values_are_printed_without_noise() -> None:
    assert [points_text(Decimal(x)) for x in ("0", "0.5", "2.5", "3.0", "7")] == ["0", "½", "2½", "3", "7"]
    assert points_text(Decimal("1.1")) == "1.1" and points_text(None) == ""
    assert [value_text(Decimal(x)) for x in ("23.50", "12", "0.25")] == ["23.5", "12", "0.25"]
    assert value_text(None) == ""


def test_game_results_forfeits_as_typed_VCL14_and_unusual_results_VCL13() -> None:
    """One text for a game on every face (issue 14): forfeits as the arbiter types them (C.04.A VCL.14)."""
    R = ResultCode
    assert game_result_text(R.FORFEIT_WIN, R.FORFEIT_LOSS) == "1F-0F"
    assert game_result_text(R.FORFEIT_LOSS, R.FORFEIT_WIN) == "0F-1F"
    assert game_result_text(R.FORFEIT_LOSS, R.FORFEIT_LOSS) == "0F-0F"
    assert game_result_text(R.UNRATED_DRAW, R.UNRATED_DRAW) == "½-½"
    assert game_result_text(R.DRAW, R.LOSS) == "½-0"
    assert game_result_text(R.NOT_PAIRED, R.NOT_PAIRED) == "" and game_result_text(None, None) == ""


def test_game_result_text_reads_back_with_the_result_parser() -> None:
    from arbitro.tournament import parse_result

    R = ResultCode
    for pair in [(R.WIN, R.LOSS), (R.DRAW, R.DRAW), (R.LOSS, R.WIN), (R.FORFEIT_WIN, R.FORFEIT_LOSS),
                 (R.FORFEIT_LOSS, R.FORFEIT_WIN), (R.FORFEIT_LOSS, R.FORFEIT_LOSS), (R.DRAW, R.LOSS)]:
        assert parse_result(game_result_text(*pair), fide_mode=False) == pair


def test_swiss_cells_use_the_opponents_rank() -> None:
    rank_of = {5: 12}
    assert swiss_cell(RoundResult(5, W, ResultCode.WIN), rank_of) == "12w1"
    assert swiss_cell(RoundResult(5, B, ResultCode.DRAW), rank_of) == "12b½"
    assert swiss_cell(RoundResult(5, W, ResultCode.FORFEIT_LOSS), rank_of) == "12w-"
    assert swiss_cell(RoundResult(None, None, ResultCode.PAIRING_BYE), rank_of) == "PAB"
    assert swiss_cell(RoundResult(None, None, ResultCode.HALF_BYE), rank_of) == "bye½"
    assert swiss_cell(None, rank_of) == ""


def test_round_robin_grid_is_symmetric_with_a_shaded_diagonal() -> None:
    t = norm_round_robin()
    order = [(0, sr) for sr in sorted(t.players)]
    rows = crosstable_rows(t, order, {}, grid=True)
    assert rows[0].cells[0] == DIAGONAL and rows[3].cells[3] == DIAGONAL
    mirror = {"1": "0", "0": "1", "½": "½"}
    for i, row in enumerate(rows):
        for j, cell in enumerate(row.cells):
            if i != j:
                assert rows[j].cells[i] == mirror[cell]
    assert rows[0].points == Decimal(6)


def test_scores_by_round_are_cumulative() -> None:
    scores = scores_by_round(_swiss())
    assert scores[1] == [Decimal(1), Decimal("1.5")]
    assert scores[4] == [Decimal(1), Decimal("1.5")]
    assert scores[6] == [Decimal(0), Decimal(1)]


def test_every_label_exists_in_spanish_and_english() -> None:
    """The documents' catalogues (issue 32 item 4: documents/locale/<lang>/LC_MESSAGES/arbitro.documents.po)."""
    from pathlib import Path

    from arbitro import documents, i18n

    locale = Path(documents.__file__).parent / "locale"
    es, en = (i18n.read_mo((locale / lang / "LC_MESSAGES" / "arbitro.documents.mo").read_bytes()) for lang in ("es", "en"))
    assert set(es) == set(en)
    assert langs() == ("es", "en")
    assert Labels("es")["standings"] == "Clasificación" and Labels("en")["standings"] == "Standings"
