"""What ends a user's sessions and tokens (docs/security.md, ASVS 3.3.3 and 4.1.3): a password change ends their
other browser sessions and, when asked, their API tokens; a demotion or a disabling by an admin ends all of both."""

from sqlalchemy import select

from perflab.models import User, WebSession
from perflab.models.base import utcnow
from perflab.services import credentials

from test_access_control import PASSWORD, log_in, make_user


def _csrf(client) -> dict[str, str]:
    return {"X-CSRF-Token": client.cookies.get("perflab_csrf")}


def _works(client, headers=None, cookie: str | None = None) -> bool:
    client.cookies.clear()
    if cookie:
        client.cookies.set("perflab_session", cookie)
    return client.get("/api/auth/me", headers=headers or {}).status_code == 200


def test_a_password_change_may_also_revoke_the_users_tokens(anon_client, db):
    token = make_user(db, "paula", "operator")
    log_in(anon_client, "paula")
    r = anon_client.post("/api/auth/password", json={"current_password": PASSWORD, "new_password": "another long one"},
                         headers=_csrf(anon_client))
    assert r.status_code == 204 and _works(anon_client, token)  # by default a CI job's token survives
    log_in(anon_client, "paula", "another long one")
    r = anon_client.post("/api/auth/password", json={"current_password": "another long one",
                                                      "new_password": "a third long one", "revoke_api_tokens": True},
                         headers=_csrf(anon_client))
    assert r.status_code == 204
    mine = anon_client.cookies.get("perflab_session")
    assert not _works(anon_client, token) and _works(anon_client, cookie=mine)
    with db.session() as s:
        user = s.scalar(select(User).where(User.name == "paula"))
        assert all(t.revoked_at is not None for t in credentials.list_api_tokens(s, user))


def test_a_demotion_ends_the_users_sessions_and_tokens_a_promotion_does_not(anon_client, client, db):
    token = make_user(db, "dora", "operator")
    session = log_in(anon_client, "dora").cookies.get("perflab_session")
    dora = next(u for u in client.get("/api/users").json() if u["name"] == "dora")
    assert client.patch(f"/api/users/{dora['id']}", json={"role": "admin"}).status_code == 200
    assert _works(anon_client, token) and _works(anon_client, cookie=session)  # more rights: nothing to end
    assert client.patch(f"/api/users/{dora['id']}", json={"role": "viewer"}).status_code == 200
    assert not _works(anon_client, token) and not _works(anon_client, cookie=session)
    again = log_in(anon_client, "dora")  # her password still works: she logs in again, as a viewer
    assert again.status_code == 200 and again.json()["user"]["role"] == "viewer"


def test_disabling_ends_the_users_sessions_and_tokens_for_good(anon_client, client, db):
    token = make_user(db, "dave", "viewer")
    session = log_in(anon_client, "dave").cookies.get("perflab_session")
    dave = next(u for u in client.get("/api/users").json() if u["name"] == "dave")
    assert client.patch(f"/api/users/{dave['id']}", json={"disabled": True}).status_code == 200
    assert client.patch(f"/api/users/{dave['id']}", json={"disabled": False}).status_code == 200
    # enabled again, what he held before is still gone: the admin re-enabled an account, not old credentials
    assert not _works(anon_client, token) and not _works(anon_client, cookie=session)


def test_a_browser_session_lasts_twelve_hours_at_most(anon_client, db):
    make_user(db, "sam", "viewer")
    r = log_in(anon_client, "sam")
    cookie = next(h for h in r.headers.get_list("set-cookie") if h.startswith("perflab_session="))
    assert "Max-Age=43200" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    with db.session() as s:
        user = s.scalar(select(User).where(User.name == "sam"))
        [row] = s.scalars(select(WebSession).where(WebSession.user_id == user.id)).all()
        assert (row.expires_at - utcnow()).total_seconds() <= 12 * 3600
