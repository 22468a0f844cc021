"""The desk's operations (issue 32 item 2): one view and one form each, each at its own URL, listed once.

* every operation of :data:`~arbitro.web.tournaments.desk.operations.OPERATIONS` has its URL, its view, its
  form and its button in its template; no desk template posts an ``op`` any more;
* a form of the wrong shape is refused with the desk's own translated message (Spanish and English), and
  nothing is appended to the log;
* a GET of an operation (back from the login after an expired session) goes to the panel.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from desk_support import desk_url
from django.contrib.messages import get_messages
from django.urls import resolve, reverse
from django.utils import translation

from arbitro.web.tournaments import models, service
from arbitro.web.tournaments.desk import operations
from arbitro.web.tournaments.desk.base import Operation, submit

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "src" / "arbitro" / "web" / "tournaments" / "templates"


def test_every_operation_is_one_view_one_form_one_url() -> None:
    names = [op.name for op in operations.OPERATIONS]
    assert len(names) == len(set(names)), "an operation listed twice"
    for op in operations.OPERATIONS:
        assert issubclass(op, Operation) and op.run is not Operation.run, op.name
        url = reverse(f"tournaments:desk_{op.name}", args=["t"])
        match = resolve(url)
        assert match.url_name == f"desk_{op.name}" and match.func.view_class is op, url
        assert op.label, op.name  # test_manual.py checks the manual names it, in both languages
        # its button posts to its URL, in the template the list names
        source = (TEMPLATES / op.template).read_text(encoding="utf-8")
        assert f"'tournaments:desk_{op.name}'" in source, (op.name, op.template)


def test_no_template_posts_an_op_to_the_individual_desk() -> None:
    for path in (TEMPLATES / "tournaments").glob("desk*.html"):
        source = path.read_text(encoding="utf-8")
        if path.name == "desk_confirm.html":  # shared with the team desk, whose door still takes an ``op``
            continue
        assert not re.search(r'name="op"', source), path.name


@pytest.fixture
def event(arbiter):
    row = service.create({"name": "Operaciones", "system": "swiss", "rounds": 3}, arbiter)
    service.register_many(row, "\n".join(f"Jugador{i}, A; {2000 - 10 * i}" for i in range(4)), arbiter)
    row.refresh_from_db()
    return row


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "player: expected a whole number, got 'x'"), ("es", "jugador: se esperaba un número entero, se recibió 'x'")],
)
def test_a_form_of_the_wrong_shape_is_refused_in_the_readers_language(logged, event, lang, expected) -> None:
    before = event.events.count()
    logged.cookies["django_language"] = lang
    resp = logged.post(desk_url(event, "withdraw"), {"player": "x"})
    assert resp.status_code == 302 and resp["Location"] == reverse("tournaments:desk_panel", args=[event.slug])
    assert [str(m) for m in get_messages(resp.wsgi_request)] == [expected]
    assert event.events.count() == before


def test_the_boards_field_names_the_line(logged, event) -> None:
    logged.cookies["django_language"] = "en"
    resp = logged.post(desk_url(event, "change_pairing"), {"boards": "1 2\n3 x", "reason": "r"})
    assert [str(m) for m in get_messages(resp.wsgi_request)] == ["line 2: expected a whole number, got 'x'"]


def test_a_get_of_an_operation_goes_to_the_panel(logged, event) -> None:
    for op in operations.OPERATIONS:
        resp = logged.get(desk_url(event, op.name))
        assert resp.status_code == 302 and resp["Location"] == reverse("tournaments:desk_panel", args=[event.slug])


def test_submit_runs_an_operation_from_a_script_with_the_desks_message(arbiter, event) -> None:
    with translation.override("en"):
        assert submit(operations.Pair, event, {}, arbiter).startswith("Round 1 paired as a draft")
        assert submit(operations.Publish, event, {}, arbiter) == "Round 1 published."
    event.refresh_from_db()
    assert models.TournamentEvent.objects.filter(tournament=event, kind="round_published").exists()
