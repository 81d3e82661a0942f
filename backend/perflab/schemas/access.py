"""Users, logins and API tokens as the API reads and answers them (limits stated in the schema)."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from perflab.schemas.common import SizedStr
from perflab.services.users import PASSWORD_MAX, PASSWORD_MIN

RoleName = Literal["viewer", "operator", "admin"]
UserName = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9._-]+$")


class UserOut(BaseModel):
    id: int
    name: str
    role: RoleName
    created_at: datetime
    disabled: bool


class Me(BaseModel):
    id: int
    name: str
    role: RoleName


class LoginIn(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    password: str = Field(min_length=1, max_length=PASSWORD_MAX)


class LoginOut(BaseModel):
    user: Me
    csrf_token: str


class PasswordChangeIn(BaseModel):
    current_password: str = Field(min_length=1, max_length=PASSWORD_MAX)
    new_password: SizedStr("new_password", PASSWORD_MIN, PASSWORD_MAX)


class UserCreate(BaseModel):
    name: str = UserName
    password: SizedStr("password", PASSWORD_MIN, PASSWORD_MAX)
    role: RoleName


class UserUpdate(BaseModel):
    role: RoleName | None = None
    disabled: bool | None = None
    password: SizedStr("password", PASSWORD_MIN, PASSWORD_MAX) | None = None


class ApiTokenCreate(BaseModel):
    name: str = Field(min_length=1, max_length=64)
    expires_in_days: int | None = Field(default=None, ge=1, le=3650)


class ApiTokenOut(BaseModel):
    id: int
    name: str
    prefix: str
    created_at: datetime
    expires_at: datetime | None
    last_used_at: datetime | None
    revoked_at: datetime | None


class ApiTokenCreated(ApiTokenOut):
    token: str  # shown once: only its hash is kept


class EnrollmentTokenOut(BaseModel):
    token: str  # shown once
