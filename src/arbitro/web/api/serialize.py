"""Rows of the core presentation layer as JSON objects: field by field, no formatting of our own.

Texts (``2½``, ``1-0``, ``12w1``, tie-break columns) are the ones
:mod:`arbitro.views` computes for every face; points are decimal strings
(:func:`arbitro.views.value_text`: ``2.5``, ``3``), the standings keep the
precision of :meth:`arbitro.standings.Standings.as_dict` (docs/formats/standings.md).
"""

from __future__ import annotations

from collections.abc import Mapping

from arbitro.model import Player
from arbitro.model import Tournament as CoreTournament
from arbitro.pairing import registry
from arbitro.pairing import settings as system_settings
from arbitro.pairing.types import SettingValue
from arbitro.standings import Standings
from arbitro.teams.model import Member, TeamEvent
from arbitro.views import (
    ByeRow,
    Crosstable,
    GameRow,
    PlayerCard,
    RoundSheet,
    StandingsLine,
    points_text,
    value_text,
)
from arbitro.views import teams as team_views
from arbitro.web.tournaments import models, present
from arbitro.web.tournaments.norms import NormLine, NormReport

from .jsontypes import JsonObject


def player_ref(p: Player) -> JsonObject:
    return {"start_rank": p.start_rank, "name": p.name}


def player(p: Player, t: CoreTournament) -> JsonObject:
    points = p.score(t.scoring)
    return {
        **player_ref(p),
        "title": p.title,
        "rating": p.rating,
        "federation": p.federation,
        "fide_id": p.fide_id,
        "sex": p.sex,
        "points": value_text(points),
        "points_text": points_text(points),
    }


def player_card(card: PlayerCard, t: CoreTournament) -> JsonObject:
    """A player with every recorded round (:func:`arbitro.views.player_card`): opponent, colour, mark, bye kind."""
    return {
        **player(card.player, t),
        "rounds": [
            {
                "round": r.round,
                "opponent": player_ref(r.opponent) if r.opponent is not None else None,
                "colour": r.colour,
                "mark": r.mark,
                "kind": r.kind,
            }
            for r in card.rows
        ],
    }


def tournament_summary(row: models.Tournament) -> JsonObject:
    return {
        "slug": row.slug,
        "name": row.name,
        "city": row.city,
        "federation": row.federation,
        "start_date": row.start_date.isoformat() if row.start_date else None,
        "end_date": row.end_date.isoformat() if row.end_date else None,
        "status": row.status,
        "version": row.version,
        "season": row.season.year if row.season_id and row.season else None,
        "category": row.category,
        "organisation": row.organisation.slug,
    }


def season(s: models.Season, rows: list[models.Tournament]) -> JsonObject:
    return {"year": s.year, "name": s.name, "tournaments": [tournament_summary(r) for r in rows]}


def settings(t: CoreTournament, said: Mapping[str, SettingValue] | None = None) -> dict[str, SettingValue]:
    """The settings the tournament's pairing system declares (issue 32 item 3), each with its value in
    force: ``said`` (the event log's), else what the file's ``192`` declares; the default otherwise."""
    system = registry.of_tournament(t)
    return system_settings.in_force(system, registry.settings_of_file(t) if said is None else said)


def tournament_info(
    row: models.Tournament, t: CoreTournament, said: Mapping[str, SettingValue] | None = None
) -> JsonObject:
    return {
        **tournament_summary(row),
        "rounds": t.rounds,
        "played_rounds": t.played_rounds,
        "players": len(t.players),
        "system": t.system,
        "maxi_tournament": present.maxi_tournament(t),  # as the public info page says it
        "settings": settings(t, said),
        "time_control": t.time_control,
        "chief_arbiter": t.chief_arbiter,
        "tiebreaks": list(t.standings_tiebreaks or t.tiebreaks),
    }


def game(g: GameRow) -> JsonObject:
    return {
        "board": g.board,
        "white": player_ref(g.white),
        "black": player_ref(g.black),
        "white_points": value_text(g.white_points),
        "black_points": value_text(g.black_points),
        "white_points_text": g.white_points_text,
        "black_points_text": g.black_points_text,
        "result": g.result,
    }


def bye(b: ByeRow) -> JsonObject:
    return {
        "player": player_ref(b.player),
        "kind": b.kind,
        "code": b.code.strip(),
        "points": value_text(b.points),
        "points_text": b.points_text,
    }


def round_summary(sheet: RoundSheet) -> JsonObject:
    return {
        "round": sheet.round,
        "paired": sheet.paired,
        "complete": sheet.complete,
        "boards": len(sheet.games),
    }


def round_sheet(sheet: RoundSheet) -> JsonObject:
    return {
        **round_summary(sheet),
        "games": [game(g) for g in sheet.games],
        "byes": [bye(b) for b in sheet.byes],
    }


def standings(st: Standings, rows: list[StandingsLine]) -> JsonObject:
    """:meth:`Standings.as_dict` (the one JSON shape) with each player's name and the texts of the views' rows."""
    data = st.as_dict()
    text = {r.player.start_rank: r for r in rows}
    codes = list(st.tiebreaks[1:])
    players = []
    for entry in data["players"]:
        line = text[entry["start_rank"]]
        players.append(
            {
                **entry,
                "name": line.player.name,
                "rank_text": line.rank_text,
                "points_text": line.points_text,
                "values_text": dict(zip(codes, line.values, strict=True)),
            }
        )
    data["players"] = players
    data["warnings"] = list(st.warnings)
    return data


