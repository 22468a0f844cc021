"""``arbitro check`` of the 284-player, 7-round FIDE example in process (issue 16: goal 3 s).

Usage: python benchmarks/dutch_check.py [TRF ...]
(default: tests/fixtures/trf/fide-example1-karl-mala-2005.trf)

Prints per file the CPU seconds of checking every round (as ``arbitro check`` does: each
differing round is re-paired once more for every bbpPairings departure that changes its
position), the rounds that agree, how many weighted-matching runs that took against the trials
asked for, and the CPU seconds of one plain pairing per round for comparison.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

from arbitro.pairing import checker
from arbitro.pairing.dutch import pair_round
from arbitro.pairing.dutch_state import DutchOptions
from arbitro.pairing.types import NoValidPairing
from arbitro.trf import read_trf

DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "trf" / "fide-example1-karl-mala-2005.trf"


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or [DEFAULT]
    for path in paths:
        t = read_trf(path)
        runs = trials = 0
        original = checker._Trials.pair

        def counting(self: checker._Trials, options: DutchOptions, original=original) -> object:  # type: ignore[no-untyped-def]
            nonlocal runs, trials
            before = len(self.done)
            out = original(self, options)
            trials += 1
            runs += len(self.done) - before
            return out

        checker._Trials.pair = counting  # type: ignore[method-assign]
        c0 = time.process_time()
        checks = list(checker.check_rounds(t))
        cpu = time.process_time() - c0
        checker._Trials.pair = original  # type: ignore[method-assign]
        c0 = time.process_time()
        for rnd in range(1, t.played_rounds + 1):
            with contextlib.suppress(NoValidPairing):
                pair_round(t, rnd, DutchOptions())
        once = time.process_time() - c0
        agree = sum(c.agrees for c in checks)
        print(
            f"{path.name}: {len(t.players)} players, {t.played_rounds} rounds, {agree} agree;"
            f" check {cpu:.2f} s CPU ({runs} matchings for {trials} trials);"
            f" one pairing per round {once:.2f} s CPU"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
