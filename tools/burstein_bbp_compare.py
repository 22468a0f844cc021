"""Replay bbpPairings ``--burstein`` tournaments with Arbitro's Burstein engine (issue 17).

Every round of every TRF file in the folder is re-paired from its own history
with ``BursteinOptions.bbp()`` and compared with the file (pairs, colours and
the PAB). Prints one line per differing round and the totals; exit code 1 when
any round differs.

    nice -n 10 .venv/bin/python tools/burstein_bbp_compare.py [FOLDER] [--rules]

``FOLDER`` defaults to the one tools/refprogs.py finds (``$ARBITRO_BURSTEIN_BBP``)
(files made by ``bbpPairings.exe --burstein -g``; they are not kept in the
repository). ``--rules`` pairs with the 2026 defaults instead and counts the
rounds where they depart from bbp.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from refprogs import burstein_folder

from arbitro.pairing.burstein import BursteinOptions, pair_round
from arbitro.pairing.checker import recorded_pairing, same_pairing
from arbitro.pairing.types import NoValidPairing
from arbitro.trf import load_trf


def main(argv: list[str]) -> int:
    rules = "--rules" in argv
    args = [a for a in argv if not a.startswith("--")]
    folder = Path(args[0]) if args else burstein_folder()
    files = sorted(folder.glob("*.trf"))
    if not files:
        print(f"no TRF files in {folder}", file=sys.stderr)
        return 2
    opts = BursteinOptions() if rules else BursteinOptions.bbp()
    rounds = bad = 0
    sizes = []
    start = time.process_time()
    for path in files:
        t = load_trf(path).tournament
        sizes.append(len(t.players))
        for rnd in range(1, t.played_rounds + 1):
            rounds += 1
            try:
                mine = pair_round(t, rnd, opts)
            except NoValidPairing:
                mine = None
            if mine is None or not same_pairing(mine, recorded_pairing(t, rnd)):
                bad += 1
                print(f"{path.name}: round {rnd} differs")
    cpu = time.process_time() - start
    print(
        f"{len(files)} tournaments ({min(sizes)}-{max(sizes)} players), {rounds} rounds: "
        f"{rounds - bad} identical, {bad} different; {cpu:.1f} s CPU"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
