"""`python -m perflab runs …`: a run's storage from the lab's own machine (services/run_storage.py).

    runs size ID…                     bytes each run holds in the database
    runs delete ID                    delete a finished run and all of it
    runs archive ID | restore ID      its calls and steps to Parquet files in PERFLAB_STATE/archive and back
    runs pin ID | unpin ID            exempt a run from retention, or no longer
    runs retention [--keep-days N] [--keep-gb N] [--apply]
                                      what retention would delete (a dry run) or, with --apply, delete it; the
                                      limits default to PERFLAB_RETENTION_DAYS / PERFLAB_RETENTION_GB"""

import argparse
import sys

from perflab.core.config import get_settings
from perflab.core.db import Database
from perflab.models import Run
from perflab.services import run_storage


def add_parser(sub) -> None:
    runs = sub.add_parser("runs", help="a run's storage: size, delete, archive, restore, pin, retention",
                          description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    runs.add_argument("action", choices=["size", "delete", "archive", "restore", "pin", "unpin", "retention"])
    runs.add_argument("ids", nargs="*", type=int, help="run ids")
    runs.add_argument("--keep-days", type=float, help="retention: keep runs created in the last N days")
    runs.add_argument("--keep-gb", type=float, help="retention: keep the newest runs up to N GB stored")
    runs.add_argument("--apply", action="store_true", help="retention: delete what the dry run lists")


def main(args, database_url: str) -> int:
    settings = get_settings()
    db = Database(database_url)
    folder = settings.state / "archive"
    try:
        with db.session() as s:
            if args.action == "retention":
                days = args.keep_days if args.keep_days is not None else settings.retention_days
                gb = args.keep_gb if args.keep_gb is not None else settings.retention_gb
                if days is None and gb is None:
                    print("no retention limit: give --keep-days or --keep-gb (or set PERFLAB_RETENTION_DAYS/_GB)",
                          file=sys.stderr)
                    return 2
                plan = run_storage.retention_plan(s, days, gb)
                for r in plan:
                    print(f"{'delete' if args.apply else 'would delete'} run {r.run_id} ({r.name!r}, created "
                          f"{r.created_at:%Y-%m-%d}, {r.stored_bytes / 1e6:.1f} MB): {r.why}")
                freed = sum(r.stored_bytes for r in plan) / 1e6
                if args.apply:
                    run_storage.apply_retention(s, plan)
                print(f"{len(plan)} runs, {freed:.1f} MB{'' if args.apply else ' (dry run: nothing deleted)'}")
                return 0
            if not args.ids:
                print(f"runs {args.action}: give one or more run ids", file=sys.stderr)
                return 2
            for run_id in args.ids:
                if args.action == "size":
                    print(f"run {run_id}: {run_storage.stored_bytes(s, [run_id])[run_id]} bytes")
                elif args.action == "delete":
                    run_storage.delete_run(s, run_id)
                    print(f"run {run_id} deleted")
                elif args.action == "archive":
                    paths = run_storage.archive_run(s, run_id, folder)
                    print(f"run {run_id} archived to {paths[0]} and {paths[1]}")
                elif args.action == "restore":
                    print(f"run {run_id} restored: {run_storage.restore_run(s, run_id, folder)} steps")
                else:
                    run = s.get(Run, run_id)
                    if run is None:
                        raise run_storage.StorageError(f"run {run_id} does not exist")
                    run.pinned = args.action == "pin"
                    print(f"run {run_id} {'pinned' if run.pinned else 'unpinned'}")
    except run_storage.StorageError as e:
        print(f"runs {args.action}: {e}", file=sys.stderr)
        return 1
    finally:
        db.dispose()
    return 0
