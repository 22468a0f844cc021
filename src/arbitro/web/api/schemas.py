"""The schemas of the OpenAPI document of ``/api/v1/`` (:mod:`.openapi` builds the document around them).

Each API resource's JSON shape, by name (``#/components/schemas/<name>``); the settings the pairing
systems declare (``SystemSettings``) are generated from the registry in :mod:`.openapi`.
"""

from __future__ import annotations

from collections.abc import Mapping

from .jsontypes import JsonObject


def _ref(name: str) -> JsonObject:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(props: Mapping[str, object], required: list[str] | None = None) -> JsonObject:
    return {
        "type": "object",
        "properties": props,
        "required": required if required is not None else list(props),
    }


STR = {"type": "string"}
INT = {"type": "integer"}
BOOL = {"type": "boolean"}
DECIMAL = {"type": "string", "pattern": r"^-?\d+(\.\d+)?$", "description": "a decimal number as text"}
NULL_DECIMAL = {**DECIMAL, "nullable": True}
DATE = {"type": "string", "format": "date", "nullable": True}


def _list(item: Mapping[str, object]) -> JsonObject:
    return {"type": "array", "items": item}


SCHEMAS: JsonObject = {
    "Error": _obj(
        {
            "error": STR,
            "detail": STR,
            "retry_after": {"type": "integer", "minimum": 1},
            "count": {**INT, "description": "push: the server's number of events (409 gap, conflict)"},
            "position": {**INT, "description": "push: the position of the event that differs (409 conflict)"},
        },
        ["error", "detail"],
    ),
    "PushPosition": _obj(
        {
            "tournament": STR,
            "count": {**INT, "minimum": 0, "description": "the events of the server's log (0: no such tournament yet)"},
            "digest": {
                **STR,
                "description": "SHA-256 (hex) of one canonical JSON line per event (kind, payload; keys sorted)",
            },
        }
    ),
    "PushResult": _obj(
        {
            "tournament": STR,
            "count": {**INT, "minimum": 0},
            "digest": STR,
            "appended": {**INT, "minimum": 0, "description": "events of the batch appended now"},
            "skipped": {**INT, "minimum": 0, "description": "events of the batch the server already had"},
        }
    ),
    "PushBatch": _obj(
        {
            "start": {**INT, "minimum": 0, "description": "the events before this batch (its first is event start + 1)"},
            "events": {
                "type": "array",
                "maxItems": 500,
                "items": _obj({"kind": STR, "payload": {"type": "object"}}, ["kind"]),
            },
        }
    ),
    "PlayerRef": _obj({"start_rank": INT, "name": STR}),
    "TournamentSummary": _obj(
        {
            "slug": STR,
            "name": STR,
            "city": STR,
            "federation": STR,
            "start_date": DATE,
            "end_date": DATE,
            "status": {"type": "string", "enum": ["registration", "running", "finished"]},
            "version": {**INT, "description": "the tournament's log version: changes with every change"},
            "season": {**INT, "nullable": True},
            "category": STR,
            "organisation": {**STR, "description": "the slug of the organisation that runs it (/o/<slug>/)"},
        }
    ),
    "TournamentList": _obj({"tournaments": _list(_ref("TournamentSummary"))}),
    "Season": _obj({"year": INT, "name": STR, "tournaments": _list(_ref("TournamentSummary"))}),
    "SeasonList": _obj({"seasons": _list(_ref("Season"))}),
    "Tournament": {
        "allOf": [
            _ref("TournamentSummary"),
            _obj(
                {
                    "rounds": {**INT, "nullable": True, "description": "rounds planned (TRF 142)"},
                    "played_rounds": INT,
                    "players": INT,
                    "system": STR,
                    "maxi_tournament": {
                        **BOOL,
                        "description": "declared a Maxi-tournament (Lim, C.04.4.3 3.2.3; TRF 192 ..._MAXI); false for other systems",
                    },
                    "settings": _ref("SystemSettings"),
                    "time_control": STR,
                    "chief_arbiter": STR,
                    "tiebreaks": _list(STR),
                }
            ),
        ]
    },
    "Player": {
        "allOf": [
            _ref("PlayerRef"),
            _obj(
                {
                    "title": STR,
                    "rating": {**INT, "description": "FIDE rating, 0 when unrated"},
                    "federation": STR,
                    "fide_id": STR,
                    "sex": STR,
                    "points": DECIMAL,
                    "points_text": STR,
                }
            ),
        ]
    },
    "PlayerList": _obj({"players": _list(_ref("Player"))}),
    "CardRound": _obj(
        {
            "round": INT,
            # inline: a sibling of $ref is ignored in OpenAPI 3.0, so ``nullable`` needs the object here
            "opponent": {
                **_obj({"start_rank": INT, "name": STR}),
                "nullable": True,
                "description": "null: a bye",
            },
            "colour": {"type": "string", "enum": ["w", "b", ""]},
            "mark": {**STR, "description": "1 ½ 0 + - or a bye's points"},
            "kind": {"type": "string", "enum": ["", "pab", "full_bye", "half_bye", "zero_bye", "absent"]},
        }
    ),
    "PlayerCard": {"allOf": [_ref("Player"), _obj({"rounds": _list(_ref("CardRound"))})]},
    "RoundSummary": _obj({"round": INT, "paired": BOOL, "complete": BOOL, "boards": INT}),
    "RoundList": _obj({"rounds": _list(_ref("RoundSummary"))}),
    "Game": _obj(
        {
            "board": INT,
            "white": _ref("PlayerRef"),
            "black": _ref("PlayerRef"),
            "white_points": DECIMAL,
            "black_points": DECIMAL,
            "white_points_text": STR,
            "black_points_text": STR,
            "result": {**STR, "description": "1-0, ½-½, 1F-0F ...; empty while not entered"},
        }
    ),
    "Bye": _obj(
        {
            "player": _ref("PlayerRef"),
            "kind": {"type": "string", "enum": ["pab", "full_bye", "half_bye", "zero_bye", "absent"]},
            "code": STR,
            "points": DECIMAL,
            "points_text": STR,
        }
    ),
    "Round": {
        "allOf": [
            _ref("RoundSummary"),
            _obj({"games": _list(_ref("Game")), "byes": _list(_ref("Bye"))}),
        ]
    },
    "StandingsPlayer": _obj(
        {
            "start_rank": INT,
            "rank": INT,
            "values": {"type": "object", "additionalProperties": NULL_DECIMAL},
            "name": STR,
            "rank_text": STR,
            "points_text": STR,
            "values_text": {"type": "object", "additionalProperties": STR},
        }
    ),
    "Standings": _obj(
        {
            "rules": STR,
            "tiebreaks": _list(STR),
            "after_round": INT,
            "lots_seed": {**INT, "nullable": True},
            "players": _list(_ref("StandingsPlayer")),
            "warnings": _list(STR),
        }
    ),
    "Contribution": _obj(
        {
            "round": {**INT, "nullable": True},
            "opponent": {**INT, "nullable": True},
            "value": NULL_DECIMAL,
            "cut": BOOL,
            "note": STR,
        }
    ),
    "Explanation": _obj(
        {
            "code": STR,
            "start_rank": INT,
            "value": NULL_DECIMAL,
            "note": STR,
            "rounds": _list(_ref("Contribution")),
        }
    ),
    "StandingExplained": _obj(
        {
            "start_rank": INT,
            "name": STR,
            "rank": INT,
            "rank_text": STR,
            "points": DECIMAL,
            "points_text": STR,
            "explanations": _list(_ref("Explanation")),
        }
    ),
    "CrossRow": _obj(
        {
            "rank": INT,
            "player": _ref("PlayerRef"),
            "cells": _list(STR),
            "points": DECIMAL,
            "points_text": STR,
            "values_text": _list(STR),
        }
    ),
    "Crosstable": _obj(
        {"grid": BOOL, "columns": _list(STR), "tiebreaks": _list(STR), "rows": _list(_ref("CrossRow"))}
    ),
    "NormLine": _obj(
        {
            "start_rank": INT,
            "name": STR,
            "title": STR,
            "achieved": BOOL,
            "score_text": STR,
            "games": INT,
            "ra": {**INT, "nullable": True},
            "rp": {**INT, "nullable": True},
            "failed": _list(STR),
            "explanation": _list(STR),
        }
    ),
    "Norms": _obj(
        {
            "available": BOOL,
            "message": STR,
            "achieved": _list(_ref("NormLine")),
            "in_reach": _list(_ref("NormLine")),
            "forecasts": _list(STR),
        }
    ),

    # -- team competitions (issue 18) --
    "TeamRef": _obj({"number": {**INT, "description": "the team's pairing number (TPN, C.04.6 art. 1.1)"}, "name": STR}),
    "TeamPlayerRef": _obj({"id": INT, "name": STR}),
    "TeamMember": _obj(
        {"id": INT, "name": STR, "title": STR, "rating": INT, "federation": STR, "fide_id": STR}
    ),
    "Lineup": _obj(
        {
            "round": INT,
            "players": {
                **_list({**INT, "nullable": True}),
                "description": "the player of each board, board 1 first; null: an empty board",
            },
        }
    ),
    "TeamEntry": {
        "allOf": [
            _ref("TeamRef"),
            _obj(
                {
                    "rating": INT,
                    "members": {**_list(_ref("TeamMember")), "description": "ranked board order, reserves last"},
                    "lineups": _list(_ref("Lineup")),
                }
            ),
        ]
    },
    "TeamList": _obj({"teams": _list(_ref("TeamEntry"))}),
    "ScoreValues": _obj({"win": DECIMAL, "draw": DECIMAL, "loss": DECIMAL}),
    "TeamTournament": {
        "allOf": [
            _ref("TournamentSummary"),
            _obj(
                {
                    "system": {**STR, "description": "pairing-system registry key: team_swiss, team_round_robin, ..."},
                    "system_name": STR,
                    "boards": INT,
                    "rounds": INT,
                    "played_rounds": INT,
                    "teams": INT,
                    "primary_score": {"type": "string", "enum": ["MP", "GP"], "description": "C.04.6 art. 1.2"},
                    "colour_preferences": {"type": "string", "enum": ["A", "B", "none"], "description": "C.04.6 art. 1.7"},
                    "match_points": _ref("ScoreValues"),
                    "game_points": _ref("ScoreValues"),
                    "tiebreaks": _list(STR),
                }
            ),
        ]
    },
    "TeamRoundSummary": _obj(
        {"round": INT, "matches": INT, "complete": BOOL, "bye": {**INT, "nullable": True, "description": "TPN"}}
    ),
    "TeamRoundList": _obj({"rounds": _list(_ref("TeamRoundSummary"))}),
    "BoardResult": _obj(
        {
            "board": INT,
            "colour": {"type": "string", "enum": ["w", "b"], "description": "the first team's player's colour"},
            "white_team_player": {**_obj({"id": INT, "name": STR}), "nullable": True, "description": "null: empty board"},
            "black_team_player": {**_obj({"id": INT, "name": STR}), "nullable": True, "description": "null: empty board"},
            "result": {**STR, "description": "TRF code from the first team's side (1 = 0 + - ...); * pending"},
            "result_text": {**STR, "description": "1-0, ½-½, 0F-1F ...; empty while pending"},
        }
    ),
    "TeamMatch": _obj(
        {
            "table": INT,
            "white": {**_ref("TeamRef"), "description": "the team with White on board 1 (art. 1.6.1)"},
            "black": _ref("TeamRef"),
            "score": {**STR, "description": "2½-1½; + - / - + / - - for a whole-match forfeit; empty while nothing is entered"},
            "white_points": {**STR, "description": "game points as a decimal, empty while nothing is entered"},
            "black_points": STR,
            "complete": BOOL,
            "forfeit": {"type": "string", "enum": ["", "+-", "-+", "--"], "description": "TRF 330"},
            "boards": _list(_ref("BoardResult")),
        }
    ),
    "TeamRound": _obj(
        {
            "round": INT,
            "complete": BOOL,
            "bye": {**_obj({"number": INT, "name": STR}), "nullable": True},
            "matches": _list(_ref("TeamMatch")),
        }
    ),
    "TeamStandingsRow": {
        "allOf": [
            _ref("TeamRef"),
            _obj(
                {
                    "rank": INT,
                    "match_points": DECIMAL,
                    "game_points": DECIMAL,
                    "match_points_text": STR,
                    "game_points_text": STR,
                    "values": {
                        "type": "object",
                        "additionalProperties": {"type": "string", "pattern": r"^-?\d+(\.\d+)?(/-?\d+(\.\d+)?)*$"},
                        "description": "each tie-break as a decimal (parts joined by / for a multi-part value)",
                    },
                    "values_text": {"type": "object", "additionalProperties": STR},
                }
            ),
        ]
    },
    "TeamStandings": _obj(
        {
            "primary_score": {"type": "string", "enum": ["MP", "GP"]},
            "tiebreaks": _list(STR),
            "after_round": INT,
            "teams": _list(_ref("TeamStandingsRow")),
        }
    ),
    "BoardStandingsRow": _obj(
        {
            "rank": INT,
            "id": INT,
            "name": STR,
            "team": {**_obj({"number": INT, "name": STR}), "nullable": True},
            "points": DECIMAL,
            "points_text": STR,
            "games": {**INT, "description": "games played over the board (forfeits are points, not games)"},
            "percentage": DECIMAL,
            "performance": {**INT, "nullable": True},
        }
    ),
    "BoardStandings": _obj(
        {
            "min_games": INT,
            "boards": _list(_obj({"board": INT, "players": _list(_ref("BoardStandingsRow"))})),
        }
    ),
}
