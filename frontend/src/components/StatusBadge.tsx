// A run's or agent's status as a coloured pill.
interface StatusBadgeProps {
  status: string;
  testId?: string;
}

/** Coloured pill for run and agent statuses; the text is the status itself. */
export function StatusBadge({ status, testId }: StatusBadgeProps) {
  return (
    <span className={`badge badge-${status}`} data-testid={testId}>
      {status}
    </span>
  );
}
