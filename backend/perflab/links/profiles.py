"""Link profiles as data: the built-in profiles.toml plus the user's own file, validated field by field."""

import math
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

BUILTIN = Path(__file__).with_name("profiles.toml")
USER_FILE_NAME = "link-profiles.toml"
ETH_HEADER_BYTES = 14

# numeric field -> (type, low, high, unit and meaning); ranges chosen so tc and the link process accept every value
FIELDS = {
    "mtu": (int, 68, 65535, "bytes, on both ends"),
    "rate_mbit": (float, 0.001, 100_000, "Mbit/s (0.001 = 1 kbit/s)"),
    "burst_bytes": (int, 64, 16 << 20, "token-bucket depth (shaped)"),
    "delay_ms": (float, 0, 10_000, "one-way propagation delay"),
    "jitter_ms": (float, 0, 10_000, "spread of the per-packet delay"),
    "loss_percent": (float, 0, 100, "random (Bernoulli) loss"),
    "ge_p_percent": (float, 0, 100, "Gilbert-Elliott: good -> bad per packet"),
    "ge_r_percent": (float, 0, 100, "Gilbert-Elliott: bad -> good per packet"),
    "ge_loss_bad_percent": (float, 0, 100, "Gilbert-Elliott: loss in the bad state"),
    "ge_loss_good_percent": (float, 0, 100, "Gilbert-Elliott: loss in the good state"),
    "duplicate_percent": (float, 0, 100, "packets sent twice"),
    "corrupt_percent": (float, 0, 100, "packets corrupted on the wire (the receiver drops them)"),
    "queue_bytes": (int, 1500, 1 << 30, "bytes the queue holds before it drops"),
    "queue_packets": (int, 1, 100_000, "packets the queue holds before it drops"),
    "codel_target_ms": (float, 0.1, 1000, "CoDel's target sojourn time"),
    "codel_interval_ms": (float, 1, 10_000, "CoDel's interval"),
    "overhead_bytes": (int, 0, 1000, "bytes on the wire beyond the IP packet"),
    "min_frame_bytes": (int, 0, 10_000, "the shortest frame on the wire"),
}
CHOICES = {"jitter_distribution": ("uniform", "normal", "pareto-normal", "table"), "aqm": ("drop-tail", "codel")}
TEXTS = ("description", "emulation", "jitter_table")
FLAGS = ("reorder",)
# fields that may differ per direction: a profile's own value is a->b (client to server), [name.reverse] b->a
DIRECTIONAL = ("rate_mbit", "delay_ms", "jitter_ms", "loss_percent", "ge_p_percent", "ge_r_percent",
               "ge_loss_bad_percent", "ge_loss_good_percent", "duplicate_percent", "corrupt_percent",
               "queue_bytes", "queue_packets")
