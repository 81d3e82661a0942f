"""Accounts, sessions, tokens, revoked agents and limits, through the API as a browser or a script uses it."""

import os
import stat
import subprocess
import sys
from datetime import timedelta

import pytest
from sqlalchemy import select, update

from perflab.models import Agent, ApiToken, Run
from perflab.models.base import utcnow
from perflab.services import credentials, users

from agent_sim import SimAgent, batch, make_calls
from conftest import ENROLLMENT_TOKEN
from test_api_runs import launch
from test_run_lifecycle import rows, start

PASSWORD = "correct horse battery"


def make_user(db, name: str, role: str, password: str = PASSWORD) -> dict[str, str]:
    """The user, and headers with an API token of theirs."""
    with db.session() as s:
        user = users.create_user(s, name, password, role)
        return {"Authorization": f"Bearer {credentials.create_api_token(s, user, 't', None)[1]}"}


def log_in(client, name: str, password: str = PASSWORD):
    return client.post("/api/auth/login", json={"name": name, "password": password})


def test_a_browser_session_reads_freely_and_writes_only_with_its_csrf_header(anon_client, db):
    make_user(db, "olive", "operator")
    r = log_in(anon_client, "olive")
    assert r.status_code == 200, r.text
    assert r.json()["user"] == {"id": r.json()["user"]["id"], "name": "olive", "role": "operator"}
    session = r.cookies.get("perflab_session")
    assert session and anon_client.cookies.get("perflab_csrf") == r.json()["csrf_token"]
    cookie_header = r.headers.get_list("set-cookie")
    assert any("perflab_session=" in c and "HttpOnly" in c and "SameSite=strict" in c for c in cookie_header)
    assert not any("perflab_csrf=" in c and "HttpOnly" in c for c in cookie_header)  # the page reads it
    assert anon_client.get("/api/auth/me").json()["name"] == "olive"
    # a write without the header is what a cross-site form would send: refused
    r = anon_client.post("/api/tokens", json={"name": "ci"})
    assert r.status_code == 403 and "X-CSRF-Token" in r.json()["detail"]
    r = anon_client.post("/api/tokens", json={"name": "ci"}, headers={"X-CSRF-Token": "guess"})
    assert r.status_code == 403
    csrf = {"X-CSRF-Token": anon_client.cookies.get("perflab_csrf")}
    assert anon_client.post("/api/tokens", json={"name": "ci"}, headers=csrf).status_code == 201
    assert anon_client.post("/api/auth/logout", headers=csrf).status_code == 204
    anon_client.cookies.set("perflab_session", session)  # a stolen cookie of an ended session is worth nothing
    r = anon_client.get("/api/auth/me")
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer"


def test_failed_logins_are_limited_per_name_and_the_limit_says_when_to_retry(anon_client, db, settings):
    make_user(db, "vera", "viewer")
    for _ in range(settings.login_attempts):
        r = log_in(anon_client, "vera", "not her password")
        assert r.status_code == 401 and r.json()["detail"] == "wrong name or password"
    r = log_in(anon_client, "vera")  # even the right password waits: the limit is on trying
    assert r.status_code == 429
    assert 1 <= int(r.headers["retry-after"]) <= settings.login_window_s
    assert f"at most {settings.login_attempts} per" in r.json()["detail"]
    # an unknown name answers like a wrong password (no telling which names exist)
    assert log_in(anon_client, "nobody-here").json()["detail"] == "wrong name or password"


def test_passwords_are_stored_hashed_and_changed_with_the_current_one(anon_client, db):
    make_user(db, "vic", "viewer")
    with db.session() as s:
        stored = s.scalar(select(users.User.password_hash).where(users.User.name == "vic"))
    assert PASSWORD not in stored and stored.startswith("$argon2id$")
    log_in(anon_client, "vic")
    csrf = {"X-CSRF-Token": anon_client.cookies.get("perflab_csrf")}
    r = anon_client.post("/api/auth/password", json={"current_password": "wrong one!", "new_password": "x" * 12},
                         headers=csrf)
    assert r.status_code == 403 and r.json()["detail"] == "current_password is wrong"
    r = anon_client.post("/api/auth/password", json={"current_password": PASSWORD, "new_password": "short"},
                         headers=csrf)
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "new_password"]
    assert r.json()["detail"][0]["msg"] == "new_password must be 12-200 characters (got 5)"
    r = anon_client.post("/api/auth/password", json={"current_password": PASSWORD,
                                                      "new_password": "a much longer one"}, headers=csrf)
    assert r.status_code == 204
    assert anon_client.get("/api/auth/me").status_code == 200  # the browser that changed it stays logged in
    assert log_in(anon_client, "vic").status_code == 401
    assert log_in(anon_client, "vic", "a much longer one").status_code == 200


