"""An organisation's API token for pushing tournaments (issue 37 item 5): only its SHA-256 is stored."""

from __future__ import annotations

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0007_desk_words_bye_player_id")]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("name", models.CharField(blank=True, max_length=100, verbose_name="name")),
                ("prefix", models.CharField(max_length=12)),
                ("digest", models.CharField(max_length=64, unique=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("last_used", models.DateTimeField(blank=True, null=True)),
                ("revoked", models.BooleanField(default=False)),
                (
                    "organisation",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="api_tokens",
                        to="tournaments.organisation",
                    ),
                ),
            ],
            options={"ordering": ["organisation", "created"], "verbose_name": "API token", "verbose_name_plural": "API tokens"},
        ),
    ]
