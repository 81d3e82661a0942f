"""How the server agent's clock lines up with the client's, for the trace and the report.

Two agents on one host read the same CLOCK_MONOTONIC: no offset. Across hosts the offset is estimated the way
NTP does it, from each call's four timestamps — t0 client send enter (c.send), t1 server first bytes in (end of
s.wait), t2 server send enter (s.send), t3 client first bytes in (end of c.wait); an RPC call's record holds
the same four (start, server receive, server send, start + RTT):
offset θ = ((t1 - t0) + (t2 - t3)) / 2, network delay δ = (t3 - t0) - (t2 - t1), and θ is within ±δ/2 of the
truth. The call with the smallest δ gives the tightest bound (NTP's clock filter)."""

from dataclasses import asdict, dataclass

from sqlalchemy import text
from sqlalchemy.orm import Session

from perflab.analysis.clock_align import ONE_CLOCK
from perflab.models import Agent, Run
from perflab.services.agent_clocks import share_clock

MAX_CALLS = 50_000  # a large run is sampled evenly: the shortest delay among 50,000 calls is as good a bound

_PAIRS = text("""
WITH per AS (
  SELECT call_no,
         min(start_ns) FILTER (WHERE code = 1)   AS t0,
         max(end_ns)   FILTER (WHERE code = 101) AS t1,
         min(start_ns) FILTER (WHERE code = 103) AS t2,
         max(end_ns)   FILTER (WHERE code = 2)   AS t3
  FROM steps WHERE run_id = :run_id AND call_no % :every = 0 GROUP BY call_no
  UNION ALL  -- the RPC runtime's call records carry the server's receive and send (server clock; 0 = unknown)
  SELECT call_no, start_ns, server_recv_ns, server_send_ns, start_ns + rtt_ns
  FROM calls WHERE run_id = :run_id AND call_no % :every = 0 AND server_recv_ns > 0 AND server_send_ns > 0
), ok AS (
  SELECT ((t1 - t0) + (t2 - t3)) / 2.0 AS theta, (t3 - t0) - (t2 - t1) AS delta
  FROM per WHERE t0 IS NOT NULL AND t1 IS NOT NULL AND t2 IS NOT NULL AND t3 IS NOT NULL
)
SELECT (SELECT count(*) FROM ok),
       (SELECT theta FROM ok ORDER BY delta LIMIT 1),
       (SELECT delta FROM ok ORDER BY delta LIMIT 1),
       (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY theta) FROM ok)
""")


@dataclass(frozen=True)
class ClockAlignment:
    method: str               # same-host | ntp-min-delay | unknown
    offset_ns: float          # server clock minus client clock; subtract it from server times
    uncertainty_ns: float | None  # half the smallest network delay (None when unknown)
    calls_used: int
    estimate_ns: float | None  # the NTP estimate even on one host, as a check of the steps
    median_estimate_ns: float | None
    note: str

    def as_dict(self) -> dict:
        return asdict(self)


def align(s: Session, run: Run) -> ClockAlignment:
    client, server = s.get(Agent, run.client_agent_id), s.get(Agent, run.server_agent_id)
    every = max(1, -(-run.calls_total // MAX_CALLS))
    n, theta, delta, median = s.execute(_PAIRS, {"run_id": run.id, "every": every}).one()
    n = int(n or 0)
    theta = float(theta) if theta is not None else None
    half = float(delta) / 2 if delta is not None else None
    median = float(median) if median is not None else None
    same_clock = share_clock(client, server)
    if same_clock:
        return ClockAlignment("same-host", 0.0, 0.0, n, theta, median,
                              f"both agents run on {client.host}: {ONE_CLOCK}")
    if theta is None:
        return ClockAlignment("unknown", 0.0, None, 0, None, None,
                              "agents on different hosts and no call with both sides' steps: server times unshifted")
    return ClockAlignment("ntp-min-delay", theta, half, n, theta, median,
                          f"server clock offset estimated from {n} calls (NTP method, call with the smallest "
                          f"network delay): {theta / 1000:.3f} µs ± {half / 1000:.3f} µs")