def test_a_password_change_ends_the_users_other_browser_sessions(anon_client, db):
    make_user(db, "val", "viewer")
    other_browser = log_in(anon_client, "val").cookies.get("perflab_session")
    anon_client.cookies.clear()
    log_in(anon_client, "val")
    r = anon_client.post("/api/auth/password", json={"current_password": PASSWORD, "new_password": "val's new one"},
                         headers={"X-CSRF-Token": anon_client.cookies.get("perflab_csrf")})
    assert r.status_code == 204
    assert anon_client.get("/api/auth/me").status_code == 200
    mine = anon_client.cookies.get("perflab_session")
    anon_client.cookies.clear()
    anon_client.cookies.set("perflab_session", other_browser)
    assert anon_client.get("/api/auth/me").status_code == 401  # a stolen or forgotten session dies with the password
    anon_client.cookies.set("perflab_session", mine)
    assert anon_client.get("/api/auth/me").status_code == 200


def test_api_tokens_are_shown_once_stored_hashed_revocable_and_expire(anon_client, client, db):
    r = client.post("/api/tokens", json={"name": "nightly", "expires_in_days": 30})
    assert r.status_code == 201
    made = r.json()
    token = made["token"]
    assert token.startswith("plt_") and made["prefix"] == token[:10]
    listed = client.get("/api/tokens").json()
    assert all("token" not in t for t in listed) and "nightly" in {t["name"] for t in listed}
    with db.session() as s:
        row = s.get(ApiToken, made["id"])
        assert token not in (row.token_sha256, row.prefix + "x") and len(row.token_sha256) == 64
    as_token = {"Authorization": f"Bearer {token}"}
    assert anon_client.get("/api/auth/me", headers=as_token).json()["name"] == "admin"
    with db.session() as s:
        s.execute(update(ApiToken).where(ApiToken.id == made["id"]).values(expires_at=utcnow() - timedelta(1)))
    r = anon_client.get("/api/runs", headers=as_token)
    assert r.status_code == 401 and "expired" in r.json()["detail"]
    second = client.post("/api/tokens", json={"name": "ci"}).json()
    assert client.delete(f"/api/tokens/{second['id']}").status_code == 204
    r = anon_client.get("/api/runs", headers={"Authorization": f"Bearer {second['token']}"})
    assert r.status_code == 401 and "revoked" in r.json()["detail"]
    r = client.post("/api/tokens", json={"name": "x", "expires_in_days": 4000})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "expires_in_days"]


