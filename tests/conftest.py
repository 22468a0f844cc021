"""Test-suite root. The fixture files live in ``tests/fixtures``; their path is in tests/fixture_paths.py.

``tools/`` goes on ``sys.path`` so that the tests (and the tools they load) find the reference
programs through the one module that knows where they are, ``tools/refprogs.py`` (issue 32).
"""

import sys
from pathlib import Path

_TOOLS = str(Path(__file__).resolve().parents[1] / "tools")
if _TOOLS not in sys.path:
    sys.path.insert(0, _TOOLS)
