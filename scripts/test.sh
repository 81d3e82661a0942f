#!/usr/bin/env bash
# make test: every suite (agent C tests, compose file check, backend pytest on a real PostgreSQL, frontend
# Vitest, Playwright e2e in Chromium against a lab of its own). Runs them all, then fails if any failed.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/deps.sh" test

suite "agent C tests"      make -C "$ROOT/agents" check
# -v: each Go test named with its verdict, so this suite reports its count like the others
suite "compose file"       bash -c "set -o pipefail; cd '$ROOT/scripts/compose_check' && go test -count=1 -v ./... | grep -E '^(--- |ok|FAIL)' && PERFLAB_ENROLLMENT_TOKEN=compose-check go run . '$ROOT/docker-compose.yml'"
suite "backend (pytest)"   bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/pytest'"
suite "frontend (vitest)"  bash -c "cd '$ROOT/frontend' && npm test --silent"
suite "e2e (playwright)"   bash -c "cd '$ROOT/e2e' && npx playwright test"

suites_report "all suites passed"
