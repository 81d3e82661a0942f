// A series as a lab on a 2-core VM answered it (GET /api/series/{key}/trend, rounded, three of its steps): five
// unchanged firefly-null runs, then three with a planted 300 µs delay in c.marshal; and a run's environment.
import type { Series, SeriesRun, Trend } from "../api/series";
import type { RunEnvironment } from "../pages/run/environment";

export const SERIES_KEY = "f2ce94633592cc93096312d3b94964f7";

type Triple = [number, number, number];

function run(id: number, at: string, [mean, lo, hi, p50, p99]: number[], steps: Record<string, Triple>) {
  return {
    run_id: id, created_at: at, tags: [],
    points: [{
      point_no: 0,
      rtt: { mean_ns: mean, ci95_low_ns: lo, ci95_high_ns: hi, median_ns: p50, p99_ns: p99 },
      steps: Object.entries(steps).map(([step, [m, l, h]]) => ({ step, mean_ns: m, ci95_low_ns: l, ci95_high_ns: h })),
    }],
  };
}

export const trendFixture: Trend = {
  key: SERIES_KEY,
  runs: [
    run(1, "2026-11-28T21:07:23.710618Z", [73602, 59185, 91268, 42114, 575813], { "c.marshal": [5, 4, 7], "c.wait": [55562, 43152, 70499], "s.end": [72, 33, 145] }),
    run(2, "2026-11-28T21:07:25.406077Z", [44840, 31482, 62944, 23344, 627783], { "c.marshal": [6, 5, 6], "c.wait": [23351, 11517, 40564], "s.end": [22, 20, 25] }),
    run(3, "2026-11-28T21:07:27.097289Z", [29712, 23696, 38773, 21946, 88293], { "c.marshal": [5, 4, 6], "c.wait": [3137, 1797, 5662], "s.end": [18, 17, 20] }),
    run(4, "2026-11-28T21:07:28.833828Z", [39304, 29750, 53107, 25704, 324266], { "c.marshal": [9, 7, 11], "c.wait": [2910, 2469, 3392], "s.end": [28, 27, 29] }),
    run(5, "2026-11-28T21:07:33.024799Z", [75890, 40751, 122243, 25237, 1552357], { "c.marshal": [7, 6, 9], "c.wait": [24490, 9095, 46552], "s.end": [24, 22, 26] }),
    run(6, "2026-11-28T21:07:35.022023Z", [571642, 507979, 651052, 372038, 3936451], { "c.marshal": [322859, 304248, 357480], "c.wait": [201667, 144945, 275847], "s.end": [32, 29, 36] }),
    run(7, "2026-11-28T21:07:36.743303Z", [426556, 392952, 466589, 333806, 1494618], { "c.marshal": [315911, 303143, 334633], "c.wait": [29490, 8034, 59999], "s.end": [30, 29, 32] }),
    run(8, "2026-11-28T21:07:38.459603Z", [544216, 483932, 619092, 339096, 3518313], { "c.marshal": [325198, 306669, 349838], "c.wait": [89823, 39867, 154617], "s.end": [23, 21, 25] }),
  ],
  change_points: [
    { index: 2, run_id: 3, previous_run_id: 2, steps: [{ point_no: 0, step: "s.end", before_ns: 47.2, after_ns: 26.0, change_pct: -44.98 }] },
    {
      index: 5, run_id: 6, previous_run_id: 5, steps: [
        { point_no: 0, step: "c.marshal", before_ns: 6.48, after_ns: 321322.4, change_pct: 4957397.2 },
        { point_no: 0, step: "rtt", before_ns: 52669.5, after_ns: 514137.9, change_pct: 876.16 },
        { point_no: 0, step: "c.wait", before_ns: 21889.9, after_ns: 106993.0, change_pct: 388.78 },
        { point_no: 0, step: "s.end", before_ns: 30.1, after_ns: 28.3, change_pct: -6.1 },
      ],
    },
  ],
};

export const seriesFixture: Series = {
  key: SERIES_KEY, label: "rpc udp null vm→vm over loopback", kind: "rpc", tags: ["nightly"], runs: 9, last_run_id: 9,
  last_run_at: "2026-11-28T21:07:40Z", baseline_run_id: 2, baseline_through_run_id: null, baseline_runs: 1, baseline_set_at: "2026-11-28T21:08:00Z",
};

/** The series' runs, oldest first: the eight of the trend, then one still running. */
export const seriesRunsFixture: SeriesRun[] = [
  ...trendFixture.runs.map((r) => ({
    id: r.run_id, name: "Firefly null RPC", status: "done", tags: ["nightly"], notes: "", created_at: r.created_at,
    finished_at: r.created_at, baseline: r.run_id === 2,
  })),
  { id: 9, name: "Firefly null RPC", status: "running", tags: ["nightly"], notes: "", created_at: "2026-11-28T21:07:40Z", finished_at: null, baseline: false },
];

// as a lab on a 2-core VM recorded it (GET /api/runs/8), with a governor and busy polling on the server
export const environmentFixture: RunEnvironment = {
  client: {
    host: "vm", kernel: "6.18.44-fc-v782", machine: "x86_64", cpu_model: "AMD EPYC", cores_online: 2, smt_active: false,
    smt_control: "notsupported", clock_source: "tsc", agent_build: { cflags: "cc -O2 -g ", version: "0.1.0", git_hash: "fa9a64c6f005" },
    load_at_start: { "1m": 1.341796875, "5m": 1.51025390625, "15m": 1.91845703125 },
  },
  server: {
    host: "vm", kernel: "6.18.44-fc-v782", machine: "x86_64", cpu_model: "AMD EPYC", cores_online: 2, smt_active: false,
    smt_control: "notsupported", clock_source: "tsc", agent_build: { cflags: "cc -O2 -g ", version: "0.1.0", git_hash: "fa9a64c6f005" },
    governor: "performance", turbo: false, cpufreq_driver: "acpi-cpufreq", busy_poll_us: 50, busy_read_us: 0,
  },
  link_profile: "loopback",
  co_located: true,
};
