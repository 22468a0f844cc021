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

import re
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
    "numbers.manual_swiss": _(
        "pairing numbers: a Swiss's numbers follow the C.04.2 2.2 order (rating, title, name); only a round "
        "robin's can be set by hand (VCL4THP Q95)"
    ),
    "numbers.manual_order": _(
        "pairing numbers: list each of the %(count)s players' current numbers (%(numbers)s) exactly once, "
        "in the new order; got %(got)s"
    ),
    "numbers.manual_redrawn": _(
        "the round robin's field changed: the pairing numbers set by hand were drawn again by lot; "
        "set them again by hand if needed"
    ),
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
    "pair.adjourned": _(
        "round %(round)s board %(board)s: the game is adjourned; it counts as a draw for this pairing only "
        "(VCL4THP Q167-Q168)"
    ),
    "adjourn.has_result": _(
        "adjourn: round %(round)s board %(board)s already has %(result)s; a finished game cannot be adjourned"
    ),
    "adjourn.already": _("adjourn: round %(round)s board %(board)s is already adjourned"),
    "result.adjourned_confirm": _(
        "result: round %(round)s board %(board)s was adjourned and counted as a draw for pairing; "
        "%(later)s later round(s) were paired so; confirm the result %(result)s"
    ),
    "final.adjourned": _("finish: the result of the adjourned game(s) %(games)s is not yet known; enter it first"),
    "settings.maxi_unsupported": _(
        "maxi-tournament: the pairing system chosen has no Maxi-tournament declaration (C.04.4.3 3.2.3)"
    ),
    "pair.all_paired": _("pair: all %(total)s rounds have been paired"),
    "pair.impossible": _("pair: no valid pairing exists for round %(round)s (%(article)s [C1]-[C3]): %(why)s"),
    "pair.engine": _("pair: the %(system)s cannot pair round %(round)s: %(why)s"),
    "by_hand.unknown": _("round by hand: there is no player %(player)s"),
    "by_hand.withdrawn": _("round by hand: player %(player)s has withdrawn"),
    "by_hand.twice": _("round by hand: player(s) %(players)s appear more than once"),
    "by_hand.self": _("round by hand: a player cannot play himself"),
    "by_hand.left_out": _("round by hand: player(s) %(players)s would be left without a game or bye"),
    "by_hand.reason": _("round by hand: give the reason (it is written into the tournament report)"),
    "by_hand.system": _("round by hand: the %(system)s always has a pairing; pair it"),
    "by_hand.engine_can": _("round by hand: the engine can pair round %(round)s; pair it, then change boards by hand (### MPA)"),
    "by_hand.confirm": _("round by hand: round %(round)s breaks: %(breaches)s; confirm to make it anyway (Level 3)"),
    "by_hand.rematch": _("%(white)s-%(black)s is a rematch of round %(round)s (C.04.1 art. 2)"),
    "by_hand.prohibited": _("%(white)s-%(black)s is a prohibited pairing (TRF-2026 260)"),
    "by_hand.second_pab": _("player %(player)s gets a second pairing-allocated bye (C.04.1 art. 4)"),
    "by_hand.breach": _("round by hand breaks: %(what)s"),
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
    "settings.fide_rounds": _(
        "rounds: in FIDE mode the number of rounds (%(rounds)s) is fixed once round 1 has been paired "
        "(VCL4THP Q57); the tournament may still finish early"
    ),
    "correction.fide_old_round": _(
        "correction: round %(round)s is older than the round before the last paired round (%(last)s); in FIDE "
        "mode its result stays as it is for the standings and the pairings (VCL4THP Q189-Q191). It can be "
        "corrected for the rating report only: the TRF then carries the corrected result with a ### line "
        "(Q192-Q193, C.04.2 4.3)"
    ),
    "correction.rating_report_recent": _(
        "correction: round %(round)s is the last paired round or the one before it: correct it as usual; "
        "a correction for the rating report only is for older rounds (VCL4THP Q192)"
    ),
    "fide.left": _("FIDE mode: the tournament has already left FIDE mode"),
    "fide.confirm": _(
        "FIDE mode: leaving FIDE mode cannot be undone and is written into the TRF; confirm it explicitly"
    ),
    "fide.confirm_level4": _(
        "FIDE mode: WARNING: leaving FIDE mode cannot be undone; the TRF and the event log say so for "
        "good (a ### line); the FIDE-mode checks stop (results worth more than one point per game, "
        "corrections of older rounds, the number of rounds) and the federation may refuse to rate the "
        "tournament. Nothing has changed yet: to leave FIDE mode, confirm a second time with the "
        "token %(token)s"
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
    # the reasoning of each B.01 1.4 check (arbitro.titles.norms.rules, .exemption)
    "norm.none": _("none"),
    "norm.eight_of_nine": _(
        "%(n)s games played in 9 rounds; the missing game is a forfeit win or pairing-allocated bye, "
        "so 8 played games suffice and the norm counts as %(counts_as)s games"
    ),
    "norm.min_games_event": _("%(n)s games counted, at least %(need)s needed in this event (normally %(normal)s)"),
    "norm.min_games": _("%(n)s games counted, at least %(need)s needed"),
    "norm.drr": _("double round robin of %(players)s players (at least %(need)s); opponents counted once for the mix"),
    "norm.federations_waived": _("waived (%(why)s); other federations: %(listed)s"),
    "norm.federations": _("%(have)s other federations (%(listed)s), at least %(need)s needed"),
    "norm.federation_maxima": _(
        "own federation %(own)s (max %(own_max)s), largest federation %(top_fed)s %(top)s (max %(one_max)s) "
        "of %(n)s opponents"
    ),
    "norm.waived": _("waived (%(why)s); %(detail)s"),
    "norm.titled": _("%(have)s titled opponents, at least %(need)s needed"),
    "norm.mix_2005_gm": _("%(gm)s GM, at least 3 needed"),
    "norm.mix_2005_im": _("%(gmim)s GM/IM, at least 3 needed"),
    "norm.mix_2005_wgm": _("%(gm)s GM and %(group)s GM/IM/WGM/FM: 2 GM or 3 of GM/IM/WGM/FM needed"),
    "norm.mix_2005_wim": _(
        "%(wim)s WIM and %(group)s GM/IM/WGM/FM: 3 WIM, or 2 WIM + 1 of the group, or 2 of the group needed"
    ),
    "norm.norm_title": _("%(have)s %(titles)s opponents, at least %(need)s needed"),
    "norm.unrated_no_max": _("%(have)s unrated opponents; no maximum in this edition"),
    "norm.unrated_max": _("%(have)s unrated opponents, at most %(most)s"),
    "norm.min_score": _("score %(score)s/%(n)s, at least %(need)s (35 %%) needed"),
    "norm.ra_unrated_raised": _(
        "Ra %(ra)s (%(unrated)s unrated at %(value)s; %(raised)s raised to the floor %(floor)s), at least %(need)s needed"
    ),
    "norm.ra_unrated": _("Ra %(ra)s (%(unrated)s unrated at %(value)s), at least %(need)s needed"),
    "norm.ra_raised": _("Ra %(ra)s (%(raised)s raised to the floor %(floor)s), at least %(need)s needed"),
    "norm.ra": _("Ra %(ra)s, at least %(need)s needed"),
    "norm.rp": _("Rp %(rp)s = Ra %(ra)s + dp %(dp)s (%(score)s/%(n)s = %(percent)s %%), at least %(need)s needed"),
    "norm.not_swiss": _("not a Swiss event"),
    "norm.swiss_no_host": _("host federation (TRF 032) unknown: cannot be established"),
    "norm.swiss_round": _(
        "round %(round)s: %(n)s foreign rated players, %(feds)s federations, %(titled)s GM/IM/WGM/WIM "
        "(at least 20 rated players not from the host federation, 3 federations, 10 GM/IM/WGM/WIM, in every round)"
    ),
    "norm.swiss_every_round": _(
        "%(n)s foreign rated players from %(feds)s federations, %(titled)s GM/IM/WGM/WIM in every round"
    ),
    "norm.swiss": _(
        "%(n)s foreign rated players, %(feds)s federations, %(titled)s GM/IM/WGM/WIM "
        "(at least 20 rated players not from the host federation, 3 federations, 10 GM/IM/WGM/WIM)"
    ),
    "norm.exempt_swiss": _("Swiss exemption %(article)s"),
    "norm.exempt_national": _("national championship final %(article)s"),
    "norm.exempt_national_team": _("national team championship %(article)s"),
    "norm.exempt_zonal": _("zonal tournament %(article)s"),
    "norm.exempt_approved": _("event approved by the QC Chair %(article)s"),
    # TRF reader and validator diagnostics (arbitro.trf; line, column and field: texts.diagnostic)
    "trf.int_range": _('expected a whole number from %(low)s to %(high)s, found %(found)s'),
    "trf.int": _('expected a whole number, found %(found)r'),
    "trf.too_many_lines": _(
        'more than %(lines)s lines; stopped reading (a TRF holds one 001 line per player, at most %(players)s)'
    ),
    "trf.date": _('expected a date YYYY/MM/DD, found %(found)r; ignored'),
    "trf.count": _('expected a whole number up to %(most)s, found %(found)r; ignored'),
    "trf.initial_colour": _('expected W or B, found %(found)r'),
    "trf.bye_record": _("expected 'F|H|Z ROUND ID ...', e.g. '240 H 004 0006'"),
    "trf.start_rank_used": _('start rank %(rank)s already used on line %(line)s'),
    "trf.sex": _('expected m or w, found %(found)r; ignored'),
    "trf.title": _('unknown title %(found)r; ignored'),
    "trf.result": _('expected one of 1 = 0 + - W D L U F H Z, found %(found)r'),
    "trf.block": _("expected 'NNNN c r' in columns %(first)s-%(last)s, found %(found)r"),
    "trf.scoring_order": _('expected win > loss and win >= draw >= loss, found %(found)s'),
    "trf.no_player": _('no 001 record for start rank %(rank)s'),
    "trf.line_too_long": _('expected at most %(width)s characters (%(rounds)s rounds), found %(found)s; line skipped'),
    "trf.control": _('a line break or control character (U+%(code)s) inside a record; line skipped'),
    "trf.ruler": _('a column ruler, not a TRF record: %(found)r; ignored'),
    "trf.round_date": _('expected YY/MM/DD, found %(found)r; ignored'),
    "trf.rounds_range": _('expected the number of rounds, 1 to %(most)s, found %(found)s'),
    "trf.rounds": _('expected the number of rounds (a whole number), found %(found)r'),
    "trf.xxs": _('unknown scoring token %(token)r; ignored'),
    "trf.no_start_rank": _('expected a start rank in columns 5-8, found nothing'),
    "trf.opponent": _('expected a start rank or 0000, found %(found)r'),
    "trf.colour": _('expected w, b or -, found %(found)r'),
    "trf.round_of": _('expected a round of the tournament (1 to %(rounds)s), found %(found)s'),
    "trf.scoring_forfeits": _(
        'expected forfeit win >= forfeit loss and forfeit loss <= loss, found forfeit win %(win)s, forfeit loss %(loss)s'
    ),
    "trf.blank_after_code": _('expected a blank after the record code %(code)r'),
    "trf.no_record": _('not a TRF record (no record code in columns 1-3): %(found)r; ignored'),
    "trf.xxc": _('unknown token %(token)r (expected white1, black1 or rank); ignored'),
    "trf.needs_opponent": _('result %(result)r needs an opponent, found 0000'),
    "trf.unknown_code": _('unknown record code %(code)r; kept as it is'),
    "trf.old_bye": _('%(found)r without an opponent: read as %(reading)s (%(code)s), as other programs write it'),
    "trf.birth_dmy": _('%(found)r read as %(date)s (YYYY/MM/DD)'),
    "trf.bye_half": _('a half-point bye'),
    "trf.bye_zero": _('a zero-point bye'),
    "trf.bye_full": _('a full-point bye'),
    "trf.blank": _('blank'),
    "trf.points": _('declared %(declared)s points, the results give %(computed)s'),
    "trf.self": _('a player cannot meet themselves'),
    "trf.no_opponent": _('no player with start rank %(rank)s'),
    "trf.bye_code": _('expected a game result (1 = 0 + - W D L) against %(opponent)s, found bye code %(code)r'),
    "trf.mirror_none": _('player %(player)s should have %(rank)s as opponent in round %(round)s, has nothing'),
    "trf.mirror": _('player %(player)s should have %(rank)s as opponent in round %(round)s, has opponent %(other)s'),
    "trf.unusual": _('unusual result %(own)s/%(other)s against %(opponent)s'),
    "trf.birth_date": _('expected YYYY/MM/DD, found %(found)r'),
    "trf.misfit": _('results %(own)r and %(other)r of %(rank)s and %(opponent)s do not fit together'),
    "trf.same_colour": _('%(rank)s and %(opponent)s both have colour %(colour)r'),
    "trf.colours_mismatch": _('colours of %(rank)s and %(opponent)s do not match (%(own)s / %(other)s)'),
    "trf.rounds_played": _('%(rounds)s rounds declared, results found for %(played)s'),
    "trf.end_before_start": _('end date %(end)s is before the start date %(start)s'),
    "trf.players_declared": _('%(declared)s declared, %(found)s player records found'),
    "trf.ranks_gap": _('start ranks should run from 1 to %(last)s; missing: %(missing)s'),
    "trf.bye_unknown": _('bye requested for start rank %(rank)s, who has no 001 record'),
    "trf.unknown_ranks": _('unknown start rank(s) %(ranks)s'),
    "trf.unknown_rank": _('unknown start rank %(rank)s'),
    "trf.second_pab": _(
        'a second pairing-allocated bye in round %(round)s (player %(first)s has one); C.04.1 c leaves at most one player unpaired'
    ),
    "trf.decimal": _('expected a number such as 1.5 (at most %(places)s decimals), found %(found)r'),
    "trf.decimal_range": _('expected a number from %(low)s to %(high)s, found %(found)r'),
    "trf.too_big": _('expected at most %(mb)s MB (9,999 players x 99 rounds), found %(found)s bytes'),
    "trf.binary": _('expected a text file, found binary data (NUL bytes)'),
    "trf.no_players": _('expected at least one player record (001), found none'),
    "trf.team": _(
        '%(evidence)s: this is a team tournament; the individual commands read individual tournaments only: use `arbitro team ...` (pair, standings, check) for team events'
    ),
    "trf.team_type": _('092 type %(type)r'),
    "trf.scoring_codes": _("expected codes with points such as 'W 3.0 D 1.0', found %(found)r"),
    "trf.team_system": _('192 tournament type %(type)r'),
    "trf.xxa_many": _('expected at most %(most)s rounds, found %(found)s values'),
    "trf.prohibited_record": _("expected 'FIRST LAST ID ID ...', e.g. '260 004 005 0002 0004'"),
    "trf.xxp": _('expected two or more start ranks'),
    "trf.scoring_token": _("expected a code and plain points such as 'W 3.0', found %(found)r"),
    "trf.scoring_unknown": _('unknown code %(code)r (expected W D L A P); ignored'),
    "trf.prohibited_many": _('more than %(most)s prohibited pairs in the file'),
    "trf.acceleration_order": _('expected first round <= last round and first player <= last player'),
    "trf.acceleration_many": _('more accelerated rounds than players x rounds; ignored'),
    "trf.team_record": _('team record %(code)s'),
    "trf.acceleration": _('expected game points, first and last round, first and last player'),
    # the team desk (arbitro.teams.log, arbitro.teams.lineups; C.04.6)
    "team.not_created": _("the team competition has not been created"),
    "team.no_match_white": _("round %(round)s: no match with team %(team)s on board 1 as White"),
    "team.exists": _("the team competition already exists"),
    "team.no_name": _("tournament name: required"),
    "team.not_team_system": _("%(system)s is not a team pairing system"),
    "team.boards": _("boards: expected 1 to %(most)s, got %(got)s"),
    "team.rounds": _("rounds: a Team Swiss needs 1 to 99 rounds, got %(got)s"),
    "team.match_points": _(
        "match points: a won match must be worth more than a drawn one, and a drawn one no less than a lost one"
    ),
    "team.register_closed": _("teams can be registered only before round 1 is paired"),
    "team.team_name": _("team name: required"),
    "team.duplicate": _("a team named %(name)r is already registered"),
    "team.too_many": _("at most %(most)s teams (TRF 310)"),
    "team.no_players": _("team %(name)s: at least one player is required"),
    "team.too_many_players": _("team %(name)s: at most %(most)s players"),
    "team.player_name": _("player %(player)s: name required"),
    "team.player_rating": _("player %(player)s (%(name)s): rating: expected 0 to 3500, got %(got)r"),
    "team.player_fide_id": _("player %(player)s (%(name)s): FIDE ID: expected up to 11 digits, got %(got)r"),
    "team.pair_too_few": _("at least two teams are needed to pair"),
    "team.pair_all": _("all %(total)s rounds are already paired"),
    "team.pair_incomplete": _("round %(round)s still has matches without a result"),
    "team.pair_impossible": _("round %(round)s: no pairing satisfies the absolute criteria (%(why)s)"),
    "team.no_match": _("round %(round)s: team %(team)s has no match"),
    "team.round_range": _("round: expected 1 to %(total)s, got %(round)s"),
    "team.deadline_offset": _("line-up deadline: a time with its offset (time zone) is required"),
    "team.unknown": _("no team %(team)s"),
    "team.lineup_has_results": _(
        "round %(round)s: the match of %(name)s already has results; the line-up can no longer change"
    ),
    "team.lineup_errors": _("%(first)s; %(rest)s"),
    "team.lineup_late": _(
        "round %(round)s: the line-up deadline (%(deadline)s) has passed; only the chief arbiter may accept a late line-up"
    ),
    "team.lineup_boards": _("team %(team)s: the line-up has %(given)s boards, expected %(boards)s"),
    "team.lineup_empty_above": _("team %(team)s: board %(board)s is filled below an empty board (empty boards go last)"),
    "team.lineup_not_member": _("team %(team)s: player %(player)s on board %(board)s is not a member of the team"),
    "team.lineup_twice": _("team %(team)s: player %(player)s plays twice"),
    "team.lineup_order": _(
        "team %(team)s: player %(player)s on board %(board)s is ranked above the player on the board before "
        "(the board order must follow the team's ranked list)"
    ),
    "team.match_forfeited": _("round %(round)s: the match %(white)s - %(black)s was forfeited as a whole"),
    "team.board_range": _("board: expected 1 to %(boards)s, got %(board)s"),
    "team.board_result": _("board %(board)s: unknown result %(result)r"),
    "team.board_required": _("board %(board)s: a result is required"),
    "team.board_empty": _("board %(board)s is empty in a line-up: it can only be lost by forfeit"),
    "team.board_correction": _("board %(board)s already has a result; a correction needs a reason"),
    "team.forfeit_code": _("match forfeit: expected +-, -+ or --, got %(got)r"),
    "team.forfeit_correction": _("this match already has a forfeit; a correction needs a reason"),
    # B.01 1.1 tournament checks (arbitro.titles.checks; the IT3 report)
    "check.rounds": _('%(n)s rounds; %(need)s games needed for a norm'),
    "check.rounds_per_day": _('at most %(most)s round(s) on one day (%(day)s), limit %(limit)s'),
    "check.one_round_per_day": _('%(days)s playing days, at most %(most)s round(s) per day'),
    "check.duration": _('%(days)s days, at most %(most)s%(note)s'),
    "check.long_event": _(
        '%(days)s days (> %(limit)s): ratings and titles at the time of each game apply; the file holds one rating per player'
    ),
    "check.time_control": _('%(code)s: %(have)s min per player (%(how)s), at least %(need)s min'),
    "check.hours": _('%(most)s round(s) of up to %(each)s h: %(hours)s h, at most %(limit)s'),
    "check.chief": _('%(name)s (IA or FA required)'),
    "check.arbiters": _('%(n)s arbiter(s), none among the players'),
    "check.qualifying": _(
        'at least 40 players averaging 2000+ in every round [uncertain: the averaging is our reading of 1.5.6a]'
    ),
    "check.rounds_unknown": _('number of rounds unknown (142)'),
    "check.no_round_dates": _('no round dates (132)'),
    "check.short_event": _('%(days)s days (<= %(limit)s): one rating list for the event'),
    "check.tc_unknown": _('time control %(code)r not understood'),
    "check.no_tc": _('no encoded time control (222)'),
    "check.tc_60": _('for 60 moves incl. increments'),
    "check.hours_needs": _('needs the time control (222) and round dates (132)'),
    "check.no_chief": _('no chief arbiter (102)'),
    "check.arbiter_title": _('%(name)r: arbiter title not given'),
    "check.supervised": _('%(name)s: valid only if supervised by an IA'),
    "check.no_arbiters": _('no arbiters listed (102/112)'),
    "check.arbiters_play": _('arbiter(s) also listed as players: %(names)s'),
    "check.no_system": _('no system (192 / 092)'),
    "check.format_unknown": _('%(system)s: not recognised; other formats need prior QC approval'),
    "check.no_rounds": _('no rounds played'),
    "check.no_dates_codes": _('no dates (042/052/132)'),
    "check.no_limit": _('no limit known'),
    "check.no_dates": _('no dates'),
    "check.no_rule": _('no such rule known for this edition'),
    "check.tc_base": _('base time'),
    "check.tc_without": _('without increment'),
    "check.qualifying_round": _(
        'round %(round)s: %(n)s players present, rated average %(avg)s (40 and 2000 needed) [uncertain: the averaging is our reading of 1.5.6a]'
    ),
    "check.tc_no_increment": _('%(code)s: no increment of %(seconds)s s; not valid for norms (%(note)s)'),
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


# -- TRF diagnostics (issue 15 item 7): the file's line, column and field, then the coded message ----------

#: The English words of the reader's field names (after the record code: "001 sex", "round 3 result").
def _field_words() -> dict[str, Promise]:
    return {
        "points": _("points"), "start rank": _("start rank"), "sex": _("sex"), "title": _("title"),
        "rating": _("rating"), "rank": _("rank"), "birth date": _("birth date"), "start date": _("start date"),
        "end date": _("end date"), "number of players": _("number of players"),
        "number of rated players": _("number of rated players"), "number of teams": _("number of teams"),
        "number of rounds": _("number of rounds"), "initial colour": _("initial colour"),
        "scoring system": _("scoring system"), "scoring code": _("scoring code"), "bye": _("bye"),
        "round": _("round"), "player": _("player"), "acceleration": _("acceleration"), "last round": _("last round"),
        "first round": _("first round"), "first player": _("first player"), "last player": _("last player"),
        "game points": _("game points"), "prohibited pairing": _("prohibited pairing"), "line": _("line"),
        "file": _("file"), "record code": _("record code"), "team tournament": _("team tournament"),
    }  # fmt: skip


_ROUND_FIELD = re.compile(r"^round (\d+)(?: (result|opponent|colour))?$")
_CODED_FIELD = re.compile(r"^((?:[0-9X]{3})(?:/[0-9X]{3})?)(?: (.*))?$")


def trf_field(name: str) -> str:
    """A TRF field name of the reader (``"001 sex"``, ``"round 3 result"``) in the active language.

    The record code stays as it is (it is the file's own spelling); the words after it are translated.
    A name this table does not know is shown as the reader wrote it.
    """
    m = _ROUND_FIELD.match(name)
    if m is not None:
        what = {
            None: _("round %(n)s"), "result": _("round %(n)s result"),
            "opponent": _("round %(n)s opponent"), "colour": _("round %(n)s colour"),
        }[m[2]]  # fmt: skip
        return str(what) % {"n": m[1]}
    words = _field_words()
    if name in words:
        return str(words[name])
    m = _CODED_FIELD.match(name)
    if m is not None:
        rest = m[2] or ""
        date = re.fullmatch(r"date of round (\d+)", rest)
        if date is not None:
            return f"{m[1]} " + _("date of round %(n)s") % {"n": date[1]}
        xxa = re.fullmatch(r"round (\d+)", rest)
        if xxa is not None:
            return f"{m[1]} " + _("round %(n)s") % {"n": xxa[1]}
        if rest in words:
            return f"{m[1]} {words[rest]}"
        if not rest:
            return m[1]
    return name


def diagnostic(d: Any) -> str:
    """One :class:`arbitro.trf.diagnostics.Diagnostic` for people: where (line, column, field), then what."""
    where = [str(_("line %(n)s") % {"n": d.line})] if d.line else []
    if d.line and d.column:
        where.append(str(_("column %(n)s") % {"n": d.column}))
    if d.field:
        where.append(str(_("field %(name)s") % {"name": trf_field(d.field)}))
    head = ", ".join(where) if where else str(_("the whole file"))
    return str(_("%(where)s: %(what)s") % {"where": head, "what": text(d.message)})


def diagnostics(err: object, limit: int = 10) -> list[str]:
    """The diagnostics an error carries (a TRF that cannot be read), at most ``limit``, then "and N more"."""
    found = list(getattr(err, "diagnostics", None) or [])
    if not found:
        return []
    total = max(len(found), int(getattr(err, "error_count", 0) or 0))
    lines = [diagnostic(d) for d in found[:limit]]
    more = total - len(lines)
    if more > 0:
        lines.append(ngettext("… and %(n)s more problem", "… and %(n)s more problems", more) % {"n": more})
    return lines


# -- reasons kept in the database (a bye request's refusal) -------------------------------------------------


def _plain(value: object) -> object:
    """A parameter as JSON can keep it (a nested message keeps its code; numbers stay numbers)."""
    if isinstance(value, Message):
        return {"code": value.code, "params": {k: _plain(v) for k, v in value.params.items()}, "text": str(value)}
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    return str(value)


def _revive(value: object) -> object:
    """A parameter read back from the database (a nested message becomes a message again)."""
    if isinstance(value, dict) and "code" in value and "params" in value:
        params = value["params"] if isinstance(value["params"], dict) else {}
        return _stored_message(str(value["code"]), {k: _revive(v) for k, v in params.items()}, str(value.get("text", "")))
    return value


def _stored_message(code: str, params: Mapping[str, Any], english: str) -> Message:
    """A message rebuilt from the database: its code and parameters (the English text as its own words)."""
    m = Message(code, "{_english}", {"_english": english})
    m.params = dict(params)
    return m


def stored_reason(err: ArbitroError) -> dict[str, Any]:
    """The fields that keep ``err`` translatable in a row: ``reason_code`` and ``reason_params``."""
    if not err.code:
        return {}
    return {"reason_code": err.code, "reason_params": {k: _plain(v) for k, v in err.params.items()}}


def stored_text(code: str, params: Mapping[str, Any] | None, english: str) -> str:
    """What a stored reason says in the active language (the stored English text when it has no code)."""
    if code == "desk":
        return str(_("recorded at the desk"))
    if code:
        revived = {k: _revive(v) for k, v in (params or {}).items()}
        return _fill(code, revived) or english
    return english
