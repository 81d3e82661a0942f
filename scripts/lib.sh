# Shared by the scripts behind the Makefile. Source it; it sets ROOT and STATE and a few helpers.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# everything a lab keeps (database, token, logs, pids, spools) lives under STATE
STATE="${PERFLAB_STATE:-$ROOT/.perflab}"
PORT="${PERFLAB_PORT:-8000}"
HOST="${PERFLAB_HOST:-127.0.0.1}"
PY="$ROOT/.venv/bin/python"
AGENT="$ROOT/agents/build/perflab-agent"

say() { printf '\033[1m==> %s\033[0m\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# suite NAME CMD...: runs CMD as one suite of `make test` or `make check`, remembering its verdict and seconds;
# suites_report prints one line a suite and fails naming the suites that failed
failed=()
summary=()
suite() {
  local name="$1"; shift
  say "$name"
  local began=$SECONDS verdict=pass
  "$@" || verdict=FAIL
  [ "$verdict" = pass ] || failed+=("$name")
  summary+=("$(printf '[%s] %-22s %4d s' "$verdict" "$name" $((SECONDS - began)))")
  echo "${summary[-1]}"
}
suites_report() {
  printf '\n'; printf '%s\n' "${summary[@]}"
  if [ ${#failed[@]} -gt 0 ]; then
    printf '\nFAILED: %s\n' "${failed[*]}"
    exit 1
  fi
  printf '\n%s\n' "$1"
}

pid_alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# start_bg NAME CMD...: runs CMD detached, logs to $STATE/logs/NAME.log, pid in $STATE/run/NAME.pid
start_bg() {
  local name="$1"; shift
  mkdir -p "$STATE/logs" "$STATE/run"
  setsid nohup "$@" >>"$STATE/logs/$name.log" 2>&1 < /dev/null &
  echo $! >"$STATE/run/$name.pid"
}

# stop_bg NAME: SIGTERM, then SIGKILL after 5 s, to its whole process group (start_bg's setsid made one: the
# backend's replicas are in it)
stop_bg() {
  local pidfile="$STATE/run/$1.pid"
  if pid_alive "$pidfile"; then
    local pid; pid="$(cat "$pidfile")"
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 -- "-$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
    echo "stopped $1 (pid $pid)"
  fi
  rm -f "$pidfile"
}

# wait_for SECONDS DESCRIPTION CMD...: retries CMD until it succeeds
wait_for() {
  local seconds="$1" what="$2"; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || die "$what did not happen within ${seconds}s (logs: $STATE/logs/)"
    sleep 0.2
  done
}
