"""The OpenAPI 3 document of ``/api/v1/``: one source, served at ``/api/v1/openapi.json``.

``docs/api/openapi.json`` is this document written out
(``python -m arbitro.web.api.openapi > docs/api/openapi.json``); a test checks
the two are equal, and schemathesis checks the app against it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from arbitro.pairing import registry
from arbitro.pairing.types import SettingType, SystemSetting

from .jsontypes import JsonObject

VERSION = "1.0.0"


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

_HEADERS = {
    "ETag": {"description": "the tournament's log version", "schema": STR},
    "Last-Modified": {"description": "the tournament's last change", "schema": STR},
    "Access-Control-Allow-Origin": {"schema": {"type": "string", "enum": ["*"]}},
}


def _error(description: str) -> JsonObject:
    return {"description": description, "content": {"application/json": {"schema": _ref("Error")}}}


_COMMON = {
    "304": {"description": "Not modified (If-None-Match matched the ETag)"},
    "429": {
        **_error("Too many requests from this address"),
        "headers": {"Retry-After": {"description": "seconds to wait", "schema": INT}},
    },
}


def _get(
    summary: str,
    schema: str,
    *,
    params: list[JsonObject] | None = None,
    errors: dict[str, str] | None = None,
    tag: str = "tournaments",
    operation: str = "",
) -> JsonObject:
    responses: JsonObject = {
        "200": {
            "description": summary,
            "headers": _HEADERS,
            "content": {"application/json": {"schema": _ref(schema)}},
        },
        **_COMMON,
    }
    for code, text in (errors or {}).items():
        responses[code] = _error(text)
    op: JsonObject = {
        "summary": summary,
        "operationId": operation or schema[0].lower() + schema[1:],
        "tags": [tag],
        "responses": responses,
    }
    if params:
        op["parameters"] = params
    return {"get": op}


def _path_param(name: str, schema: Mapping[str, object], description: str) -> JsonObject:
    return {"name": name, "in": "path", "required": True, "description": description, "schema": schema}


SLUG = _path_param(
    "slug", {"type": "string", "pattern": r"^[-a-zA-Z0-9_]+$"}, "the tournament's slug (as on its pages)"
)
ROUND = _path_param("round", {"type": "integer", "minimum": 1, "maximum": 999}, "round number")
START_RANK = _path_param(
    "start_rank", {"type": "integer", "minimum": 1, "maximum": 99999}, "the player's start rank"
)
NOT_FOUND = {"404": "No published tournament with this slug"}
TEAM_NOT_FOUND = {"404": "No published team competition with this slug"}


def _query(name: str, schema: Mapping[str, object], description: str) -> JsonObject:
    return {"name": name, "in": "query", "required": False, "description": description, "schema": schema}


def _setting_schema(s: SystemSetting) -> JsonObject:
    """One declared setting (issue 32 item 3): its type, values and where it comes from."""
    carrier = f"TRF 192 suffix {s.trf_suffix}" if s.trf_suffix else (f"TRF record {s.trf_record}" if s.trf_record else "")
    systems = ", ".join(x.key for x in registry.all_systems() if x.declares(s.key))
    described = s.title + (f"; {carrier}" if carrier else "") + f"; systems: {systems}"
    if s.type is SettingType.BOOL:
        return {**BOOL, "description": described}
    if s.type is SettingType.INT:
        bounds = {k: v for k, v in (("minimum", s.minimum), ("maximum", s.maximum)) if v is not None}
        return {**INT, **bounds, "description": described}
    return {**STR, "enum": list(s.values), "description": described + '; "" none'}


def system_settings_schema() -> JsonObject:
    """``SystemSettings``: the settings the registered pairing systems declare, generated from the
    declarations (a tournament carries those of its own system, each with its value in force)."""
    declared = registry.declared_settings()
    return {
        "type": "object",
        "description": "The settings the tournament's pairing system declares, by key, with their values in "
        "force (the defaults when not set); only those of its system",
        "properties": {key: _setting_schema(s) for key, s in declared.items()},
    }


PUSH_SLUG = _path_param(
    "slug", {"type": "string", "pattern": r"^[-a-z0-9_]{1,80}$"}, "the tournament's slug on this server"
)


def _push() -> JsonObject:
    """``/push/{slug}`` (issue 37 item 5): a venue installation pushes a tournament's event log."""
    auth = {
        "400": _error("A slug, body or event that is not understood"),
        "401": _error("No token, or a token unknown or revoked"),
        "403": _error("The tournament belongs to another organisation"),
        "429": _COMMON["429"],
    }
    common: JsonObject = {"tags": ["push"], "parameters": [PUSH_SLUG], "security": [{"token": []}]}
    return {
        "get": {
            **common,
            "summary": "Where the server's log of this tournament stands: its number of events and their digest",
            "operationId": "pushPosition",
            "responses": {
                "200": {"description": "the position", "content": {"application/json": {"schema": _ref("PushPosition")}}},
                **auth,
                "409": _error("The tournament here cannot receive a push (an imported file, a team competition)"),
            },
        },
        "post": {
            **common,
            "summary": "Append a batch of events: those the server has (identical) are skipped; a different "
            "event at a known position is refused (409 conflict), a batch past the end too (409 gap)",
            "operationId": "pushBatch",
            "requestBody": {"required": True, "content": {"application/json": {"schema": _ref("PushBatch")}}},
            "responses": {
                "200": {"description": "appended", "content": {"application/json": {"schema": _ref("PushResult")}}},
                **auth,
                "409": _error("gap (send from the server's count), conflict (the logs diverged), changed_meanwhile"),
                "413": _error("A batch over 500 events or 2 MB"),
            },
        },
    }


