// The checkbox that puts a chart's x or y axis on a log scale.
export function LogToggle({ axis, checked, onChange }: { axis: "x" | "y"; checked: boolean; onChange: (log: boolean) => void }) {
  return (
    <label className="checkbox small">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> log {axis}
    </label>
  );
}
