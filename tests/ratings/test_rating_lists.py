"""Ratings as data (issue 34 items 1-2), judged by FIDE's VCL4THP Q116-Q145."""

from __future__ import annotations

import datetime as dt

import pytest

from arbitro.errors import ArbitroError
from arbitro.model import OfficialRating, Player, split_rating_mode
from arbitro.ratings.consistency import freshness, read_csv_list
from arbitro.ratings.lists import (
    Method,
    default_sequence,
    effective_rating,
    first_rating,
    other_ratings,
    tournament_rating,
)
from arbitro.tournament import TournamentService, replay
from arbitro.trf import format_trf, parse_trf

CLOCK = "2026-12-05T10:00:00+00:00"


def _service() -> TournamentService:
    svc = TournamentService(author="IA Test", clock=lambda: CLOCK)
    svc.create(name="Open", rounds=5, federation="ARG", start_date="2026-12-05")
    svc.register_player("Alpha, A", rating=2100, fide_id="1001")
    svc.register_player("Beta, B", rating=2000, fide_id="1002")
    svc.register_player("Gamma, C", rating=1900, fide_id="1003")
    return svc


_CSV = """id,name,standard,rapid,blitz
1001,"Alpha, A",2110,2050,
1002,"Beta, B",2000,,1980
1003,"Gamma, C",1890,1900,1850
"""


def test_vcl4thp_Q116_official_and_tournament_rating_kept_apart() -> None:
    svc = _service()
    svc.set_official_ratings(
        1, [OfficialRating("FIDE", "standard", 2105, "FIDE 2026-12", "2026-12-01"), OfficialRating("ARG", "standard", 2180)]
    )
    svc.set_rating_method("NIDOF", "ARG")
    alpha = svc.state.player(1)
    assert alpha.rating == 2180  # the tournament rating: national first
    assert effective_rating(alpha.official_ratings, "FIDE", "standard") == 2105  # the official one is kept
    # the same after a replay of the log
    again = replay(svc.events).player(1)
    assert (again.rating, [r.value for r in again.official_ratings]) == (2180, [2105, 2180])


def test_vcl4thp_Q117_custom_csv_list() -> None:
    lst = read_csv_list(_CSV.splitlines(), name="club.csv", scope="FIDE", date="2026-12-01")
    assert lst.kinds == ("standard", "rapid", "blitz")
    assert lst.players["1001"].ratings == {"standard": 2110, "rapid": 2050, "blitz": 0}
    semicolons = read_csv_list(["national_id;name;rating", "A-7;Delta, D;1750"], name="arg.csv", scope="arg", date="")
    assert (semicolons.scope, semicolons.players["A-7"].ratings) == ("ARG", {"standard": 1750})
    with pytest.raises(ArbitroError, match=r"club.csv:2: standard: expected a rating"):
        read_csv_list(["id,standard", "1,21x0"], name="club.csv", scope="FIDE", date="")
    with pytest.raises(ArbitroError, match="needs an id column and a rating column"):
        read_csv_list(["name,elo", "x,1"], name="club.csv", scope="FIDE", date="")


def test_vcl4thp_Q118_missing_rapid_or_blitz_falls_back_to_standard() -> None:
    ratings = [OfficialRating("FIDE", "standard", 2000), OfficialRating("FIDE", "blitz", 1950)]
    assert effective_rating(ratings, "FIDE", "rapid") == 2000
    assert effective_rating(ratings, "FIDE", "blitz") == 1950
    svc = _service()
    svc.set_official_ratings(2, ratings)
    svc.change_settings(rating_type="rapid")
    assert svc.state.player(2).rating == 2000  # not 0


def test_vcl4thp_Q123_default_list_sequence_per_rate_of_play() -> None:
    assert default_sequence("standard") == (("FIDE", "standard"), ("FIDE", "rapid"), ("FIDE", "blitz"))
    assert default_sequence("rapid", "ARG") == (
        ("FIDE", "rapid"), ("FIDE", "standard"), ("FIDE", "blitz"), ("ARG", "rapid"), ("ARG", "standard"),
    )  # fmt: skip
    assert default_sequence("blitz")[:3] == (("FIDE", "blitz"), ("FIDE", "standard"), ("FIDE", "rapid"))
    only_blitz = [OfficialRating("FIDE", "blitz", 1800), OfficialRating("ARG", "standard", 1900)]
    assert first_rating(only_blitz, default_sequence("standard", "ARG")) == (1800, "FIDE", "blitz")
    assert first_rating([], default_sequence("rapid")) == (0, "", "")
    with pytest.raises(ValueError, match="rate of play"):
        default_sequence("bullet")


