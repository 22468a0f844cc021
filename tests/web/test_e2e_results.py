"""Result entry an arbiter can trust (issue 15, item 1), in Debian's Chromium through Playwright.

* every typed form of a result (trf.md §3.3 codes, C.04.A VCL.13/14) saves exactly that
  result on exactly that board and nothing else;
* Enter moves to the next *empty* board; a saved board is read-only until "Correct";
* a wrong entry is a translated error on that board and nothing is sent;
* typed results survive an expired session (the browser keeps them until the page shows them saved).

The expected codes are written out here by hand (White's code, Black's code), not computed
by the parser under test.
"""

from __future__ import annotations

import pytest
from e2e_support import E2E, login, make_arbiter, shot

from arbitro.web.tournaments import models, service

pytestmark = E2E

#: (what the arbiter types, White's TRF code, Black's TRF code)
FORMS = [
    ("1-0", "1", "0"),
    ("0-1", "0", "1"),
    ("½-½", "=", "="),
    ("1/2-1/2", "=", "="),
    ("=", "=", "="),
    ("1", "1", "0"),
    ("0", "0", "1"),
    ("+", "+", "-"),
    ("-", "-", "+"),
    ("1F-0F", "+", "-"),
    ("0F-1F", "-", "+"),
    ("+-", "+", "-"),
    ("-+", "-", "+"),
    ("0F-0F", "-", "-"),
    ("--", "-", "-"),
    ("W-L", "W", "L"),
    ("L-W", "L", "W"),
    ("D-D", "D", "D"),
    ("W", "W", "L"),
    ("½-0", "=", "0"),
    ("0-0", "0", "0"),
    ("1 - 0", "1", "0"),
    ("0,5-0,5", "=", "="),
    ("1f-0f", "+", "-"),
]
BOARDS = 8


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale="es-AR")
    ctx.set_default_timeout(15000)
    yield ctx
    ctx.close()


def _arbiter():
    return make_arbiter()


def _paired(user, name: str, players: int = 2 * BOARDS) -> models.Tournament:
    """A round robin with round 1 paired (Berger tables), built through the web's service."""
    row = service.create({"name": name, "city": "Mar del Plata", "system": "rr"}, user)
    service.register_many(
        row, "\n".join(f"Jugador{i:02d}, Demo; {2000 - 10 * i}" for i in range(1, players + 1)), user
    )
    row.refresh_from_db()
    service.pair_next(row, user)
    row.refresh_from_db()
    return row


def _codes(row: models.Tournament) -> list[tuple[str, str] | None]:
    row.refresh_from_db()
    st = service.state(row)
    return [(g.white_code.value, g.black_code.value) if g.has_result else None for g in st.round(1).boards]


def _login(page, base: str, next_url: str = "") -> None:
    login(page, base, redirected=bool(next_url))


def _field(page, board: int):
    return page.locator(f"#results-form input.result[data-board='{board}']")


def test_each_typed_form_saves_exactly_that_result_on_exactly_that_board(context, live_server):
    """trf.md §3.3, C.04.A VCL.13/14: one form per board, saved one at a time; the other boards never change."""
    user = _arbiter()
    page = context.new_page()
    _login(page, live_server.url)
    for start in range(0, len(FORMS), BOARDS):
        row = _paired(user, f"Formas {start}")
        page.goto(f"{live_server.url}/desk/t/{row.slug}/")
        expected: list[tuple[str, str] | None] = [None] * BOARDS
        for k, (typed, white, black) in enumerate(FORMS[start : start + BOARDS]):
            board = k + 1
            field = _field(page, board)
            assert page.evaluate("document.activeElement.dataset.board") == str(board), (
                "focus on the first empty board"
            )
            page.keyboard.type(typed)
            assert field.input_value() == typed, "every key stays in this board's field"
            page.keyboard.press("Enter")
            if board < BOARDS:
                assert page.evaluate("document.activeElement.dataset.board") == str(board + 1), (
                    "Enter: next empty board"
                )
            page.click("#save-results")
            page.wait_for_load_state()
            expected[k] = (white, black)
            assert _codes(row) == expected, f"typed {typed!r} on board {board}"
        _shot(page, f"desk-results-forms-{start}")


