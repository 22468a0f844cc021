"""Which section of the manual explains each page of the app: the header's help link.

:data:`HELP` maps a page's URL name (``namespace:name``) to ``chapter#anchor``; a page not in it
(an error page, the Django admin) gets :data:`DEFAULT`. :data:`NOT_PAGES` lists the URL names
that answer with a file, a redirect or JSON, never with a page of the site (no help link to
choose). ``tests/web/test_manual.py`` checks that every URL name of the app is in one of the
two and that every target exists in both languages.
"""

from __future__ import annotations

from django.urls import reverse

from arbitro.web.teams import desk as team_desk
from arbitro.web.tournaments.desk import operations

DEFAULT = "index#about"

HELP: dict[str, str] = {
    # public pages
    "tournaments:home": "documents#public-pages",
    "tournaments:info": "documents#public-pages",
    "tournaments:players": "players#player-list",
    "tournaments:pairings_current": "pairing#public-pairings",
    "tournaments:pairings": "pairing#public-pairings",
    "tournaments:standings": "tiebreaks#standings",
    "tournaments:crosstable": "documents#crosstable",
    "tournaments:norms": "documents#norms",
    "tournaments:player": "documents#player-page",
    "tournaments:person": "ratings#person-pages",
    "tournaments:federation": "tournament#rulebook",
    "tournaments:org_federation": "tournament#rulebook",
    "tournaments:organisation": "tournament#organisations",
    # logging in, players
    "tournaments:login": "index#logging-in",
    "tournaments:mine": "index#players-area",
    "tournaments:request_bye": "byes#requesting",
    # the desk
    "tournaments:desk": "tournament#desk-home",
    "tournaments:desk_create": "tournament#creating",
    "tournaments:desk_import": "tournament#importing",
    "tournaments:desk_panel": "tournament#desk-panel",
    # the desk's operations that can answer with a page (a confirmation): from their list
    **operations.help_targets(),
    "tournaments:desk_settings": "tournament#settings",
    "tournaments:desk_players": "players#registering",
    "tournaments:desk_player_edit": "players#editing",
    "tournaments:desk_log": "records#event-log",
    "tournaments:desk_audit": "records#audit-trail",
    "tournaments:desk_members": "tournament#members",
    "tournaments:desk_logins": "index#logging-in",
    # team competitions
    "teams:standings": "teams#team-standings",
    "teams:pairings": "teams#team-pairings",
    "teams:pairings_current": "teams#team-pairings",
    "teams:boards": "teams#team-standings",
    "teams:norms": "teams#team-norms",
    "teams:team": "teams#team-standings",
    "teams:player": "teams#team-standings",
    "teams:desk_create": "teams#creating-teams",
    "teams:desk_panel": "teams#match-results",
    **team_desk.help_targets(),  # the team desk's operations that can answer with a page: from their list
    "teams:desk_settings": "teams#team-settings",
    # the one page of the Django admin the manual describes (its template carries the link too)
    "admin:tournaments_ratinglist_import": "ratings#admin-import",
    # the manual itself
    "manual:index": "index#about",
    "manual:page": "index#about",
}

NOT_PAGES = frozenset(
    {
        "tournaments:version",  # JSON
        "tournaments:download",  # a PDF
        "tournaments:desk_download",  # a PDF or a TRF
        "tournaments:desk_export",  # a TRF
        "tournaments:set_language",  # a redirect
        "tournaments:logout",  # a redirect
        "tournaments:after_login",  # a redirect: to the desk or to the player's page
        *operations.redirects(),  # the desk's other operations: a redirect to the panel
        "teams:download",
        "teams:desk_download",
        "teams:desk_export",
        *team_desk.redirects(),  # the team desk's other operations: a redirect to the panel
    }
)


def target(view_name: str | None) -> str:
    """``chapter#anchor`` for a page's URL name (the default for any other page)."""
    return HELP.get(view_name or "", DEFAULT)


def url(view_name: str | None) -> str:
    """The help link's address for a page's URL name."""
    slug, _, anchor = target(view_name).partition("#")
    base = reverse("manual:index") if slug == "index" else reverse("manual:page", args=[slug])
    return f"{base}#{anchor}" if anchor else base
