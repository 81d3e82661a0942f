"""Logging in and out, who am I, changing one's password; one's own API tokens."""

from fastapi import APIRouter, HTTPException, Request, Response
from fastapi.responses import JSONResponse

from perflab.api.access import CSRF_COOKIE, SESSION_COOKIE, ViewerDep, VIEWER
from perflab.api.deps import SessionDep, SettingsDep, TokenId
from perflab.models import User
from perflab.schemas.access import (ApiTokenCreate, ApiTokenCreated, ApiTokenOut, LoginIn, LoginOut, Me,
                                    PasswordChangeIn)
from perflab.services import credentials, users
from perflab.services.credentials import SESSION_LIFETIME
from perflab.services.errors import NotFound
from perflab.services.rate_limit import RateLimited

# login is the one route anybody may call: it has no role dependency (the access matrix test knows)
public_router = APIRouter(prefix="/auth", tags=["access"])
router = APIRouter(tags=["access"], dependencies=VIEWER)


def _me(user: User) -> Me:
    return Me(id=user.id, name=user.name, role=user.role)


def _secure(request: Request, settings) -> bool:
    return settings.secure_cookies or request.url.scheme == "https"


@public_router.post("/login", response_model=LoginOut)
def login(body: LoginIn, request: Request, s: SessionDep, settings: SettingsDep) -> JSONResponse:
    limiter, by_address = request.app.state.login_limiter, request.app.state.address_login_limiter
    address = request.client.host if request.client else "?"
    key = f"{body.name}@{address}"
    for window, k, what, setting in (
            (limiter, key, f"for {body.name}: at most {settings.login_attempts}", "PERFLAB_LOGIN_ATTEMPTS"),
            (by_address, address, f"from {address}: at most {settings.login_attempts_per_address}",
             "PERFLAB_LOGIN_ATTEMPTS_PER_ADDRESS")):
        wait = window.retry_after(k)
        if wait is not None:
            e = RateLimited(f"too many failed logins {what} per {settings.login_window_s:g} s ({setting})", wait)
            raise HTTPException(429, str(e), headers={"Retry-After": str(e.retry_after_s)})
    user = users.verify_login(s, body.name, body.password)
    if user is None:
        limiter.hit(key)
        by_address.hit(address)
        raise HTTPException(401, "wrong name or password", headers={"WWW-Authenticate": "Bearer"})
    limiter.clear(key)
    session, token = credentials.create_session(s, user)
    answer = JSONResponse(LoginOut(user=_me(user), csrf_token=session.csrf_token).model_dump())
    age = int(SESSION_LIFETIME.total_seconds())
    secure = _secure(request, settings)
    answer.set_cookie(SESSION_COOKIE, token, max_age=age, httponly=True, samesite="strict", secure=secure, path="/")
    answer.set_cookie(CSRF_COOKIE, session.csrf_token, max_age=age, httponly=False, samesite="strict",
                      secure=secure, path="/")
    return answer


@router.post("/auth/logout", status_code=204)
def logout(request: Request, caller: ViewerDep, s: SessionDep) -> Response:
    cookie = request.cookies.get(SESSION_COOKIE)
    if caller.via == "session" and cookie:
        credentials.end_session(s, cookie)
    answer = Response(status_code=204)
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        answer.delete_cookie(name, path="/", samesite="strict")
    return answer


@router.get("/auth/me", response_model=Me)
def read_me(caller: ViewerDep) -> Me:
    return _me(caller.user)


@router.post("/auth/password", status_code=204)
def change_password(body: PasswordChangeIn, request: Request, caller: ViewerDep, s: SessionDep) -> Response:
    """Ends the user's other browser sessions (the one asking stays logged in); API tokens stay valid unless
    revoke_api_tokens (a password another may have known: a token they made with it dies too)."""
    user = s.get(User, caller.user.id)
    if not users.change_password(s, user, body.current_password, body.new_password):
        raise HTTPException(403, "current_password is wrong")
    credentials.end_other_sessions(s, user, request.cookies.get(SESSION_COOKIE) if caller.via == "session" else None)
    if body.revoke_api_tokens:
        credentials.revoke_all_api_tokens(s, user)
    return Response(status_code=204)


def _token_out(row, model=ApiTokenOut, **extra):
    return model(id=row.id, name=row.name, prefix=row.prefix, created_at=row.created_at, expires_at=row.expires_at,
                 last_used_at=row.last_used_at, revoked_at=row.revoked_at, **extra)


@router.get("/tokens", response_model=list[ApiTokenOut])
def read_tokens(caller: ViewerDep, s: SessionDep) -> list[ApiTokenOut]:
    return [_token_out(t) for t in credentials.list_api_tokens(s, caller.user)]


@router.post("/tokens", status_code=201, response_model=ApiTokenCreated)
def create_token(body: ApiTokenCreate, caller: ViewerDep, s: SessionDep) -> ApiTokenCreated:
    row, token = credentials.create_api_token(s, caller.user, body.name, body.expires_in_days)
    return _token_out(row, ApiTokenCreated, token=token)


@router.delete("/tokens/{token_id}", status_code=204)
def revoke_token(token_id: TokenId, caller: ViewerDep, s: SessionDep) -> Response:
    try:
        credentials.revoke_api_token(s, caller.user, token_id)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    return Response(status_code=204)
