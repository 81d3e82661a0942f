#!/usr/bin/env bash
# make test: every suite (agent C tests, compose file check, backend pytest on a real PostgreSQL, frontend
# Vitest, Playwright e2e in Chromium against a lab of its own). Runs them all, then fails if any failed.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/deps.sh" test

failed=()
summary=()
suite() {
  local name="$1"; shift
  say "$name"
  local began=$SECONDS verdict=pass
  "$@" || verdict=FAIL
  [ "$verdict" = pass ] || failed+=("$name")
  summary+=("$(printf '[%s] %-18s %4d s' "$verdict" "$name" $((SECONDS - began)))")
  echo "${summary[-1]}"
}
suite "agent C tests"      make -C "$ROOT/agents" check
# -v: each Go test named with its verdict, so this suite reports its count like the others
suite "compose file"       bash -c "set -o pipefail; cd '$ROOT/scripts/compose_check' && go test -count=1 -v ./... | grep -E '^(--- |ok|FAIL)' && PERFLAB_ENROLLMENT_TOKEN=compose-check go run . '$ROOT/docker-compose.yml'"
suite "backend (pytest)"   bash -c "cd '$ROOT/backend' && '$ROOT/.venv/bin/pytest'"
suite "frontend (vitest)"  bash -c "cd '$ROOT/frontend' && npm test --silent"
suite "e2e (playwright)"   bash -c "cd '$ROOT/e2e' && npx playwright test"

printf '\n'; printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  printf '\nFAILED: %s\n' "${failed[*]}"
  exit 1
fi
printf '\nall suites passed\n'
