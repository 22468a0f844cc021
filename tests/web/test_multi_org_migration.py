"""The migration to organisations (issue 19 item 5) keeps an existing install working.

Data written before it (tournaments, a federation admin and a federation-wide chief arbiter, a
per-tournament arbiter) is migrated: every tournament goes into the one default organisation, which
takes the site's rulebook; the federation-wide roles become its memberships; the desk still lets each
one do what they did. Then the migration is undone and done again.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from arbitro.web.tournaments import federation

BEFORE = [("tournaments", "0005_players_search_name")]
AFTER = [("tournaments", "0006_multi_org_organisations")]


def _migrate(targets):  # type: ignore[no-untyped-def]
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection).loader.project_state(targets).apps


@pytest.fixture
def old_install(transactional_db):  # type: ignore[no-untyped-def]
    apps = _migrate(BEFORE)
    User = apps.get_model("auth", "User")
    Tournament = apps.get_model("tournaments", "Tournament")
    Role = apps.get_model("tournaments", "Role")
    boss = User.objects.create(username="boss")
    chief = User.objects.create(username="chief")
    helper = User.objects.create(username="helper")
    rows = [Tournament.objects.create(slug=f"t{i}", name=f"Torneo {i}", published=i != 2) for i in range(3)]
    Role.objects.create(user=boss, tournament=None, kind="federation_admin")
    Role.objects.create(user=chief, tournament=None, kind="chief_arbiter")
    Role.objects.create(user=helper, tournament=rows[0], kind="arbiter")
    yield [r.pk for r in rows]
    executor = MigrationExecutor(connection)  # leave the database at the latest migration of every app
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_issue19_5_migration_puts_every_tournament_in_the_default_organisation(old_install) -> None:
    apps = _migrate(AFTER)
    Organisation = apps.get_model("tournaments", "Organisation")
    Tournament = apps.get_model("tournaments", "Tournament")
    Membership = apps.get_model("tournaments", "Membership")
    Role = apps.get_model("tournaments", "Role")
    org = Organisation.objects.get()
    assert org.slug == "default"
    site = federation.site_rulebook()
    assert org.rulebook == (site.code if site is not None else "")  # the site's rulebook: same pages and presets
    assert set(Tournament.objects.filter(organisation=org).values_list("pk", flat=True)) == set(old_install)
    assert dict(Membership.objects.values_list("user__username", "role")) == {"boss": "admin", "chief": "arbiter"}
    assert not Role.objects.filter(tournament__isnull=True).exists()  # carried over, not kept twice
    assert list(Role.objects.values_list("user__username", "kind")) == [("helper", "arbiter")]


def test_issue19_5_migrated_roles_keep_their_powers(old_install) -> None:
    _migrate(AFTER)
    from django.contrib.auth import get_user_model

    from arbitro.web.tournaments import models, permissions

    User = get_user_model()
    boss, chief, helper = (User.objects.get(username=n) for n in ("boss", "chief", "helper"))
    t0, _t1, t2 = (models.Tournament.objects.get(pk=pk) for pk in old_install)
    assert permissions.can(boss, t2, "pair") and permissions.can_create(boss)  # the federation admin: everything
    assert permissions.can_create(chief) and not permissions.can(chief, t0, "view")  # creates; others' are not his
    assert permissions.can(helper, t0, "result") and not permissions.can(helper, t0, "pair")
    assert not permissions.can_create(helper)
    assert {r.pk for r in permissions.managed(boss)} == set(old_install)


def test_issue19_5_migration_can_be_undone_and_redone(old_install) -> None:
    _migrate(AFTER)
    apps = _migrate(BEFORE)
    Role = apps.get_model("tournaments", "Role")
    assert set(Role.objects.filter(tournament__isnull=True).values_list("user__username", "kind")) == {
        ("boss", "federation_admin"), ("chief", "chief_arbiter"),
    }
    apps = _migrate(AFTER)
    assert apps.get_model("tournaments", "Membership").objects.count() == 2
