"""The web's event-log port and the apps over it (issue 32 item 2, docs/architecture.md "The event-log port").

Read from the syntax tree (:mod:`.import_graph`), every import that runs counted (inside functions
too): the port imports nothing of the web above it, the background jobs and the page pre-build
depend on the port and not on any app's service, and the apps split out of ``tournaments`` import
no service but the desk's, where this test lists why.
"""

from __future__ import annotations

from .import_graph import graph

PORT = ("arbitro.web.tournaments.eventlog", "arbitro.web.tournaments.versioned")

#: What the port may import of the web: the data (models) and the team models it asks ``is_team``.
PORT_MAY_IMPORT = {"arbitro.web", "arbitro.web.tournaments", "arbitro.web.tournaments.models",
                   "arbitro.web.tournaments.versioned", "arbitro.web.teams", "arbitro.web.teams.models"}

#: Services: the modules that run commands on a tournament (they append to its log).
SERVICES = {"arbitro.web.tournaments.service", "arbitro.web.teams.service"}

#: An app's use of the desk's service, with its reason (to go when registration becomes its own app).
SERVICE_USES = {
    ("arbitro.web.public.player", "arbitro.web.tournaments.service"): "a player's bye request is the desk's command",
    ("arbitro.web.api.views", "arbitro.web.teams.service"): "a team competition's replay is the team app's (until one stack)",
}


def _runs(source: str) -> set[str]:
    imports, _ = graph()
    return {i.target for i in imports if i.source == source and i.how != "typing"}


def test_the_port_imports_nothing_of_the_web_above_it() -> None:
    for module in PORT:
        web = {t for t in _runs(module) if t.startswith("arbitro.web")}
        assert web <= PORT_MAY_IMPORT, f"{module} imports {sorted(web - PORT_MAY_IMPORT)}"


def test_jobs_and_the_pre_build_depend_on_the_port_not_on_a_service() -> None:
    for module in ("arbitro.web.jobs", "arbitro.web.ops.prebuild"):
        targets = _runs(module)
        assert "arbitro.web.tournaments.eventlog" in targets
        assert not targets & SERVICES, f"{module} imports {sorted(targets & SERVICES)}"
        assert "arbitro.web.tournaments.store" not in targets


def test_the_apps_import_no_service_but_the_listed_ones() -> None:
    imports, _ = graph()
    apps = ("arbitro.web.public", "arbitro.web.members", "arbitro.web.ratings", "arbitro.web.ops", "arbitro.web.api")
    found = {(i.source, i.target) for i in imports
             if i.how != "typing" and i.source.startswith(apps) and i.target in SERVICES}
    assert found <= set(SERVICE_USES), sorted(found - set(SERVICE_USES))
