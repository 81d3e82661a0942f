#!/usr/bin/env bash
# make up: install what is missing, start PostgreSQL (embedded unless DATABASE_URL), migrate, start the
# backend, its analysis worker and two local agents. Running it again restarts the processes and keeps the data.
source "$(dirname "$0")/lib.sh"
source "$ROOT/scripts/links.sh"
[ -n "${PERFLAB_SKIP_DEPS:-}" ] || "$ROOT/scripts/deps.sh" up  # PERFLAB_SKIP_DEPS=1: start what is already built
mkdir -p "$STATE/logs"

# stop processes a previous `make up` left running; the database and its data stay
for name in local-a local-b worker backend; do stop_bg "$name" >/dev/null; done

token_file="$STATE/enrollment-token"
[ -s "$token_file" ] || "$PY" -c 'import secrets; print(secrets.token_urlsafe(24))' >"$token_file"
chmod 600 "$token_file"
export PERFLAB_ENROLLMENT_TOKEN="$(cat "$token_file")"

if [ -n "${DATABASE_URL:-}" ]; then
  say "using DATABASE_URL"
else
  say "starting the embedded PostgreSQL (data in ${STATE#$ROOT/}/pgdata)"
  DATABASE_URL="$("$PY" -m perflab --data "$STATE/pgdata" db start 2>>"$STATE/pg-start.log" | tail -n 1)"
  export DATABASE_URL
fi
say "applying migrations"
"$PY" -m perflab migrate
# the first admin of an empty lab; its password (unless PERFLAB_ADMIN_PASSWORD) and an API token, both 0600
"$PY" -m perflab users bootstrap --password-file "$STATE/admin.password" --token-file "$STATE/admin.token" |
  sed 's/^/  /'
ADMIN_TOKEN="$(cat "$STATE/admin.token")"

links_up
say "starting the backend on http://localhost:$PORT"
# the analyses run in a process of their own: a long one never holds the API's interpreter; the API itself runs
# as PERFLAB_REPLICAS processes (2 unless set) so a browser's read need not wait for the interpreter storing a batch
PERFLAB_ANALYSIS_WORKER=0 start_bg backend "$PY" -m perflab serve --host "$HOST" --port "$PORT" \
  --replicas "${PERFLAB_REPLICAS:-2}"
# generous: on a loaded machine two replicas importing numpy/scipy took over 30 s; a healthy one answers at once
wait_for 120 "backend health" curl -fsS "http://127.0.0.1:$PORT/api/health"
say "starting the analysis worker"
start_bg worker "$PY" -m perflab worker

for name in local-a local-b; do
  # shellcheck disable=SC2046  # the prefix is words on purpose
  # the enrolment token reaches the agents as PERFLAB_ENROLLMENT_TOKEN (exported above), not on a command line
  start_bg "$name" $(agent_prefix "$name") "$AGENT" daemon --backend "http://127.0.0.1:$PORT" \
    --name "$name" --advertise "$(agent_address "$name")" --spool "$STATE/spool/$name"
done
agents_online() {
  curl -fsS -H "Authorization: Bearer $ADMIN_TOKEN" "http://127.0.0.1:$PORT/api/agents" | "$PY" -c '
import json, sys
online = {a["name"] for a in json.load(sys.stdin) if a["status"] == "online"}
sys.exit(0 if {"local-a", "local-b"} <= online else 1)'
}
wait_for 20 "agents local-a and local-b online" agents_online

cat <<MSG

perflab is up:  http://localhost:$PORT
  log in as ${PERFLAB_ADMIN_NAME:-admin} with the password in ${STATE#$ROOT/}/admin.password (or PERFLAB_ADMIN_PASSWORD);
  scripts: curl -H "Authorization: Bearer \$(cat ${STATE#$ROOT/}/admin.token)" http://localhost:$PORT/api/runs
  agents local-a and local-b are online, the analysis worker runs beside the backend; logs in ${STATE#$ROOT/}/logs/
  stop everything with:  make down
MSG
