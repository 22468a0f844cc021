"""Bye requests keyed by the player's stable id, not the start rank (issue 15 item 4).

Each existing row's ``start_rank`` is read as the start rank the pages show today (the one the
request is listed under) and converted to that player's ``public_id`` in the tournament's
current state (the replay of its log). An imported file's players have no separate id (the
start rank is the id), and a log that cannot be replayed here keeps the number as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import migrations, models

if TYPE_CHECKING:
    from django.db.backends.base.schema import BaseDatabaseSchemaEditor
    from django.db.migrations.state import StateApps
    from django.db.models import Model


def _ids(tournament: Model) -> dict[int, int]:
    """start rank -> public id in the tournament's current state ({} when it has no log to replay)."""
    from arbitro.tournament.events import event_from_dict
    from arbitro.tournament.state import replay

    rows = list(tournament.events.order_by("seq").values_list("seq", "kind", "payload"))
    if not rows:
        return {}
    try:
        st = replay([event_from_dict({"kind": k, "payload": p}, where=f"event {s}") for s, k, p in rows])
    except Exception:  # noqa: BLE001 - a team log or a log this code cannot read: keep the numbers
        return {}
    return {p.start_rank: p.public_id for p in st.header.players.values()}


def forward(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    ByeRequest = apps.get_model("tournaments", "ByeRequest")
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.filter(pk__in=ByeRequest.objects.values("tournament")):
        ids = _ids(t)
        batch = list(ByeRequest.objects.filter(tournament=t))
        for b in batch:
            b.player = ids.get(b.start_rank, b.start_rank)
        ByeRequest.objects.bulk_update(batch, ["player"])


def backward(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    ByeRequest = apps.get_model("tournaments", "ByeRequest")
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.filter(pk__in=ByeRequest.objects.values("tournament")):
        ranks = {pid: sr for sr, pid in _ids(t).items()}
        batch = list(ByeRequest.objects.filter(tournament=t))
        for b in batch:
            b.start_rank = ranks.get(b.player, b.player)
        ByeRequest.objects.bulk_update(batch, ["start_rank"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_multi_org_organisations")]

    operations = [
        migrations.AddField(
            "byerequest", "player",
            models.PositiveIntegerField(default=0, help_text="the player's stable id (Player.public_id), not the start rank"),
            preserve_default=False,
        ),
        migrations.AlterField("byerequest", "start_rank", models.PositiveIntegerField(default=0)),
        migrations.RunPython(forward, backward),
        migrations.AlterModelOptions("byerequest", {"ordering": ["tournament", "round", "player"]}),
        migrations.AddField("byerequest", "reason_code", models.CharField(blank=True, max_length=60)),
        migrations.AddField("byerequest", "reason_params", models.JSONField(blank=True, default=dict)),
        migrations.RemoveField("byerequest", "start_rank"),
    ]  # fmt: skip
