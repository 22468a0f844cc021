"""The tournament service: commands that validate, then append events.

Every command works on the live state: it checks its input, emits events
(each applied to the state at once, so later checks see them) and only when
everything succeeded appends the events to the log. A command that raises
:class:`~arbitro.errors.ArbitroError` changes nothing.

:class:`TournamentService` is the one facade: the skeleton (the log, its replay,
the transaction) is :mod:`arbitro.tournament.commands.core`, and the commands
live in :mod:`arbitro.tournament.commands`, one module per concern. A new
command goes into the module of its concern (or a new mixin listed here).
"""

from __future__ import annotations

from arbitro.tournament.commands.lifecycle import LifecycleCommands
from arbitro.tournament.commands.numbering import NumberingCommands
from arbitro.tournament.commands.pairing import PairingCommands
from arbitro.tournament.commands.ratings import RatingCommands
from arbitro.tournament.commands.registration import RegistrationCommands
from arbitro.tournament.commands.results import ResultCommands
from arbitro.tournament.commands.rounds import RoundCommands
from arbitro.tournament.commands.settings import SettingsCommands
from arbitro.tournament.commands.standings import StandingsCommands

__all__ = ["TournamentService"]


class TournamentService(
    LifecycleCommands,
    RegistrationCommands,
    NumberingCommands,
    SettingsCommands,
    PairingCommands,
    RoundCommands,
    ResultCommands,
    RatingCommands,
    StandingsCommands,
):
    """Commands on one tournament. ``events`` is the whole log, ``state`` its replay.

    ``TournamentService(events=(), *, author="arbiter", clock=now_utc, engine=None)``.
    ``author`` is written into every event; ``clock`` returns the timestamp
    (ISO 8601) and can be fixed for reproducible logs. ``warnings`` holds the
    warnings of the last command (e.g. a deprecated full-point bye).

    Commands (each in the module of its concern, :mod:`arbitro.tournament.commands`):
    ``create``, ``fide_exit_token``, ``leave_fide_mode``, ``finish``, ``reopen``
    (``lifecycle``); ``register_player``, ``remove_player``, ``update_player``,
    ``request_bye``, ``cancel_bye``, ``withdraw``, ``return_player`` (``registration``);
    ``assign_pairing_numbers`` (``numbering``); ``change_settings`` (``settings``);
    ``prohibit_pairing``, ``pair_next_round``, ``pair_round_by_hand`` (``pairing``);
    ``change_pairing``, ``unpair_round``, ``publish_round`` (``rounds``);
    ``enter_result``, ``adjourn_game``, ``correct_result`` (``results``);
    ``set_official_ratings``, ``set_rating_method``, ``keep_rating_list``, ``rating_differences``,
    ``apply_rating_differences`` (``ratings``); ``expel``, ``set_standings_options``,
    ``enter_tiebreak_value``, ``set_rating_from_round`` (``standings``).
    """
