"""``arbitro demo``: read the bundled sample tournament and print its crosstable."""

from __future__ import annotations

from importlib import resources

import typer
from rich.console import Console

from arbitro.standings import compute_standings
from arbitro.trf import parse_trf
from arbitro.views import standings_table


def sample_trf_text() -> str:
    """The bundled sample TRF-2026 file (fictional players, round 4 of 5 to pair)."""
    return resources.files("arbitro.data").joinpath("sample-open-2026.trf").read_text(encoding="utf-8")


def demo() -> None:
    """Show what Arbitro reads: the bundled sample tournament as a crosstable and its standings."""
    from arbitro.cli.trf import print_crosstable

    result = parse_trf(sample_trf_text(), "sample-open-2026.trf")
    console = Console()
    print_crosstable(result.tournament, "Sample Open 2026 (bundled demo)", console)
    standings = standings_table(result.tournament, compute_standings(result.tournament))
    console.print(
        "Standings: "
        + ", ".join(f"{line.rank_text}. #{line.player.start_rank} ({line.points_text})" for line in standings.rows)
    )


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
