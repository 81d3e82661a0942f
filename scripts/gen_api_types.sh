#!/usr/bin/env bash
# Writes the UI's API contract from the backend's own OpenAPI document (`make api-types`):
#   frontend/src/api/openapi.json        the document (committed; backend/tests/test_api_contract.py fails when stale)
#   frontend/src/api/launch-bodies.json  its launch bodies' schemas (the launch form reads its limits from them)
#   frontend/src/api/schema.generated.ts its types, by openapi-typescript (not committed: `npm run build` and
#                                        `npm run typecheck` make it from openapi.json; api/types.ts names them)
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"
"$PY" -m perflab openapi > "$ROOT/frontend/src/api/openapi.json"
"$PY" -m perflab openapi --launch-bodies > "$ROOT/frontend/src/api/launch-bodies.json"
(cd "$ROOT/frontend" && npm run -s api-types >/dev/null)
say "wrote frontend/src/api/{openapi.json,launch-bodies.json,schema.generated.ts}"
