"""The team systems register themselves into the pairing registry (issue 32 item 1).

``arbitro.pairing`` imports nothing above it: a process that only uses the registry loads no team
module, and importing any team module makes the three team systems known by key, alias and
TRF 092/192 code, as they were when the registry listed them itself (C.04.6; C.05 team tables).
"""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import sys
from arbitro.pairing import registry
before = [m for m in sys.modules if m.startswith("arbitro.teams")]
known = [s.key for s in registry.all_systems()]
import arbitro.trf.teams  # any team module
after = [s.key for s in registry.all_systems()]
print(before, known, after[len(known):], registry.by_trf_code("FIDE_TEAM_TYPEA_MP_GP").key,
      registry.get("team-drr").key)
"""


def test_the_registry_loads_no_team_module_and_a_team_module_registers_the_team_systems() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == (
        "[] ['dutch', 'burstein', 'dubov', 'lim', 'double_swiss', 'round_robin', 'double_round_robin'] "
        "['team_swiss', 'team_round_robin', 'team_double_round_robin'] team_swiss team_double_round_robin"
    )