def build() -> JsonObject:
    t = "/tournaments/{slug}"
    tt = "/teams/{slug}"
    return {
        "openapi": "3.0.3",
        "info": {
            "title": "Arbitro results API",
            "version": VERSION,
            "description": "Read-only results of the published tournaments (docs/api.md), and /push for an organisation's "
            "venue installation to publish a tournament with its token. Every GET 200 carries an "
            "ETag and Last-Modified; send If-None-Match to get a 304. CORS: any origin may GET. "
            "Rate limited per client address (429 with Retry-After).",
        },
        "servers": [{"url": "/api/v1"}],
        "paths": {
            "/tournaments": _get(
                "Published tournaments",
                "TournamentList",
                params=[
                    _query(
                        "organisation",
                        {"type": "string", "pattern": "^[-A-Za-z0-9_]{1,60}$"},
                        "an organisation's slug: only its tournaments",
                    ),
                    _query(
                        "federation", {"type": "string", "pattern": "^[A-Za-z]{3}$"}, "FIDE code, e.g. ARG"
                    ),
                    _query(
                        "status",
                        {"type": "string", "enum": ["registration", "running", "finished"]},
                        "registration, running or finished",
                    ),
                    _query(
                        "from", {"type": "string", "format": "date"}, "still running on or after this date"
                    ),
                    _query("to", {"type": "string", "format": "date"}, "started on or before this date"),
                ],
                errors={"400": "A filter that is not understood"},
            ),
            "/seasons": _get("The federation's seasons with their published tournaments", "SeasonList"),
            "/seasons/{year}": _get(
                "One season",
                "Season",
                params=[_path_param("year", {"type": "integer", "minimum": 1, "maximum": 9999}, "e.g. 2026")],
                errors={"404": "No such season"},
            ),
            t: _get("A tournament", "Tournament", params=[SLUG], errors=NOT_FOUND),
            f"{t}/players": _get("Its players, by start rank", "PlayerList", params=[SLUG], errors=NOT_FOUND),
            f"{t}/players/{{start_rank}}": _get(
                "A player with every recorded round",
                "PlayerCard",
                params=[SLUG, START_RANK],
                errors={"404": "No such tournament or player"},
            ),
            f"{t}/rounds": _get("Its paired rounds", "RoundList", params=[SLUG], errors=NOT_FOUND),
            f"{t}/rounds/{{round}}": _get(
                "A round: boards in C.04.2 3.6 order with results, then byes",
                "Round",
                params=[SLUG, ROUND],
                errors={"404": "No such tournament or round"},
            ),
            f"{t}/standings": _get(
                "Standings after the complete rounds (C.07 tie-breaks)",
                "Standings",
                params=[SLUG],
                errors={**NOT_FOUND, "409": "The standings cannot be computed yet"},
            ),
            f"{t}/standings/{{start_rank}}": _get(
                "One player's standing with the explanation of every tie-break value",
                "StandingExplained",
                params=[SLUG, START_RANK],
                errors={"404": "No such tournament or player", "409": "The standings cannot be computed yet"},
            ),
            f"{t}/crosstable": _get(
                "Crosstable (Berger grid or Swiss cells)",
                "Crosstable",
                params=[SLUG],
                errors={**NOT_FOUND, "409": "The standings cannot be computed yet"},
            ),
            f"{t}/norms": _get(
                "Title norms achieved, in reach, forecasts (B.01)", "Norms", params=[SLUG], errors=NOT_FOUND
            ),
            "/teams": _get("Published team competitions", "TournamentList", tag="teams", operation="teamTournamentList"),
            tt: _get("A team competition", "TeamTournament", params=[SLUG], errors=TEAM_NOT_FOUND, tag="teams"),
            f"{tt}/teams": _get(
                "Its teams: ranked board order and the line-up of every match",
                "TeamList",
                params=[SLUG],
                errors=TEAM_NOT_FOUND,
                tag="teams",
            ),
            f"{tt}/rounds": _get("Its paired rounds", "TeamRoundList", params=[SLUG], errors=TEAM_NOT_FOUND, tag="teams"),
            f"{tt}/rounds/{{round}}": _get(
                "A round: matches in pairing order with their board results, then the bye",
                "TeamRound",
                params=[SLUG, ROUND],
                errors={"404": "No such team competition or round"},
                tag="teams",
            ),
            f"{tt}/standings": _get(
                "Team standings: match and game points, then the C.07 team tie-breaks",
                "TeamStandings",
                params=[SLUG],
                errors=TEAM_NOT_FOUND,
                tag="teams",
            ),
            f"{tt}/boards": _get(
                "Board standings (board prizes)", "BoardStandings", params=[SLUG], errors=TEAM_NOT_FOUND, tag="teams"
            ),
            "/push/{slug}": _push(),
        },
        "components": {
            "schemas": {**SCHEMAS, "SystemSettings": system_settings_schema()},
            "securitySchemes": {"token": {"type": "http", "scheme": "bearer", "description": "an organisation's API token"}},
        },
    }


def document_bytes() -> bytes:
    """The served bytes (and the docs copy): indented, keys in a stable order, UTF-8, a final newline.

    Built again when a pairing system is registered or removed (its declared settings are in it)."""
    return _document_bytes(registry.generation())


@cache
def _document_bytes(generation: int) -> bytes:
    return (json.dumps(build(), indent=2, ensure_ascii=False) + "\n").encode()


if __name__ == "__main__":
    import sys

    sys.stdout.buffer.write(document_bytes())
