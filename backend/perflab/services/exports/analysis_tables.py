"""The analysis engine's stored results (`analyses`, docs/analysis.md) as export tables: one small adapter per
table turns a stored result into row objects named like the columns. Column order is a contract
(docs/exports.md): add columns at the end. A table is registered by one `register(analysis_table(...))` call."""

from perflab.services.exports.registry import Column, TableUnavailable, per_point, register
from perflab.services.exports.tables import STEP_IDENTITY, analysis_table, stat_columns

STAT_COLUMNS = stat_columns("mean duration, probe cost subtracted")


def _rtp_points(result: dict) -> list[dict]:
    """The path's points; none when no call had a path (the analysis says why in its last note)."""
    if not result["points"]:
        raise TableUnavailable((result.get("notes") or ["no point has a round trip path"])[-1])
    return result["points"]


def rtp_rows(result: dict) -> list[dict]:
    return [{"point_no": p["point_no"], "calls": p["calls"], "incomplete_calls": p["incomplete_calls"],
             "calculated_rtt_ns": p["calculated_rtt_ns"], "untimed_on_path_ns": p["untimed_on_path_ns"],
             "measured_rtt_ns": p["measured_rtt_ns"], "error_pct": p["percent_error"]}
            for p in _rtp_points(result)]


def rtp_segment_rows(result: dict) -> list[dict]:
    return [{"point_no": p["point_no"], "segment": s["name"], "kind": s["kind"], "lanes": " → ".join(s["lanes"]),
             "code": s["code"], "on_path_share": s["on_path_share"], "mean_on_path_ns": s["mean_on_path_ns"],
             "mean_ns": s["mean_ns"], "mean_start_ns": s["mean_start_ns"], "mean_end_ns": s["mean_end_ns"]}
            for p in _rtp_points(result) for s in p["segments"]]


NS_PER_MS = 1_000_000


def _ms_to_ns(v: float | None) -> float | None:
    return None if v is None else v * NS_PER_MS


def model_rows(result: dict) -> list[dict]:
    """The analysis keeps the case study's unit (ms); the table is in ns like every other export table."""
    if result.get("unit", "ms") != "ms":  # the conversion assumes ms: another unit must not pass unnoticed
        raise TypeError(f"model_vs_measured stored in {result.get('unit')!r}, the conversion to ns expects ms")
    return [{"point_no": v["point_no"], "label": v["label"], "model_rtt_ns": _ms_to_ns(v["model"]),
             "measured_rtt_ns": _ms_to_ns(v["measured"]),
             "measured_std_ns": _ms_to_ns(v["measured_std"]),
             "error_pct": v["percent_error"], "cv": v["cv"], "anomaly": v["anomaly"],
             "reasons": " ".join(v["reasons"]), "explanation": v["explanation"],
             # runs analysed before the solver was chosen per point: residual MVA, no bounds, judged
             "solver": v.get("solver", "residual"), "solver_reason": v.get("solver_reason", ""),
             "bound_lower_ns": _ms_to_ns((v.get("bounds") or {}).get("lower")),
             "bound_upper_ns": _ms_to_ns((v.get("bounds") or {}).get("upper")),
             "applies": v.get("applies", True), "not_applies_reason": v.get("not_applies_reason") or ""}
            for v in result["rows"]]


def point_step_rows(result: dict) -> list[dict]:
    return [{"point_no": p["point_no"], "code": st["code"], "name": st["name"], "side": st["side"],
             "paper_step": st["paper"], "runs_per_call": st["runs_per_call"], **(st["stats"] or {})}
            for p in result["points"] for st in p["steps"]]


def demand_rows(result: dict) -> list[dict]:
    if result.get("unit", "ns") != "ns":
        raise TypeError(f"demands stored in {result.get('unit')!r}, the table's columns are ns")
    return [{"point_no": p["point_no"], "device": d["device"], "kind": d["kind"], "total_ns": d["total_ns"],
             "phase2_ns": d["phase2_ns"], "note": d["note"]} for p in result["points"] for d in p["demands"]]


def unit_cost_rows(result: dict) -> list[dict]:
    return [{"segment": c["name"], "a_ns": c["a_ns"], "b_ns_per_byte": c["b_ns_per_byte"], "r2": c["r2"],
             "sizes": c["sizes"], "per_execution": c["per_execution"]} for c in result["costs"]]


def unit_cost_size_rows(result: dict) -> list[dict]:
    return [{"request_bytes": r["request_bytes"], "predicted_rtt_ns": r["predicted_ns"],
             "measured_rtt_ns": r["measured_ns"], "error_pct": r["percent_error"]} for r in result["rows"]]


def packet_rows(result: dict) -> list[dict]:
    return [{"request_bytes": c["request_bytes"], "rpc_packets": c["rpc_packets"],
             "network_packets": c["network_packets"],
             "data_per_network_packet_bytes": " ".join(str(b) for b in c["data_per_network_packet"])}
            for c in result["counts"]]


