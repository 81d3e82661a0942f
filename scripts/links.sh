# Sourced by up.sh and down.sh (after lib.sh): the lab's emulated link (`python -m perflab links`).
# As root, local-a and local-b get network namespaces of their own joined by a veth pair the backend shapes per
# run; a relay lets them reach the backend on the host's loopback. Otherwise they stay on loopback.
# A wire profile (ethernet-10m) runs the link process agents/build/perflab-link, started by the backend when a run
# applies it; `links clear` (make down, and make up first) stops it with the namespaces, also after a crash.
export PERFLAB_STATE="$STATE"  # the backend reads the link's record from here
declare -A LINK_NS=() LINK_ADDR=()

links_clear() {
  stop_bg links-relay >/dev/null
  [ -x "$PY" ] || return 0
  "$PY" -m perflab links --state "$STATE" clear | sed 's/^/emulated link: /'
}

# links_up: fills LINK_NS and LINK_ADDR, or says why the agents stay on loopback
links_up() {
  links_clear >/dev/null  # what a crashed lab left, recorded or named with this lab's prefix
  if [ -n "${PERFLAB_NO_NETNS:-}" ]; then
    say "PERFLAB_NO_NETNS is set: local-a and local-b run on loopback (link profiles other than loopback unavailable)"
    return 0
  fi
  local out
  if ! out="$("$PY" -m perflab links --state "$STATE" up 2>"$STATE/logs/links.log")"; then
    say "no emulated link ($(tail -n 1 "$STATE/logs/links.log")): local-a and local-b run on loopback"
    return 0
  fi
  local name ns addr
  while read -r name ns addr; do
    if [ "$name" = "#" ]; then echo "  $ns $addr"; continue; fi  # a profile this kernel cannot shape
    LINK_NS[$name]="$ns"; LINK_ADDR[$name]="$addr"
  done <<<"$out"
  start_bg links-relay "$PY" -m perflab links --state "$STATE" forward --port "$PORT"
  say "local-a (${LINK_ADDR[local-a]}) and local-b (${LINK_ADDR[local-b]}) in namespaces ${LINK_NS[local-a]}, ${LINK_NS[local-b]} joined by an emulated link"
}

# agent_prefix NAME: the command that puts NAME's agent in its namespace (nothing on loopback)
agent_prefix() { [ -n "${LINK_NS[$1]:-}" ] && echo "ip netns exec ${LINK_NS[$1]}" || true; }
agent_address() { echo "${LINK_ADDR[$1]:-127.0.0.1}"; }
