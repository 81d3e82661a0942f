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
}


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
    source: str = ""

    @property
    def needs(self) -> list[str]:
        """The qdiscs the kernel must offer for this profile."""
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
        unknown = set(table) - set(FIELDS) - {"description"}
        if unknown:
            raise ProfileError(f"{where}: unknown field(s) {', '.join(sorted(unknown))} "
                               f"(allowed: description, {', '.join(FIELDS)})")
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
        out[name] = LinkProfile(name=name, description=description.strip(), source=source, **values)
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