def test_vcl4thp_Q128_ratings_of_other_lists_shown() -> None:
    p = Player(1, "Alpha, A", rating=2100)
    p.official_ratings = [
        OfficialRating("FIDE", "standard", 2100), OfficialRating("FIDE", "rapid", 2050), OfficialRating("ARG", "standard", 2180),
    ]  # fmt: skip
    assert other_ratings(p, "standard", "ARG") == [("FIDE", "rapid", 2050), ("ARG", "standard", 2180)]


def test_vcl4thp_Q133_Q142_check_proposes_and_never_applies_silently() -> None:
    svc = _service()
    lst = read_csv_list(_CSV.splitlines(), name="club.csv", scope="FIDE", date="2026-12-01")
    diffs = svc.rating_differences(lst, ["standard"])
    assert [(d.start_rank, d.recorded, d.listed) for d in diffs] == [(1, 2100, 2110), (3, 1900, 1890)]
    assert [p.rating for p in svc.state.header.iter_players()] == [2100, 2000, 1900]  # nothing changed
    before = len(svc.events)
    with pytest.raises(ArbitroError, match=r"2 rating\(s\) would change .*confirm"):
        svc.apply_rating_differences(lst, diffs, confirm=False)
    assert len(svc.events) == before and svc.state.player(1).rating == 2100
    event = svc.apply_rating_differences(lst, diffs, confirm=True)
    assert event.kind == "ratings_applied" and event.payload["previous"] == [2100, 1900]
    assert [p.rating for p in svc.state.header.iter_players()] == [2110, 2000, 1890]
    assert svc.rating_differences(lst, ["standard"]) == []


def test_vcl4thp_Q134_source_list_and_manual_flag_per_rating() -> None:
    svc = _service()
    svc.set_official_ratings(2, [OfficialRating("FIDE", "standard", 2001, manual=True)])
    lst = read_csv_list(_CSV.splitlines(), name="club.csv", scope="FIDE", date="2026-12-01")
    diffs = svc.rating_differences(lst, ["standard"])
    beta = next(d for d in diffs if d.start_rank == 2)
    assert beta.manual and "(typed by hand)" in str(beta)
    svc.apply_rating_differences(lst, diffs, confirm=True)
    source = svc.state.player(2).official_ratings[-1]
    assert (source.value, source.list_name, source.list_date, source.manual) == (2000, "club.csv", "2026-12-01", False)


def test_vcl4thp_Q144_apply_to_a_chosen_subset() -> None:
    svc = _service()
    lst = read_csv_list(_CSV.splitlines(), name="club.csv", scope="FIDE", date="2026-12-01")
    diffs = svc.rating_differences(lst, ["standard"])
    svc.apply_rating_differences(lst, diffs, confirm=True, only=[3])
    assert [p.rating for p in svc.state.header.iter_players()] == [2100, 2000, 1890]


def test_vcl4thp_Q137_the_list_valid_at_the_start_is_kept() -> None:
    svc = _service()
    lst = read_csv_list(_CSV.splitlines(), name="fide-2026-12.csv", scope="FIDE", date="2026-12-01")
    svc.keep_rating_list(lst, role="start", sha256="ab" * 32, path="open.lists/fide-2026-12.csv")
    with pytest.raises(ArbitroError, match="already kept"):
        svc.keep_rating_list(lst, role="start")
    kept = replay(svc.events).rating_lists
    assert [(k.role, k.name, k.date) for k in kept] == [("start", "fide-2026-12.csv", "2026-12-01")]


def test_vcl4thp_Q135_Q140_fide_list_at_most_one_day_old_while_running() -> None:
    now = dt.datetime(2026, 12, 5, 12, 0, tzinfo=dt.UTC)
    assert freshness(now - dt.timedelta(hours=23), now, running=True).ok
    stale = freshness(now - dt.timedelta(hours=30), now, running=True)
    assert not stale.ok and "30 hours ago" in stale.message and "at most one day old" in stale.message
    assert freshness(now - dt.timedelta(days=40), now, running=False).ok  # offline before the start


