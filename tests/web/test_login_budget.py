"""Login throttling by address and by user (issue 21 "Logins as a weapon").

* guessing across many user names from one address used to never lock (160 tries, 0 locks) and
  cost one Argon2 hash per try: past the address's budget the attempt is refused (HTTP 429)
  before any password is hashed;
* the rightful user, from another address, still logs in during such a flood and after five
  wrong passwords for their name from the shared address (lockout by user name AND address).
"""

from __future__ import annotations

from unittest import mock

import pytest
from django.conf import settings as SETTINGS
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client

from arbitro.web.ops.throttle import address_failures

pytestmark = pytest.mark.django_db

SHARED = "10.0.0.1"


@pytest.fixture(autouse=True)
def _no_remembered_window():
    """The cache outlives a test's database: a window remembered from another test is forgotten."""
    from django.core.cache import cache

    ips = [SHARED, "192.0.2.7", "198.51.100.4", "198.51.100.9", *(f"203.0.113.{i}" for i in range(1, 40))]
    keys = [f"arbitro:login-{kind}:{ip}" for ip in ips for kind in ("window", "known")]
    cache.delete_many(keys)  # only this module's keys: a shared Redis may hold other runs' (no flush)
    yield
    cache.delete_many(keys)


def _login(c: Client, username: str, password: str):
    return c.post("/login/", {"username": username, "password": password})


def test_guessing_many_names_from_one_address_is_refused_before_hashing() -> None:
    get_user_model().objects.create_user("arbiter", password="right-password-9")
    flood = Client(REMOTE_ADDR=SHARED)
    budget = SETTINGS.ARBITRO_LOGIN_ADDRESS_NAMES + 1  # past the budget of names: a delay window opens (issue 38)
    for i in range(budget):
        assert _login(flood, f"guess{i}", "wrong").status_code == 200  # a form error, not yet a lockout
    recorded = address_failures(SHARED)
    with mock.patch.object(MD5PasswordHasher, "encode", wraps=MD5PasswordHasher().encode) as encode, \
            mock.patch.object(MD5PasswordHasher, "verify", wraps=MD5PasswordHasher().verify) as verify:  # fmt: skip
        for i in range(10):
            resp = _login(flood, f"other{i}", "wrong")
            assert resp.status_code == 429
        assert encode.call_count == 0 and verify.call_count == 0  # the cheap rejection: no hash at all
    assert address_failures(SHARED) == recorded  # ... and no write either (one read per attempt)
    # the flood does not reach the rightful user elsewhere
    home = Client(REMOTE_ADDR="192.0.2.7")
    ok = _login(home, "arbiter", "right-password-9")
    assert ok.status_code == 302 and "_auth_user_id" in home.session


def test_shared_address_cannot_lock_the_rightful_user_out_from_another_address() -> None:
    get_user_model().objects.create_user("chief", password="right-password-8")
    shared = Client(REMOTE_ADDR=SHARED)
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT + 3):
        _login(shared, "chief", "wrong")
    assert _login(shared, "chief", "right-password-8").status_code == 429  # that pair is locked
    other = Client(REMOTE_ADDR="198.51.100.4")
    ok = _login(other, "chief", "right-password-8")
    assert ok.status_code == 302 and "_auth_user_id" in other.session


# -- issue 38 item 4: progressive delays, no venue lockout --------------------------------------------


def test_25_wrong_passwords_from_one_address_do_not_stop_another_user_there() -> None:
    get_user_model().objects.create_user("arbitro2", password="right-password-7")
    get_user_model().objects.create_user("jugador2", password="right-password-6")
    venue = Client(REMOTE_ADDR=SHARED)
    for _ in range(25):  # one person's typos (or one hostile player) on one account
        _login(venue, "jugador2", "wrong")
    colleague = Client(REMOTE_ADDR=SHARED)
    ok = _login(colleague, "arbitro2", "right-password-7")
    assert ok.status_code == 302 and "_auth_user_id" in colleague.session
    # ... nor 25 wrong passwords over 25 names
    for i in range(25):
        _login(venue, f"name{i}", "wrong")
    again = Client(REMOTE_ADDR=SHARED)
    ok = _login(again, "arbitro2", "right-password-7")
    assert ok.status_code == 302 and "_auth_user_id" in again.session


