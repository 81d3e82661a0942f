"""analysis.plain.as_plain: the dicts dataclasses.asdict makes, without its deep copies."""

from collections import namedtuple
from dataclasses import asdict, dataclass, field

import numpy as np

from perflab.analysis.plain import as_plain

Pair = namedtuple("Pair", "low high")


@dataclass
class Inner:
    name: str
    value: float
    count: np.int64
    bounds: Pair
    flags: tuple = (True, None)


@dataclass
class Outer:
    inner: Inner
    rows: list[Inner]
    by_code: dict = field(default_factory=dict)
    note: str | None = None


def _sample() -> Outer:
    a = Inner("a", 1.5, np.int64(3), Pair(0.5, float("nan")))
    b = Inner("b", -2.0, np.int64(-1), Pair(1, 2), (False, 3))
    return Outer(a, [a, b], {7: [b, {"x": (a,)}], "k": None}, "n")


def test_as_plain_equals_asdict_nested():
    out, expected = as_plain(_sample()), asdict(_sample())
    assert repr(out) == repr(expected)  # nan != nan: compared as written
    assert type(out["inner"]["bounds"]) is Pair and type(out["rows"]) is list
    assert type(out["by_code"][7][1]["x"]) is tuple and type(out["by_code"][7][1]["x"][0]) is dict


def test_as_plain_copies_the_containers():
    source = _sample()
    out = as_plain(source)
    out["rows"].append(1)
    out["by_code"][7].clear()
    assert len(source.rows) == 2 and len(source.by_code[7]) == 2
