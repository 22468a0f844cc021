"""Accent- and case-insensitive search of the rating list and the registry (issue 15 item 4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import migrations, models

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps


def fill(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    from arbitro.web.tournaments.models import fold_name

    for model in ("RatingListEntry", "Person"):
        cls = apps.get_model("tournaments", model)
        batch = []
        for row in cls.objects.only("pk", "name").iterator():
            row.search_name = fold_name(row.name)[:120]
            batch.append(row)
            if len(batch) >= 2000:
                cls.objects.bulk_update(batch, ["search_name"])
                batch = []
        if batch:
            cls.objects.bulk_update(batch, ["search_name"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0004_category")]

    operations = [
        migrations.AddField(
            "ratinglistentry", "search_name", models.CharField(blank=True, db_index=True, max_length=120)
        ),
        migrations.AddField("person", "search_name", models.CharField(blank=True, db_index=True, max_length=120)),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
