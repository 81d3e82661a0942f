#!/usr/bin/env bash
# make test: every suite (agent C tests, compose file check, backend pytest on a real PostgreSQL, frontend
# Vitest, Playwright e2e in Chromium against a lab of its own). Runs them all, then fails if any failed.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/deps.sh" test

failed=()
suite() {
  local name="$1"; shift
  say "$name"
  if "$@"; then echo "[pass] $name"; else echo "[FAIL] $name"; failed+=("$name"); fi
}
suite "agent C tests"      make -C "$ROOT/agents" check
suite "compose file"       bash -c "cd '$ROOT/scripts/compose_check' && go test ./... && go run . '$ROOT/docker-compose.yml'"
suite "backend (pytest)"   bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/pytest'"
suite "frontend (vitest)"  bash -c "cd '$ROOT/frontend' && npm test --silent"
suite "e2e (playwright)"   bash -c "cd '$ROOT/e2e' && npx playwright test"

if [ ${#failed[@]} -gt 0 ]; then
  printf '\nFAILED: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nall suites passed\n'
