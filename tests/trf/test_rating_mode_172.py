"""TRF-2026 ``172`` (tournament-rating method) and the national-rating lines as data (VCL4THP Q145, issue 34)."""

from __future__ import annotations

from arbitro.model import RATING_METHODS, Player, Tournament
from arbitro.ratings.lists import Method
from arbitro.trf import format_trf, parse_trf


def test_vcl4thp_Q145_every_172_method_is_read_and_written_as_data() -> None:
    assert tuple(Method) == RATING_METHODS
    for method in RATING_METHODS:
        t = Tournament(name="Open", rating_mode=f"arg {method.lower()}")
        t.players[1] = Player(1, "Alpha, A", rating=2000)
        text = format_trf(t)
        assert f"\n172 ARG {method}\n" in text
        back = parse_trf(text)
        assert not back.warnings
        assert (back.tournament.rating_federation, back.tournament.rating_method) == ("ARG", method)


def test_vcl4thp_Q145_an_unknown_172_method_is_named_and_kept() -> None:
    t = Tournament(name="Open", rating_mode="ARG ELO")
    t.players[1] = Player(1, "Alpha, A", rating=2000)
    text = format_trf(t)
    back = parse_trf(text)
    assert any("172 method" in str(w) and "'ELO'" in str(w) for w in back.warnings)
    assert back.tournament.rating_mode == "ARG ELO"
