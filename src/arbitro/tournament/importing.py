"""Turning a tournament read from a TRF file into an event log, to run it on.

Used to continue, in Arbitro, a tournament started elsewhere (``arbitro
tournament new FILE --from-trf OTHER.trf``) or to give an imported TRF a log
in the web app. The events say what the file says: the players with their
pairing numbers, each round's boards, byes and results, the requested byes
(``240``). A ``###`` line saying FIDE mode was left becomes that event; a
``192`` declaring a system's setting by its suffix (a Maxi-tournament, ``..._MAXI``, C.04.4.3 3.2.3)
a ``settings_changed``.
A round without an opponent keeps its value: blank or ``-`` becomes ``Z``,
``+`` becomes ``F`` (a second ``U`` too), as the log knows only F/H/Z byes.

Every imported round is checked against the pairing system's absolute criteria
(VCL4THP Q54: C.04.1 art. 2, 4, 6, 7 for a Swiss, C.04.5 [C1]-[C2] for a Double
Swiss, no rematch in a single round robin): a file whose rounds break them is
refused with the list (:class:`BrokenRounds`) unless the arbiter confirmed it
(Level 3, VCL4THP Q55); then each such round is logged with a
``### Import @ Round n: ...`` line.
"""

from __future__ import annotations

import re
from typing import Any

from arbitro.errors import ArbitroError
from arbitro.model import Colour, ResultCode, Tournament
from arbitro.pairing import registry
from arbitro.tournament.events import Event, now_utc
from arbitro.tournament.fide import check_scoring
from arbitro.tournament.state import replay
from arbitro.views.rounds import round_sheet

__all__ = [
    "BrokenRounds",
    "broken_rounds",
    "events_from_tournament",
    "fide_exit_on_import",
    "import_exit_token",
    "import_note",
]

_BY_OUTCOME = {"W": "F", "D": "H", "L": "Z"}


def _scoring(t: Tournament) -> dict[str, str] | None:
    if t.scoring.is_standard:
        return None
    return {name: str(getattr(t.scoring, name)) for name in t.scoring.__dataclass_fields__}


class BrokenRounds(ArbitroError):
    """Imported rounds break the pairing system's absolute criteria (VCL4THP Q54-Q55).

    ``rounds`` maps each such round to what it breaks. The import goes on only when the
    arbiter confirms it (Level 3: confirm or cancel); each round is then written as
    ``### Import @ Round n``.
    """

    def __init__(self, rounds: dict[int, list[str]]) -> None:
        self.rounds = rounds
        lines = [f"round {r}: {text}" for r, texts in sorted(rounds.items()) for text in texts]
        super().__init__(
            "import: the file's rounds break the pairing rules (absolute criteria, C.04.1); "
            "confirm the import to keep them as they are:\n  " + "\n  ".join(lines)
        )


def broken_rounds(t: Tournament) -> dict[int, list[str]]:
    """Each played round of ``t`` that breaks its system's absolute criteria, with what it breaks (VCL4THP Q54).

    A Swiss (C.04.1 2026): no rematch (art. 2; a game lost by forfeit is no meeting), one
    pairing-allocated bye and none after an unplayed win (art. 4), colour difference within
    +-2 and never three same colours in a row (art. 6-7), through
    :func:`arbitro.pairing.absolute.breaches`, the check ``arbitro check`` applies to a round
    paired by hand. A Double Swiss: C.04.5 [C1]-[C2] and the two games of a match (4.4), a match
    ``k`` reported at its first column. A single round robin: no rematch (C.05, every pair meets
    once); its colours follow the Berger tables, not C.04.1, and a double round robin meets twice.
    """
    from arbitro.pairing.absolute import breaches, double_swiss_violations

    system = registry.of_tournament(t)
    found: dict[int, list[str]] = {}
    if system.kind is registry.SystemKind.DOUBLE_SWISS:
        games = system.games_per_round
        for text in double_swiss_violations(t):
            match = re.search(r"match (\d+)", text)
            k = games * (int(match.group(1)) - 1) + 1 if match else 1
            found.setdefault(k, []).append(text)
        return found
    if system.is_round_robin:
        if system.double:
            return found
        pairs = [(k, text) for k, text in breaches(t) if "art. 2" in text]
    else:
        pairs = breaches(t)
    for k, text in pairs:
        found.setdefault(k, []).append(text)
    return found


