"""``arbitro manage api_token ORG``: issue an organisation's token for pushing tournaments (issue 37 item 5).

The token is printed once; only its SHA-256 is stored. ``--list`` shows the organisation's tokens
(their prefixes), ``--revoke PREFIX`` revokes one.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from arbitro.web.api import push
from arbitro.web.tournaments import models


class Command(BaseCommand):
    help = "Issue (or list, or revoke) an organisation's API token for `arbitro publish` (POST /api/v1/push/)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("organisation", help="the organisation's slug")
        parser.add_argument("--name", default="", help="what the token is for (e.g. the venue laptop)")
        parser.add_argument("--list", action="store_true", help="list the organisation's tokens instead")
        parser.add_argument("--revoke", metavar="PREFIX", help="revoke the token starting with PREFIX")

    def handle(self, *args: str, **options: object) -> None:
        org = models.Organisation.objects.filter(slug=options["organisation"]).first()
        if org is None:
            known = ", ".join(models.Organisation.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"no organisation {options['organisation']!r} (known: {known})")
        if options["list"]:
            for t in org.api_tokens.all():
                state = "revoked" if t.revoked else "active"
                self.stdout.write(f"{t.prefix}  {state}  {t.created:%Y-%m-%d}  {t.name}")
            return
        if options["revoke"]:
            found = list(org.api_tokens.filter(prefix__startswith=str(options["revoke"]), revoked=False))
            if len(found) != 1:
                raise CommandError(f"{len(found)} active tokens of {org.slug} start with {options['revoke']!r}: nothing revoked")
            found[0].revoked = True
            found[0].save(update_fields=["revoked"])
            self.stdout.write(f"revoked {found[0].prefix}")
            return
        token = push.issue_token(org, str(options["name"] or ""))
        self.stdout.write(token)
        self.stderr.write(f"the API token of {org.slug} (shown once, keep it; only its hash is stored)")
