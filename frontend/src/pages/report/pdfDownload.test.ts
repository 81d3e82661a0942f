// Downloading a PDF report: the stage and seconds shown, the print's name, polling its progress, and the backend's
// reason on failure.
import { describe, expect, it, vi } from "vitest";
import { downloadPdf, fileName, progressFraction, progressText, withJob, type ReportJob } from "./pdfDownload";

const job = (stage: string, step: number, pages: number | null = null): ReportJob =>
  ({ id: "j", stage, label: `stage ${stage}`, step, steps: 5, pages, elapsed_s: 1, error: null, finished: false });

describe("PDF progress", () => {
  it("says the stage, its step and the seconds so far", () => {
    expect(progressText({ job: null, elapsedMs: 900 })).toBe("0 s · starting the print");
    expect(progressText({ job: job("loading", 2), elapsedMs: 4200 })).toBe("4 s · stage loading (step 2 of 5)");
    expect(progressText({ job: job("outline", 4, 11), elapsedMs: 6000 })).toBe("6 s · stage outline (step 4 of 5, 11 pages)");
    expect(progressFraction(null)).toBeNull();
    expect(progressFraction(job("waiting", 1))).toBe(0);
    expect(progressFraction(job("printing", 3))).toBeCloseTo(0.5);
  });

  it("names the print in the URL and the file as the backend does", () => {
    expect(withJob("/api/runs/1/report.pdf?paper=a4", "abc-12345")).toBe("/api/runs/1/report.pdf?paper=a4&job=abc-12345");
    expect(fileName('attachment; filename="perflab-run-1-report-a4.pdf"', "x.pdf")).toBe("perflab-run-1-report-a4.pdf");
    expect(fileName(null, "x.pdf")).toBe("x.pdf");
  });

  it("polls the print's stage while the PDF downloads, then saves it; a failure rejects with the backend's reason", async () => {
    let release: (r: Response) => void = () => {};
    const pdf = new Promise<Response>((r) => (release = r));
    const urls: string[] = [];
    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      urls.push(url);
      if (url.startsWith("/api/report-jobs/")) return new Response(JSON.stringify(job("printing", 3, 9)), { status: 200 });
      return pdf;
    }));
    const created = vi.fn(() => "blob:x");
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.getAttribute("href")}`);
    });
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const seen: string[] = [];
    const done = downloadPdf("/api/runs/1/report.pdf?paper=a4", "x.pdf", (p) => seen.push(progressText(p)));
    await vi.waitFor(() => expect(seen.some((s) => s.includes("stage printing (step 3 of 5, 9 pages)"))).toBe(true), { timeout: 3000 });
    release(new Response(new Blob(["%PDF-1.4"]), { status: 200, headers: { "Content-Disposition": 'attachment; filename="r.pdf"' } }));
    await done;
    expect(created).toHaveBeenCalledTimes(1);
    expect(saved).toEqual(["r.pdf blob:x"]); // saved under the backend's file name
    click.mockRestore();
    const job0 = /job=([\w-]+)/.exec(urls.find((u) => u.includes("report.pdf"))!)![1];
    expect(urls).toContain(`/api/report-jobs/${job0}`);

    vi.stubGlobal("fetch", vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes("report.pdf")
        ? new Response(JSON.stringify({ detail: "headless Chromium (/usr/bin/chromium) failed: gone" }), { status: 502 })
        : new Response("{}", { status: 404 })));
    await expect(downloadPdf("/api/runs/1/report.pdf", "x.pdf", () => {})).rejects.toThrow("headless Chromium (/usr/bin/chromium) failed: gone");
  });
});
