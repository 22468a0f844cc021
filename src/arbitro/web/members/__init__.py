"""Organisations and their members (issue 19 item 5, issue 32): who may run an organisation's desk.

The models (``Organisation``, ``Membership``) stay in the tournaments app, the site's data app.
"""
