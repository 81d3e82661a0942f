#!/usr/bin/env bash
# Installs and builds what the lab needs; quick when nothing changed.
#   scripts/deps.sh up     system packages, Python venv, frontend build, agent build
#   scripts/deps.sh test   the same plus what the tests and benchmarks use (Chromium, sockperf, e2e packages)
#   scripts/deps.sh fuzz   only the system packages of `make -C agents fuzz` (clang with libFuzzer)
source "$(dirname "$0")/lib.sh"
MODE="${1:-up}"

packages=(gcc make pkg-config libcurl4-openssl-dev libcjson-dev libsodium-dev python3-venv curl)
[ "$MODE" = test ] && packages+=(chromium sockperf iperf3 golang-go nginx-light)  # nginx: bench/scale_local.py
# PDF reports: chromium prints them (in `make up` too); the UI ships its own fonts, the page footers Chromium
# draws use the system's sans-serif: one known font on every machine. poppler-utils reads them in tests.
[ "$MODE" != fuzz ] && packages+=(fonts-dejavu-core)
[ "$MODE" = up ] && packages+=(chromium)
[ "$MODE" = test ] && packages+=(poppler-utils)
[ "$MODE" = fuzz ] && packages=(clang libclang-rt-dev llvm libsodium-dev)
[ "$(id -u)" = 0 ] && packages+=(iproute2)  # ip/tc: the emulated links (only root builds them)
missing=()
for p in "${packages[@]}"; do
  # golang-go is only needed when no go toolchain is on PATH already
  if [ "$p" = golang-go ] && command -v go >/dev/null; then continue; fi
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    say "installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q >/dev/null
    apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null
  else
    die "missing system packages; install them with:  sudo apt-get install -y ${missing[*]}"
  fi
fi
[ "$MODE" = fuzz ] && exit 0
command -v node >/dev/null || die "Node.js 20+ is needed (https://nodejs.org or: sudo apt-get install -y nodejs npm)"

# Python virtualenv: reinstalled only when backend/pyproject.toml changed
if [ ! -x "$PY" ]; then
  say "creating the Python virtualenv (.venv)"
  python3 -m venv "$ROOT/.venv"
fi
stamp="$ROOT/.venv/.perflab-installed"
if [ ! -f "$stamp" ] || [ "$ROOT/backend/pyproject.toml" -nt "$stamp" ]; then
  say "installing the backend's Python packages"
  "$PY" -m pip install -q --upgrade pip
  "$PY" -m pip install -q -e "$ROOT/backend[test]"
  touch "$stamp"
fi

# npm packages of a folder, reinstalled only when its lockfile changed
npm_install() {
  local dir="$1"
  if [ ! -d "$dir/node_modules" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    say "installing npm packages in ${dir#$ROOT/}"
    (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
}
npm_install "$ROOT/frontend"
dist="$ROOT/frontend/dist/index.html"
if [ ! -f "$dist" ] || [ -n "$(find "$ROOT/frontend/src" "$ROOT/frontend/index.html" "$ROOT/frontend/package.json" -newer "$dist" -print -quit)" ]; then
  say "building the UI"
  (cd "$ROOT/frontend" && npm run build --silent)
fi
[ "$MODE" = test ] && npm_install "$ROOT/e2e"

say "building the agent"
make -s -C "$ROOT/agents"
