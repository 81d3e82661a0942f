"""services.step_codec: several blocks decoded at once give back every block's values bit for bit, in turn,
whatever each block's column widths (the sums and zigzag are undone over all blocks together)."""

import numpy as np
import pytest

from perflab.services import step_codec


def _blocks(rng):
    """Blocks of steps whose columns take 1, 2, 4 and 8 bytes, with negative changes and extreme times."""
    out = []
    for scale in (1, 300, 70_000, 2**40):
        n = int(rng.integers(1, 3000))
        call = np.cumsum(rng.integers(-2, 5, n)) + int(rng.integers(0, 2**31 - 10**5))
        code = rng.integers(0, 65535 if scale > 1 else 200, n)
        start = np.cumsum(rng.integers(-scale, scale + 1, n)) + int(rng.integers(-2**60, 2**60))
        end = start + rng.integers(0, scale + 1, n)
        out.append({"call_no": call, "code": code, "start_ns": start, "end_ns": end})
    return out


def test_steps_of_several_blocks_come_back_in_turn():
    steps = _blocks(np.random.default_rng(1))
    got = step_codec.decode_many([step_codec.encode(*(s[k] for k in s)) for s in steps])
    for k in ("call_no", "code", "start_ns", "end_ns"):
        assert got[k].dtype == np.int64
        assert np.array_equal(got[k], np.concatenate([s[k] for s in steps])), k
    assert all(len(v) == 0 for v in step_codec.decode_many([]).values())


def test_columns_of_several_blocks_come_back_in_turn_only_those_asked():
    steps = _blocks(np.random.default_rng(2))
    extreme = [np.full(len(s["call_no"]), v) for s, v in zip(steps, (-2**63, 2**63 - 1, 0, -1))]
    blocks = [step_codec.encode_columns([(s["call_no"], True), (s["code"], False), (s["start_ns"], True),
                                         (x, False)]) for s, x in zip(steps, extreme)]
    got = step_codec.decode_columns(blocks, {0, 2, 3})
    assert got[1] is None
    assert np.array_equal(got[0], np.concatenate([s["call_no"] for s in steps]))
    assert np.array_equal(got[2], np.concatenate([s["start_ns"] for s in steps]))
    assert np.array_equal(got[3], np.concatenate(extreme))


def test_blocks_of_other_columns_are_not_read_together():
    one = step_codec.encode_columns([(np.arange(5), True)])
    other = step_codec.encode_columns([(np.arange(5), False)])
    with pytest.raises(step_codec.BlockError, match="same columns"):
        step_codec.decode_columns([one, other])
