"""Reading what a run measured: its summary (computed once per set of batches, then stored) and its calls."""

import numpy as np
from sqlalchemy import func, select, text
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.orm import Session

from perflab.analysis.run_summary import FLAG_ERROR, FLAG_FIRST, FLAG_WARMUP, summarise
from perflab.models import Analysis, Batch, Run

EXCLUDED = FLAG_WARMUP | FLAG_FIRST | FLAG_ERROR


def summary(s: Session, run: Run) -> dict:
    batches = s.scalar(select(func.count()).select_from(Batch).where(Batch.run_id == run.id)) or 0
    cached = s.get(Analysis, (run.id, "summary"))
    if cached is not None and cached.batches_seen == batches:
        return cached.result
    result = _compute_summary(s, run.id)
    s.execute(insert(Analysis).values(run_id=run.id, kind="summary", batches_seen=batches, result=result)
              .on_conflict_do_update(constraint="pk_analyses",
                                     set_={"batches_seen": batches, "result": result, "computed_at": func.now()}))
    return result


def _compute_summary(s: Session, run_id: int) -> dict:
    raw = s.connection().connection.driver_connection
    with raw.cursor() as cur:
        cur.execute("SELECT call_no, rtt_ns, flags FROM calls WHERE run_id = %s", (run_id,))
        calls = np.array(cur.fetchall(), dtype=np.int64).reshape(-1, 3)
        # step durations of the measured calls only, the same calls the RTT statistics describe
        cur.execute(
            "SELECT st.code, st.end_ns - st.start_ns FROM steps st JOIN calls c "
            "ON c.run_id = st.run_id AND c.call_no = st.call_no "
            "WHERE st.run_id = %s AND c.call_no <> 0 AND c.flags & %s = 0", (run_id, EXCLUDED))
        steps = np.array(cur.fetchall(), dtype=np.int64).reshape(-1, 2)
    return summarise(calls[:, 0], calls[:, 1], calls[:, 2], steps[:, 0], steps[:, 1])


def call_series(s: Session, run_id: int, max_points: int) -> dict:
    total = s.scalar(text("SELECT count(*) FROM calls WHERE run_id = :r"), {"r": run_id}) or 0
    stride = max(1, -(-total // max_points))
    rows = s.execute(text("SELECT call_no, rtt_ns, flags FROM calls WHERE run_id = :r AND call_no % :k = 0 "
                          "ORDER BY call_no"), {"r": run_id, "k": stride}).all()
    return {"call_no": [r[0] for r in rows], "rtt_ns": [r[1] for r in rows], "flags": [r[2] for r in rows],
            "stride": stride, "total": int(total)}
