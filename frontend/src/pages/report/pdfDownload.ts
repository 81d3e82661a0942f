// A PDF report downloaded with its progress shown: the request names its print with a token of ours (?job=), and
// while it runs GET /api/report-jobs/{job} says the stage the backend's printer is at. The file is saved from the
// response (a blob), so the page knows when it is done or why it failed instead of the browser hiding both.
import { ApiError, errorFromBody } from "../../api/errors";
import { apiFetch } from "../../api/http";
import { href } from "../../api/call";

/** GET /api/report-jobs/{job} (backend/perflab/services/exports/report_jobs.py). */
export interface ReportJob {
  id: string;
  stage: string;
  label: string;
  step: number;
  steps: number;
  pages: number | null;
  elapsed_s: number;
  error: string | null;
  finished: boolean;
}

export interface PdfProgress {
  job: ReportJob | null; // null until the backend has started the print
  elapsedMs: number;
}

const POLL_MS = 500;

export function newJobId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === "function") return c.randomUUID();
  return `job-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function withJob(url: string, job: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}job=${encodeURIComponent(job)}`;
}

/** "3 s · laying out and printing the pages (step 3 of 5)": what the progress bar says. */
export function progressText(p: PdfProgress): string {
  const secs = `${Math.floor(p.elapsedMs / 1000)} s`;
  if (!p.job) return `${secs} · starting the print`;
  const pages = p.job.pages ? `, ${p.job.pages} pages` : "";
  return `${secs} · ${p.job.label} (step ${p.job.step} of ${p.job.steps}${pages})`;
}

/** How far the print is, 0–1, by its stage: the bar fills a step at a time (null: not known yet). */
export function progressFraction(job: ReportJob | null): number | null {
  if (!job || job.steps <= 1) return null;
  return Math.min(1, (job.step - 1) / (job.steps - 1));
}

/** The name the backend gave the file (Content-Disposition), else `fallback`. */
export function fileName(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="?([^";]+)"?/.exec(disposition) : null;
  return m ? m[1] : fallback;
}

async function pollJob(job: string): Promise<ReportJob | null> {
  try {
    const res = await apiFetch(href("/api/report-jobs/{job}", { job }), { headers: { Accept: "application/json" } });
    return res.ok ? ((await res.json()) as ReportJob) : null;
  } catch {
    return null; // a missed poll changes nothing: the next one tries again
  }
}

function save(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Fetches the PDF at `url`, reporting progress about every half second, and saves it; rejects with the reason. */
export async function downloadPdf(url: string, fallbackName: string, onProgress: (p: PdfProgress) => void, signal?: AbortSignal): Promise<void> {
  const job = newJobId();
  const started = Date.now();
  let latest: ReportJob | null = null;
  let done = false;
  const tick = async () => {
    while (!done) {
      onProgress({ job: latest, elapsedMs: Date.now() - started });
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (done) break;
      latest = (await pollJob(job)) ?? latest;
    }
  };
  const ticking = tick();
  try {
    let res: Response;
    try {
      res = await apiFetch(withJob(url, job), { signal });
    } catch (e) {
      if (signal?.aborted) throw new ApiError(0, "Cancelled");
      throw new ApiError(0, `Cannot reach the backend (${e instanceof Error ? e.message : String(e)})`);
    }
    if (!res.ok) throw errorFromBody(res.status, await res.json().catch(() => null));
    save(await res.blob(), fileName(res.headers.get("Content-Disposition"), fallbackName));
  } finally {
    done = true;
    await ticking;
  }
}
