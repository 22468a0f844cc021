"""Errors shared by the core and the faces.

:class:`ArbitroError` carries a message meant for a person (the arbiter at the
desk), never a traceback. The CLI turns it into one line on stderr and exit
code 2 (or the code it carries); the web turns it into a form error.
"""

from __future__ import annotations


class ArbitroError(Exception):
    """A problem a user caused and can fix; ``str(err)`` is the whole message."""

    exit_code: int = 2

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code
