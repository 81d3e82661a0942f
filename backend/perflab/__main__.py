"""`python -m perflab <command>`: db start|stop|url, migrate, serve, worker, users bootstrap, links, runs, openapi."""

import argparse
import logging
import os
import sys
from pathlib import Path

from perflab.core.config import REPO_ROOT, get_settings
from perflab import runs_cli
from perflab.links import cli as links_cli

DEFAULT_DATA = REPO_ROOT / ".perflab" / "pgdata"


def database_url(data_dir: Path) -> str:
    """DATABASE_URL when set, else the embedded server (started if needed)."""
    url = get_settings().database_url
    if url:
        return url
    from perflab.core import embedded_pg
    return embedded_pg.start(data_dir)



def openapi_document(launch_bodies: bool = False) -> str:
    """The document as committed in frontend/src/api/openapi.json (`make api-types`); with launch_bodies only the
    launch bodies' schemas, which the UI bundles for its form's limits (launch-bodies.json)."""
    import json

    from perflab.kinds import KINDS
    from perflab.main import create_app
    doc = create_app().openapi()
    if launch_bodies:  # every kind's launch body (perflab/kinds/)
        doc = {k.create.__name__: doc["components"]["schemas"][k.create.__name__] for k in KINDS.values()}
    return json.dumps(doc, indent=1, ensure_ascii=False)


def _worker(args) -> int:
    import signal
    import threading

    from perflab.core.backend_priority import lower_engine_priority
    from perflab.core.config import get_settings
    from perflab.core.db import Database
    from perflab.services.analysis_worker import run_forever
    from perflab.services.run_storage import RetentionSchedule
    stopping = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stopping.set())
    settings = get_settings()
    nice = settings.background_nice  # analyses are background work: a browser's reads go first
    os.setpriority(os.PRIO_PROCESS, 0, max(os.getpriority(os.PRIO_PROCESS, 0), nice))
    db = Database(database_url(args.data))
    lower_engine_priority(db.engine, nice)  # all of its queries are the analyses'
    try:
        run_forever(db, args.idle, stopping,
                    RetentionSchedule(settings.retention_days, settings.retention_gb, settings.retention_interval_s))
    finally:
        db.dispose()
    return 0

def _bootstrap(args) -> int:
    from perflab.bootstrap import bootstrap, read_or_make_password
    from perflab.core.db import Database
    password = read_or_make_password(args.password_file, os.environ.get("PERFLAB_ADMIN_PASSWORD"))
    db = Database(database_url(args.data))
    try:
        for line in bootstrap(db, args.name, password, args.token_file):
            print(line)
    finally:
        db.dispose()
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="perflab", description=__doc__)
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="embedded PostgreSQL data folder")
    sub = p.add_subparsers(dest="command", required=True)
    db = sub.add_parser("db", help="the embedded PostgreSQL")
    db.add_argument("action", choices=["start", "stop", "url"])
    sub.add_parser("migrate", help="apply migrations (to DATABASE_URL or the embedded server)")
    serve = sub.add_parser("serve", help="run the backend")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--replicas", type=int, default=os.environ.get("PERFLAB_REPLICAS", "1"),
                       help="processes serving the API on the one port, sharing state through PostgreSQL "
                            "(PERFLAB_REPLICAS; 1 to 16)")
    serve.add_argument("--tls-cert", type=Path, default=os.environ.get("PERFLAB_TLS_CERT") or None,
                       help="serve https with this certificate (PEM; PERFLAB_TLS_CERT); agents then verify it")
    serve.add_argument("--tls-key", type=Path, default=os.environ.get("PERFLAB_TLS_KEY") or None,
                       help="its private key (PEM; PERFLAB_TLS_KEY)")
    worker = sub.add_parser("worker", help="compute finished runs' summaries and analyses (a process of its own; "
                                           "run the backend with PERFLAB_ANALYSIS_WORKER=0 beside it)")
    worker.add_argument("--idle", type=float, default=1.0, help="seconds to wait when no run is waiting")
    users = sub.add_parser("users", help="accounts: `users bootstrap` makes the first admin of an empty lab")
    users.add_argument("action", choices=["bootstrap"])
    users.add_argument("--name", default=os.environ.get("PERFLAB_ADMIN_NAME", "admin"))
    users.add_argument("--password-file", type=Path, help="the admin's password (made and written there if missing; "
                                                          "PERFLAB_ADMIN_PASSWORD wins)")
    users.add_argument("--token-file", type=Path, help="write an admin API token here (mode 0600) if missing")
    links_cli.add_parser(sub)
    runs_cli.add_parser(sub)
    openapi = sub.add_parser("openapi", help="print the API's OpenAPI document (the UI's types are generated from it)")
    openapi.add_argument("--launch-bodies", action="store_true", help="only the launch bodies' schemas")
    args = p.parse_args(argv)
    if args.command == "links":
        return links_cli.main(args)
    if args.command == "openapi":
        print(openapi_document(args.launch_bodies))
        return 0
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("pgserver").setLevel(logging.WARNING)

    if args.command == "db":
        from perflab.core import embedded_pg
        if args.action == "stop":
            print("stopped" if embedded_pg.stop(args.data) else "not running")
        else:
            print(embedded_pg.start(args.data))
        return 0
    if args.command == "migrate":
        logging.getLogger("alembic").setLevel(logging.WARNING)  # before the import: alembic logs as it loads
        from perflab.migrate import upgrade
        upgrade(database_url(args.data), get_settings().migrations_dir)
        print("migrations applied")
        return 0
    if args.command == "worker":
        return _worker(args)
    if args.command == "users":
        return _bootstrap(args)
    if args.command == "runs":
        return runs_cli.main(args, database_url(args.data))
    import uvicorn

    from perflab.main import create_app
    if not 1 <= args.replicas <= 16:
        p.error(f"--replicas must be 1 to 16 (got {args.replicas})")
    os.environ["DATABASE_URL"] = database_url(args.data)
    os.environ["PERFLAB_REPLICAS"] = str(args.replicas)  # each replica reads it (its share of the connections)
    os.environ["PERFLAB_SUPERVISOR_PID"] = str(os.getpid())  # a replica ends with it (main.py)
    get_settings.cache_clear()
    if bool(args.tls_cert) != bool(args.tls_key):
        p.error("--tls-cert and --tls-key go together")
    tls = {"ssl_certfile": str(args.tls_cert), "ssl_keyfile": str(args.tls_key)} if args.tls_cert else {}
    # one process holds one GIL: replicas let reads go on while another process stores trace batches; uvicorn
    # starts them from the factory's import path, each with its own lifespan, all accepting on the one socket
    app = create_app() if args.replicas == 1 else "perflab.main:create_app"
    uvicorn.run(app, factory=args.replicas > 1, workers=args.replicas if args.replicas > 1 else None,
                host=args.host, port=args.port, log_level="info", timeout_graceful_shutdown=3, **tls)
    return 0


if __name__ == "__main__":
    sys.exit(main())

