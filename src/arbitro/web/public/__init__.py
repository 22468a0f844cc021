"""The public pages (issue 32): a published tournament's pages, the home, organisation and federation
pages, a person's page, the documents to download, and what a player does from them (a bye request,
"my tournaments").

Reads through the event-log port (:mod:`arbitro.web.tournaments.eventlog`) and the presentation
(:mod:`arbitro.web.tournaments.present`); no models of its own.
"""
