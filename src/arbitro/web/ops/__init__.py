"""Operations of the web face (issue 11): backups, restores and the audit trail.

Plain modules over the Django project (not a Django app: no models, no migrations):
:mod:`.atomic` writes files all-or-nothing, :mod:`.backup` dumps and restores the
whole database or one tournament, :mod:`.audit` reads the event log as who/when/before/after.
"""
