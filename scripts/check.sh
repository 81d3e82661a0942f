#!/usr/bin/env bash
# make check: the fast tier, before every commit (aimed at 3 minutes on the 2-core development machine; 597 s
# measured 2026-11-29): lint, the import circle count, the UI's types, and the backend's tests that start no real
# agent and serve no real port (markers `agents` and `live_server`: docs/development.md, "What `make test` runs").
# `make test` runs everything.
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"

suite "lint (ruff)"            bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/ruff' check perflab perflab_cli tests ../scripts ../bench"
suite "import circles"         "$PY" "$ROOT/scripts/import_cycles.py" "$ROOT/backend"
if [ -d "$ROOT/frontend/node_modules" ]; then
  suite "types (tsc)"          bash -c "cd '$ROOT/frontend' && npm run -s typecheck"
else
  say "types (tsc): skipped, no frontend/node_modules (npm ci in frontend/)"
fi
suite "backend unit (pytest)"  bash -c "cd '$ROOT/backend' && '$PY' -m pytest -m 'not agents and not live_server'"

suites_report "the fast tier passed (make test runs the rest)"
