"""Users, logins and API tokens as the API reads and answers them (limits stated in the schema)."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from perflab.core.text_limits import NAME_MAX, NAME_PATTERN, PASSWORD_MAX, PASSWORD_MIN
from perflab.schemas.common import SizedStr

RoleName = Literal["viewer", "operator", "admin"]
UserName = Field(min_length=1, max_length=NAME_MAX, pattern=NAME_PATTERN)


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
    name: SizedStr("name", 1, NAME_MAX)
    password: SizedStr("password", 1, PASSWORD_MAX)  # an old password may predate PASSWORD_MIN


class LoginOut(BaseModel):
    user: Me
    csrf_token: str


class PasswordChangeIn(BaseModel):
    current_password: SizedStr("current_password", 1, PASSWORD_MAX)
    new_password: SizedStr("new_password", PASSWORD_MIN, PASSWORD_MAX)
    # the other browser sessions end in any case (ASVS 3.3.3); tokens a CI job holds only when asked
    revoke_api_tokens: bool = Field(default=False, description="also revoke every API token of yours")


class UserCreate(BaseModel):
    name: str = UserName
    password: SizedStr("password", PASSWORD_MIN, PASSWORD_MAX)
    role: RoleName


class UserUpdate(BaseModel):
    role: RoleName | None = None
    disabled: bool | None = None
    password: SizedStr("password", PASSWORD_MIN, PASSWORD_MAX) | None = None


class ApiTokenCreate(BaseModel):
    name: SizedStr("name", 1, NAME_MAX)
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