def import_note(round_number: int, texts: list[str], author: str, stamp: str) -> str:
    """The ``### Import @ Round n`` line of an imported round that breaks the rules (VCL4THP Q55)."""
    return f"Import @ Round {round_number}: imported as it was by {author} on {stamp}, breaking " + "; ".join(texts)


def fide_exit_on_import(t: Tournament) -> str:
    """Why importing ``t`` would leave FIDE mode (its scoring is refused there), or ``""``.

    A file that already says it left FIDE mode (a ``###`` line) leaves nothing: it is out already.
    """
    if any(note.startswith("FIDE mode left") for note in t.comments):
        return ""
    try:
        check_scoring(t.scoring)
    except ArbitroError as err:
        return str(err)
    return ""


def import_exit_token(t: Tournament) -> str:
    """The token the second step of an import that leaves FIDE mode repeats (Level 4, VCL4THP Q43):
    ``LEAVE-`` and six hex digits of the file's name, scoring and players, shown only by the first step."""
    import hashlib

    scoring = ",".join(f"{k}={getattr(t.scoring, k)}" for k in sorted(t.scoring.__dataclass_fields__))
    seed = f"{t.name}|{scoring}|{sorted(t.players)}|{t.played_rounds}"
    return "LEAVE-" + hashlib.sha256(seed.encode("utf-8")).hexdigest()[:6].upper()


def events_from_tournament(
    t: Tournament,
    *,
    author: str = "import",
    timestamp: str | None = None,
    accept_broken_rounds: bool = False,
    leave_fide_mode_token: str = "",
) -> list[Event]:
    """The events that rebuild ``t`` (its players, rounds and requested byes).

    Raises :class:`BrokenRounds` when some round breaks the absolute criteria
    (:func:`broken_rounds`, VCL4THP Q54) unless ``accept_broken_rounds`` (the arbiter's
    Level-3 confirmation, Q55): then each such round's ``round_paired`` carries its
    ``### Import @ Round n`` note.

    A file whose scoring is refused in FIDE mode leaves it (VCL4THP Q42-Q43): a Level-4 exit, refused
    with the consequences and :func:`import_exit_token` unless ``leave_fide_mode_token`` repeats it.
    """
    stamp = timestamp or now_utc()
    events: list[Event] = []

    def emit(kind: str, payload: dict[str, Any]) -> None:
        events.append(Event(kind, payload, stamp, author))

    system = registry.of_tournament(t)
    if system not in list(registry.service_systems()):
        raise ArbitroError(f"092: a {system.name} cannot be run by the tournament service")
    rounds = t.rounds if t.rounds is not None else (t.played_rounds or None)
    if not system.is_round_robin and rounds is None:
        raise ArbitroError("142: the file does not say how many rounds the tournament has")
    emit(
        "tournament_created",
        {
            "name": t.name or "Imported tournament",
            "system": system.key,
            "rounds": None if system.is_round_robin else rounds,
            "city": t.city,
            "federation": t.federation,
            "start_date": t.start_date.isoformat() if t.start_date else "",
            "end_date": t.end_date.isoformat() if t.end_date else "",
            "chief_arbiter": t.chief_arbiter,
            "time_control": t.time_control,
            "time_control_code": t.time_control_code,
            "initial_colour": t.initial_colour.value if t.initial_colour in (Colour.WHITE, Colour.BLACK) else None,
            "scoring": _scoring(t),
            "bye_limits": None,
            "tiebreaks": list(t.tiebreaks),
            **(
                {"accelerations": [[a.start_rank, a.round, str(a.points)] for a in t.accelerations]}
                if t.accelerations
                else {}
            ),
        },
    )
    declared = registry.settings_of_file(t)  # the 192 code's setting suffixes (FIDE_LIM_MAXI, C.04.4.3 3.2.3)
    if declared:  # settings of the log, as the desk would have said them (issue 32)
        emit("settings_changed", dict(declared))
    for player in t.iter_players():
        emit(
            "player_registered",
            {
                "start_rank": player.start_rank,
                "name": player.name,
                "rating": player.rating,
                "title": player.title,
                "federation": player.federation,
                "fide_id": player.fide_id,
                "sex": player.sex,
                "birth_date": player.birth_date,
                "missed_rounds": "Z",
            },
        )
    if len(t.players) >= 2:
        emit("pairing_numbers_assigned", {"order": sorted(t.players), "method": "imported"})
    left = [note for note in t.comments if note.startswith("FIDE mode left")]
    if not left:
        why = fide_exit_on_import(t)
        if why:
            expected = import_exit_token(t)
            if leave_fide_mode_token.strip().upper() != expected:
                raise ArbitroError(
                    f"import: WARNING (1 of 2): {why}: importing this file leaves FIDE mode for good; the TRF and "
                    "the event log say so (a ### line), the FIDE-mode checks stop and the federation may refuse "
                    f"to rate the tournament. Nothing was imported: to import it out of FIDE mode, confirm a "
                    f"second time with the token {expected}"
                )
            left = [f"FIDE mode left on {stamp} by {author}: imported file: {why}"]
    for note in left[:1]:
        emit("fide_mode_left", {"reason": "", "note": note})
    broken = broken_rounds(t)
    if broken and not accept_broken_rounds:
        raise BrokenRounds(broken)
    for r in range(1, t.played_rounds + 1):
        _round_events(t, r, emit, import_note(r, broken[r], author, stamp) if r in broken else "")
    games = system.games_per_round  # a two-game system's 240 counts matches; the log counts TRF columns
    for bye in t.requested_byes:
        emit("bye_requested", {"player": bye.start_rank, "round": games * (bye.round - 1) + 1, "kind": bye.kind})
    replay(events)  # the file must make a consistent log
    return events


