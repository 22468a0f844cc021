"""The read-only JSON API under ``/api/v1/`` (issue 19 item 1; docs/api.md).

It serves the rows of the core presentation layer (:mod:`arbitro.views`, the
per-version caches of :mod:`arbitro.web.tournaments.present`) as JSON: the same
data as the public pages, never formatted again here.
"""
