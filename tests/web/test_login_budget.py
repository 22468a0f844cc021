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


def _login(c: Client, username: str, password: str):
    return c.post("/login/", {"username": username, "password": password})


def test_guessing_many_names_from_one_address_is_refused_before_hashing() -> None:
    get_user_model().objects.create_user("arbiter", password="right-password-9")
    flood = Client(REMOTE_ADDR=SHARED)
    budget = SETTINGS.ARBITRO_LOGIN_ADDRESS_FAILURES
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
