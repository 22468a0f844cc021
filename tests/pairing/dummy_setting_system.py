"""A dummy pairing system that declares one setting (issue 32 item 3): its module and its registry entry only.

"Top against next" as in :mod:`tests.pairing.dummy_system`, with one declared setting,
``reverse_boards``: when set, the boards are listed from the last to the first. The
setting is a flag the ``192`` code declares by the suffix ``_REV``. Nothing else in the
tree names it: the command line, the web form, the API, the TRF and the core's settings
command take it from this declaration. Not a FIDE system: a seam test.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from arbitro.errors import msg
from arbitro.model import Tournament
from arbitro.pairing import registry
from arbitro.pairing.registry import PairingSystem, PairOptions, SystemKind
from arbitro.pairing.types import Board, RoundPairing, SettingType, SystemSetting

KEY = "reversible_test"
SETTING_KEY = "reverse_boards"
LABEL = "Reverse the boards (seam test)"

SETTING = SystemSetting(
    key=SETTING_KEY,
    type=SettingType.BOOL,
    label=msg("setting.reverse_boards", LABEL),
    help=msg("setting.reverse_boards.help", "The last pair on board 1."),
    article="none",
    default=False,
    trf_suffix="_REV",
)


def pair(t: Tournament, round_number: int | None, options: PairOptions) -> RoundPairing:
    number = round_number if round_number is not None else t.played_rounds + 1
    absent = t.byes_for_round(number)
    present = [p.start_rank for p in t.iter_players() if p.start_rank not in absent]
    bye = present.pop() if len(present) % 2 else None
    boards = [Board(a, b) for a, b in zip(present[::2], present[1::2], strict=True)]
    if options.value(SETTING_KEY) is True:
        boards.reverse()
    return RoundPairing(round=number, boards=tuple(boards), bye=bye, unpaired=dict(absent))


SYSTEM = PairingSystem(
    key=KEY,
    name="Reversible test system",
    article="none",
    kind=SystemKind.SWISS,
    trf_codes=("ARBITRO_REVERSIBLE_TEST",),
    engine=f"{__name__}:pair",
    type_text="Individual: reversible top against next (test)",
    settings=(SETTING,),
)


@contextmanager
def registered() -> Iterator[PairingSystem]:
    """The dummy system in the registry for the duration of a test."""
    registry.register(SYSTEM)
    try:
        yield SYSTEM
    finally:
        registry.unregister(KEY)