# how a profile emulates its link: "wire" = the link process (agents/link/perflab-link.c) gives every frame its
# serialisation, propagation and impairments; "shaped" = tc's token bucket (tbf/htb) limits a rate, but a lone
# frame passes at once; "none" = an unshaped veth. This kernel has no netem: delays and loss are the wire's.
EMULATIONS = ("wire", "shaped", "none")
SHAPED_FIELDS = ("mtu", "rate_mbit", "burst_bytes")
# bytes a frame occupies on an Ethernet wire beyond its IP packet: header 14 + FCS 4 + preamble 8 + gap 12,
# and a frame is never shorter than 64 bytes + preamble + gap
ETH_WIRE_OVERHEAD = 38
ETH_MIN_WIRE_BYTES = 84
# the link process's ceiling on this machine (2 shared cores): bench/link_impair.py's link_max_rate_gbit_s, 1.15
# Gbit/s of UDP full frames (2026-11-28, other work running beside it), rounded down
WIRE_MAX_RATE_MBIT = 1000.0


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
    jitter_distribution: str = "uniform"
    jitter_table: str | None = None
    reorder: bool = False
    loss_percent: float = 0
    ge_p_percent: float = 0
    ge_r_percent: float = 0
    ge_loss_bad_percent: float = 100
    ge_loss_good_percent: float = 0
    duplicate_percent: float = 0
    corrupt_percent: float = 0
    queue_bytes: int | None = None
    queue_packets: int | None = None
    aqm: str = "drop-tail"
    codel_target_ms: float = 5
    codel_interval_ms: float = 100
    overhead_bytes: int = ETH_WIRE_OVERHEAD
    min_frame_bytes: int = ETH_MIN_WIRE_BYTES
    reverse: dict = field(default_factory=dict)  # b->a values of DIRECTIONAL fields that differ
    emulation: str = ""  # "" = derived: wire when it has anything beyond a rate, shaped with a rate, else none
    source: str = ""

    def __post_init__(self):
        if not self.emulation:
            set_ = {k for k, v in asdict(self).items() if v != LinkProfile.__dataclass_fields__[k].default
                    and k not in ("name", "description", "source", "emulation", "reverse")} | set(self.reverse)
            wire = set_ - set(SHAPED_FIELDS)
            object.__setattr__(self, "emulation", "wire" if wire else "shaped" if "rate_mbit" in set_ else "none")

    @property
    def wire(self) -> bool:
        return self.emulation == "wire"

    def value(self, name: str, reverse: bool = False):
        """A directional field's value a->b, or b->a with reverse (the [name.reverse] value where one is set)."""
        return self.reverse.get(name, getattr(self, name)) if reverse else getattr(self, name)

    @property
    def needs(self) -> list[str]:
        """What the kernel (and the build) must offer for this profile: a qdisc, or TUN and the link process."""
        if self.wire:
            return ["tun", "perflab-link"]
        return ["tbf"] if self.rate_mbit is not None else []

    @property
    def burst(self) -> int:
        """Token-bucket depth: at least one full frame, else tbf drops every full-size frame; plus a few bytes
        because the kernel keeps the depth in time units and rounds it down (1514 came back as 1513)."""
        return max(self.burst_bytes or 0, self.mtu + ETH_HEADER_BYTES) + 8

    @property
    def over_ceiling(self) -> bool:
        rates = [self.value("rate_mbit"), self.value("rate_mbit", True)]
        return self.wire and any(r is not None and r > WIRE_MAX_RATE_MBIT for r in rates)

    @property
    def fidelity(self) -> str:
        """What the emulation does and does not reproduce, in a sentence the launch form shows."""
        if self.emulation == "none":
            return "no emulation: the namespaces' veth pair as it is"
        if not self.wire:
            return ("a token bucket (tc): the rate holds over a burst, but a lone frame passes at once, without "
                    "its serialisation time")
        text = ("the lab's link process: every frame its serialisation at the rate and its propagation "
                "(lone frame within 0.5 % on this machine), impairments drawn per packet")
        if self.over_ceiling:
            text += (f"; asks more than the link process gives here (about {WIRE_MAX_RATE_MBIT / 1000:g} Gbit/s): "
                     "above it frames queue behind the process, not the rate")
        return text

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(needs=self.needs, fidelity=self.fidelity, over_ceiling=self.over_ceiling)
        return d


def _number(where: str, name: str, value):
    kind, low, high, _ = FIELDS[name]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (kind is int and not isinstance(value, int)):
        raise ProfileError(f"{where}: {name} must be {'an integer' if kind is int else 'a number'} (got {value!r})")
    if not (low <= value <= high) or (isinstance(value, float) and not math.isfinite(value)):
        raise ProfileError(f"{where}: {name} must be between {low} and {high} (got {value})")
    return kind(value)


def _values(where: str, table: dict) -> dict:
    out = {}
    for name, value in table.items():
        if name in FIELDS:
            out[name] = _number(where, name, value)
        elif name in CHOICES:
            if value not in CHOICES[name]:
                raise ProfileError(f"{where}: {name} must be one of {', '.join(CHOICES[name])} (got {value!r})")
            out[name] = value
        elif name in FLAGS:
            if not isinstance(value, bool):
                raise ProfileError(f"{where}: {name} must be true or false (got {value!r})")
            out[name] = value
        elif name == "jitter_table":
            if not isinstance(value, str) or not value.strip():
                raise ProfileError(f"{where}: jitter_table must be a file name (got {value!r})")
            out[name] = value
    return out


