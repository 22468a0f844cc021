"""Team competitions (issue 18): the marker of a tournament row whose log holds team events."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [("tournaments", "0001_initial")]

    operations = [
        migrations.CreateModel(
            name="TeamCompetition",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "tournament",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="team_competition",
                        to="tournaments.tournament",
                    ),
                ),
            ],
        ),
    ]
