"""A tournament row that is a team competition (its log holds team events, :mod:`arbitro.tournament.team_log`)."""

from __future__ import annotations

from django.db import models

from arbitro.web.tournaments.models import Tournament


class TeamCompetition(models.Model):
    """Marks ``tournament`` as a team competition; its state is its event log, nothing else."""

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="team_competition")

    def __str__(self) -> str:
        return f"team competition {self.tournament_id}"


def is_team(row: Tournament) -> bool:
    """Is ``row`` a team competition? (one query per row instance; Django caches the answer)."""
    return hasattr(row, "team_competition")
