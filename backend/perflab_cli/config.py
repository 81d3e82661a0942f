"""Where the CLI finds its lab: ~/.config/perflab/config.json (written by `perflab login`, mode 0600: it holds an API
token), overridden field by field by PERFLAB_URL and PERFLAB_TOKEN so a CI job needs no file."""

import json
import os
from dataclasses import dataclass
from pathlib import Path


class ConfigError(Exception):
    """No lab to talk to, or a config file that cannot be read: a usage error (exit 2)."""


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "perflab" / "config.json"


@dataclass
class LabConfig:
    url: str
    token: str


def save(url: str, token: str, path: Path | None = None) -> Path:
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    # created 0600 before the token is written: never readable by others, not even for a moment
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        json.dump({"url": url, "token": token}, f, indent=1)
    os.chmod(path, 0o600)  # an older file keeps its mode through O_TRUNC
    return path


def load(path: Path | None = None) -> LabConfig:
    path = path or config_path()
    stored: dict = {}
    if path.exists():
        try:
            stored = json.loads(path.read_text())
        except (OSError, ValueError) as e:
            raise ConfigError(f"cannot read {path}: {e}; run `perflab login URL` again") from e
    url = os.environ.get("PERFLAB_URL") or stored.get("url")
    token = os.environ.get("PERFLAB_TOKEN") or stored.get("token")
    if not url:
        raise ConfigError(f"no lab: run `perflab login URL` or set PERFLAB_URL (looked in {path})")
    if not token:
        raise ConfigError(f"no API token for {url}: run `perflab login {url}` or set PERFLAB_TOKEN")
    return LabConfig(url.rstrip("/"), token)
