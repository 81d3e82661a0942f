#!/usr/bin/env bash
# make bench: every committed benchmark, one line per figure: `<name>: <number> <unit>`.
source "$(dirname "$0")/lib.sh"
"$ROOT/scripts/deps.sh" test >&2
"$PY" "$ROOT/bench/ingest_steps_per_s.py"
"$PY" "$ROOT/bench/step_storage.py"  # storage_bytes_per_step, the step layouts side by side (docs/scale.md)
"$PY" "$ROOT/bench/call_storage.py"  # call_storage_bytes_per_call, the call layouts side by side (docs/scale.md)
"$ROOT/bench/tcp_pingpong_vs_sockperf.sh"
"$ROOT/bench/stream_vs_iperf3.sh"
"$PY" "$ROOT/bench/link_ethernet_10m.py"
"$PY" "$ROOT/bench/link_wire.py"
"$PY" "$ROOT/bench/link_impair.py"
"$PY" "$ROOT/bench/ecs_lan_wan.py"
"$PY" "$ROOT/bench/open_loop_tails.py"
"$PY" "$ROOT/bench/regress_detect.py"  # a new seed each run (printed); --seed N repeats one
"$PY" "$ROOT/bench/anomaly_case_study.py"
"$PY" "$ROOT/bench/case_study_model.py"
"$PY" "$ROOT/bench/model_family.py"  # a new seed each run (printed); --seed N repeats one
node "$ROOT/bench/timeline_bench.mjs"
"$PY" "$ROOT/bench/analysis_1m_steps_s.py"
"$ROOT/bench/probe_overhead.sh"
"$ROOT/bench/fuzz_agent.sh"
"$PY" "$ROOT/bench/api_fuzz_deep.py"  # schemathesis' four phases as no one, viewer, operator, admin; a new seed each run
"$PY" "$ROOT/bench/rpc_vs_sockets.py"
"$PY" "$ROOT/bench/export_bench.py"
"$PY" "$ROOT/bench/analysis_1m_rpc_steps_s.py"
"$PY" "$ROOT/bench/live_calls_bench.py"
"$PY" "$ROOT/bench/fault_counts.py"
"$PY" "$ROOT/bench/load_api.py"
"$PY" "$ROOT/bench/load_api.py" --lockstep  # the browsers in step: the worst case, printed beside the target's
"$PY" "$ROOT/bench/api_cpu_per_request.py"  # what each read costs the API: the figures the load above comes down to
# 8 minutes with a replica and an agent restarted midway; PERFLAB_SOAK_FULL=1 make bench: the 20-minute soak
"$PY" "$ROOT/bench/soak.py" ${PERFLAB_SOAK_FULL:+--full}
# a lab of 1e8 steps through the HTTP ingest (~15 min here); SCALE_STEPS=1e9 for the issue's size
"$PY" "$ROOT/bench/scale_lab.py" --steps "${SCALE_STEPS:-1e8}"
"$PY" "$ROOT/bench/scale_local.py"  # the compose profile scale on this machine: nginx, two backends, two workers, a replica
