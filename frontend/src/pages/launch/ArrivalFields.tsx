// Open-loop arrivals (issue 32): a closed loop sends each call when the last returned, so a stalled server stops
// the load and its stall shows as one slow call; at a constant or Poisson rate each call goes at its intended time
// and every call the stall delayed counts it (latency from the intended send).
import { formatCount } from "../../format";
import { Field, NumberField, type KindFieldsProps } from "./fields";
import { LIMITS } from "./limits";
import { SweepField } from "./SweepField";
import { RPC_DEFAULTS, SWEEP_BOUNDS, type Arrival } from "./form";

const ARRIVALS: { value: Arrival; label: string; hint: string }[] = [
  { value: "closed", label: "closed loop", hint: "each caller sends its next call when the last returned (plus think time)" },
  { value: "constant", label: "constant rate", hint: "each call at its intended time, evenly spaced: a stall delays every call due during it" },
  { value: "poisson", label: "Poisson", hint: "each call at its intended time, exponential gaps around the rate (seeded)" },
];

const formatRate = (r: number) => `${formatCount(r)}/s`;

/** The Arrivals choice and, in an open loop, the rate: one for a ping-pong, a sweep (one point per rate) for RPC. */
export function ArrivalFields({ form, set, shown, sweep }: KindFieldsProps & { sweep?: boolean }) {
  const arrival = form.arrival ?? "closed";
  const range = `${formatCount(LIMITS.minRate)} – ${formatCount(LIMITS.maxRate)} calls/s`;
  return (
    <div className="form-row">
      <Field id="arrival" label="Arrivals" error={shown("arrival")} hint={ARRIVALS.find((a) => a.value === arrival)?.hint}>
        <select id="arrival" value={arrival} onChange={(e) => set("arrival", e.target.value as Arrival)}>
          {ARRIVALS.map((a) => <option key={a.value} value={a.value}>{a.label}</option>)}
        </select>
      </Field>
      {arrival !== "closed" && (sweep ? (
        <SweepField id="rates" label="Rates (calls/s per point, all its threads)" bounds={SWEEP_BOUNDS.rates}
          value={form.rates ?? RPC_DEFAULTS.rates} onChange={(v) => set("rates", v)} error={shown("rates")}
          format={formatRate} />
      ) : (
        <NumberField id="rate_calls_s" label="Rate (calls/s)" value={form.rate_calls_s ?? ""}
          onChange={(v) => set("rate_calls_s", v)} error={shown("rate_calls_s")} hint={`${range}, warm-up calls too`} />
      ))}
    </div>
  );
}
