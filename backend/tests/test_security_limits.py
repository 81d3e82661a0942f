"""Findings of the security review, each shut: a chunked body past the limit, a login flood across names, a
limiter grown by made-up keys, an admin's password reset leaving sessions alive, a report print sent by the Host
header to an address of the caller's choosing."""

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.requests import Request

from perflab.api.exports import _base_url
from perflab.main import create_app
from perflab.services.rate_limit import RateLimited, SlidingWindow

from test_access_control import PASSWORD, log_in, make_user


def test_a_chunked_body_over_the_limit_is_refused(anon_client, settings):
    chunk = b" " * 65536
    sent = 0

    def body():  # no Content-Length: the limit must count what is read
        nonlocal sent
        for _ in range(settings.max_body_bytes // len(chunk) + 8):
            sent += len(chunk)
            yield chunk

    r = anon_client.post("/api/auth/login", content=body(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413, r.text
    assert f"limit of {settings.max_body_bytes} bytes" in r.json()["detail"]
    assert sent > settings.max_body_bytes


def test_failed_logins_from_one_address_are_limited_whatever_the_names(db, settings):
    # a limit of 6, not the lab's 30: each failed login is an argon2 verify (~0.5 s of a core), and 6 is still
    # more than the 5 a name may fail (login_attempts), so only the address's limit can stop the next login
    settings = settings.model_copy(update={"login_attempts_per_address": settings.login_attempts + 1})
    make_user(db, "wanda", "viewer")
    with TestClient(create_app(settings, db)) as anon_client:
        for i in range(settings.login_attempts_per_address):
            assert log_in(anon_client, f"made-up-{i}", "guess").status_code == 401
        r = log_in(anon_client, "wanda")  # a real user from the same address waits too: the address is flooding
    assert r.status_code == 429 and "PERFLAB_LOGIN_ATTEMPTS_PER_ADDRESS" in r.json()["detail"]
    assert f"at most {settings.login_attempts_per_address} per" in r.json()["detail"]
    assert int(r.headers["retry-after"]) >= 1


def hits(db) -> int:
    with db.session() as s:
        return s.scalar(text("SELECT count(*) FROM rate_hits"))


def test_asking_the_limiter_about_unknown_keys_keeps_nothing(db):
    now = [0.0]
    window = SlidingWindow(db, "test", 2, 10.0, clock=lambda: now[0])
    for i in range(1000):
        assert window.retry_after(f"name-{i}@addr") is None
    assert hits(db) == 0
    window.hit("a")
    window.hit("a")
    assert window.retry_after("a") == 10.0
    now[0] = 11.0
    assert window.retry_after("a") is None
    window.hit("b")  # counting drops the key's own expired events, and every minute all of the limiter's
    assert hits(db) == 3
    now[0] = 61.0
    window.hit("b")
    assert hits(db) == 1 and window.retry_after("b") is None  # only the event just counted


def test_a_limit_holds_across_replicas(db):
    """Two replicas' limiters (two processes' objects on one database) count into one window: a second replica
    does not double the limit, and a refusal on either names the limit and when to try again."""
    now = [100.0]
    one, other = (SlidingWindow(db, "uploads", 3, 1.0, clock=lambda: now[0]) for _ in range(2))
    one.take("agent 1", "batches")
    other.take("agent 1", "batches")
    one.take("agent 1", "batches")
    with pytest.raises(RateLimited, match="batches: at most 3 per 1 s") as refused:
        other.take("agent 1", "batches")
    assert refused.value.retry_after_s == 1
    other.take("agent 2", "batches")  # keys are apart
    now[0] = 101.5
    other.take("agent 1", "batches")  # the window slid
    one.clear("agent 1")
    assert one.retry_after("agent 1") is None and hits(db) == 1  # agent 2's event is expired but not yet asked about


def test_an_admin_password_reset_ends_the_users_sessions(client, anon_client, db):
    make_user(db, "walt", "viewer")
    assert log_in(anon_client, "walt").status_code == 200
    assert anon_client.get("/api/auth/me").status_code == 200
    walt = next(u for u in client.get("/api/users").json() if u["name"] == "walt")
    r = client.patch(f"/api/users/{walt['id']}", json={"password": "reset by the admin"})
    assert r.status_code == 200, r.text
    assert anon_client.get("/api/auth/me").status_code == 401  # whoever knew the old password is out
    assert log_in(anon_client, "walt", PASSWORD).status_code == 401
    assert log_in(anon_client, "walt", "reset by the admin").status_code == 200


def _request(app, host_header: str, server: tuple[str, int]) -> Request:
    return Request({"type": "http", "app": app, "scheme": "http", "server": server, "path": "/", "query_string": b"",
                    "headers": [(b"host", host_header.encode())], "method": "GET", "root_path": ""})


def test_a_report_print_goes_to_the_lab_whatever_the_host_header_says(client):
    app = client.app
    for host in ("attacker.example", "169.254.169.254", "127.0.0.1:9"):
        assert _base_url(_request(app, host, ("127.0.0.1", 8123))) == "http://127.0.0.1:8123"
    assert _base_url(_request(app, "x", ("::1", 8123))) == "http://[::1]:8123"
    app.state.settings.report_base_url = "https://lab.example/"
    try:
        assert _base_url(_request(app, "attacker.example", ("127.0.0.1", 8123))) == "https://lab.example"
    finally:
        app.state.settings.report_base_url = ""
