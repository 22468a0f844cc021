"""Core messages carry a code and parameters for the faces to translate (issue 15 item 7)."""

from __future__ import annotations

import pickle

import pytest

from arbitro.errors import ArbitroError, Message, msg
from arbitro.tournament import TournamentService


def test_a_message_is_its_english_text_with_code_and_params() -> None:
    m = msg("pair.incomplete", "pair: round {round} is not complete: no result yet on board(s) {boards}", round=4, boards="2, 3")
    assert m == "pair: round 4 is not complete: no result yet on board(s) 2, 3"
    assert isinstance(m, str) and m.code == "pair.incomplete" and m.params == {"round": 4, "boards": "2, 3"}
    back = pickle.loads(pickle.dumps(m))  # caches may pickle it
    assert isinstance(back, Message) and back.code == m.code and back == m


def test_an_error_made_from_a_message_carries_its_code_also_after_pickling() -> None:
    err = ArbitroError(msg("publish.already", "publish: round {round} is already published", round=1))
    assert str(err) == "publish: round 1 is already published" and err.code == "publish.already"
    assert err.params == {"round": 1} and err.exit_code == 2
    back = pickle.loads(pickle.dumps(err))
    assert back.code == "publish.already" and str(back) == str(err)
    plain = ArbitroError("something")
    assert plain.code == "" and plain.params == {}


def test_the_service_raises_coded_errors_c04_2_pairing_needs_complete_round() -> None:
    svc = TournamentService(author="t")
    svc.create(name="X", system="dutch", rounds=3)
    for name in ("A", "B", "C", "D"):
        svc.register_player(name)
    svc.pair_next_round(seed=1)
    svc.publish_round()
    with pytest.raises(ArbitroError) as info:
        svc.pair_next_round()
    assert info.value.code == "pair.incomplete" and info.value.params["round"] == 1
    with pytest.raises(ArbitroError) as info:
        svc.publish_round()
    assert info.value.code == "publish.already"
