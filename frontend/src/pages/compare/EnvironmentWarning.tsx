// The compare page's warning when A and B ran in different environments: each differing field with both values, and
// whether that puts the runs in different environment classes (then a latency difference may be the machine's). The
// differences are the backend's (GET /api/runs/{B}/environment-diff?against=A: the check's own environment_diff).
import { getEnvironmentDiff, type EnvironmentDiff } from "../../api/series";
import { usePolling } from "../../hooks/usePolling";
import { differenceText } from "../run/environment";
import "../../styles/compare.css";

/** The sentence above the list: what the differences mean for comparing the runs. */
export function environmentVerdict(diff: EnvironmentDiff): string {
  const n = diff.differences.length;
  const k = diff.differences.filter((d) => d.class_field).length;
  if (k > 0) {
    const which = k === n ? (n === 1 ? "the differing field defines" : `all ${n} differing fields define`) : `${k} of the ${n} differing fields define`;
    return `A and B ran in different environment classes (${which} the class): part of any difference in latency may be the machines', not what you changed.`;
  }
  return `A and B ran in the same environment class, but ${n === 1 ? "1 field differs" : `${n} fields differ`} (the agent's build or host, which do not change the class).`;
}

export function EnvironmentWarning({ a, b }: { a: string; b: string }) {
  // once: environments are recorded at launch and do not change
  const { data, error } = usePolling(() => getEnvironmentDiff(b, a), 0, `${a}-${b}`);
  if (error) {
    return <p className="small muted" data-testid="compare-env-error">Could not compare the runs' environments: {error}</p>;
  }
  if (!data) return null;
  if (!data.recorded) {
    return (
      <p className="small muted" data-testid="compare-env-unknown">
        Environments: one of the runs was launched before the lab recorded where runs ran, so whether they ran alike is unknown.
      </p>
    );
  }
  if (data.differences.length === 0) {
    return (
      <p className="small muted" data-testid="compare-env-same">
        Both runs ran in the same environment (kernel, CPU, frequency, busy polling, agent build, link).
      </p>
    );
  }
  return (
    <div className="warn-box compare-env" role="status" data-testid="compare-env-warning">
      <p><b>{environmentVerdict(data)}</b></p>
      <ul>
        {data.differences.map((d) => (
          <li key={d.field} data-testid="compare-env-field">
            {differenceText(d, ["A", "B"])}
            {d.class_field && <span className="chip chip-warn" title="a field of the environment class: runs differing here are not in one series">environment class</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
