"""IT1 / IT2 certificate data (B.01 2017 1.8, 2.1) and the JSON result of a whole application."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from arbitro.titles.application import (
    Applicant,
    Application,
    NormRecord,
    RatingEntry,
    Status,
    TournamentInfo,
    check_application,
)
from arbitro.titles.application.certificates import it1, it2, result_dict

D = dt.date.fromisoformat
WOMAN = Applicant("Example, Ana", sex="w", federation="ESP", fide_id="2200001", titles=("WIM",))


def _norm(entry: str, start: str, titles: tuple[str, ...], **kw: object) -> NormRecord:
    s = D(start)
    t = TournamentInfo(entry, s, s + dt.timedelta(days=8), city="Madrid", federation="ESP", rounds=9,
                       one_round_per_day=True, chief_arbiter="IA One")  # fmt: skip
    return NormRecord(entry, titles, t, 9, "2017", foreign_requirement_met=True, **kw)  # type: ignore[arg-type]


def _application() -> Application:
    norms = (
        _norm("A", "2018-03-01", ("WGM", "WIM"), score=Decimal("7"), ra=2300),
        _norm("B", "2019-03-01", ("WGM",), excess_points={"WGM": 0}),
        _norm("C", "2020-03-01", ("WGM",), excess_points={"WGM": 0}),
    )
    ratings = (RatingEntry("ratings[0]", D("2019-06-01"), 2305, games=200),)
    return Application(WOMAN, norms, ratings, titles=("WGM",), date=D("2021-01-10"),
                       submitted=D("2021-01-10"), meeting=D("2021-03-01"))  # fmt: skip


def test_it1_carries_player_event_numbers_and_the_four_copies() -> None:
    app = _application()
    cert = it1(app.norms[0], app.applicant, "WGM")
    assert cert["form"] == "IT1" and cert["title"] == "WGM"
    assert cert["player"]["fide_id"] == "2200001"
    assert cert["event"]["chief_arbiter"] == "IA One" and cert["event"]["start"] == "2018-03-01"
    assert (cert["games"], cert["score"], cert["ra"]) == (9, "7", 2300)
    assert cert["copies"] == ["player", "player's federation", "organising federation", "FIDE"]


def test_it2_lists_the_norms_used_rating_dates_and_fee() -> None:
    app = _application()
    result = check_application(app)
    wgm = result.titles[0]
    assert wgm.status is Status.PASS
    form = it2(wgm, app.applicant)
    assert form["form"] == "IT2" and form["eligible"] is True
    assert [n["entry"] for n in form["norms"]] == ["A", "B", "C"]
    # A: 7/9 at Ra 2300 -> WGM needs 6 (67 %, dp 125 -> 2425; 5.5 = 61 %, dp 80 -> 2380): one whole point more
    assert [n["counted_games"] for n in form["norms"]] == [10, 9, 9]
    assert form["total_games"] == 28
    assert form["rating"]["rating"] == 2305
    assert form["achieved_on"] == "2020-03-09"
    assert form["fee"]["total"] == "330" and form["fee"]["source"]


def test_result_dict_is_json_ready_with_rules_direct_titles_and_caution() -> None:
    result = check_application(_application())
    doc = result_dict(result)
    text = json.dumps(doc)
    assert json.loads(text)["edition"] == "2017"
    rules = {r["rule"]: r for r in doc["titles"][0]["rules"]}
    assert rules["total_games"]["article"] == "B.01 (2017) 1.51"
    assert {d["title"] for d in doc["direct_titles"]} == {"FM", "CM", "WFM", "WCM"}
    assert "provisional" in doc["caution"]
    assert len(doc["it1"]) == 3


def test_championship_norm_counts_as_its_stated_games() -> None:
    norms = (
        _norm("Olympiad", "2018-09-23", ("WGM",), counts_as=20, counts_as_reason="Olympiad WGM norm = 20-game norm"),
        _norm("B", "2019-03-01", ("WGM",), excess_points={"WGM": 0}),
    )
    app = Application(WOMAN, norms, (RatingEntry("r", D("2019-06-01"), 2305),), date=D("2021-01-10"))
    wgm = check_application(app).titles[0]
    assert [u.count.counted for u in wgm.norms if u.count] == [20, 9]
    assert wgm.status is Status.PASS
