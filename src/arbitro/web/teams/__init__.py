"""The web face of team competitions (issue 18): desk, public pages, the team TRF download.

A team competition is a :class:`~arbitro.web.tournaments.models.Tournament` row whose event
log (:class:`~arbitro.web.tournaments.models.TournamentEvent`) holds the team events of
:mod:`arbitro.tournament.team_log`; :class:`models.TeamCompetition` marks the row as a team one. No
rule lives here: the commands are :class:`arbitro.tournament.team_log.TeamService`'s.
"""
