"""schemathesis checks the app against its own OpenAPI document, in process (issue 19: "checked against the running app").

Each generated request is sent twice: as generated (mostly unknown slugs: JSON 404s
that must match the document too) and with the slug of a real imported tournament (and the year of its season; for the team paths, a
team competition built at the team desk and its round 1),
so every operation's 200 body is validated against its schema. Bounded: a few
examples per operation (under a minute on the shared machine).
"""

from __future__ import annotations

import pytest

schemathesis = pytest.importorskip(
    "schemathesis", reason="schemathesis is a dev extra (pip install -e .[dev])"
)

from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.core.signals import request_finished, request_started  # noqa: E402
from django.db import close_old_connections  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402
from teams_support import played_team_event  # noqa: E402

from arbitro.web.tournaments import models, store  # noqa: E402

pytestmark = pytest.mark.django_db

APP = WSGIHandler()
schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", APP)


@pytest.fixture
def swiss(fixtures_dir, settings) -> models.Tournament:
    settings.API_RATE_LIMIT = (1_000_000, 60)
    text = (fixtures_dir / "trf" / "small-swiss7-byes-forfeits.trf").read_text(encoding="utf-8")
    season = models.Season.objects.create(year=2026, name="Temporada 2026")
    return store.import_trf(text, source="small-swiss7.trf", season=season)


@pytest.fixture
def league(swiss) -> models.Tournament:
    """A published team competition (issue 18), two rounds entered, for the /teams/{slug} paths."""
    return played_team_event()


@pytest.fixture(autouse=True)
def _keep_the_test_transaction():
    """As Django's test client does: a request must not close the connection holding the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@schema.parametrize()
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_matches_its_openapi_document(case, swiss, league):
    case.call_and_validate()
    team = case.path.startswith("/teams/")
    real = {"slug": league.slug, "round": 1} if team else {"slug": swiss.slug, "year": 2026}
    params = case.path_parameters or {}
    if set(params) & set(real):  # the same request on the real tournament, team competition (and season)
        case.path_parameters = {**params, **{k: v for k, v in real.items() if k in params}}
        case.call_and_validate()