def _check(where: str, v: dict, reverse: dict, emulation: str, base: Path | None) -> dict:
    """Rules across fields; returns the values with jitter_table made absolute."""
    for side, vals in (("", v), (" (reverse)", reverse)):
        p, r = vals.get("ge_p_percent", 0), vals.get("ge_r_percent", v.get("ge_r_percent", 0))
        if p > 0 and r <= 0:
            raise ProfileError(f"{where}{side}: ge_r_percent must be above 0 when ge_p_percent is set (a bad "
                               "state that never ends loses everything)")
    if (v.get("jitter_distribution") == "table") != ("jitter_table" in v):
        raise ProfileError(f"{where}: jitter_distribution = \"table\" and jitter_table (a file of one-way delay "
                           "offsets in µs, one per line) go together")
    if "jitter_table" in v:
        path = Path(v["jitter_table"])
        path = path if path.is_absolute() or base is None else base / path
        if not path.is_file():
            raise ProfileError(f"{where}: jitter_table {path} is not a file")
        v["jitter_table"] = str(path)
    if emulation in ("shaped", "none"):
        refused = [f for f in v if f not in SHAPED_FIELDS] + [f"reverse.{f}" for f in reverse]
        if refused or (emulation == "none" and "rate_mbit" in v):
            raise ProfileError(f"{where}: {', '.join(sorted(refused or ['rate_mbit']))} need emulation = \"wire\" "
                               "(the lab's link process, where delays, jitter, loss and queues are emulated: "
                               f"tc only shapes a rate here, this kernel has no netem), not {emulation!r}")
    elif emulation == "wire" or set(v) - set(SHAPED_FIELDS) or reverse:
        if "rate_mbit" not in v:
            raise ProfileError(f"{where}: a wire needs rate_mbit (its bit rate, {FIELDS['rate_mbit'][1]} to "
                               f"{FIELDS['rate_mbit'][2]} Mbit/s)")
        if "burst_bytes" in v:
            raise ProfileError(f"{where}: burst_bytes is a token bucket's; a wire (emulation = \"wire\") has none")
    return v


def parse(text: str, source: str, base: Path | None = None) -> dict[str, LinkProfile]:
    """Profiles of one TOML text; base is the folder a relative jitter_table is read from."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ProfileError(f"{source}: not valid TOML: {e}") from e
    known = set(FIELDS) | set(CHOICES) | set(TEXTS) | set(FLAGS) | {"reverse"}
    out = {}
    for name, table in data.items():
        where = f"{source}: profile {name!r}"
        if not isinstance(table, dict):
            raise ProfileError(f"{where}: must be a table ([{name}])")
        if not name.replace("-", "").replace("_", "").isalnum() or len(name) > 40:
            raise ProfileError(f"{where}: names are letters, digits, '-' and '_' (at most 40)")
        unknown = set(table) - known
        if unknown:
            raise ProfileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} "
                               f"(allowed: {', '.join(sorted(known))})")
        emulation = table.get("emulation", "")
        if emulation not in ("",) + EMULATIONS:
            raise ProfileError(f"{where}: emulation must be one of {', '.join(EMULATIONS)} (got {emulation!r})")
        description = table.get("description")
        if not isinstance(description, str) or not description.strip():
            raise ProfileError(f"{where}: description (a short text shown in the UI) is required")
        rev = table.get("reverse", {})
        if not isinstance(rev, dict) or set(rev) - set(DIRECTIONAL):
            raise ProfileError(f"{where}: [{name}.reverse] holds the b->a values of "
                               f"{', '.join(DIRECTIONAL)} (got {rev!r})")
        reverse = _values(f"{where} (reverse)", rev)
        values = _check(where, _values(where, table), reverse, emulation, base)
        out[name] = LinkProfile(name=name, description=description.strip(), source=source, emulation=emulation,
                                reverse=reverse, **values)
    return out


def load(state_dir: Path | None = None) -> dict[str, LinkProfile]:
    """Built-in profiles, then the user's file in the lab's state folder (same names replace built-ins)."""
    profiles = parse(BUILTIN.read_text(), "profiles.toml", BUILTIN.parent)
    if state_dir is not None:
        user = Path(state_dir) / USER_FILE_NAME
        if user.is_file():
            profiles.update(parse(user.read_text(), str(user), user.parent))
    if "loopback" not in profiles:
        raise ProfileError("the loopback profile is missing")
    return profiles