RTP = register(analysis_table(
    "rtp", "rtp", "round trip path per point: calculated vs measured RTT (DCE paper, Table 2)", per_point(
        Column("calls", "measured calls whose path was found"),
        Column("incomplete_calls", "measured calls missing a step of the graph: left out"),
        Column("calculated_rtt_ns", "sum of the on-path means of timed segments (steps and transits)", "ns"),
        Column("untimed_on_path_ns", "on-path gaps between timed steps of one side", "ns"),
        Column("measured_rtt_ns", "measured mean RTT of those calls", "ns"),
        Column("error_pct", "(measured - calculated) × 100 / measured, as the paper's Table 2", "%"),
    ), rows=rtp_rows))

RTP_SEGMENTS = register(analysis_table(
    "rtp_segments", "rtp", "round trip path per point and segment: what lay on the path (DCE paper, Figure 5)",
    per_point(
        Column("segment", "step name, transit (request/reply) or gap"),
        Column("kind", "step | transit | gap"),
        Column("lanes", "lane(s) of Figure 5 it runs in or crosses"),
        Column("code", "step code, empty for transits and gaps"),
        Column("on_path_share", "fraction of calls in which it lay on the path (0-1)"),
        Column("mean_on_path_ns", "mean over calls of its time on the path", "ns"),
        Column("mean_ns", "mean duration", "ns"),
        Column("mean_start_ns", "mean start after the call's first client step, client clock", "ns"),
        Column("mean_end_ns", "mean end, same origin", "ns"),
    ), rows=rtp_segment_rows))

MODEL = register(analysis_table(
    "model", "model_vs_measured", "queueing model vs measured, per point, by the solver each point's measurement "
    "calls for (case study, Table 2)",
    per_point(
        Column("label", "the point's kind of call: size, protection and cache when not the default, e.g. 64 B"),
        Column("model_rtt_ns", "model's mean RTT", "ns"),
        Column("measured_rtt_ns", "measured mean RTT", "ns"),
        Column("measured_std_ns", "measured standard deviation", "ns"),
        Column("error_pct", "(measured - model) × 100 / measured", "%"),
        Column("cv", "coefficient of variation of the measurement (std / mean)"),
        Column("anomaly", "true when the measured mean's 95% interval lies outside the model's band"),
        Column("reasons", "above_model_band, below_model_band or slow_start"),
        Column("explanation", "plain-language note naming what deviates"),
        Column("solver", "exact | residual | simulation: which solver model_rtt_ns is"),
        Column("solver_reason", "why that solver"),
        Column("bound_lower_ns", "asymptotic lower bound on the mean RTT", "ns"),
        Column("bound_upper_ns", "asymptotic upper bound on the mean RTT", "ns"),
        Column("applies", "false where the model does not apply (never flagged there)"),
        Column("not_applies_reason", "why it does not apply"),
    ), rows=model_rows))

POINT_STEP_STATS = register(analysis_table(
    "point_step_stats", "step_stats", "statistics of each step per point, probe cost subtracted", per_point(
        *STEP_IDENTITY,
        Column("runs_per_call", "mean times the step ran in a call"),
        *STAT_COLUMNS,
    ), rows=point_step_rows))

DEMANDS = register(analysis_table(
    "demands", "demands", "service demands per point and device, measured (case study, Table 1)", per_point(
        Column("device", "client_cpu | server_cpu (host_cpu: both on one host) | network | kernel_network (no stamps)"),
        Column("kind", "queue | delay, for MVA"),
        Column("total_ns", "demand per call, both phases", "ns"),
        Column("phase2_ns", "work after the caller is released", "ns"),
        Column("note", "how it was measured"),
    ), rows=demand_rows))

UNIT_COST = register(analysis_table(
    "unit_cost", "unit_cost", "each segment's on-path time fitted as a + b × bytes (DCE paper, section 4.3.2)", (
        Column("segment", "segment of the round trip path"),
        Column("a_ns", "fixed cost (per execution when per_execution)", "ns"),
        Column("b_ns_per_byte", "cost per request byte", "ns/byte"),
        Column("r2", "coefficient of determination, empty with fewer than three sizes"),
        Column("sizes", "request sizes fitted"),
        Column("per_execution", "true when fitted per run of the step and multiplied by its count"),
    ), rows=unit_cost_rows))

UNIT_COST_SIZES = register(analysis_table(
    "unit_cost_sizes", "unit_cost", "RTT predicted by the unit costs vs measured, per request size", (
        Column("request_bytes", "request size", "bytes"),
        Column("predicted_rtt_ns", "sum of the segments' fits at that size", "ns"),
        Column("measured_rtt_ns", "measured mean RTT", "ns"),
        Column("error_pct", "(measured - predicted) × 100 / measured", "%"),
    ), rows=unit_cost_size_rows))

PACKETS = register(analysis_table(
    "packets", "packets", "packet model at the run's request sizes (DCE paper, Figure 3)", (
        Column("request_bytes", "request size", "bytes"),
        Column("rpc_packets", "RPC packets: sendmsg calls"),
        Column("network_packets", "IP fragments: Ethernet frames"),
        Column("data_per_network_packet_bytes", "call data carried by each frame, in order, space separated",
               "bytes"),
    ), rows=packet_rows))
