#!/usr/bin/env bash
# make down: stop the agents, the analysis worker, the backend and the embedded PostgreSQL that `make up` started. Data stays.
source "$(dirname "$0")/lib.sh"
source "$ROOT/scripts/links.sh"
for name in local-a local-b worker backend; do stop_bg "$name"; done
links_clear
if [ -x "$PY" ] && [ -d "$STATE/pgdata" ]; then
  "$PY" -m perflab --data "$STATE/pgdata" db stop 2>/dev/null | sed 's/^/embedded PostgreSQL: /'
fi
