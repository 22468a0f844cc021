"""Norms from a TRF file and start rank through the norm evaluator (evaluate_norm), as the application sees them."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from tests.fixture_paths import FIXTURES

from arbitro.errors import ArbitroError
from arbitro.model import Colour, Player, ResultCode, RoundResult, Tournament
from arbitro.titles.application import Applicant
from arbitro.titles.application.from_trf import find_player, norm_from_trf

APPLICANT = Applicant("Applicant, Ana", sex="w", federation="ESP", fide_id="2200001")
FEDS = ["GER", "FRA", "ITA", "ESP", "NED", "GER", "FRA", "ENG", "ESP"]


def round_robin(
    applicant_codes: str = "111111000", *, start: str = "2024-03-01", two_a_day: bool = False
) -> Tournament:
    """A 10-player single round robin: player 1 is the applicant; every other game is a draw."""
    t = Tournament(
        name="Test Round Robin",
        city="Madrid",
        federation="ESP",
        rounds=9,
        system="BERGER_ROUNDROBIN",
        type_text="Round robin",
        chief_arbiter="IA Arbiter, One",
        time_control_code="5400+30",
    )
    day0 = dt.date.fromisoformat(start)
    t.round_dates = [day0 + dt.timedelta(days=(r // 2 if two_a_day else r)) for r in range(9)]
    t.start_date, t.end_date = t.round_dates[0], t.round_dates[-1]
    t.players[1] = Player(
        1, APPLICANT.name, sex="w", rating=2450, federation="ESP", fide_id=APPLICANT.fide_id, title="WGM"
    )
    for i in range(2, 11):
        t.players[i] = Player(
            i,
            f"Opponent {i}",
            sex="m",
            title="GM",
            rating=2540 + 5 * i,
            federation=FEDS[i - 2],
            fide_id=str(1000 + i),
        )
    arr = list(range(1, 11))
    code_of = {"1": ResultCode.WIN, "0": ResultCode.LOSS, "=": ResultCode.DRAW}
    for _round in range(9):
        for k in range(5):
            a, b = arr[k], arr[9 - k]
            if b == 1:
                a, b = b, a
            if a == 1:
                code = code_of[applicant_codes[b - 2]]
            else:
                code = ResultCode.DRAW
            t.players[a].results.append(RoundResult(b, Colour.WHITE, code))
            t.players[b].results.append(RoundResult(a, Colour.BLACK, code.mirrored))
        arr = [arr[0], arr[-1], *arr[1:-1]]
    for p in t.players.values():
        p.points = p.score(t.scoring)
    return t


def test_trf_norm_gm_achieved_becomes_a_norm_record_for_gm_im_wgm_wim() -> None:
    t = round_robin()
    n = norm_from_trf(t, APPLICANT, entry="norms[0] (rr)", start_rank=1)
    assert n.source == "trf" and n.edition == "2024"
    assert n.titles == ("GM", "IM", "WGM", "WIM")  # one norm, usable for every title (1.5.1)
    assert n.games == 9 and n.score == Decimal(6)
    assert n.tournament.one_round_per_day is True  # 1.1.3a from the round dates
    assert n.foreign_requirement_met is True  # 5 other federations, 2 ESP of 9
    assert n.tournament.qualifying_event is False  # a round robin is not a 1.5.6a Swiss
    assert len(n.opponents) == 9


def test_trf_norm_two_rounds_a_day_is_no_one_round_a_day_event() -> None:
    n = norm_from_trf(round_robin(two_a_day=True), APPLICANT, entry="n", start_rank=1)
    assert n.tournament.one_round_per_day is False


def test_trf_norm_dossier_overrides_event_facts() -> None:
    n = norm_from_trf(
        round_robin(),
        APPLICANT,
        entry="n",
        start_rank=1,
        qualifying_event=True,
        qualifying_reason="national final",
    )
    assert n.tournament.qualifying_event is True and n.tournament.qualifying_reason == "national final"


def test_trf_norm_unknown_start_rank_names_the_entry() -> None:
    with pytest.raises(ArbitroError, match=r"norms\[3\] \(x\): start rank 42 is not in the tournament"):
        norm_from_trf(round_robin(), APPLICANT, entry="norms[3] (x)", start_rank=42)


def test_trf_norm_start_rank_of_another_player_is_refused() -> None:
    with pytest.raises(ArbitroError, match="is Opponent 2 .* not the applicant"):
        norm_from_trf(round_robin(), APPLICANT, entry="n", start_rank=2)


def test_trf_norm_found_by_fide_id_without_start_rank() -> None:
    assert find_player(round_robin(), APPLICANT, None, "n").start_rank == 1


def test_trf_norm_applicant_absent_is_refused() -> None:
    stranger = Applicant("Nobody", fide_id="999")
    with pytest.raises(ArbitroError, match="the applicant Nobody .*is not in the tournament"):
        find_player(round_robin(), stranger, None, "norms[0]")


def test_trf_norm_the_evaluator_rejects_names_the_entry_and_rules() -> None:
    weak = round_robin("=0=0=0=0=")
    with pytest.raises(ArbitroError, match=r"norms\[1\]: the norm evaluator finds no GM norm .*failed"):
        norm_from_trf(weak, APPLICANT, entry="norms[1]", start_rank=1, titles=("GM",))


def test_trf_norm_edition_must_match_the_start_date() -> None:
    with pytest.raises(ArbitroError, match="B.01 2024 applies"):
        norm_from_trf(round_robin(), APPLICANT, entry="n", start_rank=1, edition="2017")


# -- the CLI: arbitro title-application DOSSIER.json -------------------------------------------------


def _write_dossier(tmp_path, norms, **extra):  # type: ignore[no-untyped-def]
    import json

    from arbitro.trf import format_trf

    (tmp_path / "rr.trf").write_text(format_trf(round_robin()), encoding="utf-8")
    doc = {
        "format": "arbitro-dossier",
        "version": 1,
        "player": {"name": APPLICANT.name, "fide_id": APPLICANT.fide_id, "federation": "ESP", "sex": "w"},
        "application": {"date": "2025-01-15"},
        "norms": norms,
        "ratings": [
            {"date": "2024-01-01", "rating": 2410, "games": 300},
            {"date": "2024-09-01", "rating": 2502, "games": 340},
        ],
        **extra,
    }
    path = tmp_path / "dossier.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


RECORDED = [
    {
        "id": "Open 2023",
        "titles": ["GM"],
        "games": 9,
        "excess_points": 0,
        "foreign_requirement_met": False,
        "tournament": {
            "name": "Open 2023",
            "start": "2023-05-01",
            "end": "2023-05-09",
            "one_round_per_day": False,
            "qualifying_event": True,
            "qualifying_reason": "Swiss, 40+ players averaging 2000+",
        },
    },
    {
        "id": "Open 2022",
        "titles": ["GM", "IM"],
        "games": 9,
        "excess_points": 0,
        "foreign_requirement_met": False,
        "tournament": {
            "name": "Open 2022",
            "start": "2022-05-01",
            "end": "2022-05-09",
            "one_round_per_day": False,
        },
    },
]


def test_cli_title_application_with_a_trf_norm_and_recorded_norms_json(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import json

    from arbitro.cli import main

    path = _write_dossier(
        tmp_path, [*RECORDED, {"id": "RR 2024", "trf": "rr.trf", "start_rank": 1}], titles=["GM"]
    )
    assert main(["title-application", str(path), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    gm = out["titles"][0]
    assert gm["title"] == "GM" and gm["status"] == "pass", gm["missing"]
    rules = {r["rule"]: r for r in gm["rules"]}
    assert rules["one_round_a_day"]["status"] == "pass"  # only the TRF norm was one round a day
    assert rules["foreign_federations"]["status"] == "pass"  # only the TRF norm met it
    assert rules["qualifying_event"]["status"] == "pass"
    assert gm["achieved_on"] == "2024-09-01"  # rating 2502 came after the last norm (2024-03-09)
    assert gm["fee"]["source"] and gm["it2"]["form"] == "IT2"
    assert any(c["form"] == "IT1" and c["opponents"] for c in out["it1"])


def test_cli_title_application_table(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = _write_dossier(
        tmp_path, [*RECORDED, {"id": "RR 2024", "trf": "rr.trf", "start_rank": 1}], titles=["GM", "IM"]
    )
    assert main(["title-application", str(path)]) == 0
    out = capsys.readouterr().out
    # Issue 20: the GM-only norm of Open 2023 serves the IM application too (B.01 (2024) 1.5.1; 2017 1.5,
    # seed S3: a norm sufficient for more than one title may be used for both). This test used to expect
    # "IM: NOT ELIGIBLE", which was the defect.
    assert "GM: ELIGIBLE" in out and "IM: ELIGIBLE" in out
    assert "a GM norm, counted for IM" in out
    assert "B.01 (2024) 1.1.3a" in out and "Fee:" in out and "Direct titles:" in out


def test_cli_unknown_player_in_a_trf_exit_2_naming_the_entry(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = _write_dossier(tmp_path, [{"id": "RR 2024", "trf": "rr.trf", "start_rank": 77}])
    assert main(["title-application", str(path)]) == 2
    err = capsys.readouterr().err
    assert "norms[0] (RR 2024): start rank 77 is not in the tournament" in err
    assert "Traceback" not in err


def test_cli_norm_the_evaluator_rejects_exit_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = _write_dossier(tmp_path, [{"id": "RR", "trf": "rr.trf", "start_rank": 1}])
    weak = round_robin("=0=0=0=0=")
    from arbitro.trf import format_trf

    (tmp_path / "rr.trf").write_text(format_trf(weak), encoding="utf-8")
    assert main(["title-application", str(path)]) == 2
    assert "norms[0] (RR): the norm evaluator finds no GM/IM/WGM/WIM norm" in capsys.readouterr().err


def test_cli_missing_trf_file_and_bad_format_exit_2(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = _write_dossier(tmp_path, [{"id": "gone", "trf": "missing.trf", "start_rank": 1}])
    assert main(["title-application", str(path)]) == 2
    assert "norms[0] (gone): trf: file not found: missing.trf" in capsys.readouterr().err
    assert main(["title-application", str(path), "--format", "xml"]) == 2
    assert main(["title-application", str(tmp_path / "nope.json")]) == 2


# -- a real tournament report (tests/fixtures/trf, produced by others) -----------------------------

TRF_FIXTURES = FIXTURES / "trf"


@pytest.mark.parametrize(
    ("norm", "message"),
    [
        ({"id": "Capo 2012", "start_rank": 999}, "norms[0] (Capo 2012): start rank 999 is not in the tournament (84 players)"),
        ({"id": "Capo 2012", "start_rank": 1, "titles": ["GM"]}, "norms[0] (Capo 2012): the norm evaluator finds no GM norm"),
    ],
)  # fmt: skip
def test_cli_real_trf_unknown_player_and_rejected_norm_exit_2(tmp_path, capsys, norm, message) -> None:  # type: ignore[no-untyped-def]
    import json
    import shutil

    from arbitro.cli import main

    source = TRF_FIXTURES / "capo-dorso-2012.trf"
    shutil.copy(source, tmp_path / "capo.trf")
    doc = {"player": {"name": "Someone", "sex": "m"}, "norms": [{**norm, "trf": "capo.trf"}]}
    (tmp_path / "d.json").write_text(json.dumps(doc), encoding="utf-8")
    assert main(["title-application", str(tmp_path / "d.json")]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_cli_unreadable_trf_names_the_entry(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = _write_dossier(tmp_path, [{"id": "broken", "trf": "rr.trf", "start_rank": 1}])
    (tmp_path / "rr.trf").write_text("001 garbage\n", encoding="utf-8")
    assert main(["title-application", str(path)]) == 2
    err = capsys.readouterr().err
    assert "norms[0] (broken): " in err and "Traceback" not in err
