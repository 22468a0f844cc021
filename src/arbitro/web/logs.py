"""Server console logging: a refused request is one line, not a traceback (issue 20).

Django logs a 403 (``PermissionDenied``, a CSRF failure) and a 404 on the
``django.request`` logger with the exception attached, so the console showed a
whole traceback for a user clicking where they may not go. :class:`OneLineRefusals`
keeps the message ("Forbidden (Permission denied): /desk/x/") and drops the
traceback for 4xx answers; server errors (5xx) keep theirs.
"""

from __future__ import annotations

import logging


class OneLineRefusals(logging.Filter):
    """Drop the traceback of ``django.request`` records about 4xx responses."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True