def test_spraying_opens_a_window_that_doubles_and_ends() -> None:
    import datetime as dt

    from django.utils import timezone

    from arbitro.web.ops import throttle

    get_user_model().objects.create_user("late", password="right-password-5")
    flood = Client(REMOTE_ADDR=SHARED)
    budget = SETTINGS.ARBITRO_LOGIN_ADDRESS_NAMES
    for i in range(budget + 1):
        _login(flood, f"spray{i}", "wrong")
    now = timezone.now()
    assert 0 < throttle.address_wait(SHARED, now) <= 2.0  # one name past the budget: 2 s
    resp = _login(Client(REMOTE_ADDR=SHARED), "late", "right-password-5")
    assert resp.status_code == 429 and 1 <= int(resp["Retry-After"]) <= 3  # a delay, said in the answer
    assert throttle.address_wait(SHARED, now + dt.timedelta(seconds=3)) == 0  # ... that ends
    from axes.models import AccessAttempt

    AccessAttempt.objects.filter(ip_address=SHARED).update(attempt_time=now - dt.timedelta(seconds=3))
    from django.core.cache import cache

    cache.delete(f"arbitro:login-window:{SHARED}")
    late = Client(REMOTE_ADDR=SHARED)
    assert _login(late, "late", "right-password-5").status_code == 302  # the address was never blocked


def test_a_user_known_at_the_address_logs_in_during_a_window() -> None:
    get_user_model().objects.create_user("habitual", password="right-password-4")
    first = Client(REMOTE_ADDR=SHARED)
    assert _login(first, "habitual", "right-password-4").status_code == 302  # axes' access log: known here
    flood = Client(REMOTE_ADDR=SHARED)
    for i in range(SETTINGS.ARBITRO_LOGIN_ADDRESS_NAMES + 3):
        _login(flood, f"spray{i}", "wrong")
    assert _login(Client(REMOTE_ADDR=SHARED), "nobody", "x").status_code == 429
    second = Client(REMOTE_ADDR=SHARED)
    assert _login(second, "habitual", "right-password-4").status_code == 302


def test_one_name_guessed_from_many_addresses_gets_a_delay_not_a_lock() -> None:
    from arbitro.web.ops import throttle

    get_user_model().objects.create_user("target", password="right-password-3")
    for i in range(SETTINGS.ARBITRO_LOGIN_ACCOUNT_FAILURES + 2):
        _login(Client(REMOTE_ADDR=f"203.0.113.{i + 1}"), "target", "wrong")
    assert 0 < throttle.account_wait("target") <= throttle.MAX_ACCOUNT_DELAY
    assert _login(Client(REMOTE_ADDR="198.51.100.9"), "target", "right-password-3").status_code == 429


def test_an_administrator_sees_and_lifts_blocks(capsys: pytest.CaptureFixture[str]) -> None:
    from arbitro.cli import main
    from arbitro.web.ops import throttle

    get_user_model().objects.create_user("chief3", password="right-password-2")
    shared = Client(REMOTE_ADDR=SHARED)
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT):
        _login(shared, "chief3", "wrong")
    assert _login(shared, "chief3", "right-password-2").status_code == 429  # the pair is locked
    assert any(b.username == "chief3" and b.locked for b in throttle.blocks())
    assert main(["logins"]) == 0
    out = capsys.readouterr().out
    assert "chief3" in out and SHARED in out and "locked" in out
    assert main(["logins", "--lift", "--user", "chief3", "--address", SHARED]) == 0
    assert not throttle.blocks()
    ok = Client(REMOTE_ADDR=SHARED)
    assert _login(ok, "chief3", "right-password-2").status_code == 302
    assert main(["logins", "--lift"]) == 2  # lifting needs a name or an address


def test_the_logins_page_is_for_federation_administrators(client: Client) -> None:
    admin = get_user_model().objects.create_superuser("root-l", password="pw-root-123")
    get_user_model().objects.create_user("chief4", password="right-password-1")
    shared = Client(REMOTE_ADDR=SHARED)
    for _ in range(SETTINGS.AXES_FAILURE_LIMIT):
        _login(shared, "chief4", "wrong")
    plain = get_user_model().objects.create_user("plain", password="pw-plain-123")
    client.force_login(plain)
    assert client.get("/desk/logins/").status_code in (403, 404)
    client.force_login(admin)
    page = client.get("/desk/logins/").content.decode()
    assert "chief4" in page and SHARED in page
    resp = client.post("/desk/logins/", {"username": "chief4", "address": SHARED})
    assert resp.status_code == 302
    assert "chief4" not in client.get("/desk/logins/").content.decode()
