"""``arbitro tournament expel | standings-options | tiebreak-value | rating-from-round``.

The standings as FIDE's acceptance checklist asks (VCL4THP Q197-216; issue 34 item 4), recorded
in the tournament's event log (:mod:`arbitro.tournament.commands.standings`); ``arbitro
tournament standings`` then shows them.
"""

# No ``from __future__ import annotations``: the commands' annotations name the arguments
# ``add_commands`` receives from ``arbitro.cli.tournament`` (which imports this module, not the
# other way round), so they are evaluated when the commands are defined.
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer

from arbitro.errors import ArbitroError
from arbitro.tournament import TournamentService

__all__ = ["add_commands"]


def _ranks(text: str) -> list[int]:
    out: list[int] = []
    for item in text.replace(" ", "").split(","):
        if item:
            if not item.isdigit():
                raise ArbitroError(
                    f"--ties-by-hand: expected pairing numbers separated by commas, got {item!r}"
                )
            out.append(int(item))
    return out


def add_commands(
    app: typer.Typer,
    *,
    FileArg: Any,  # noqa: N803 - the names of arbitro.cli.tournament, as its commands write them
    AuthorOpt: Any,  # noqa: N803
    _run: Callable[[Path, str | None], TournamentService],
    save: Callable[[Path, TournamentService], None],
) -> None:
    """Add the standings' commands to the ``tournament`` group (its argument types and helpers given)."""

    @app.command("expel")
    def expel_cmd(
        file: FileArg,
        player: Annotated[int, typer.Argument(help="Pairing number.")],
        from_round: Annotated[
            int | None, typer.Option("--from-round", help="First round not paired (default: the next).")
        ] = None,
        reason: Annotated[str, typer.Option("--reason", help="Why (kept in the log).")] = "",
        author: AuthorOpt = None,
    ) -> None:
        """Expel a player: no longer paired and left out of the standings (VCL4THP Q197-198)."""
        svc = _run(file, author)
        svc.expel(player, from_round, reason)
        save(file, svc)
        typer.echo(f"player {player}: expelled from round {svc.state.header.expelled[player]}")

    @app.command("standings-options")
    def standings_options_cmd(
        file: FileArg,
        shared_places: Annotated[
            bool | None,
            typer.Option("--shared-places/--lots", help="Ties left after the list: shared, or drawn by lot."),
        ] = None,
        ties_by_hand: Annotated[
            str | None,
            typer.Option(
                "--ties-by-hand", help="Pairing numbers of tied players in the arbiter's order ('' clears)."
            ),
        ] = None,
        unrated_method: Annotated[
            str | None,
            typer.Option(
                "--unrated-method",
                help="Unrated players in ARO/TPR/...: lowest, average, fixed (with --unrated-rating) or none.",
            ),
        ] = None,
        unrated_rating: Annotated[
            int | None, typer.Option("--unrated-rating", help="The fixed rating of unrated players.")
        ] = None,
        long_event: Annotated[
            bool | None,
            typer.Option("--long-event/--no-long-event", help="An event over 30 days (ratings per round)."),
        ] = None,
        rating_round: Annotated[
            int | None,
            typer.Option(
                "--rating-round", help="Long event: rating tie-breaks on this round's ratings (0: the first)."
            ),
        ] = None,
        author: AuthorOpt = None,
    ) -> None:
        """How the standings treat ties, unrated players and long events (VCL4THP Q203-216)."""
        svc = _run(file, author)
        method = None if unrated_method is None else ("" if unrated_method == "none" else unrated_method)
        if method is None and unrated_rating is not None:
            method = "fixed"
        svc.set_standings_options(
            shared_places=shared_places,
            ties_by_hand=None if ties_by_hand is None else _ranks(ties_by_hand),
            unrated_method=method,
            unrated_rating=unrated_rating,
            long_event=long_event,
            rating_round=rating_round,
        )
        save(file, svc)
        h = svc.state.header
        typer.echo(
            f"standings: {'shared places' if h.shared_places else 'ties drawn by lot'}"
            + (f", ties by hand {','.join(map(str, h.ties_by_hand))}" if h.ties_by_hand else "")
            + (f", unrated: {h.unrated_method}" if h.unrated_method else "")
            + (f", unrated rating {h.unrated_rating}" if h.unrated_rating is not None else "")
            + (f", long event (ratings of round {h.rating_round or 1})" if h.long_event else "")
        )

    @app.command("tiebreak-value")
    def tiebreak_value_cmd(
        file: FileArg,
        player: Annotated[int, typer.Argument(help="Pairing number.")],
        tiebreak: Annotated[str, typer.Argument(help="The tie-break as listed, e.g. BH/C1.")],
        value: Annotated[str, typer.Argument(help="The value computed outside ('-' removes it).")],
        author: AuthorOpt = None,
    ) -> None:
        """Enter a tie-break value computed outside; the standings use it and mark it (VCL4THP Q207)."""
        svc = _run(file, author)
        svc.enter_tiebreak_value(player, tiebreak, None if value == "-" else value)
        save(file, svc)
        typer.echo(f"player {player}: {tiebreak.upper()} {'removed' if value == '-' else value} (external)")

    @app.command("rating-from-round")
    def rating_from_round_cmd(
        file: FileArg,
        player: Annotated[int, typer.Argument(help="Pairing number.")],
        from_round: Annotated[int, typer.Argument(help="The first round of the new rating.")],
        rating: Annotated[int, typer.Argument(help="The rating.")],
        author: AuthorOpt = None,
    ) -> None:
        """A player's rating from a round on, in an event over 30 days (VCL4THP Q212-213)."""
        svc = _run(file, author)
        svc.set_rating_from_round(player, from_round, rating)
        save(file, svc)
        typer.echo(f"player {player}: rating {rating} from round {from_round}")
