#!/usr/bin/env bash
# make check: the fast tier, before every commit (aimed at 3 minutes on the 2-core development machine; the
# measured figures are in docs/development.md): lint, the import circle count, the UI's types (incremental: a
# second run checks only what changed), and the backend's tests that start no real agent, serve no real port and
# start no process of their own (markers `agents`, `live_server`, `slow`: docs/development.md, "What `make test`
# runs"), on every core (pytest-xdist). `make test` runs everything.
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"

suite "lint (ruff)"            bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/ruff' check perflab perflab_cli tests ../scripts ../bench"
suite "import circles"         "$PY" "$ROOT/scripts/import_cycles.py" "$ROOT/backend"
if [ -d "$ROOT/frontend/node_modules" ]; then
  # the build info is a cache, kept where npm ci throws it away with the rest
  suite "types (tsc)"          bash -c "cd '$ROOT/frontend' && npm run -s typecheck -- --incremental \
                                 --tsBuildInfoFile node_modules/.cache/tsc/check.tsbuildinfo"
else
  say "types (tsc): skipped, no frontend/node_modules (npm ci in frontend/)"
fi
# the link tests of the fast tier run the link process itself (no agents): built here, incremental
suite "agents (build)"         make -s -C "$ROOT/agents"
suite "backend unit (pytest)"  bash -c "cd '$ROOT/backend' && '$PY' -m pytest -n auto --dist loadfile \
                                 -m 'not agents and not live_server and not slow'"

suites_report "the fast tier passed (make test runs the rest)"