def crosstable(table: Crosstable) -> JsonObject:
    return {
        "grid": table.grid,
        "columns": list(table.columns),
        "tiebreaks": list(table.tiebreaks),
        "rows": [
            {
                "rank": r.rank,
                "player": player_ref(r.player),
                "cells": list(r.cells),
                "points": value_text(r.points),
                "points_text": r.points_text,
                "values_text": list(r.values),
            }
            for r in table.rows
        ],
    }


def norm_line(n: NormLine) -> JsonObject:
    return {
        "start_rank": n.start_rank,
        "name": n.name,
        "title": n.title,
        "achieved": n.achieved,
        "score_text": n.score,
        "games": n.games,
        "ra": n.ra,
        "rp": n.rp,
        "failed": list(n.failed),
        "explanation": list(n.explanation),
    }


def norms(report: NormReport) -> JsonObject:
    return {
        "available": report.available,
        "message": report.message,
        "achieved": [norm_line(n) for n in report.achieved],
        "in_reach": [norm_line(n) for n in report.in_reach],
        "forecasts": list(report.forecasts),
    }


# -- team competitions (issue 18): the rows of arbitro.views.teams ---------------------------


def team_member(m: Member) -> JsonObject:
    return {
        "id": m.id, "name": m.name, "title": m.title, "rating": m.rating, "federation": m.federation,
        "fide_id": str(m.fide_id) if m.fide_id else "",
    }  # fmt: skip


def team_ref(event: TeamEvent, tpn: int) -> JsonObject:
    return {"number": tpn, "name": event.teams[tpn].name}


def team_event_info(row: models.Tournament, event: TeamEvent, system_name: str) -> JsonObject:
    s = event.scoring
    codes, _lines = team_views.team_standings_table(event)
    return {
        **tournament_summary(row),
        "system": event.system,
        "system_name": system_name,
        "boards": event.boards,
        "rounds": event.rounds,
        "played_rounds": event.played_rounds(),
        "teams": len(event.teams),
        "primary_score": event.primary.value,
        "colour_preferences": event.colour_type.value,
        "match_points": {"win": team_views.fraction_text(s.match_win), "draw": team_views.fraction_text(s.match_draw), "loss": team_views.fraction_text(s.match_loss)},
        "game_points": {"win": team_views.fraction_text(s.game_win), "draw": team_views.fraction_text(s.game_draw), "loss": team_views.fraction_text(s.game_loss)},
        "tiebreaks": codes,
    }


def team_list(event: TeamEvent) -> JsonObject:
    """Every team in TPN order with its ranked board order (reserves last) and the line-up of each match."""
    return {
        "teams": [
            {
                **team_ref(event, tpn),
                "rating": team.rating,
                "members": [team_member(m) for m in team.members],
                "lineups": [{"round": r, "players": list(ids)} for r, ids in team_views.team_lineups(event, tpn)],
            }
            for tpn, team in sorted(event.teams.items())
        ]
    }


def _team_player(event: TeamEvent, pid: int | None) -> JsonObject | None:
    return {"id": pid, "name": event.players[pid].name} if pid else None


def team_round_summary(event: TeamEvent, rnd: int) -> JsonObject:
    matches, bye = team_views.match_sheet(event, rnd)
    return {"round": rnd, "matches": len(matches), "complete": all(m.complete for m in matches), "bye": bye}


def team_round(event: TeamEvent, rnd: int) -> JsonObject:
    matches, bye = team_views.match_sheet(event, rnd)
    return {
        "round": rnd,
        "complete": all(m.complete for m in matches),
        "bye": team_ref(event, bye) if bye else None,
        "matches": [
            {
                "table": m.table,
                "white": team_ref(event, m.white),
                "black": team_ref(event, m.black),
                "score": m.score,
                "white_points": m.white_points,
                "black_points": m.black_points,
                "complete": m.complete,
                "forfeit": m.forfeit,
                "boards": [
                    {
                        "board": b.board,
                        "colour": b.colour,
                        "white_team_player": _team_player(event, b.white_team_player),
                        "black_team_player": _team_player(event, b.black_team_player),
                        "result": b.result,
                        "result_text": b.result_text,
                    }
                    for b in m.boards
                ],
            }
            for m in matches
        ],
    }


def team_standings(event: TeamEvent) -> JsonObject:
    codes, lines = team_views.team_standings_table(event)
    return {
        "primary_score": event.primary.value,
        "tiebreaks": codes,
        "after_round": event.played_rounds(),
        "teams": [
            {
                "rank": t.rank,
                **team_ref(event, t.team),
                "match_points": t.match_points_value,
                "game_points": t.game_points_value,
                "match_points_text": t.match_points,
                "game_points_text": t.game_points,
                "values": dict(zip(codes, t.values, strict=True)),
                "values_text": dict(zip(codes, t.tiebreaks, strict=True)),
            }
            for t in lines
        ],
    }


def board_standings(event: TeamEvent, min_games: int) -> JsonObject:
    table = team_views.board_standings_table(event, min_games)
    return {
        "min_games": min_games,
        "boards": [
            {
                "board": board,
                "players": [
                    {
                        "rank": r.rank, "id": r.player, "name": r.name,
                        "team": team_ref(event, r.team) if r.team else None,
                        "points": r.points_value, "points_text": r.points, "games": r.games,
                        "percentage": r.percentage, "performance": int(r.performance) if r.performance else None,
                    }  # fmt: skip
                    for r in rows
                ],
            }
            for board, rows in sorted(table.items())
        ],
    }
