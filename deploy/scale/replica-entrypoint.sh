#!/bin/sh
# The streaming replica of the scale profile: a copy of the primary taken once by pg_basebackup (-R: it then
# follows the primary by streaming replication), started as a hot standby that serves the backends' page reads
# (DATABASE_READ_URL). hot_standby_feedback: a long page read is not cancelled by the primary's vacuum.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_basebackup -h "${PERFLAB_PRIMARY_HOST:-postgres}" -U replicator -D "$PGDATA" -R -X stream -c fast; do
    echo "the primary is not ready for a base backup yet; trying again in 2 s"
    rm -rf "$PGDATA"
    sleep 2
  done
  chmod 0700 "$PGDATA"
fi
exec postgres -c hot_standby_feedback=on
