// Small building blocks of the report's figure sections: a figure block that is never split over two pages, a
// numbers table, and the one line a figure prints instead of itself when the run does not have it.
import type { ReactNode } from "react";
import type { Settled } from "./figureData";

export const CHART_WIDTH = 660; // fits A4 and Letter between 12 mm margins
export const CHART_HEIGHT = 260;

/** A chart with its caption: printed on one page (break-inside: avoid). */
export function Figure({ title, children, testId }: { title?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="report-figure" data-testid={testId}>
      {title && <h3>{title}</h3>}
      {children}
    </div>
  );
}

/** Why a figure is not drawn, in one line. */
export function Absent({ children }: { children: ReactNode }) {
  return (
    <p className="report-absent" data-testid="figure-absent">
      Not drawn for this run: {children}
    </p>
  );
}

/** The figure's numbers: columns whose name starts with "#" are numeric (right-aligned, "#" dropped). */
export function NumbersTable({ columns, rows, testId, caption, className }: {
  columns: string[];
  rows: ReactNode[][];
  testId?: string;
  caption?: ReactNode;
  className?: string;
}) {
  const numeric = columns.map((c) => c.startsWith("#"));
  return (
    <table className={`report-table report-numbers${className ? ` ${className}` : ""}`} data-testid={testId}>
      {caption && <caption className="muted small">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} className={numeric[i] ? "num" : undefined}>
              {numeric[i] ? c.slice(1) : c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {r.map((cell, j) => (
              <td key={j} className={numeric[j] ? "num" : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Renders `draw(data)` for a settled figure, or the one line saying why there is nothing to draw. */
export function WhenLoaded<T>({ value, what, draw }: { value: Settled<T> | null; what: string; draw: (d: T) => ReactNode }) {
  if (value === null) return <Absent>the {what} is not part of this report.</Absent>;
  if (!value.ok) return <Absent>the {what} could not be loaded ({value.error}).</Absent>;
  return <>{draw(value.data)}</>;
}

/** "3 of 12 points drawn" note for per-point figures, or nothing when every point is drawn. */
export function PointsNote({ drawn, total, table }: { drawn: number; total: number; table: string }) {
  if (drawn >= total) return null;
  return (
    <p className="muted small" data-testid="points-note">
      Drawn for {drawn} of the run's {total} points (the first, the last{drawn > 2 ? " and evenly between" : ""}, so the
      report stays a few pages); {table} lists every point, and the run page draws each.
    </p>
  );
}
