"""The trace batch's wire format is written twice, in the agent's C header (agents/src/wire/batch.h) and in the
backend's decoder (services/batch_format.py): every constant the two share agrees, and the backend's largest
accepted batch (MAX_BYTES, the ingest route's 413 limit) is the C side's pl_batch_size of a full batch and holds
the biggest batch the agent's uploader makes."""

import re

from perflab.core.config import REPO_ROOT
from perflab.services import batch_format as bf

BATCH_H = REPO_ROOT / "agents" / "src" / "wire" / "batch.h"


def c_defines() -> dict[str, str]:
    """batch.h's `#define PL_... value` lines: strings with their quotes, numbers without a trailing u."""
    found = re.findall(r"^#define\s+(PL_\w+)\s+(\"[^\"]*\"|0x[0-9a-fA-F]+|\d+)u?(?=\s|$)", BATCH_H.read_text(), re.M)
    return {name: value for name, value in found}


def c_int(defs: dict[str, str], name: str) -> int:
    assert name in defs, f"{name} is no longer defined in {BATCH_H}"
    return int(defs[name], 0)


def test_the_c_header_and_the_decoder_share_every_constant():
    d = c_defines()
    assert d["PL_BATCH_MAGIC"] == '"' + bf.MAGIC.decode() + '"'
    assert c_int(d, "PL_BATCH_VERSION") == bf.VERSION
    assert c_int(d, "PL_BATCH_HEADER_BYTES") == bf.HEADER.size
    assert c_int(d, "PL_BATCH_CALL_BYTES") == bf.CALL_DTYPE.itemsize
    assert c_int(d, "PL_BATCH_V1_CALL_BYTES") == bf.CALL_DTYPE_V1.itemsize
    assert c_int(d, "PL_BATCH_STEP_BYTES") == bf.STEP_DTYPE.itemsize
    assert c_int(d, "PL_BATCH_MAX_CALLS") == bf.MAX_CALLS
    assert c_int(d, "PL_BATCH_MAX_STEPS") == bf.MAX_STEPS
    assert c_int(d, "PL_BATCH_FLAG_LAST") == bf.FLAG_LAST_BATCH


def c_batch_size(d: dict[str, str], calls: int, steps: int) -> int:
    """pl_batch_size() of batch.h, from the header's own constants."""
    return (c_int(d, "PL_BATCH_HEADER_BYTES") + c_int(d, "PL_BATCH_CALL_BYTES") * calls
            + c_int(d, "PL_BATCH_STEP_BYTES") * steps)


def test_the_size_limit_is_a_full_batch_of_the_widest_records():
    d = c_defines()
    assert bf.MAX_BYTES == c_batch_size(d, c_int(d, "PL_BATCH_MAX_CALLS"), c_int(d, "PL_BATCH_MAX_STEPS"))
    # what the uploader puts in one batch, each call with its most steps, is within both limits
    calls = c_int(d, "PL_BATCH_CALLS_PER_BATCH")
    steps = calls * c_int(d, "PL_STEPS_PER_REC_MAX")
    assert calls <= bf.MAX_CALLS and steps <= bf.MAX_STEPS
    assert c_batch_size(d, calls, steps) <= bf.MAX_BYTES
