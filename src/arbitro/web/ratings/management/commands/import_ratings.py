"""``arbitro manage import_ratings FILE --period 2026-11 [--type standard] [--format txt|xml]``."""

from __future__ import annotations

import datetime as _dt

from django.core.management.base import BaseCommand, CommandError

from arbitro.errors import ArbitroError
from arbitro.web.ratings import importing as ratings_import


class Command(BaseCommand):
    help = "Import a FIDE rating list (TXT or XML, streamed), keeping each month's ratings as history."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--period", help="month of the list, YYYY-MM (default: this month)")
        parser.add_argument("--type", dest="rating_type", choices=["standard", "rapid", "blitz"],
                            help="the type of a per-type list; leave out for the combined list")
        parser.add_argument("--format", dest="fmt", choices=["txt", "xml"], help="default: by the file extension")

    def handle(self, *args, **opts):
        period = ratings_import.parse_period(opts["period"]) if opts.get("period") else _dt.date.today().replace(day=1)
        try:
            stats = ratings_import.import_file(
                opts["file"],
                period=period,
                fmt=opts.get("fmt"),
                rating_type=opts.get("rating_type"),
                progress=lambda n: self.stdout.write(f"  {n} players…") if n % 100000 == 0 else None,
            )
        except ArbitroError as err:
            raise CommandError(str(err)) from None
        self.stdout.write(stats.summary())
        for problem in stats.first_problems:
            self.stdout.write(f"  {problem}")
