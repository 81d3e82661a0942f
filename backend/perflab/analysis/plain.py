"""Results as plain dicts and lists (what services/analyses.py stores as JSON)."""

from dataclasses import fields


def as_plain(obj):
    """dataclasses.asdict's result (a dataclass as a dict of its fields; lists, tuples and dicts copied, each
    value converted) without its deep copy of every number and string, which are immutable: a run's results hold
    thousands, and asdict's copies of them cost more than some of the analyses."""
    if type(obj) in _LEAVES:
        return obj
    if hasattr(type(obj), "__dataclass_fields__"):
        return {f.name: as_plain(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):  # a named tuple: its own type, as asdict keeps it
        return type(obj)(*[as_plain(v) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(as_plain(v) for v in obj)
    if isinstance(obj, dict):
        return type(obj)((as_plain(k), as_plain(v)) for k, v in obj.items())
    return obj


_LEAVES = frozenset({int, float, str, bool, type(None)})
