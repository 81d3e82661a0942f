// A plain table with one header row: the columns' labels, their classes and hover titles.
import type { ReactNode } from "react";

export interface Column {
  label: string;
  className?: string;
  title?: string;
}

/** A `.table` with one header row of `columns`; `children` are the body rows. */
export function DataTable({ testId, columns, children }: { testId?: string; columns: Column[]; children: ReactNode }) {
  return (
    <table className="table" data-testid={testId}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} className={c.className} title={c.title}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
