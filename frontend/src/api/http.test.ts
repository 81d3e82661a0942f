// The one request convention: credentials, the CSRF header on unsafe methods, 401 → the login handler, 429's wait;
// and the other wrappers (runs, estimate, figures, analyses, report, links) go through it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeFetch } from "../test/fakeApi";
import { createRun, cancelRun, listRuns } from "./client";
import { estimateLaunch } from "./estimate";
import { postWhatIf } from "./figures";
import { getAnalysis } from "./analyses";
import { getReportData } from "../pages/report/api";
import { listLinkProfiles } from "./links";
import { apiFetch, csrfToken, onUnauthorized, requestJson } from "./http";
import { ApiError } from "./errors";
import type { AnyRunCreate } from "./types";

const setCookie = (v: string) => (document.cookie = v);

beforeEach(() => setCookie("perflab_csrf=tok%2Fen-1; path=/"));
afterEach(() => {
  setCookie("perflab_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/");
});

describe("csrfToken", () => {
  it("reads the perflab_csrf cookie among others, decoded; empty when there is none", () => {
    expect(csrfToken("a=1; perflab_csrf=x%3Dy; b=2")).toBe("x=y");
    expect(csrfToken("perflab_csrf_old=1; other=2")).toBe("");
    expect(csrfToken("")).toBe("");
  });
});

describe("apiFetch", () => {
  it("sends same-origin credentials always and the CSRF header on POST, PUT, PATCH and DELETE only", async () => {
    const { calls } = installFakeFetch([() => ({ body: {} })]);
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]) await apiFetch("/api/x", { method });
    expect(calls.map((c) => c.credentials)).toEqual(Array(6).fill("same-origin"));
    expect(calls.map((c) => [c.method, c.headers.get("X-CSRF-Token")])).toEqual([
      ["GET", null], ["POST", "tok/en-1"], ["PUT", "tok/en-1"], ["PATCH", "tok/en-1"], ["DELETE", "tok/en-1"], ["HEAD", null],
    ]);
  });

  it("tells the login handler of a 401 with the backend's reason, unless the 401 is the caller's own", async () => {
    installFakeFetch([() => ({ status: 401, body: { detail: "your session ended: log in again" } })]);
    const heard: string[] = [];
    const off = onUnauthorized((d) => heard.push(d));
    try {
      await expect(listRuns()).rejects.toMatchObject({ status: 401 });
      await apiFetch("/api/auth/me", {}, { own401: true });
      expect(heard).toEqual(["your session ended: log in again"]);
    } finally {
      off();
    }
    await expect(listRuns()).rejects.toBeInstanceOf(ApiError); // no handler left: nothing heard
    expect(heard).toHaveLength(1);
  });
});

describe("requestJson", () => {
  it("gives 429's Retry-After in seconds and the backend's detail", async () => {
    installFakeFetch([() => ({ status: 429, body: { detail: "too many failed logins for bob" }, headers: { "Retry-After": "287" } })]);
    const e = (await requestJson("/api/auth/login", { method: "POST", body: "{}" }).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.retryAfterS, e.message]).toEqual([429, 287, "too many failed logins for bob"]);
  });

  it("answers null for a 204 and a timeout error naming the path", async () => {
    installFakeFetch([() => ({ status: 204, body: null })]);
    await expect(requestJson("/api/tokens/3", { method: "DELETE" })).resolves.toBeNull();
    vi.stubGlobal("fetch", vi.fn((_: string, init: RequestInit) => new Promise((_r, reject) =>
      init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))));
    await expect(requestJson("/api/slow", {}, { timeoutMs: 20 })).rejects.toMatchObject({ status: -1, message: "No answer from /api/slow within 0 s" });
  });
});

describe("every wrapper goes through the convention", () => {
  it("writes carry the CSRF header, reads the credentials", async () => {
    const { calls } = installFakeFetch([() => ({ body: {} })]);
    await createRun({} as AnyRunCreate);
    await cancelRun(3);
    await estimateLaunch({} as AnyRunCreate);
    await postWhatIf({ run_id: 1, point_no: 0, scales: {}, think_ns: 0, threads: 1 });
    await getAnalysis(1, "rtp");
    await getReportData(1);
    await listLinkProfiles();
    expect(calls.map((c) => `${c.method} ${c.url} ${c.credentials} ${c.headers.get("X-CSRF-Token")}`)).toEqual([
      "POST /api/runs same-origin tok/en-1",
      "POST /api/runs/3/cancel same-origin tok/en-1",
      "POST /api/runs/estimate same-origin tok/en-1",
      "POST /api/models/whatif same-origin tok/en-1",
      "GET /api/runs/1/analyses/rtp same-origin null",
      "GET /api/runs/1/report-data same-origin null",
      "GET /api/links/profiles same-origin null",
    ]);
  });
});

describe("an analysis the worker is still computing", () => {
  it("is waited for: the 202 'analysing' answers are polled until the stored result comes", async () => {
    vi.useFakeTimers();
    try {
      let asked = 0;
      const { calls } = installFakeFetch([
        (c) => (c.url === "/api/runs/7/analyses/rtp" ? (++asked < 3
          ? { status: 202, body: { available: false, reason: "analysing", state: "analysing", done: asked, total: 8 } }
          : { body: { lanes: ["client"], points: [] } }) : undefined),
      ]);
      const got = getAnalysis<{ lanes: string[] }>(7, "rtp");
      await vi.advanceTimersByTimeAsync(2500);
      expect(await got).toEqual({ lanes: ["client"], points: [] });
      expect(calls).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("fetchAnalysis", () => {
  it("shares one request among views that ask for the same kind at once, and fetches again afterwards", async () => {
    const { calls } = installFakeFetch([(c) => (c.url.endsWith("/analyses/ecs") ? { body: { kind: "ecs", n: calls.length } } : undefined)]);
    const [a, b] = await Promise.all([getAnalysis(7, "ecs"), getAnalysis(7, "ecs")]);
    expect(calls).toHaveLength(1);
    expect(b).toBe(a);
    await getAnalysis(7, "ecs");
    expect(calls).toHaveLength(2);
  });
});

