"""Organisations on one server (issue 19 item 5): every existing tournament goes into the default organisation.

The default organisation takes the site's rulebook (``ARBITRO_RULEBOOK`` or the only one registered), so a
single-machine install keeps its pages and presets. Federation-wide roles (``Role`` without a tournament)
become memberships of it: federation admin -> admin, chief arbiter -> arbiter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import arbitro.web.tournaments.models

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps

_TO_MEMBERSHIP = {"federation_admin": "admin", "chief_arbiter": "arbiter"}


def forwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from arbitro.web.tournaments.models import (
        DEFAULT_ORGANISATION,
        default_organisation_name,
        site_rulebook_code,
    )

    Organisation = apps.get_model("tournaments", "Organisation")
    Tournament = apps.get_model("tournaments", "Tournament")
    Role = apps.get_model("tournaments", "Role")
    Membership = apps.get_model("tournaments", "Membership")
    code = site_rulebook_code()
    org, _ = Organisation.objects.get_or_create(
        slug=DEFAULT_ORGANISATION, defaults={"name": default_organisation_name(code), "rulebook": code}
    )
    Tournament.objects.filter(organisation__isnull=True).update(organisation=org)
    wide = Role.objects.filter(tournament__isnull=True)
    for role in wide:
        kind = _TO_MEMBERSHIP.get(role.kind)
        if kind is None:  # a federation-wide plain arbiter gave nothing beyond a login: nothing to carry over
            continue
        m, created = Membership.objects.get_or_create(user_id=role.user_id, organisation=org, defaults={"role": kind})
        if not created and kind == "admin":
            m.role = kind
            m.save(update_fields=["role"])
    wide.delete()


def backwards(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from arbitro.web.tournaments.models import DEFAULT_ORGANISATION

    Role = apps.get_model("tournaments", "Role")
    Membership = apps.get_model("tournaments", "Membership")
    back = {v: k for k, v in _TO_MEMBERSHIP.items()}
    for m in Membership.objects.filter(organisation__slug=DEFAULT_ORGANISATION):
        Role.objects.get_or_create(user_id=m.user_id, tournament=None, kind=back[m.role])


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournaments", "0005_players_search_name"),
    ]

    operations = [
        migrations.CreateModel(
            name="Organisation",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(max_length=200, verbose_name="name")),
                ("slug", models.SlugField(max_length=60, unique=True)),
                (
                    "kind",
                    models.CharField(
                        choices=[("federation", "Federation"), ("club", "Club")], default="federation",
                        max_length=20, verbose_name="kind",
                    ),
                ),
                ("rulebook", models.CharField(blank=True, max_length=20, verbose_name="rulebook")),
                (
                    "parent",
                    models.ForeignKey(
                        blank=True, limit_choices_to={"kind": "federation"}, null=True,
                        on_delete=django.db.models.deletion.SET_NULL, related_name="clubs",
                        to="tournaments.organisation", verbose_name="parent federation",
                    ),
                ),
            ],
            options={"ordering": ["name"], "verbose_name": "organisation", "verbose_name_plural": "organisations"},
        ),
        migrations.CreateModel(
            name="Membership",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "role",
                    models.CharField(
                        choices=[("admin", "Admin"), ("arbiter", "Arbiter")], default="arbiter", max_length=10,
                        verbose_name="role",
                    ),
                ),
                (
                    "organisation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="memberships",
                        to="tournaments.organisation",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="arbitro_memberships",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "ordering": ["organisation", "user"],
                "verbose_name": "membership",
                "verbose_name_plural": "memberships",
                "constraints": [models.UniqueConstraint(fields=("user", "organisation"), name="membership_unique")],
            },
        ),
        migrations.AddField(
            model_name="tournament",
            name="organisation",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="tournaments",
                to="tournaments.organisation", verbose_name="organisation",
            ),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.AlterField(
            model_name="tournament",
            name="organisation",
            field=models.ForeignKey(
                default=arbitro.web.tournaments.models.default_organisation_id,
                on_delete=django.db.models.deletion.PROTECT, related_name="tournaments",
                to="tournaments.organisation", verbose_name="organisation",
            ),
        ),
    ]
