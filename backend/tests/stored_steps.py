"""A run's stored steps and calls for the tests' checks, decoded from their blocks (services/step_store.py,
services/call_store.py): SQL cannot read the blocks, so the checks written in SQL get the run's steps as a
temporary table `steps` of rows (run_id, call_no, code, start_ns, end_ns) and its calls as a temporary table
`calls` (run_id and every call_store field) in their session."""

import numpy as np
from sqlalchemy.orm import Session

from perflab.services import call_store, step_store
from perflab.services.pg_copy import binary_copy_payload


def steps_of(s: Session, run_id: int) -> dict[str, np.ndarray]:
    """call_no, code, start_ns, end_ns of every stored step of the run, ordered by call, code, start."""
    with s.connection().connection.driver_connection.cursor() as cur:
        return step_store.read_steps(cur, run_id, order=("call_no", "code", "start_ns"))


def steps_table(s: Session, run_id: int) -> int:
    """The run's steps as the temporary table `steps` of the session's connection (replaced if there); returns
    how many."""
    steps = steps_of(s, run_id)
    n = len(steps["call_no"])
    with s.connection().connection.driver_connection.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS pg_temp.steps")
        cur.execute("CREATE TEMP TABLE steps (run_id int, call_no int, code smallint, start_ns bigint, end_ns bigint)")
        with cur.copy("COPY steps (run_id, call_no, code, start_ns, end_ns) FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(binary_copy_payload([("run_id", "int4", np.full(n, run_id)), ("call_no", "int4", steps["call_no"]),
                                          ("code", "int2", steps["code"]), ("start_ns", "int8", steps["start_ns"]),
                                          ("end_ns", "int8", steps["end_ns"])]))
    return n


def calls_of(s: Session, run_id: int, fields: tuple[str, ...] = call_store.CALL_FIELDS) -> dict[str, np.ndarray]:
    """The run's stored calls as int64 columns, in call order."""
    with call_store.cursor(s) as cur:
        return call_store.read_calls(cur, run_id, fields=fields)


def calls_table(s: Session, run_id: int) -> int:
    """The run's calls as the temporary table `calls` of the session's connection (replaced if there); returns
    how many."""
    calls = calls_of(s, run_id)
    n = len(calls["call_no"])
    names = ", ".join(call_store.CALL_FIELDS)
    with call_store.cursor(s) as cur:
        cur.execute("DROP TABLE IF EXISTS pg_temp.calls")
        cur.execute(f"CREATE TEMP TABLE calls (run_id int, {' bigint, '.join(call_store.CALL_FIELDS)} bigint)")
        with cur.copy(f"COPY calls (run_id, {names}) FROM STDIN (FORMAT BINARY)") as cp:
            cp.write(binary_copy_payload([("run_id", "int4", np.full(n, run_id))] +
                                         [(k, "int8", calls[k]) for k in call_store.CALL_FIELDS]))
    return n


def replace_calls(s: Session, run_id: int, calls: dict[str, np.ndarray]) -> None:
    """The run's stored calls replaced by `calls` (a test's edit of what an agent sent)."""
    call_store.delete_calls(s, run_id)
    with call_store.cursor(s) as cur:
        call_store.write_calls(cur, run_id, calls)
