#!/bin/sh
# The primary's replication role, made once when its volume is first initialised (the postgres image runs
# /docker-entrypoint-initdb.d/*.sh then): the scale profile's postgres-replica copies and follows it as this role.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -c "CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD '${PERFLAB_REPLICATION_PASSWORD:-replicator}'"
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