@pytest.mark.parametrize(
    ("method", "fide", "national", "expected"),
    [
        ("FIDE", 2000, 2100, 2000), ("FIDE", 0, 2100, 0),
        ("NRO", 2000, 2100, 2100), ("NRO", 2000, 0, 0),
        ("FIDON", 2000, 2100, 2000), ("FIDON", 0, 2100, 2100),
        ("NIDOF", 2000, 2100, 2100), ("NIDOF", 2000, 0, 2000),
        ("HBFN", 2000, 2100, 2100), ("HBFN", 2000, 0, 2000), ("HBFN", 0, 0, 0),
        ("LBFN", 2000, 2100, 2000),
    ],
)  # fmt: skip
def test_vcl4thp_Q145_tournament_rating_methods(method: str, fide: int, national: int, expected: int) -> None:
    assert tournament_rating(fide, national, method) == expected


def test_vcl4thp_Q145_other_keeps_the_arbiters_value_and_172_is_data() -> None:
    assert tournament_rating(2000, 2100, Method.OTHER, other=1950) == 1950
    assert split_rating_mode("ARG FIDON") == ("ARG", "FIDON")
    assert split_rating_mode("FIDE") == ("", "FIDE")
    svc = _service()
    svc.set_official_ratings(3, [OfficialRating("FIDE", "standard", 0), OfficialRating("ARG", "standard", 1960)])
    svc.set_rating_method("FIDON", "ARG")
    t = svc.state.to_tournament()
    assert (t.rating_federation, t.rating_method) == ("ARG", "FIDON")
    assert t.player(3).rating == 1960
    text = format_trf(t)
    assert "\n172 ARG FIDON\n" in text
    back = parse_trf(text).tournament
    assert (back.rating_federation, back.rating_method) == ("ARG", "FIDON")
    assert [(n.federation, n.rating) for n in back.player(3).national_ratings] == [("ARG", 1960)]
    with pytest.raises(ArbitroError, match="name the federation"):
        svc.set_rating_method("NRO")
    with pytest.raises(ArbitroError, match="expected one of"):
        svc.set_rating_method("ELO")


def test_vcl4thp_Q145_an_imported_file_keeps_its_172_method_and_national_ratings() -> None:
    from arbitro.tournament.importing import events_from_tournament

    t = parse_trf(
        "012 Open\n142 5\n172 ARG FIDON\n"
        "001    1      Alpha, A                          2100            1001             0.0    1\n"
        "001    2      Beta, B                                                            0.0    2\n"
        "ARG    2      Beta, B                           1850 ARG         A-7\n"
    ).tournament
    state = replay(events_from_tournament(t))
    assert state.header.rating_mode.split() == ["ARG", "FIDON"]
    assert [p.rating for p in state.header.iter_players()] == [2100, 1850]  # Beta: no FIDE rating, the national one
    text = format_trf(state.to_tournament())
    assert "\n172 ARG FIDON\n" in text
    assert [(n.federation, n.rating) for n in parse_trf(text).tournament.player(2).national_ratings] == [("ARG", 1850)]


def test_vcl4thp_Q133_a_player_typed_by_hand_is_compared_on_the_rate_of_play_only() -> None:
    svc = _service()
    lst = read_csv_list(_CSV.splitlines(), name="club.csv", scope="FIDE", date="2026-12-01")
    assert {(d.start_rank, d.kind) for d in svc.rating_differences(lst)} == {(1, "standard"), (3, "standard")}
    svc.change_settings(rating_type="rapid")
    diffs = svc.rating_differences(lst)
    # Beta has no rapid rating: the list's effective rapid rating is his standard 2000, as typed (Q118)
    assert {(d.start_rank, d.kind, d.recorded, d.listed) for d in diffs} == {(1, "rapid", 2100, 2050)}
    svc.apply_rating_differences(lst, diffs, confirm=True)
    alpha = svc.state.player(1)
    assert alpha.rating == 2050
    assert sorted((r.kind, r.value) for r in alpha.official_ratings) == [("blitz", 0), ("rapid", 2050), ("standard", 2110)]
