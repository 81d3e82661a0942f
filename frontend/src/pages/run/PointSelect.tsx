// The picker of the point a figure tab draws, for runs with more than one point, each named in words.
import type { PointParams } from "../../figures/figurePoints";
import { pointNamer } from "../../figures/pointWords";

/** The point a figure tab draws, for runs with more than one point. */
export function PointSelect({ pointNos, params, value, onChange }: {
  pointNos: number[];
  params: PointParams[];
  value: number;
  onChange: (n: number) => void;
}) {
  if (pointNos.length <= 1) return null;
  return (
    <label className="inline-field">
      Point{" "}
      <select aria-label="Point" data-testid="point-select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {pointNos.map((n) => (
          <option key={n} value={n}>
            {pointNamer(params)(n)}
          </option>
        ))}
      </select>
    </label>
  );
}
