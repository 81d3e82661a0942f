// The export bar's PDF printing state: which report, a bar filling a stage at a time, the stage and seconds so
// far; or why it failed. One print at a time (the backend prints two at once for the whole lab).
import { useCallback, useRef, useState } from "react";
import { errorMessage } from "../../api/client";
import { downloadPdf, progressFraction, progressText, type PdfProgress } from "./pdfDownload";

export interface PdfPrint {
  what: string; // "PDF (A4)"
  progress: PdfProgress;
  error: string | null;
}

/** Starts prints and holds the one under way; `cancel` stops waiting for it (the file is then not saved). */
export function usePdfPrint() {
  const [print, setPrint] = useState<PdfPrint | null>(null);
  const ctrl = useRef<AbortController | null>(null);
  const start = useCallback((url: string, what: string, fallbackName: string) => {
    if (ctrl.current) return; // one at a time
    const c = (ctrl.current = new AbortController());
    setPrint({ what, progress: { job: null, elapsedMs: 0 }, error: null });
    downloadPdf(url, fallbackName, (progress) => setPrint((p) => (p && !p.error ? { ...p, progress } : p)), c.signal)
      .then(() => setPrint(null))
      .catch((e) => setPrint((p) => (c.signal.aborted ? null : { what, progress: p?.progress ?? { job: null, elapsedMs: 0 }, error: errorMessage(e) })))
      .finally(() => (ctrl.current = null));
  }, []);
  const cancel = useCallback(() => {
    ctrl.current?.abort();
    setPrint(null);
  }, []);
  const dismiss = useCallback(() => setPrint(null), []);
  return { print, start, cancel, dismiss };
}

export function PdfPrintStatus({ print, onCancel, onDismiss }: { print: PdfPrint; onCancel: () => void; onDismiss: () => void }) {
  if (print.error) {
    return (
      <div className="pdf-status pdf-failed" role="alert" data-testid="pdf-status">
        <span>{print.what} failed: {print.error}</span>
        <button type="button" className="btn btn-small" onClick={onDismiss}>Dismiss</button>
      </div>
    );
  }
  const fraction = progressFraction(print.progress.job);
  return (
    <div className="pdf-status" role="status" data-testid="pdf-status">
      <span className="pdf-what">Printing {print.what}…</span>
      <div className="pdf-bar" role="progressbar" aria-label={`Printing ${print.what}`} aria-valuemin={0} aria-valuemax={100}
        aria-valuenow={fraction === null ? undefined : Math.round(fraction * 100)}>
        <div className={fraction === null ? "pdf-bar-fill indeterminate" : "pdf-bar-fill"} style={fraction === null ? undefined : { width: `${Math.max(4, fraction * 100)}%` }} />
      </div>
      <span className="muted small" data-testid="pdf-stage">{progressText(print.progress)}</span>
      <button type="button" className="btn btn-small" onClick={onCancel}>Cancel</button>
    </div>
  );
}
