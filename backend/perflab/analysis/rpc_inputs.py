"""The one place where a run's parameters become the models' inputs: the packet model's PacketParams from an RPC
run's `packetisation` (docs/protocol.md "RPC runs") or the emulated link's MTU, and a point's think time and
label from the RPC sweep fields (think_time_us, protection, cache) as well as the older spellings."""

from perflab.analysis.packet_model import PacketParams

# what the packet model calls its inputs, when a caller gives them directly (POST /api/models/packets, tests)
MODEL_KEYS = ("rpc_header_bytes", "data_per_rpc_packet", "udp_header_bytes", "ip_header_bytes", "mtu_bytes")


def packet_params(params: dict) -> tuple[PacketParams | None, dict]:
    """PacketParams and where each value came from. Precedence: the model's own keys; then the RPC run's
    `packetisation` {header_bytes, packet_data, mtu} (or its flat packet_data / mtu); the MTU of an emulated
    link (runs.link, emulated) overrides the run's, since the link's device is what fragments the datagrams.
    None when the run carries no packetisation (a socket ping-pong)."""
    given: dict[str, int] = {}
    source: dict[str, str] = {}

    def put(key, value, where):
        if value is not None and key not in given:
            given[key] = int(value)
            source[key] = where

    for k in MODEL_KEYS:
        put(k, params.get(k), k)
    pk = params.get("packetisation") or {}
    put("rpc_header_bytes", pk.get("header_bytes"), "packetisation.header_bytes")
    put("data_per_rpc_packet", pk.get("packet_data"), "packetisation.packet_data")
    put("data_per_rpc_packet", params.get("packet_data"), "packet_data")
    link = params.get("link") or {}
    if link.get("emulated") and link.get("mtu") and "mtu_bytes" not in given:
        put("mtu_bytes", link["mtu"], "link.mtu (emulated link)")
    put("mtu_bytes", pk.get("mtu"), "packetisation.mtu")
    put("mtu_bytes", params.get("mtu"), "mtu")
    if "data_per_rpc_packet" not in given or "mtu_bytes" not in given:
        return None, source
    return PacketParams(**given), source


def think_ns(p: dict) -> float:
    """A point's mean think time in ns: think_time_us (RPC sweeps), think_ns or think_ms."""
    for key, scale in (("think_ns", 1.0), ("think_time_us", 1e3), ("think_ms", 1e6)):
        if p.get(key):
            return float(p[key]) * scale
    return 0.0


def call_label(p: dict) -> str:
    """What kind of call a point makes, threads and think time aside: '4016 B', '4016 B privacy, single'."""
    extra = [str(p[k]) for k in ("protection", "cache") if p.get(k) not in (None, "none", "per-thread")]
    return f"{int(p.get('request_bytes', 0))} B" + (" " + ", ".join(extra) if extra else "")
