"""Users, their passwords and roles; the first admin of a lab."""

import re
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from perflab.core.text_limits import NAME_MAX, NAME_PATTERN, PASSWORD_MAX, PASSWORD_MIN
from perflab.models import Role, User
from perflab.services.errors import Conflict, FieldError, NotFound

# argon2id with the library's defaults (RFC 9106's second recommended option)
_hasher = PasswordHasher()
_verifying = threading.BoundedSemaphore(2)  # logins checked at once (argon2id: 64 MiB and ~0.5 s of a core each)
NAME_RULE = re.compile(NAME_PATTERN)
# verifying against this when the name is unknown makes both answers take as long
_DUMMY_HASH = _hasher.hash("perflab-no-such-user")


def check_password_rules(field: str, password: str) -> None:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise FieldError(field, f"{field} must be {PASSWORD_MIN}-{PASSWORD_MAX} characters (got {len(password)})")


def check_name(name: str) -> None:
    if not (1 <= len(name) <= NAME_MAX and NAME_RULE.match(name)):
        raise FieldError("name", f"name must be 1-{NAME_MAX} characters of letters, digits, '.', '_' or '-'")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def create_user(s: Session, name: str, password: str, role: str) -> User:
    check_name(name)
    check_password_rules("password", password)
    if s.scalar(select(User.id).where(User.name == name)) is not None:
        raise Conflict(f"a user named {name!r} exists")
    user = User(name=name, password_hash=hash_password(password), role=Role(role).value, disabled=False)
    s.add(user)
    s.flush()
    return user


def verify_login(s: Session, name: str, password: str) -> User | None:
    """The enabled user `name` if `password` is theirs; None otherwise (the same time either way)."""
    user = s.scalar(select(User).where(User.name == name))
    try:
        with _verifying:  # each verify takes 64 MiB and ~0.5 s of a core: a flood of logins waits its turn
            _hasher.verify(user.password_hash if user else _DUMMY_HASH, password)
    except (VerificationError, InvalidHashError):
        return None
    if user is None or user.disabled:
        return None
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
    return user


def change_password(s: Session, user: User, current: str, new: str) -> bool:
    """False if `current` is not the user's password."""
    check_password_rules("new_password", new)
    try:
        _hasher.verify(user.password_hash, current)
    except (VerificationError, InvalidHashError):
        return False
    user.password_hash = hash_password(new)
    return True


def get_user(s: Session, user_id: int) -> User:
    user = s.get(User, user_id)
    if user is None:
        raise NotFound(f"user {user_id} not found")
    return user


def update_user(s: Session, acting: User, user_id: int, *, role: str | None, disabled: bool | None,
                password: str | None) -> User:
    user = get_user(s, user_id)
    if user.id == acting.id and ((role and role != Role.admin.value) or disabled):
        raise Conflict("an admin cannot demote or disable themselves (another admin can)")
    if role is not None:
        user.role = Role(role).value
    if disabled is not None:
        user.disabled = disabled
    if password is not None:
        check_password_rules("password", password)
        user.password_hash = hash_password(password)
    return user


def bootstrap_admin(s: Session, name: str, password: str) -> User | None:
    """Creates the first admin when the lab has no user yet; None when it has some (nothing changes)."""
    if s.scalar(select(func.count(User.id))):
        return None
    return create_user(s, name, password, Role.admin.value)
