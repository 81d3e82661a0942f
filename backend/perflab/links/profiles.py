"""Link profiles as data: the built-in profiles.toml plus the user's own file, validated field by field."""

import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

BUILTIN = Path(__file__).with_name("profiles.toml")
USER_FILE_NAME = "link-profiles.toml"
ETH_HEADER_BYTES = 14

# field -> (type, low, high); ranges chosen so that tc accepts every value inside them
FIELDS = {
    "mtu": (int, 68, 65535),
    "rate_mbit": (float, 0.01, 100_000),
    "burst_bytes": (int, 64, 16 << 20),
    "delay_ms": (float, 0, 10_000),
    "jitter_ms": (float, 0, 10_000),
    "loss_percent": (float, 0, 100),
    "overhead_bytes": (int, 0, 1000),
    "min_frame_bytes": (int, 0, 10_000),
}
# how a profile emulates its link: "wire" = the link process (agents/link/perflab-link.c) gives every frame its
# serialisation and propagation time, FIFO; "shaped" = tc (tbf/htb, netem) limits a rate and adds delays, but a
# lone frame passes a token bucket at once; "none" = an unshaped veth
EMULATIONS = ("wire", "shaped", "none")
# fields a wire has no use for: the link process has no token bucket, no jitter, no loss
NOT_ON_A_WIRE = ("burst_bytes", "jitter_ms", "loss_percent")
# bytes a frame occupies on an Ethernet wire beyond its IP packet: header 14 + FCS 4 + preamble 8 + gap 12,
# and a frame is never shorter than 64 bytes + preamble + gap
ETH_WIRE_OVERHEAD = 38
ETH_MIN_WIRE_BYTES = 84


class ProfileError(ValueError):
    pass


@dataclass(frozen=True)
class LinkProfile:
    name: str
    description: str
    mtu: int = 1500
    rate_mbit: float | None = None
    burst_bytes: int | None = None
    delay_ms: float = 0
    jitter_ms: float = 0
    loss_percent: float = 0
    overhead_bytes: int = ETH_WIRE_OVERHEAD
    min_frame_bytes: int = ETH_MIN_WIRE_BYTES
    emulation: str = ""  # "" = derived: shaped when tc has anything to do, else none
    source: str = ""

    def __post_init__(self):
        if not self.emulation:
            shaped = self.rate_mbit is not None or self.delay_ms or self.jitter_ms or self.loss_percent
            object.__setattr__(self, "emulation", "shaped" if shaped else "none")

    @property
    def wire(self) -> bool:
        return self.emulation == "wire"

    @property
    def needs(self) -> list[str]:
        """What the kernel (and the build) must offer for this profile: qdiscs, or TUN and the link process."""
        if self.wire:
            return ["tun", "perflab-link"]
        need = []
        if self.delay_ms or self.jitter_ms or self.loss_percent:
            need.append("netem")
        if self.rate_mbit is not None:
            need.append("tbf")
        return need

    @property
    def burst(self) -> int:
        """Token-bucket depth: at least one full frame, else tbf drops every full-size frame; plus a few bytes
        because the kernel keeps the depth in time units and rounds it down (1514 came back as 1513)."""
        return max(self.burst_bytes or 0, self.mtu + ETH_HEADER_BYTES) + 8

    def as_dict(self) -> dict:
        d = asdict(self)
        d["needs"] = self.needs
        return d


def parse(text: str, source: str) -> dict[str, LinkProfile]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(f"{source}: not valid TOML: {e}") from e
    out = {}
    for name, table in data.items():
        where = f"{source}: profile {name!r}"
        if not isinstance(table, dict):
            raise ProfileError(f"{where}: must be a table ([{name}])")
        if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 40:
            raise ProfileError(f"{where}: names are letters, digits, '-' and '_' (at most 40)")
        unknown = set(table) - set(FIELDS) - {"description", "emulation"}
        if unknown:
            raise ProfileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} "
                               f"(allowed: description, emulation, {', '.join(FIELDS)})")
        emulation = table.get("emulation", "")
        if emulation not in ("",) + EMULATIONS:
            raise ProfileError(f"{where}: emulation must be one of {', '.join(EMULATIONS)} (got {emulation!r})")
        description = table.get("description")
        if not isinstance(description, str) or not description.strip():
            raise ProfileError(f"{where}: description (a short text shown in the UI) is required")
        values = {}
        for field, (kind, low, high) in FIELDS.items():
            if field not in table:
                continue
            value = table[field]
            if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
                raise ProfileError(f"{where}: {field} must be {'an integer' if kind is int else 'a number'} (got {value!r})")
            if not low <= value <= high:
                raise ProfileError(f"{where}: {field} must be between {low} and {high} (got {value})")
            values[field] = kind(value)
        if values.get("jitter_ms", 0) > values.get("delay_ms", 0):
            raise ProfileError(f"{where}: jitter_ms must be at most delay_ms ({values.get('delay_ms', 0)})")
        if emulation == "wire":
            if "rate_mbit" not in values:
                raise ProfileError(f"{where}: a wire needs rate_mbit")
            refused = [f for f in NOT_ON_A_WIRE if f in values]
            if refused:
                raise ProfileError(f"{where}: {', '.join(refused)} do not apply to a wire (emulation = \"wire\"); "
                                   "delay_ms is its propagation delay")
        out[name] = LinkProfile(name=name, description=description.strip(), source=source, emulation=emulation,
                                **values)
    return out


def load(state_dir: Path | None = None) -> dict[str, LinkProfile]:
    """Built-in profiles, then the user's file in the lab's state folder (same names replace built-ins)."""
    profiles = parse(BUILTIN.read_text(), "profiles.toml")
    if state_dir is not None:
        user = Path(state_dir) / USER_FILE_NAME
        if user.is_file():
            profiles.update(parse(user.read_text(), str(user)))
    if "loopback" not in profiles:
        raise ProfileError("the loopback profile is missing")
    return profiles
