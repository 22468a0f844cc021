"""The dossier JSON (docs/formats/dossier.md, docs/schemas/dossier.schema.json): parsing and clear errors."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from arbitro.errors import ArbitroError
from arbitro.titles.application import RatingKind, Status, check_application
from arbitro.titles.dossier import parse_dossier

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "schemas" / "dossier.schema.json"

BASE: dict[str, Any] = {
    "format": "arbitro-dossier",
    "version": 1,
    "player": {"name": "Player, Test", "fide_id": "100", "federation": "ESP", "sex": "m"},
    "application": {"date": "2021-06-01", "submitted": "2021-06-01", "meeting": "2021-08-01"},
    "norms": [
        {
            "id": "Open A",
            "titles": ["IM"],
            "games": 9,
            "score": "6.5",
            "ra": 2400,
            "tournament": {"name": "Open A", "start": "2018-03-01", "end": "2018-03-09", "rounds": 9},
            "foreign_requirement_met": True,
        },
        {
            "id": "Open B",
            "titles": ["IM", "GM"],
            "games": 9,
            "excess_points": {"IM": 0},
            "edition": "2017",
            "tournament": {"name": "Open B", "start": "2019-03-01", "end": "2019-03-09"},
        },
        {
            "id": "League C",
            "titles": ["IM"],
            "games": 9,
            "excess_points": 0,
            "tournament": {"name": "League C", "start": "2020-01-10", "end": "2020-03-09"},
        },
    ],
    "ratings": [
        {"date": "2018-01-01", "rating": 2380, "games": 150},
        {"date": "2020-06-01", "rating": 2401, "games": 190, "kind": "interim"},
    ],
}


def dossier(**changes: Any) -> dict[str, Any]:
    d = copy.deepcopy(BASE)
    d.update(changes)
    return d


def test_dossier_parses_into_an_application_that_passes_im() -> None:
    parsed = parse_dossier(json.dumps(BASE), source="d.json")
    assert [n.entry for n in parsed.norms] == [
        "norms[0] (Open A)",
        "norms[1] (Open B)",
        "norms[2] (League C)",
    ]
    assert parsed.ratings[1].kind is RatingKind.INTERIM
    result = check_application(parsed.application())
    im = next(t for t in result.titles if t.title == "IM")
    assert im.status is Status.PASS
    assert im.achieved_on is not None and im.achieved_on.isoformat() == "2020-06-01"


def test_dossier_is_valid_against_its_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(BASE, schema)
    trf_norm = {"id": "rr", "trf": "rr.trf", "start_rank": 1, "event": "zonal", "titles": ["GM"]}
    jsonschema.validate(dossier(norms=[trf_norm]), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(dossier(player={"name": "X", "sex": "x"}), schema)


def _error(d: Any) -> str:
    with pytest.raises(ArbitroError) as info:
        parse_dossier(json.dumps(d) if not isinstance(d, str) else d, source="d.json")
    assert info.value.exit_code == 2
    return str(info.value)


def test_invalid_json_names_line_and_column() -> None:
    assert _error('{"player": ').startswith("d.json:1:")


def test_tournament_dates_out_of_order_name_the_entry() -> None:
    d = dossier()
    d["norms"][1]["tournament"]["end"] = "2019-02-01"
    msg = _error(d)
    assert msg == "d.json: norms[1] (Open B): tournament.end 2019-02-01 is before tournament.start 2019-03-01"


def test_rating_history_out_of_order_names_the_entry() -> None:
    d = dossier()
    d["ratings"][1]["date"] = "2017-06-01"
    assert "ratings[1]: date 2017-06-01 is before ratings[0] (2018-01-01)" in _error(d)


def test_norm_after_the_application_date_names_the_entry() -> None:
    d = dossier(application={"date": "2019-06-01"})
    assert "norms[2] (League C): the tournament ended 2020-03-09, after the application date" in _error(d)


def test_registration_before_the_tournament_ended_is_refused() -> None:
    d = dossier()
    d["norms"][0]["registered"] = "2018-03-05"
    assert "norms[0] (Open A): registered 2018-03-05 is before the tournament ended" in _error(d)


def test_submission_after_the_meeting_is_refused() -> None:
    d = dossier(application={"submitted": "2021-09-01", "meeting": "2021-08-01"})
    assert "application: submitted 2021-09-01 is after the meeting 2021-08-01" in _error(d)


def test_edition_not_in_force_at_the_start_is_refused_b01_0_22() -> None:
    d = dossier()
    d["norms"][0]["edition"] = "2024"
    assert "norms[0] (Open A): edition: the tournament started 2018-03-01, so B.01 2017 applies" in _error(d)


@pytest.mark.parametrize(
    ("path", "value", "expected"),
    [
        (("norms", 0, "games"), "nine", "norms[0] (Open A): games: expected a whole number >= 1, got 'nine'"),
        (
            ("norms", 0, "titles"),
            ["FM"],
            "norms[0] (Open A): titles: expected one of GM, IM, WGM, WIM, got 'FM'",
        ),
        (("norms", 0, "score"), "6.3", "norms[0] (Open A): score: expected a score in half points"),
        (("norms", 0, "tournament", "start"), "2018-13-01", "tournament: start: expected a date YYYY-MM-DD"),
        (("ratings", 0, "kind"), "live", "ratings[0]: kind: expected published or interim, got 'live'"),
        (("player", "sex"), "x", "player: sex: expected 'm' or 'w'"),
        (("norms", 0, "colour"), "w", "norms[0] (Open A): unknown field 'colour'"),
        (("application", "fee_schedule"), "cheap", "application: fee_schedule: expected one of"),
    ],
)
def test_bad_fields_give_one_message_naming_entry_and_field(
    path: tuple[Any, ...], value: Any, expected: str
) -> None:
    d = dossier()
    target: Any = d
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    assert expected in _error(d)


def test_missing_player_name_is_required() -> None:
    assert "player: name: required" in _error(dossier(player={"sex": "m"}))


def test_trf_norm_reference_is_kept_for_the_caller_to_read() -> None:
    d = dossier(norms=[{"id": "rr", "trf": "files/rr.trf", "start_rank": 3, "event": "zonal"}])
    parsed = parse_dossier(d, source="d.json")
    assert parsed.trf_norms[0].path == "files/rr.trf"
    assert parsed.trf_norms[0].entry == "norms[0] (rr)"
    assert parsed.norms == ()


def test_unknown_event_kind_for_a_trf_norm_is_refused() -> None:
    d = dossier(norms=[{"trf": "rr.trf", "event": "blitz"}])
    assert "norms[0] (rr.trf): event: expected one of team_championship" in _error(d)


def test_cli_dates_out_of_order_exit_2_with_one_message(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    d = dossier()
    d["ratings"][1]["date"] = "2017-06-01"
    path = tmp_path / "dossier.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    assert main(["title-application", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"arbitro: {path}: ratings[1]: date 2017-06-01 is before ratings[0]")


def test_cli_recorded_dossier_table_and_json_agree(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    from arbitro.cli import main

    path = tmp_path / "dossier.json"
    path.write_text(json.dumps(BASE), encoding="utf-8")
    assert main(["title-application", str(path), "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    statuses = {t["title"]: t["status"] for t in doc["titles"]}
    assert statuses == {"GM": "fail", "IM": "pass"}
    assert main(["title-application", str(path)]) == 0
    out = capsys.readouterr().out
    assert "IM: ELIGIBLE" in out and "GM: NOT ELIGIBLE" in out
    assert "Title achieved on 2020-06-01" in out


def test_schema_and_parser_know_the_same_fields() -> None:
    from arbitro.titles import dossier as mod

    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    defs = schema["$defs"]
    pairs = {
        "top": (set(schema["properties"]), set(mod._TOP_KEYS)),
        "player": (set(defs["player"]["properties"]), set(mod._PLAYER_KEYS)),
        "application": (set(defs["application"]["properties"]), set(mod._APP_KEYS)),
        "tournament": (set(defs["tournament"]["properties"]), set(mod._TOURNAMENT_KEYS)),
        "recordedNorm": (set(defs["recordedNorm"]["properties"]), set(mod._RECORDED_KEYS)),
        "trfNorm": (set(defs["trfNorm"]["properties"]), set(mod._TRF_KEYS)),
        "rating": (set(defs["rating"]["properties"]), set(mod._RATING_KEYS)),
        "eventTitle": (set(defs["eventTitle"]["properties"]), set(mod._EVENT_KEYS)),
    }
    for name, (in_schema, in_parser) in pairs.items():
        assert in_schema == in_parser, name


def test_edition_2014_reads_as_the_2009_edition_for_a_2015_tournament() -> None:
    d = dossier()
    d["norms"][0]["tournament"].update({"start": "2015-03-01", "end": "2015-03-09"})
    d["norms"][0]["edition"] = "2014"
    parsed = parse_dossier(d, source="d.json")
    assert parsed.norms[0].edition == "2009"


def test_event_title_after_the_application_date_is_refused() -> None:
    d = dossier(event_titles=[{"title": "CM", "event": "Olympiad", "date": "2022-09-01", "olympiad": True}])
    assert "event_titles[0]: date 2022-09-01 is after the application date 2021-06-01" in _error(d)


def test_top_level_titles_error_names_the_field_once() -> None:
    """Issue 20: the message said "titles: titles: expected ..."."""
    d = dossier()
    d["titles"] = ["XX"]
    msg = _error(d)
    assert msg == "d.json: titles: expected one of GM, IM, WGM, WIM, got 'XX'"
