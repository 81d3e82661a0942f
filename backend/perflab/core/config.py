"""One Settings object, read from the environment (prefix PERFLAB_, plus DATABASE_URL)."""

from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

REPO_ROOT = Path(__file__).resolve().parents[3]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="PERFLAB_", extra="ignore")

    database_url: str = Field(
        default="", validation_alias=AliasChoices("DATABASE_URL", "PERFLAB_DATABASE_URL")
    )
    # a streaming replica of DATABASE_URL that serves the pages' reads (core/read_replica.py says which); empty: none
    database_read_url: str = Field(
        default="", validation_alias=AliasChoices("DATABASE_READ_URL", "PERFLAB_DATABASE_READ_URL")
    )
    enrollment_token: str = ""  # none: agents enrol only once an admin rotates one (Agents page); no known default
    frontend_dist: Path = REPO_ROOT / "frontend" / "dist"
    migrations_dir: Path = REPO_ROOT / "migrations"
    heartbeat_interval_s: float = 2.0
    offline_after_s: float = 10.0
    # a server agent that has not reported ready by then fails the run
    start_timeout_s: float = 30.0
    # after the client is done, how long to wait for the server's last steps
    server_flush_timeout_s: float = 10.0
    reaper_interval_s: float = 1.0
    # compute finished runs' summaries and analyses in this process (off when workers run apart)
    analysis_worker: bool = True
    # PERFLAB_STATE: the lab's state folder (its emulated link's record, the user's link profiles)
    state: Path = REPO_ROOT / ".perflab"
    # retention (python -m perflab runs retention): keep runs of the last N days / the newest up to N GB; unset: off
    retention_days: float | None = Field(default=None, gt=0)
    retention_gb: float | None = Field(default=None, gt=0)
    # how often the analysis loop (the backend's, `perflab worker`'s) applies it: services/run_storage.py
    retention_interval_s: float = Field(default=3600.0, gt=0)
    # where headless Chromium reaches the UI to print reports; empty: the socket the request came in on (never
    # the Host header, which the caller chooses)
    report_base_url: str = ""
    # access control (docs/protocol.md, "Roles, tokens and limits")
    max_body_bytes: int = 16 * 1024 * 1024  # any request body; a trace batch is at most batch_format.MAX_BYTES (9.5 MiB)
    login_attempts: int = 5  # failed logins per name and address in login_window_s, then 429
    login_attempts_per_address: int = 30  # failed logins from one address, whatever the names, in the window
    login_window_s: float = 300.0
    agent_uploads_per_s: int = 200  # trace batches per agent per second, then 429 (the agent keeps them spooled)
    operator_max_run_calls: int = 200_000  # calls x points of one run an operator may launch (admins: the wire's cap)
    # nice (0-19) of background work: the PostgreSQL backends storing trace batches, the analysis worker process
    # and its backends (those on this machine and ours to renice); a browser's reads go first when the cores are
    # busy. 0 keeps background work level with reads
    background_nice: int = Field(default=10, ge=0, le=19)
    # processes serving the API (`perflab serve --replicas`): each keeps its share of the database connections
    replicas: int = Field(default=1, ge=1, le=16)
    # send cookies with Secure; on by itself when the request came in over https
    secure_cookies: bool = False
    # /api/docs and /api/openapi.json for anyone, not only logged-in users (api/api_docs.py, docs/security.md)
    public_api_docs: bool = False


@lru_cache
def get_settings() -> Settings:
    return Settings()
