"""A published team competition built through the team desk service (issue 18), for the API tests."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model

from arbitro.web.teams import desk, service
from arbitro.web.tournaments import models
from arbitro.web.tournaments.desk.base import submit


def chief_user(username: str = "team-chief") -> Any:
    user = get_user_model().objects.create_user(username, password="pw-team-chief-1")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


def played_team_event(teams: int = 5, boards: int = 2, rounds: int = 3, played: int = 2) -> models.Tournament:
    """``teams`` teams (one reserve each) of a Team Swiss, ``played`` rounds entered: in round 1 the first
    match has an empty board lost by forfeit, the second match is forfeited as a whole (TRF 330)."""
    user = chief_user()
    row = service.create(
        {"name": "Liga API", "system": "team_swiss", "boards": boards, "rounds": rounds,
         "match_win": 2, "match_draw": 1, "match_loss": 0, "start_date": None, "end_date": None},
        user,
    )  # fmt: skip
    for t in range(1, teams + 1):
        players = "\n".join(f"Jugador {t}.{i}, Club; {2300 - 40 * t - i}" for i in range(1, boards + 2))
        submit(desk.RegisterTeam, row, {"name": f"Club {t}", "players": players}, user)
    codes = ["1", "=", "0"]
    for rnd in range(1, played + 1):
        row.refresh_from_db()
        submit(desk.Pair, row, {}, user)  # a draft (issue 32), then published as at the individual desk
        row.refresh_from_db()
        submit(desk.Publish, row, {}, user)
        row.refresh_from_db()
        st = service.state(row)
        for i, (white, _black) in enumerate(st.pairings[rnd]):
            row.refresh_from_db()
            data = {"round": str(rnd), "match": str(white)}
            if rnd == 1 and i == 1:
                data["forfeit"] = "+-"
            else:
                for b in range(1, boards + 1):
                    data[f"r_{b}"] = codes[(i + b + rnd) % 3]
                if rnd == 1 and i == 0:
                    data[f"r_{boards}"] = "-"  # the first team's player of the last board did not come
            submit(desk.SaveMatch, row, data, user)
    row.refresh_from_db()
    row.published = True
    row.save(update_fields=["published"])
    return row
