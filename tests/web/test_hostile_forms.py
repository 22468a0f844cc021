"""The hostile-input corpus through the web's forms and upload forms (issue 21).

* every form-field case is refused by the core (an :class:`ArbitroError` naming the field) and by
  the desk's create and register forms (a translated form error, nothing saved);
* every TRF case small enough to upload goes through the desk's import form, every rating-list
  case through the admin's upload: a message, no tournament or entry half-made, no server error,
  each in under 5 s and 500 MB (``tracemalloc`` peak, which sees Python's allocations);
* the injected name of the record-injection finding (``X\\r142 1``) never reaches the TRF.
"""

from __future__ import annotations

import time
import tracemalloc

import pytest
from desk_support import desk_post
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation
from tests.hostile.corpus import FIELD_CASES, RATING_CASES, TRF_CASES, Case

from arbitro.errors import ArbitroError
from arbitro.model import Player, Tournament
from arbitro.tournament import TournamentService
from arbitro.trf import format_trf
from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db

SMALL = 2 * 1024 * 1024
UPLOADS = [c for c in TRF_CASES if c.target is None and not callable(c.build) and len(c.data()) < SMALL]
LISTS = [c for c in RATING_CASES if c.target is None and not callable(c.build)]
CREATE_FIELDS = {"name", "city", "chief_arbiter"}
PLAYER_FIELDS = {"player_name": "name", "fide_id": "fide_id", "federation": "federation", "birth_date": "birth_date"}


@pytest.fixture
def chief():
    user = get_user_model().objects.create_user("hostile-chief", password="pw-hostile-1")
    models.Role.objects.create(user=user, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    return user


@pytest.fixture
def logged(client, chief):
    client.force_login(chief)
    return client


class _Bounded:
    """Time and Python memory of one request (limits of the corpus)."""

    def __enter__(self) -> _Bounded:
        tracemalloc.start()
        self.start = time.process_time()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cpu = time.process_time() - self.start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        self.mb = peak / 2**20
        assert self.cpu < 5.0, f"{self.cpu:.1f} s CPU"
        assert self.mb < 500, f"{self.mb:.0f} MB"


def _value(case: Case) -> str:
    return case.data().decode("utf-8")


@pytest.mark.parametrize("case", FIELD_CASES, ids=[c.name for c in FIELD_CASES])
def test_core_refuses_the_field(case: Case) -> None:
    """The tournament service refuses control characters and over-wide values (limits.TEXT_WIDTHS)."""
    field, value = str(case.extra["field"]), _value(case)
    svc = TournamentService(author="corpus")
    if field in PLAYER_FIELDS:
        svc.create(name="Corpus", rounds=5)
        name, fields = (value, {}) if field == "player_name" else ("Alpha, Ann", {PLAYER_FIELDS[field]: value})
        with pytest.raises(ArbitroError, match=case.expect):
            svc.register_player(name, **fields)
        assert not svc.state.header.players
    else:
        kwargs = {"name": "Corpus", "rounds": 5, field: value}
        with pytest.raises(ArbitroError, match=case.expect):
            svc.create(**kwargs)
        assert not svc.state.created


@pytest.mark.parametrize("case", [c for c in FIELD_CASES if c.extra["field"] in CREATE_FIELDS],
                         ids=[c.name for c in FIELD_CASES if c.extra["field"] in CREATE_FIELDS])  # fmt: skip
@pytest.mark.parametrize("lang", ["en", "es"])
def test_create_form_shows_a_translated_error(logged, case: Case, lang: str) -> None:
    logged.post(reverse("tournaments:set_language"), {"language": lang, "next": "/"})
    data = {"name": "Corpus", "system": "swiss", "rounds": 5, case.extra["field"]: _value(case)}
    with _Bounded():
        resp = logged.post(reverse("tournaments:desk_create"), data)
    assert resp.status_code == 200
    assert not models.Tournament.objects.exists()
    errors = " ".join(str(e) for errs in resp.context["form"].errors.values() for e in errs)
    with translation.override(lang):
        expected = {"control": str(translation.gettext("Remove the line breaks or control characters (%(chars)s)."))
                    .split(" (")[0], "characters": ""}[case.expect]  # fmt: skip
    assert errors and expected in errors, errors


@pytest.mark.parametrize("case", [c for c in FIELD_CASES if c.extra["field"] in PLAYER_FIELDS],
                         ids=[c.name for c in FIELD_CASES if c.extra["field"] in PLAYER_FIELDS])  # fmt: skip
def test_register_form_refuses_the_field(logged, chief, case: Case) -> None:
    row = service.create({"name": "Corpus", "system": "swiss", "rounds": 5}, chief)
    data = {"op": "register", "name": "Alpha, Ann", PLAYER_FIELDS[str(case.extra["field"])]: _value(case)}
    with _Bounded():
        resp = desk_post(logged, row.slug, data)
    assert resp.status_code == 302
    shown = [str(m) for m in get_messages(resp.wsgi_request)]
    assert shown and all(m.strip() for m in shown)
    assert not row.entries.exists()


def test_injected_name_never_reaches_the_trf(chief) -> None:
    """The record-injection finding: a tournament or player named ``X\\r142 1`` is refused everywhere."""
    with pytest.raises(ArbitroError, match="control characters"):
        service.create({"name": "X\r142 1", "system": "swiss", "rounds": 5}, chief)
    row = service.create({"name": "Clean", "system": "swiss", "rounds": 5}, chief)
    with pytest.raises(ArbitroError, match="control characters"):
        service.register(row, {"name": "X\r142 1"}, chief)
    for t in (Tournament(name="X\r142 1"), Tournament(name="Clean", players={1: Player(1, "X\r142 1")})):
        with pytest.raises(ArbitroError, match="new record"):
            format_trf(t)  # the writer's own guard, for a value that came in another way


@pytest.mark.parametrize("case", UPLOADS, ids=[c.name for c in UPLOADS])
def test_import_form_refuses_the_trf(logged, case: Case) -> None:
    upload = SimpleUploadedFile("case.trf", case.data(), content_type="text/plain")
    logged.cookies["django_language"] = "en"  # the corpus's fragments are the reader's English words
    with _Bounded():
        resp = logged.post(reverse("tournaments:desk_import"), {"file": upload})
    assert resp.status_code == 200
    assert not models.Tournament.objects.exists()
    # a file the reader refuses: its problems listed on the page (line, column, field); other refusals: a message
    shown = [str(m) for m in get_messages(resp.wsgi_request)] + list((resp.context or {}).get("problems") or [])
    form = resp.context["form"] if resp.context else None
    assert shown or (form is not None and form.errors), "no message"
    text = " ".join(shown).lower()
    assert "traceback" not in text
    if shown:
        assert case.expect.lower() in text, text[:300]


@pytest.mark.parametrize("case", LISTS, ids=[c.name for c in LISTS])
def test_admin_rating_list_upload_refuses_the_list(client, django_user_model, case: Case) -> None:
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw-root-123")
    client.force_login(admin)
    name = "case" + str(case.extra.get("suffix", ".txt"))
    upload = SimpleUploadedFile(name, case.data(), content_type="application/octet-stream")
    with _Bounded():
        resp = client.post("/admin/tournaments/ratinglistentry/import/", {"file": upload, "period": "2026-11"})
    assert resp.status_code in (200, 302)
    assert not models.RatingListEntry.objects.exists()
    shown = [str(m) for m in get_messages(resp.wsgi_request)]
    assert shown and all(m.strip() and "Traceback" not in m for m in shown), shown
