"""Apply the Alembic migrations of migrations/ to a database."""

from pathlib import Path

from alembic import command
from alembic.config import Config


def upgrade(url: str, migrations_dir: Path, revision: str = "head") -> None:
    ini = migrations_dir / "alembic.ini"
    if not ini.is_file():
        raise SystemExit(f"migrations not found: {ini} (set PERFLAB_MIGRATIONS_DIR)")
    cfg = Config(str(ini))
    cfg.set_main_option("script_location", str(migrations_dir))
    cfg.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    command.upgrade(cfg, revision)
