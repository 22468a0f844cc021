"""FIDE pairing systems: the registry (:mod:`.registry`) and one engine module per system.

Importing the package registers the built-in individual systems (:mod:`.systems`).
"""

from arbitro.pairing import systems as _systems  # noqa: F401 - registers the built-in systems
