"""Operations of the web face (issue 11, 32): caches, pages built ahead, backups, restores, the audit trail.

A Django app without models (:mod:`.apps` plugs the caches and the pre-build into the event-log port):
:mod:`.atomic` writes files all-or-nothing, :mod:`.backup` dumps and restores the
whole database or one tournament, :mod:`.audit` reads the event log as who/when/before/after.
"""
