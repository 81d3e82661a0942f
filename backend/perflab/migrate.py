"""Apply the Alembic migrations of migrations/ to a database."""

from pathlib import Path

from alembic import command
from alembic.config import Config


def _config(url: str, migrations_dir: Path) -> Config:
    ini = migrations_dir / "alembic.ini"
    if not ini.is_file():
        raise SystemExit(f"migrations not found: {ini} (set PERFLAB_MIGRATIONS_DIR)")
    cfg = Config(str(ini))
    cfg.set_main_option("script_location", str(migrations_dir))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return cfg


def upgrade(url: str, migrations_dir: Path, revision: str = "head") -> None:
    command.upgrade(_config(url, migrations_dir), revision)


def downgrade(url: str, migrations_dir: Path, revision: str) -> None:
    command.downgrade(_config(url, migrations_dir), revision)
