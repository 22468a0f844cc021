"""The tournament service's commands, one module per concern, behind the one facade
:class:`arbitro.tournament.service.TournamentService`.

``core`` is the skeleton (the log, its replay, the transaction a command runs in); each
other module is a mixin of :class:`~arbitro.tournament.commands.core.ServiceCore`:
``lifecycle`` (create, FIDE mode, finish, re-open), ``registration`` (players, byes,
withdrawals), ``numbering`` (pairing numbers), ``pairing`` (pairing a round, prohibited
pairings), ``rounds`` (a paired round changed, unpaired, published), ``results`` (entered,
adjourned, corrected) and ``settings`` (changed after creation).
"""
