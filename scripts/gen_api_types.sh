#!/usr/bin/env bash
# Writes the UI's API contract from the backend's own OpenAPI document (`make api-types`):
#   frontend/src/api/openapi.json        the document
#   frontend/src/api/launch-bodies.json  its launch bodies' schemas (the launch form reads its limits from them)
#   frontend/src/api/schema.generated.ts its types, by openapi-typescript (api/types.ts names them)
# backend/tests/test_api_contract.py and frontend/src/api/contract.test.ts fail when either is stale.
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"
"$PY" -m perflab openapi > "$ROOT/frontend/src/api/openapi.json"
"$PY" -m perflab openapi --launch-bodies > "$ROOT/frontend/src/api/launch-bodies.json"
cd "$ROOT/frontend"
# --default-non-nullable false: a field with a default may be left out of a request body
npx --no-install openapi-typescript src/api/openapi.json --default-non-nullable false -o src/api/schema.generated.ts >/dev/null
say "wrote frontend/src/api/{openapi.json,launch-bodies.json,schema.generated.ts}"
