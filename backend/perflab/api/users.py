"""The lab's users (admins only): list, create, change a role, disable, reset a password."""

from fastapi import APIRouter, HTTPException
from sqlalchemy import select

from perflab.api.access import ADMIN, AdminDep
from perflab.api.deps import SessionDep, UserId
from perflab.models import Role, User
from perflab.schemas.access import UserCreate, UserOut, UserUpdate
from perflab.services import credentials, users
from perflab.services.errors import Conflict, NotFound

router = APIRouter(prefix="/users", tags=["access"], dependencies=ADMIN)


def to_out(user: User) -> UserOut:
    return UserOut(id=user.id, name=user.name, role=user.role, created_at=user.created_at, disabled=user.disabled)


@router.get("", response_model=list[UserOut])
def read_users(s: SessionDep) -> list[UserOut]:
    return [to_out(u) for u in s.scalars(select(User).order_by(User.name))]


@router.post("", status_code=201, response_model=UserOut)
def create_user(body: UserCreate, s: SessionDep) -> UserOut:
    try:
        return to_out(users.create_user(s, body.name, body.password, body.role))
    except Conflict as e:
        raise HTTPException(409, str(e)) from e


@router.patch("/{user_id}", response_model=UserOut)
def update_user(user_id: UserId, body: UserUpdate, caller: AdminDep, s: SessionDep) -> UserOut:
    try:
        before = Role(users.get_user(s, user_id).role)
        user = users.update_user(s, caller.user, user_id, role=body.role, disabled=body.disabled,
                                 password=body.password)
    except NotFound as e:
        raise HTTPException(404, str(e)) from e
    except Conflict as e:
        raise HTTPException(409, str(e)) from e
    demoted = Role(user.role).rank < before.rank
    if demoted or body.disabled:
        # a browser's page was drawn for the old role and its tokens were made for the old role's work: both end
        # (each request reads the role afresh, so nothing they hold could do more than the new role anyway)
        credentials.end_other_sessions(s, user, None)
        credentials.revoke_all_api_tokens(s, user)
    elif body.password is not None and user.id != caller.user.id:  # a reset: whoever knew the old one is logged out
        credentials.end_other_sessions(s, user, None)
    return to_out(user)