def test_admins_manage_users_and_cannot_lock_themselves_out(client, anon_client, db):
    r = client.post("/api/users", json={"name": "otto", "password": PASSWORD, "role": "viewer"})
    assert r.status_code == 201 and r.json()["role"] == "viewer"
    assert client.post("/api/users", json={"name": "otto", "password": PASSWORD, "role": "viewer"}).status_code == 409
    r = client.post("/api/users", json={"name": "bad name!", "password": PASSWORD, "role": "viewer"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "name"]
    otto = r = client.get("/api/users").json()
    otto = next(u for u in otto if u["name"] == "otto")
    assert client.patch(f"/api/users/{otto['id']}", json={"role": "operator"}).json()["role"] == "operator"
    assert client.patch(f"/api/users/{otto['id']}", json={"disabled": True}).json()["disabled"] is True
    assert log_in(anon_client, "otto").status_code == 401  # a disabled user cannot log in
    me = client.get("/api/auth/me").json()
    r = client.patch(f"/api/users/{me['id']}", json={"role": "viewer"})
    assert r.status_code == 409 and "cannot demote or disable themselves" in r.json()["detail"]


def test_a_run_records_who_launched_it_and_the_history_filters_by_it(client, anon_client, db, agents):
    as_opal = make_user(db, "opal", "operator")
    a, b = agents
    mine = anon_client.post("/api/runs", headers=as_opal, json={
        "kind": "pingpong", "transport": "tcp", "client_agent_id": a.id, "server_agent_id": b.id, "calls": 10,
        "request_bytes": 64, "response_bytes": 64})
    assert mine.status_code == 201, mine.text
    assert mine.json()["launched_by"] == "opal"
    theirs = launch(client, a, b).json()
    assert theirs["launched_by"] == "admin"
    assert [r["id"] for r in client.get("/api/runs?launched_by=opal").json()["items"]] == [mine.json()["id"]]
    assert {r["id"] for r in client.get("/api/runs?launched_by=opal&launched_by=admin").json()["items"]} == \
        {mine.json()["id"], theirs["id"]}


def test_an_operator_launches_up_to_the_roles_limit_and_nothing_is_kept_beyond(anon_client, db, agents, settings):
    as_olga = make_user(db, "olga", "operator")
    a, b = agents
    body = {"kind": "pingpong", "transport": "tcp", "client_agent_id": a.id, "server_agent_id": b.id,
            "request_bytes": 64, "response_bytes": 64, "warmup_calls": 0,
            "calls": settings.operator_max_run_calls + 1}
    r = anon_client.post("/api/runs", headers=as_olga, json=body)
    assert r.status_code == 422, r.text
    assert r.json()["detail"][0]["loc"] == ["body", "calls"]
    assert f"at most {settings.operator_max_run_calls} calls" in r.json()["detail"][0]["msg"]
    with db.session() as s:
        assert s.scalars(select(Run)).all() == []  # refused before the commit
    # checked before the link is chosen: a profile this lab cannot shape is not even looked at
    r = anon_client.post("/api/runs", headers=as_olga, json={**body, "link_profile": "ethernet-10m"})
    assert r.status_code == 422 and r.json()["detail"][0]["loc"] == ["body", "calls"], r.text
    r = anon_client.post("/api/runs", headers=as_olga, json={**body, "calls": settings.operator_max_run_calls})
    assert r.status_code == 201, r.text


def test_a_revoked_agent_is_refused_its_runs_fail_and_what_it_uploaded_stays(client, db, agents):
    a, b = agents
    run, _, client_job = start(client, a, b, calls=100, warmup_calls=0)
    assert a.upload(client_job, batch(client_job, 0, make_calls(range(30), [2000] * 30))).status_code == 200
    r = client.post(f"/api/agents/{a.id}/revoke")
    assert r.status_code == 200 and r.json()["status"] == "revoked" and r.json()["revoked_at"]
    got = client.get(f"/api/runs/{run['id']}").json()
    assert got["status"] == "failed" and got["reason"] == "agent local-a was revoked by admin"
    from perflab.models import CallBlock
    assert rows(db, CallBlock, run["id"]) == 30
    for answer in (a.client.get("/api/agents/commands?wait_s=0", headers=a.headers),
                   a.client.post("/api/agents/heartbeat", headers=a.headers), a.upload(client_job, b"x")):
        assert answer.status_code == 401 and answer.json()["detail"].startswith("revoked:"), answer.text
    # it cannot enrol its way back until an admin reinstates it, and then only with a new token
    with pytest.raises(AssertionError, match="revoked by an admin"):
        SimAgent(client, "local-a")
    assert client.post(f"/api/agents/{a.id}/reinstate").json()["status"] != "revoked"
    assert client.post("/api/agents/heartbeat", headers=a.headers).status_code == 401  # the old token stays dead
    with db.session() as s:  # the revoked agent has stopped; it is started again a while later
        s.execute(update(Agent).where(Agent.id == a.id).values(last_seen_at=utcnow() - timedelta(seconds=60)))
    assert SimAgent(client, "local-a").id == a.id


def test_a_rotated_enrolment_token_replaces_the_old_one(client, anon_client):
    r = client.post("/api/agents/enrollment-token")
    assert r.status_code == 201
    new = r.json()["token"]
    enrol = {"name": "rot", "host": "h", "address": "127.0.0.1", "version": "0.1.0"}
    r = anon_client.post("/api/agents/enroll", json={**enrol, "enrollment_token": ENROLLMENT_TOKEN})
    assert r.status_code == 403 and "enrolment token" in r.json()["detail"]
    assert anon_client.post("/api/agents/enroll", json={**enrol, "enrollment_token": new}).status_code == 201


def test_bodies_and_uploads_over_their_limits_are_refused_naming_the_limit(anon_client, client, settings, agents):
    r = client.post("/api/models/mva", content=b"{" + b" " * settings.max_body_bytes + b"}",
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and f"limit of {settings.max_body_bytes} bytes" in r.json()["detail"]
    a, _ = agents
    client.app.state.upload_limiter.limit = 3  # a few uploads a second, to reach the limit in a test
    answers = [a.upload(1, b"not a batch").status_code for _ in range(5)]
    assert answers[:3] == [400, 400, 400] and answers[3:] == [429, 429]  # counted before the body is read
    r = a.upload(1, b"x")
    assert int(r.headers["retry-after"]) >= 1 and "PERFLAB_AGENT_UPLOADS_PER_S" in r.json()["detail"]


@pytest.mark.slow
def test_bootstrap_makes_the_first_admin_once_and_a_private_token_file(database_url, tmp_path, db):
    env = {**os.environ, "DATABASE_URL": database_url, "PERFLAB_ADMIN_PASSWORD": ""}
    pw, tok = tmp_path / "admin.password", tmp_path / "admin.token"
    cmd = [sys.executable, "-m", "perflab", "users", "bootstrap", "--password-file", str(pw), "--token-file", str(tok)]
    first = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    assert "created the first admin 'admin'" in first.stdout
    password = pw.read_text().strip()
    assert password not in first.stdout + first.stderr  # never printed
    for f in (pw, tok):
        assert stat.S_IMODE(f.stat().st_mode) == 0o600
    again = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    assert "none created" in again.stdout and pw.read_text().strip() == password
    with db.session() as s:
        assert s.scalar(select(users.User.role).where(users.User.name == "admin")) == "admin"
        assert users.verify_login(s, "admin", password) is not None
        assert credentials.user_of_api_token(s, tok.read_text().strip()).name == "admin"
