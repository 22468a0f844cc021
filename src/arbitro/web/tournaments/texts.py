"""The web's translations of the core's coded messages (issue 15 item 7).

The core raises :class:`~arbitro.errors.ArbitroError` made from a
:class:`~arbitro.errors.Message`: a stable ``code``, the English template and its
``params``. This table gives each code its gettext template (the same English
sentence, with ``%(name)s`` for the template's ``{name}``; Spanish in the
catalogue). :func:`text` fills the reader's template with the same parameters,
translating a parameter that is itself a message (a field's label) first.

A message whose maker gave its own words per language (a rulebook's texts,
:func:`arbitro.errors.translated`: the web names no federation) is said in those.
A message without a code, or with a code this table does not know, is shown as
the core wrote it (English): ``tests/web/test_catalogue.py`` fails when a core
code is missing here, or when its parameters differ from the core's template.

An entry is either one template or ``(singular, plural, count_param)`` for
``ngettext``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext_lazy as _

from arbitro.errors import ArbitroError, Message
from arbitro.tournament.results import ResultSyntaxError

Plural = tuple[str, str, str]

TEXTS: dict[str, Promise | Plural] = {
    # tournament life
    "tournament.not_created": _("the tournament has not been created yet"),
    "tournament.finished": _("the tournament is finished; re-open it first"),
    "tournament.exists": _("the tournament already exists"),
    "create.no_name": _("name: a tournament needs a name"),
    "create.swiss_rounds": _(
        "rounds: a Swiss tournament needs the number of rounds announced in advance (C.04.1 art. 1)"
    ),
    "create.rr_rounds": _("rounds: a round robin's rounds follow from the number of players; leave it out"),
    "create.end_before_start": _("end date: %(end)s is before the start date %(start)s"),
    "create.initial_colour": _("initial colour: expected w or b, got %(got)r"),
    "field.date": _("%(label)s: expected YYYY-MM-DD, got %(text)r"),
    # field labels (parameters of other messages)
    "field.start_date": _("start date"),
    "field.end_date": _("end date"),
    "field.tournament_name": _("tournament name"),
    "field.city": _("city"),
    "field.federation": _("federation"),
    "field.chief_arbiter": _("chief arbiter"),
    "field.deputy_arbiter": _("deputy arbiter"),
    "field.time_control": _("time control"),
    "field.time_control_code": _("time control code"),
    "field.player_name": _("player name"),
    "field.fide_id": _("FIDE id"),
    "field.birth_date": _("birth date"),
    "field.title": _("title"),
    "field.reason": _("reason"),
    "text.control": _("%(label)s: must not contain control characters or line breaks (found %(found)s)"),
    "text.too_long": _("%(label)s: at most %(width)s characters (found %(length)s)"),
    # players
    "player.no_name": _("name: a player needs a name"),
    "player.title": _("title: expected one of %(titles)s or nothing, got %(got)r"),
    "player.rating": _("rating: expected 0 (unrated) to 3500, got %(got)s"),
    "player.sex": _("sex: expected m, w or nothing, got %(got)r"),
    "player.duplicate_fide_id": _("FIDE id: %(fide_id)s is already registered"),
    "player.rr_late_entry": _("a round robin cannot take a late entry once round 1 has been paired (C.05 Annex 1)"),
    "player.missing": _("player: no player with pairing number %(number)s (players: %(known)s)"),
    "player.none_yet": _("none yet"),
    "remove.paired": _("remove: round 1 has been paired; withdraw player %(player)s instead (C.04.2 3.2)"),
    "numbers.too_few": _("pairing numbers: register at least 2 players first"),
    "numbers.rr_paired": _("pairing numbers: a round robin's numbers cannot change once round 1 is paired"),
    "numbers.late": _("pairing numbers: they may not change after round %(round)s has been paired (C.04.2 2.3)"),
    "withdraw.paired": _(
        "withdraw: round %(round)s is already paired; enter the result of the game (e.g. a forfeit) and "
        "withdraw the player from round %(next)s"
    ),
    "withdraw.already": _("withdraw: player %(player)s has already withdrawn (from round %(round)s)"),
    "withdraw.no_round": _("withdraw: the tournament has %(total)s rounds; there is no round %(round)s"),
    # byes
    "bye.round_robin": _(
        "bye: in a round robin every game is fixed by the Berger table; a player who cannot play "
        "loses by forfeit (enter 0F-1F) or withdraws"
    ),
    "bye.withdrawn": _("bye: player %(player)s has withdrawn"),
    "bye.duplicate": _("bye: player %(player)s already has a bye for round %(round)s"),
    "bye.none": _("bye: player %(player)s has no requested bye for round %(round)s"),
    "bye.kind": _("bye: kind: expected H (half-point), Z (zero-point) or F (full-point), got %(got)r"),
    "bye.paired": _("bye: round %(round)s is already paired; a bye can only be requested for a round not yet paired"),
    "bye.no_round": _("bye: the tournament has %(total)s rounds; there is no round %(round)s"),
    "bye.deadline": _("bye: the deadline has passed: byes must be requested before round %(round)s is paired"),
    "bye.closed_round": _("bye: byes are allowed only up to round %(last)s, not in round %(round)s"),
    "bye.maximum.H": (
        "bye: the tournament allows at most %(maximum)s half-point bye per player; this player already has %(already)s",
        "bye: the tournament allows at most %(maximum)s half-point byes per player; this player already has %(already)s",
        "maximum",
    ),
    "bye.maximum.Z": (
        "bye: the tournament allows at most %(maximum)s zero-point bye per player; this player already has %(already)s",
        "bye: the tournament allows at most %(maximum)s zero-point byes per player; this player already has %(already)s",
        "maximum",
    ),
    "bye.maximum.F": (
        "bye: the tournament allows at most %(maximum)s full-point bye per player; this player already has %(already)s",
        "bye: the tournament allows at most %(maximum)s full-point byes per player; this player already has %(already)s",
        "maximum",
    ),
    "bye.full_point": _("full-point byes are deprecated by FIDE (VCL.17); use them only if the rules allow"),
    "bye.half_point_again": (
        "player %(player)s already has %(count)s half-point bye (TEC checklist)",
        "player %(player)s already has %(count)s half-point byes (TEC checklist)",
        "count",
    ),
    # rounds and pairing
    "round.none": _("no round has been paired yet"),
    "round.missing": _("round: rounds 1-%(last)s are paired; there is no round %(round)s"),
    "pair.incomplete": _("pair: round %(round)s is not complete: no result yet on board(s) %(boards)s"),
    "pair.too_few": _("pair: register at least 2 players first"),
    "pair.all_paired": _("pair: all %(total)s rounds have been paired"),
    "pair.impossible": _("pair: no valid pairing exists for round %(round)s (%(article)s [C1]-[C3]): %(why)s"),
    "pair.engine": _("pair: the %(system)s cannot pair round %(round)s: %(why)s"),
    "publish.already": _("publish: round %(round)s is already published"),
    "bye.match_column": _(
        "bye: round column %(column)s is game %(game)s of round %(round)s; a bye applies to the whole match "
        "(C.04.5 Preface): request it for column %(first)s"
    ),
    "pair.second_game": _("pair: round column %(column)s is the second game of a match already paired"),
    "change.not_last_match": _("change pairing: only the last paired match (rounds %(first)s-%(last)s) can be changed"),
    "change.not_last": _("change pairing: only the last paired round (%(round)s) can be changed"),
    "change.has_results": _("change pairing: round %(round)s already has results on board(s) %(boards)s"),
    "change.withdrawn": _("change pairing: player %(player)s has withdrawn"),
    "change.twice": _("change pairing: player(s) %(players)s appear more than once"),
    "change.left_out": _("change pairing: player(s) %(players)s would be left without a game or bye"),
    "change.same": _("change pairing: the new pairing is the same as the current one"),
    "change.reason": _(
        "change pairing: round %(round)s is published; FIDE mode needs the reason for changing it (C.04.2 4.4)"
    ),
    "change.prohibited": _("change pairing: %(white)s and %(black)s may not meet (prohibited pairing)"),
    "change.rematch": _(
        "change pairing: %(white)s and %(black)s already played each other in round %(round)s; "
        "FIDE mode refuses a rematch (C.04.1 art. 2)"
    ),
    "change.colour_difference": _(
        "change pairing: %(name)s (%(player)s) gets %(colour)s and a colour difference of %(diff)s "
        "(C.04.1 art. 6 allows -2..+2)"
    ),
    "change.colour_three": _(
        "change pairing: %(name)s (%(player)s) gets %(colour)s for the third time in a row (C.04.1 art. 7)"
    ),
    "colour.white": _("White"),
    "colour.black": _("Black"),
    "change.second_pab": _(
        "change pairing: player %(player)s already had the pairing-allocated bye; FIDE mode refuses a second one "
        "(C.04.1 art. 4)"
    ),
    # results
    "result.has_result": _("result: round %(round)s board %(board)s already has %(result)s; use a correction to change it"),
    "result.no_board": _("result: round %(round)s has boards 1-%(last)s; there is no board %(board)s"),
    "correction.no_result": _("correction: round %(round)s board %(board)s has no result yet; enter it instead"),
    "correction.same": _("correction: round %(round)s board %(board)s already has %(result)s"),
    "fide.left": _("FIDE mode: the tournament has already left FIDE mode"),
    "fide.confirm": _(
        "FIDE mode: leaving FIDE mode cannot be undone and is written into the TRF; confirm it explicitly"
    ),
    "finish.incomplete": _("finish: round %(round)s has no result yet on board(s) %(boards)s"),
    "finish.early": _("finished after %(played)s of %(total)s rounds"),
    "reopen.not_finished": _("re-open: the tournament is not finished"),
    "bye.limit": _("bye limits: %(key)s: expected a whole number >= 0, got %(got)r"),
    "player.rating_type": _("rating type: expected one of %(types)s, got %(got)r"),
    "create.scoring_value": _("scoring: %(key)s: expected a number such as 1 or 0.5, got %(got)r"),
    "player.missed_rounds": _("missed rounds: expected Z or H, got %(got)r"),
    "pair.cover": _("pair: the engine's pairing of round %(round)s does not cover the players present"),
    "create.system": _("system: expected one of %(systems)s, got %(got)r"),
    "fide.scoring": _(
        "scoring: two draws worth more than a win and a loss are refused in FIDE mode "
        "(draw %(draw)s, win %(win)s, loss %(loss)s)"
    ),
    "fide.rr_buchholz": _(
        "tie-breaks: %(tiebreaks)s belong to the Buchholz family, which FIDE mode does not use in a round robin (C.07)"
    ),
    # norm forecasts (B.01; arbitro.titles.norms.forecast)
    "forecast.paired": _("%(rank)s %(name)s: %(title)s norm with %(needed)s in round %(round)s (vs %(opponent)s)"),
    "forecast.line": _("%(rank)s %(name)s: %(title)s norm with %(needed)s"),
    "forecast.any_result": _("any result"),
    "forecast.draw_or_win": _("a draw or a win"),
    "forecast.win": _("a win"),
    "forecast.any_from_last": (
        "any results from the last %(left)s round, if the opponents keep averaging %(ra)s and the mix holds",
        "any results from the last %(left)s rounds, if the opponents keep averaging %(ra)s and the mix holds",
        "left",
    ),
    "forecast.points_from_last": (
        "%(points)s points from the last %(left)s round, if the opponents keep averaging %(ra)s and the mix holds",
        "%(points)s points from the last %(left)s rounds, if the opponents keep averaging %(ra)s and the mix holds",
        "left",
    ),
}

#: The result parser's codes (``ResultSyntaxError.code``), without a board (the desk's form names it).
RESULT_TEXTS: dict[str, Promise] = {
    "unreadable": _(
        "result: %(got)s is not a result; type 1-0, 0-1, ½-½ (or 1/2-1/2, =), 1F-0F (+), 0F-1F (-), "
        "0F-0F (--) or an unusual result such as ½-0"
    ),
    "forfeit": _("result: %(got)s: forfeits are recorded only as 1F-0F, 0F-1F or 0F-0F (VCL.14)"),
    "inconsistent": _("result: %(got)s gives more than one point for one game; FIDE mode refuses it (VCL.13)"),
    "bye": _("result: %(got)s is a bye code; a bye is recorded as a bye, not as a board's result"),
}


def _fill(code: str, params: Mapping[str, Any]) -> str | None:
    entry = TEXTS.get(code)
    if entry is None:
        return None
    values = {k: text(v) if isinstance(v, Message) else v for k, v in params.items()}
    if isinstance(entry, tuple):
        singular, plural, count = entry
        return ngettext(singular, plural, int(values[count])) % values
    return str(entry) % values


def _own(m: Message) -> str | None:
    """The message's own words in the active language (a rulebook's texts), if its maker gave them."""
    return m.text("en" if (get_language() or "es").startswith("en") else "es")


def text(value: object) -> str:
    """What ``value`` (an error, a message, or plain text) says in the active language."""
    if isinstance(value, ResultSyntaxError):
        template = RESULT_TEXTS.get(value.code, RESULT_TEXTS["unreadable"])
        return str(template) % {"got": repr(value.text.strip())}
    if isinstance(value, ArbitroError):
        arg = value.args[0] if value.args else ""
        if isinstance(arg, Message):
            return text(arg)
        if value.code:
            return _fill(value.code, value.params) or str(value)
        return str(value)
    if isinstance(value, Message):
        return _fill(value.code, value.params) or _own(value) or str(value)
    return str(value)
