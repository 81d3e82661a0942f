// A button that asks first: the question, what will happen, and Confirm / Keep, in a small modal dialog.
import { useEffect, useRef, useState, type ReactNode } from "react";

interface ConfirmButtonProps {
  label: string; // the button and the dialog's confirm action
  title: string; // the question
  children: ReactNode; // what confirming does
  onConfirm: () => Promise<unknown> | void;
  className?: string;
  disabled?: boolean;
  testId?: string;
}

export function ConfirmButton({ label, title, children, onConfirm, className = "btn btn-small btn-danger", disabled, testId }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    keep.current?.focus(); // the safe answer has the focus: Enter does not destroy anything
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <button type="button" className={className} disabled={disabled || busy} onClick={() => setOpen(true)} data-testid={testId}>
        {label}
      </button>
      {open && (
        <div className="dialog-backdrop" onClick={() => setOpen(false)}>
          <div className="dialog panel" role="dialog" aria-modal="true" aria-labelledby="confirm-title"
            onClick={(e) => e.stopPropagation()}>
            <h2 id="confirm-title">{title}</h2>
            <div className="dialog-body">{children}</div>
            <div className="form-actions">
              <button type="button" className="btn btn-danger" onClick={() => void confirm()} disabled={busy}>
                {busy ? `${label}…` : label}
              </button>
              <button type="button" className="btn" ref={keep} onClick={() => setOpen(false)} disabled={busy}>Keep</button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
