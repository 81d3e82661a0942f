"""The trace export of runs made by the real perflab-agent daemons: an RPC run with two client threads (arrows
from c.sendmsg to the server's receive and from s.sendmsg to c.wait, a track per client thread) and a socket
ping-pong whose kernel steps land on tracks of their own, on the clock of the agent that stamped them."""

import json
from collections import Counter

from test_agent_integration import finished, lab, wait  # noqa: F401 - the fixture is used by name
from test_export_trace import check_format, enclosing


def trace_of(http, body) -> tuple[dict, dict]:
    r = http.post("/api/runs", json=body)
    assert r.status_code == 201, r.text
    run = wait(lambda: finished(http, r.json()["id"]), 90, "run finished")
    assert run["status"] == "done", run
    t = http.get(f"/api/runs/{run['id']}/trace.json")
    assert t.status_code == 200, t.text
    return run, json.loads(t.content)


def flows_by_id(by_ph) -> dict[int, dict]:
    out: dict[int, dict] = {}
    for e in by_ph["s"] + by_ph["f"]:
        out.setdefault(e["id"], {})[e["ph"]] = e
    return out


def test_an_rpc_trace_has_a_track_per_client_thread_and_arrows_between_the_agents(lab):  # noqa: F811
    http, ids, _ = lab
    run, trace = trace_of(http, {
        "kind": "rpc", "client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "procedure": "echo",
        "request_bytes": [100, 5000], "threads": 2, "calls": 15, "warmup_calls": 2})
    by_ph = check_format(trace)
    calls = [x for x in by_ph["X"] if x["name"] == "call"]
    # two 2-thread points and the two 1-thread base points the lab adds for the model (kinds/rpc.py with_base_points)
    assert len(calls) == run["calls_total"] == 2 * 2 * 17 + 2 * 17
    assert {c["tid"] for c in calls} == {0, 1} and {c["pid"] for c in calls} == {1}
    assert Counter(c["args"]["thread"] for c in calls) == {0: 34 + 34, 1: 34}
    tracks = {(m["pid"], m["tid"]): m["args"]["name"] for m in by_ph["M"] if m["name"] == "thread_name"}
    assert tracks[(1, 0)] == "thread 0" and tracks[(1, 1)] == "thread 1"
    assert tracks[(2, 0)] == "serving client thread 0" and tracks[(2, 1)] == "serving client thread 1"
    steps = [x for x in by_ph["X"] if x["cat"] in ("client", "server")]
    names = {x["name"] for x in steps}
    assert {"c.sendmsg", "c.wait", "s.idle", "s.service", "s.sendmsg"} <= names
    # every step sits on the track of the thread that made its call
    thread_of = {c["args"]["call_no"]: c["args"]["thread"] for c in calls}
    assert all(x["tid"] % 10_000 == thread_of[x["args"]["call_no"]] for x in steps)
    # summed steps that would overlap the next one move to an overlap track: nothing for Perfetto to drop
    assert misnested(by_ph["X"]) == []
    assert any(x["tid"] >= 10_000 for x in steps)  # 5000 B calls: several packets, c.copy and c.queue summed
    # a client step lies inside its call (one clock)
    call_at = {c["args"]["call_no"]: c for c in calls}
    for x in steps:
        if x["pid"] == 1:
            c = call_at[x["args"]["call_no"]]
            assert c["ts"] - 0.001 <= x["ts"] and x["ts"] + x["dur"] <= c["ts"] + c["dur"] + 0.002, (x, c)

    flows = flows_by_id(by_ph)
    assert len(flows) == 2 * len(calls)  # a request and a reply per call: none lost, no stray halves
    for fid, pair in flows.items():
        assert set(pair) == {"s", "f"}, pair
        s, f = pair["s"], pair["f"]
        call_no, kind = (fid - 1) // 2, (fid - 1) % 2
        assert s["name"] == ("request", "reply")[kind] and s["ts"] <= f["ts"] + 0.001
        # a reply ends in c.wait, or, where a summed c.wait is drawn ending before the reply left, in the call
        send_name, recv_names = (("c.sendmsg",), ("s.idle", "s.receive")) if kind == 0 else \
            (("s.sendmsg",), ("c.wait", "call"))
        sent = [x for x in enclosing(steps, s["pid"], s["tid"], s["ts"]) if x["args"]["call_no"] == call_no]
        got = [x for x in enclosing(steps + calls, f["pid"], f["tid"], f["ts"]) if x["args"]["call_no"] == call_no]
        assert {x["name"] for x in sent} & set(send_name), (pair, sent)
        assert {x["name"] for x in got} & set(recv_names), (pair, got)
        assert s["pid"] != f["pid"] and s["tid"] % 10_000 == f["tid"] % 10_000 == thread_of[call_no]


def test_kernel_steps_get_tracks_of_their_own_on_their_agents_clock(lab):  # noqa: F811
    http, ids, _ = lab
    _, trace = trace_of(http, {"client_agent_id": ids["it-a"], "server_agent_id": ids["it-b"], "transport": "udp",
                               "request_bytes": 64, "response_bytes": 64, "calls": 100, "warmup_calls": 5})
    by_ph = check_format(trace)
    kernel = [x for x in by_ph["X"] if x["cat"] == "kernel"]
    assert {x["name"] for x in kernel} >= {"k.c.tx", "k.c.net", "k.c.rx", "k.s.rx", "k.s.tx"}
    tracks = {(m["pid"], m["tid"]): m["args"]["name"] for m in by_ph["M"] if m["name"] == "thread_name"}
    assert tracks[(1, 1000)] == tracks[(2, 1000)] == "kernel · client thread 0"
    for x in kernel:
        assert x["tid"] == 1000 and x["pid"] == (1 if x["name"].startswith("k.c.") else 2), x
    # k.c.tx starts where c.send starts, on the client's clock (not moved as a server time would be)
    by_call = {(x["name"], x["args"]["call_no"]): x for x in by_ph["X"]}
    tx = [x for x in kernel if x["name"] == "k.c.tx"]
    assert tx and all(abs(x["ts"] - by_call[("c.send", x["args"]["call_no"])]["ts"]) < 0.002 for x in tx)
    # the server's kernel receive ends where s.wait returns
    rx = [x for x in kernel if x["name"] == "k.s.rx"]
    ends = [abs(x["ts"] + x["dur"] - (w["ts"] + w["dur"])) for x in rx
            if (w := by_call.get(("s.wait", x["args"]["call_no"])))]
    assert ends and max(ends) < 0.002
    flows = flows_by_id(by_ph)
    assert flows and all(set(p) == {"s", "f"} for p in flows.values())
    assert misnested(by_ph["X"]) == []


def misnested(slices) -> list[tuple[dict, dict]]:
    """Pairs of slices on one track that overlap without one containing the other (ns-rounded µs: 2 ns slack):
    the JSON importers of Perfetto and chrome://tracing drop such slices."""
    bad, tracks = [], {}
    for x in slices:
        tracks.setdefault((x["pid"], x["tid"]), []).append(x)
    for xs in tracks.values():
        stack: list[dict] = []
        for x in sorted(xs, key=lambda x: (x["ts"], -x["dur"])):
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= x["ts"] + 0.002:
                stack.pop()
            if stack and x["ts"] + x["dur"] > stack[-1]["ts"] + stack[-1]["dur"] + 0.002:
                bad.append((stack[-1], x))
            stack.append(x)
    return bad
