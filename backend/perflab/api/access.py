"""Who may do what, decided in one place: the dependencies each router declares (docs/protocol.md, "Roles,
tokens and limits"). A caller is a user, by browser session (cookie + CSRF header on writes) or by API token
(`Authorization: Bearer plt_…`); agents authenticate apart, with their own tokens (deps.current_agent)."""

import hmac
from typing import Annotated

from fastapi import Depends, HTTPException, Request

from perflab.api.deps import USER_SESSION_COOKIE, DbDep
from perflab.models import Role
from perflab.services import credentials
from perflab.services.credentials import API_TOKEN_PREFIX, Caller, CredentialRefused

SESSION_COOKIE = USER_SESSION_COOKIE
CSRF_COOKIE = "perflab_csrf"
CSRF_HEADER = "X-CSRF-Token"
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


def unauthorized(detail: str) -> HTTPException:
    return HTTPException(401, detail, headers={"WWW-Authenticate": "Bearer"})


def current_caller(request: Request, db: DbDep) -> Caller:
    """The user behind the request; 401 if none. Looked up in a short transaction of its own, like agents."""
    authorization = request.headers.get("authorization", "")
    with db.session() as s:
        if authorization:
            scheme, _, token = authorization.partition(" ")
            token = token.strip()
            if scheme.lower() != "bearer" or not token.startswith(API_TOKEN_PREFIX):
                raise unauthorized(f"Authorization must be 'Bearer {API_TOKEN_PREFIX}…' (a user's API token; "
                                   "agent tokens are for the agents' own routes)")
            try:
                user = credentials.user_of_api_token(s, token)
            except CredentialRefused as e:
                raise unauthorized(str(e)) from e
            if user is None:
                raise unauthorized("unknown API token")
            s.expunge(user)
            return Caller(user, "token")
        cookie = request.cookies.get(SESSION_COOKIE)
        found = credentials.session_of(s, cookie) if cookie else None
        if found is None:
            raise unauthorized("log in, or send Authorization: Bearer <API token>" if not cookie
                               else "your session ended: log in again")
        session, user = found
        s.expunge(user)
    if request.method in UNSAFE_METHODS and not hmac.compare_digest(
            request.headers.get(CSRF_HEADER, "").encode(), session.csrf_token.encode()):  # in constant time
        raise HTTPException(403, f"missing or wrong {CSRF_HEADER} header (copy the {CSRF_COOKIE} cookie)")
    return Caller(user, "session", session.csrf_token)


CallerDep = Annotated[Caller, Depends(current_caller)]


def require(role: Role):
    async def check(caller: CallerDep) -> Caller:  # no I/O: async keeps it out of the threadpool (api/deps.py)
        if Role(caller.user.role).rank < role.rank:
            raise HTTPException(403, f"needs role {role.value} (you are {caller.user.role})")
        return caller
    check.__name__ = f"require_{role.value}"
    return check


require_viewer, require_operator, require_admin = (require(r) for r in Role)
ViewerDep = Annotated[Caller, Depends(require_viewer)]
OperatorDep = Annotated[Caller, Depends(require_operator)]
AdminDep = Annotated[Caller, Depends(require_admin)]
# for routers: every route of the router needs at least this role
VIEWER, OPERATOR, ADMIN = ([Depends(d)] for d in (require_viewer, require_operator, require_admin))
