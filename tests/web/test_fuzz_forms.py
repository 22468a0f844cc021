"""Web forms and requests under bad input (issue 11 §4): never a server error.

Every desk action, the create and import forms, the bye request, the login and the
public URLs get generated junk; each answer is a page or a redirect (the problem shown
as a message), never an unhandled exception (the test client re-raises those) and
never a 500. ``ARBITRO_FUZZ_WEB_EXAMPLES`` raises the count (``tools/fuzz_all.py``).
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from desk_support import desk_post
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.fixture_paths import FIXTURES

from arbitro.web.tournaments import models, service

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("ARBITRO_FUZZ_WEB_EXAMPLES", "15"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None, suppress_health_check=list(HealthCheck))
COUNTS: Counter[str] = Counter()

JUNK = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["", "0", "-1", "1", "2", "99999999999999999999", "1-0", "½-½", "0F-1F", "+", "=", "x", "1.5", "None"]),
    st.integers(-5, 500).map(str),
)
OPS = st.one_of(
    st.sampled_from(["pair", "results", "register", "register_many", "change_pairing", "withdraw", "bye", "publish", "finish"]),
    st.text(max_size=10),
)
FIELDS = ["round", "player", "name", "rating", "fide_id", "federation", "title", "sex", "birth_date", "players", "boards", "bye", "reason", "kind"]


@pytest.fixture
def desk():
    chief = get_user_model().objects.create_user("fuzz-chief", password="fuzz-pw-123")
    models.Role.objects.create(user=chief, tournament=None, kind=models.Role.Kind.CHIEF_ARBITER)
    row = service.create({"name": "Fuzz", "system": "swiss", "rounds": 5}, chief)
    service.register_many(row, "\n".join(f"Fuzz{i}, F; {1900 - 20 * i}" for i in range(8)), chief)
    service.pair_next(row, chief)
    row.refresh_from_db()
    c = Client()
    c.force_login(chief)
    return c, row


def _ok(resp, what: str) -> None:
    assert resp.status_code in {200, 302, 400, 403, 404, 405, 429}, (what, resp.status_code)  # 429: login throttled
    COUNTS[f"{what} {resp.status_code}"] += 1
    for m in get_messages(resp.wsgi_request):
        assert str(m).strip()


def _results_fields(row) -> list[str]:
    st_ = service.state(row)
    if st_ is None or not st_.rounds:
        return []
    return [f"{p}_{g.white}_{g.black}" for g in st_.rounds[-1].boards for p in ("r", "s")]


def test_desk_actions_with_junk_answer_with_a_message(desk) -> None:
    c, row = desk

    @FUZZ
    @given(op=OPS, data=st.data())
    def check(op, data) -> None:
        keys = FIELDS + _results_fields(row)
        form = data.draw(st.dictionaries(st.sampled_from(keys), JUNK, max_size=8))
        resp = desk_post(c, row.slug, {"op": op, **form})
        _ok(resp, "action")
        row.refresh_from_db()

    check()


def test_create_and_import_forms_with_junk(desk) -> None:
    c, _ = desk
    trf_seed = sorted((FIXTURES / "trf").glob("small*.trf"))

    @FUZZ
    @given(
        form=st.dictionaries(
            st.sampled_from(["name", "city", "start_date", "end_date", "category", "system", "rounds", "entrants", "time_control", "chief_arbiter"]),
            JUNK, max_size=10,
        ),
        upload=st.one_of(st.binary(max_size=300), st.text(max_size=300).map(str.encode)),
        cut=st.integers(0, 4000),
        category=JUNK,
    )
    def check(form, upload, cut, category) -> None:
        _ok(c.post("/desk/new/", form), "create")
        if trf_seed and cut % 2:
            upload = trf_seed[0].read_bytes()[: cut] + upload
        f = SimpleUploadedFile("fuzz.trf", upload, content_type="text/plain")
        _ok(c.post("/desk/import/", {"file": f, "category": category}), "import")

    check()


def test_bye_request_login_language_and_public_urls_with_junk(desk) -> None:
    c, row = desk
    anon = Client()

    @FUZZ
    @given(player=JUNK, rnd=JUNK, user=JUNK, pw=JUNK, lang=JUNK, nxt=JUNK, n=st.integers(0, 10**12), q=st.text(max_size=30))
    def check(player, rnd, user, pw, lang, nxt, n, q) -> None:
        _ok(c.post(f"/t/{row.slug}/bye/", {"player": player, "round": rnd}), "bye")
        _ok(anon.post("/login/", {"username": user, "password": pw}), "login")
        _ok(anon.post("/language/", {"language": lang, "next": nxt}), "language")
        for path in (f"/t/{row.slug}/round/{n}/", f"/t/{row.slug}/player/{n}/", f"/p/{n}/", f"/t/{row.slug}/version.json"):
            _ok(anon.get(path), "public")
        _ok(c.get(f"/desk/t/{row.slug}/", {"q": q}), "panel search")
        _ok(c.get(f"/desk/t/{row.slug}/export.trf", {"version": q}), "export")

    check()
