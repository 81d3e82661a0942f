// A secret the backend shows only once (an API token, a new enrolment token): the value, a Copy button and the
// warning that it cannot be shown again; Done forgets it.
import { useState } from "react";

export function SecretOnce({ label, value, onDone, testId }: { label: string; value: string; onDone: () => void; testId?: string }) {
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      setCopied("failed"); // no clipboard (plain http on another host): the value is selectable
    }
  };
  return (
    <div className="secret-once" role="status" data-testid={testId}>
      <div className="strong">{label}</div>
      <div className="secret-row">
        <input className="mono" readOnly value={value} aria-label={label} data-testid="secret-value"
          onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn btn-small" onClick={() => void copy()}>Copy</button>
        <button type="button" className="btn btn-small" onClick={onDone}>Done</button>
      </div>
      <div className="secret-warning" data-testid="secret-warning">
        Copy it now: it will not be shown again (the lab keeps only its hash).
        {copied === "yes" && <span className="muted"> Copied.</span>}
        {copied === "failed" && <span className="muted"> The browser refused the clipboard: select the text and copy it.</span>}
      </div>
    </div>
  );
}
