#!/usr/bin/env bash
# Writes the UI's API contract from the backend's own OpenAPI document (`make api-types`):
#   frontend/src/api/openapi.json        the document (committed; backend/tests/test_api_contract.py fails when stale)
#   frontend/src/api/launch-bodies.json  its launch bodies' schemas (the launch form reads its limits from them)
#   frontend/src/api/access-bodies.json  its login, password, user and token bodies' schemas (their limits)
#   frontend/src/api/schema.generated.ts its types, by openapi-typescript (not committed: `npm run build` and
#                                        `npm run typecheck` make it from openapi.json; api/types.ts names them)
#   backend/perflab_cli/api_client/      the `perflab` CLI's client, by openapi-python-client (committed;
#                                        backend/tests/test_cli_client_generated.py fails when stale)
#   backend/perflab_cli/presets.json     the Launch page's presets as launch bodies, for `perflab launch --preset`
source "$(dirname "$0")/lib.sh"
[ -x "$PY" ] || die "no .venv: run make deps first"
api="$ROOT/frontend/src/api"
# written whole or not at all: a backend that fails to load leaves the committed files as they were
"$PY" -m perflab openapi > "$api/openapi.json.new" && "$PY" -m perflab openapi --launch-bodies > "$api/launch-bodies.json.new"
mv "$api/openapi.json.new" "$api/openapi.json" && mv "$api/launch-bodies.json.new" "$api/launch-bodies.json"
"$PY" - "$api/openapi.json" "$api/access-bodies.json" <<'PYEOF'
import json, sys
schemas = json.load(open(sys.argv[1]))["components"]["schemas"]
names = ("LoginIn", "PasswordChangeIn", "UserCreate", "ApiTokenCreate")
json.dump({n: schemas[n] for n in names}, open(sys.argv[2], "w"), indent=1)
PYEOF
(cd "$ROOT/frontend" && npm run -s api-types >/dev/null)
(cd "$ROOT/backend" && "$PY" -m perflab_cli.regenerate >/dev/null)
(cd "$ROOT/frontend" && PERFLAB_WRITE_PRESETS=1 npx vitest run src/pages/launch/presetBodies.test.ts >/dev/null)
say "wrote frontend/src/api/{openapi.json,launch-bodies.json,access-bodies.json,schema.generated.ts}, backend/perflab_cli/{api_client,presets.json}"
