#!/usr/bin/env bash
# make check: the fast tier, before every commit (under 3 minutes on the 2-core development machine): lint, the
# import circle count, the UI's types, and the backend's tests that start no real agent and serve no real port
# (markers `agents` and `live_server`: docs/development.md, "What `make test` runs"). `make test` runs everything.
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"

failed=()
summary=()
step() {
  local name="$1"; shift
  say "$name"
  local began=$SECONDS verdict=pass
  "$@" || verdict=FAIL
  [ "$verdict" = pass ] || failed+=("$name")
  summary+=("$(printf '[%s] %-22s %4d s' "$verdict" "$name" $((SECONDS - began)))")
}
step "lint (ruff)"            bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/ruff' check perflab perflab_cli tests ../scripts ../bench"
step "import circles"         "$PY" "$ROOT/scripts/import_cycles.py" "$ROOT/backend"
if [ -d "$ROOT/frontend/node_modules" ]; then
  step "types (tsc)"          bash -c "cd '$ROOT/frontend' && npm run -s typecheck"
else
  say "types (tsc): skipped, no frontend/node_modules (npm ci in frontend/)"
fi
step "backend unit (pytest)"  bash -c "cd '$ROOT/backend' && '$PY' -m pytest -m 'not agents and not live_server'"

printf '\n'; printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  printf '\nFAILED: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nthe fast tier passed (make test runs the rest)\n'