def test_enter_skips_saved_boards_and_a_saved_board_changes_only_after_correct(context, live_server):
    user = _arbiter()
    row = _paired(user, "Saltos")
    page = context.new_page()
    _login(page, live_server.url)
    service.enter_results(row, 1, {2: "1-0", 3: "0-1"}, user)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    assert page.evaluate("document.activeElement.dataset.board") == "1"
    page.keyboard.type("=")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.board") == "4", "boards 2 and 3 are saved: skipped"
    _field(page, 2).focus()
    page.keyboard.type("0")  # a saved board is read-only: nothing changes
    assert _field(page, 2).input_value() == "1-0"
    page.locator("#results-form input.result[data-board='3'] + button.correct").click()
    page.keyboard.type("½-½")
    page.click("#save-results")
    page.wait_for_load_state()
    assert _codes(row) == [("=", "="), ("1", "0"), ("=", "="), *[None] * (BOARDS - 3)]


def test_a_wrong_entry_is_a_translated_error_on_that_board_and_nothing_is_saved(context, live_server):
    user = _arbiter()
    row = _paired(user, "Errores")
    page = context.new_page()
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    page.keyboard.type("1-0")
    page.keyboard.press("Enter")
    page.keyboard.type("2-0")
    page.keyboard.press("Enter")
    error = page.locator("#err-2")
    assert "tablero 2" in error.inner_text() and "no es un resultado" in error.inner_text()
    assert page.evaluate("document.activeElement.dataset.board") == "2", "the cursor stays on the wrong board"
    assert page.locator("#err-1").inner_text() == ""
    page.click("#save-results")
    assert _codes(row) == [None] * BOARDS, "nothing is sent while a board is wrong"
    _shot(page, "desk-results-error")
    page.fill("#results-form input.result[data-board='2']", "1F-½F")
    page.locator("#results-form input.result[data-board='2']").dispatch_event("input")
    assert "VCL.14" in error.inner_text()


def test_typed_results_survive_an_expired_session(context, live_server):
    user = _arbiter()
    row = _paired(user, "Sesion")
    page = context.new_page()
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    for typed in ("1-0", "½-½", "0F-1F"):
        page.keyboard.type(typed)
        page.keyboard.press("Enter")
    from django.contrib.sessions.models import Session

    Session.objects.all().delete()  # the session ends on the server while the arbiter types
    page.click("#save-results")
    _login(page, live_server.url, next_url="expired")
    page.wait_for_url(f"**/desk/t/{row.slug}/")
    assert _codes(row) == [None] * BOARDS, "nothing was saved without a session"
    assert [_field(page, b).input_value() for b in (1, 2, 3, 4)] == ["1-0", "½-½", "0F-1F", ""]
    assert page.locator("#results-restored").is_visible()
    _shot(page, "desk-results-restored")
    page.click("#save-results")
    page.wait_for_load_state()
    assert _codes(row) == [("1", "0"), ("=", "="), ("-", "+"), *[None] * (BOARDS - 3)]
    assert (
        page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('arbitro:results:')).length") == 0
    )
    assert not page.locator("#results-restored").is_visible()


def test_the_script_normalises_as_the_core_does(context, live_server):
    """desk.js ``normalise`` = ``arbitro.tournament.results.normalise_result`` on awkward input."""
    from arbitro.tournament.results import normalise_result

    user = _arbiter()
    row = _paired(user, "Normal")
    page = context.new_page()
    _login(page, live_server.url)
    page.goto(f"{live_server.url}/desk/t/{row.slug}/")
    samples = [" 1 : 0 ", "½ – ½", "0,5-0,5", "1f—0f", "1\u22120", "\t=\n", "w-l", "1/2 - 1/2"]
    for text in samples:
        page.fill("#results-form input.result[data-board='1']", text)
        page.locator("#results-form input.result[data-board='1']").press("Enter")
        shown = _field(page, 1).input_value()
        key = normalise_result(text)
        data = page.evaluate("JSON.parse(document.getElementById('result-forms').textContent).forms")
        assert shown == data[key], text


def _shot(page, name: str) -> None:
    shot(page, name)
