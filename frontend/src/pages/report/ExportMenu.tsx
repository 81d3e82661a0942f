// The run page's Export menu: the PDF reports (printed with their progress shown), each CSV table the run has, and the
// Chrome/Perfetto trace.
import { useEffect, useRef, useState, type MouseEvent as ReactMouseEvent } from "react";
import { Link } from "react-router-dom";
import { errorMessage } from "../../api/client";
import type { Run } from "../../api/types";
import { compareReportPdfUrl, csvUrl, getRunExports, getTraceSize, PAPERS, reportPdfUrl, traceUrl, hlogUrl, type ExportTableInfo, type TraceSize } from "./api";
import { formatBytes, formatCount } from "../../format";
import { PdfPrintStatus, usePdfPrint } from "./PdfProgress";
import "./export-menu.css";

const PAPER_LABEL = { a4: "A4", letter: "Letter" } as const;

/** The run page's Export menu: PDF reports, each CSV table the run has, the Chrome/Perfetto trace. */
export function ExportMenu({ run, terminal }: { run: Run; terminal: boolean }) {
  const [open, setOpen] = useState(false);
  const [tables, setTables] = useState<ExportTableInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [traceSize, setTraceSize] = useState<TraceSize | null>(null);
  const [other, setOther] = useState("");
  const root = useRef<HTMLDivElement | null>(null);
  const pdf = usePdfPrint();

  useEffect(() => {
    if (!open || tables) return;
    let alive = true;
    getRunExports(run.id)
      .then((t) => alive && setTables(t))
      .catch((e) => alive && setError(errorMessage(e)));
    getTraceSize(run.id).then((z) => alive && setTraceSize(z), () => undefined);
    return () => {
      alive = false;
    };
  }, [open, tables, run.id]);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", close);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  // a chosen item closes the menu (its download or page goes on by itself)
  const closeOnChoice = (e: ReactMouseEvent) => {
    if ((e.target as HTMLElement).closest("a")) setOpen(false);
  };

  // a PDF takes seconds to print: fetched here with its progress shown beside the button (the link still works
  // as a plain download when opened in a new tab or copied)
  const printPdf = (e: ReactMouseEvent, url: string, what: string, name: string) => {
    e.preventDefault();
    setOpen(false);
    pdf.start(url, what, name);
  };

  if (!terminal) return null;
  return (
    <div className="export-bar">
      {pdf.print && <PdfPrintStatus print={pdf.print} onCancel={pdf.cancel} onDismiss={pdf.dismiss} />}
      <div className="export-menu" ref={root}>
        <button
          type="button"
          className="btn"
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {pdf.print && !pdf.print.error ? "Export (printing…) ▾" : "Export ▾"}
        </button>
        {open && (
          <div className="export-list" role="menu" data-testid="export-menu" onClick={closeOnChoice}>
            <div className="export-group">PDF report</div>
            {PAPERS.map((p) => (
              <a key={p} role="menuitem" href={reportPdfUrl(run.id, p)} download
                onClick={(e) => printPdf(e, reportPdfUrl(run.id, p), `PDF (${PAPER_LABEL[p]})`, `perflab-run-${run.id}-report-${p}.pdf`)}>
                PDF ({PAPER_LABEL[p]})
              </a>
            ))}
            <Link role="menuitem" to={`/runs/${run.id}/report`}>
              Report view (print from the browser)
            </Link>
            <label className="export-compare">
              Compare with run #
              <input
                type="number"
                min={1}
                value={other}
                aria-label="Run to compare with"
                onChange={(e) => setOther(e.target.value)}
              />
              {/^\d+$/.test(other) && Number(other) !== run.id ? (
                <a role="menuitem" href={compareReportPdfUrl(run.id, other, "a4")} download
                  onClick={(e) => printPdf(e, compareReportPdfUrl(run.id, other, "a4"), `comparison PDF with run #${other}`, `perflab-compare-${run.id}-${other}-a4.pdf`)}>
                  PDF
                </a>
              ) : (
                <span className="muted small">a finished run's id</span>
              )}
            </label>
            <div className="export-group">CSV tables</div>
            {error && <div className="export-note text-error">{error}</div>}
            {!tables && !error && <div className="export-note muted">Loading…</div>}
            {tables?.map((t) =>
              t.available ? (
                <a key={t.name} role="menuitem" href={csvUrl(run.id, t.name)} download title={t.description}>
                  {t.name}.csv <span className="muted small">{t.description}</span>
                </a>
              ) : (
                <span key={t.name} className="export-disabled" aria-disabled="true" title={t.reason ?? ""}>
                  {t.name}.csv <span className="muted small">not computed for this run</span>
                </span>
              ),
            )}
            <div className="export-group">Trace</div>
            <a role="menuitem" href={traceUrl(run.id)} download data-testid="trace-gzip">
              trace.json.gz{traceSize && <> · about {formatBytes(traceSize.gzip_bytes)}</>}{" "}
              <span className="muted small">Chrome Trace Event format, gzipped: Perfetto UI opens it as it is{traceSize && ` (${formatCount(traceSize.events)} events)`}</span>
            </a>
            <a role="menuitem" href={traceUrl(run.id, true)} download data-testid="trace-json">
              trace.json{traceSize && <> · about {formatBytes(traceSize.json_bytes)}</>}{" "}
              <span className="muted small">the same uncompressed, for chrome://tracing and scripts</span>
            </a>
            <div className="export-group">HDR histograms</div>
            <a role="menuitem" href={hlogUrl(run.id)} download>
              latency.hlog <span className="muted small">HdrHistogram log, one histogram per point (tag point=N)</span>
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
