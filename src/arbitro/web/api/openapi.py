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
from .schemas import BOOL, INT, SCHEMAS, STR, _list, _obj, _ref  # noqa: F401 - the document's building blocks

VERSION = "1.0.0"


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
