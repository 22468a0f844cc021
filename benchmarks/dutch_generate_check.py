"""Generate random Dutch tournaments, write them as TRF-2026, read them back and check every round.

Usage: python benchmarks/dutch_generate_check.py [COUNT] [MAX_PLAYERS] [--bbp-compat] [--keep DIR]
(default 200, 60)

The Dutch run of ``swiss_generate_check.py`` (the same generator axes: 5-13 rounds,
forfeits, retirements, half-point byes, 3-1-0 every fifth seed; the absolute criteria
audited as well); prints one line per tournament and a summary. The round trip through
the TRF writer and reader is part of what is checked.
"""

from __future__ import annotations

import sys

from swiss_generate_check import main

if __name__ == "__main__":
    sys.exit(main(["dutch", *sys.argv[1:]]))
