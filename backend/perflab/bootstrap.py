"""`python -m perflab users bootstrap`: the lab's first admin, and an admin API token in a file of mode 0600.
Idempotent: a lab that has users keeps them; a token file that exists is kept."""

import os
import secrets
from pathlib import Path

from perflab.core.db import Database
from perflab.models import Role, User
from perflab.services import credentials, users
from sqlalchemy import select


def _write_secret(path: Path, value: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(value + "\n")
    os.chmod(path, 0o600)  # also when the file existed with wider bits


def read_or_make_password(password_file: Path | None, password: str | None) -> str:
    """The password given, else the one in the file, else a new one written there."""
    if password:
        return password
    if password_file and password_file.is_file() and password_file.read_text().strip():
        return password_file.read_text().strip()
    made = secrets.token_urlsafe(18)
    if password_file:
        _write_secret(password_file, made)
    return made


def bootstrap(db: Database, name: str, password: str, token_file: Path | None) -> list[str]:
    """What it did, a line each."""
    said = []
    with db.session() as s:
        created = users.bootstrap_admin(s, name, password)
        said.append(f"created the first admin {name!r}" if created else "the lab has users: none created")
        if token_file and not token_file.is_file():
            admin = created or s.scalar(select(User).where(User.role == Role.admin.value, User.disabled.is_(False))
                                        .order_by(User.id).limit(1))
            if admin is not None:
                _, token = credentials.create_api_token(s, admin, "make up", None)
                _write_secret(token_file, token)
                said.append(f"wrote an API token of admin {admin.name!r} to {token_file}")
    return said