def _round_events(t: Tournament, r: int, emit: Any, note: str = "") -> None:
    boards: list[tuple[int, int, ResultCode, ResultCode]] = []
    seen: set[int] = set()
    bye: int | None = None
    unpaired: list[list[Any]] = []
    for player in t.iter_players():
        res = player.result(r)
        if res is None:
            unpaired.append([player.start_rank, "Z"])
            continue
        if res.opponent is None:
            if res.code is ResultCode.PAIRING_BYE and bye is None:
                bye = player.start_rank
            else:
                # F/H/Z as written; other codes without an opponent (``0000 - +``, ``0000 - -``, blank)
                # become the bye worth the same: win -> F, draw -> H, loss or absence -> Z
                kind = res.code.value if res.code.value in ("F", "H", "Z") else _BY_OUTCOME[res.code.outcome]
                unpaired.append([player.start_rank, kind])
            continue
        if player.start_rank in seen:
            continue
        other = t.players.get(res.opponent)
        back = other.result(r) if other is not None else None
        if back is None or back.opponent != player.start_rank:
            raise ArbitroError(
                f"round {r}: player {player.start_rank} meets {res.opponent}, who does not meet {player.start_rank}"
            )
        seen.update((player.start_rank, res.opponent))
        if res.colour is Colour.BLACK or (res.colour is not Colour.WHITE and back.colour is Colour.WHITE):
            boards.append((res.opponent, player.start_rank, back.code, res.code))
        else:
            boards.append((player.start_rank, res.opponent, res.code, back.code))
    # the log keeps the boards in the order every face shows them (C.04.2 3.6, Berger order)
    shown = {frozenset(g.pair): i for i, g in enumerate(round_sheet(t, r).games)}
    boards.sort(key=lambda game: shown.get(frozenset(game[:2]), len(shown)))
    emit(
        "round_paired",
        {
            "round": r,
            "boards": [[w, b] for w, b, _, _ in boards],
            "bye": bye,
            "unpaired": unpaired,
            "engine": "imported",
            **({"note": note} if note else {}),
        },
    )
    for index, (_, _, white, black) in enumerate(boards, start=1):
        if ResultCode.UNKNOWN in (white, black):  # TRF-2026 ``?``: adjourned or postponed (VCL4THP Q166)
            emit("game_adjourned", {"round": r, "board": index, "status": "adjourned"})
        elif ResultCode.NOT_PAIRED not in (white, black):  # a blank result: the game is still to be played
            emit("result_entered", {"round": r, "board": index, "white": white.value, "black": black.value})

