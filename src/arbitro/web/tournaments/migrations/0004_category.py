"""The category of a tournament or person belongs to the site's rulebook, whichever it is (issue 14)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_prize_list")]

    operations = [
        migrations.RenameField("tournament", "fma_category", "category"),
        migrations.RenameField("person", "fma_category", "category"),
        migrations.AlterField(
            "tournament", "category", models.CharField(blank=True, max_length=20, verbose_name="category")
        ),
        migrations.AlterField("person", "category", models.CharField(blank=True, max_length=20, verbose_name="category")),
    ]
