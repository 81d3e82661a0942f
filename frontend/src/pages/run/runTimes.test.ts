// The run's times in words: what a queued run waits for, a running run's time so far, a finished run's duration.
import { describe, expect, it } from "vitest";
import { runTimes } from "./runTimes";

const created = "2024-05-01T10:00:00Z";
const started = "2024-05-01T10:00:01Z";
const now = Date.parse("2024-05-01T10:00:13Z");

describe("runTimes", () => {
  it("says what a queued run waits for", () => {
    const t = runTimes({ status: "queued", created_at: created, started_at: null, finished_at: null }, now);
    expect(t).toMatch(/^queued \d{4}-\d\d-\d\d \d\d:\d\d:00 · waiting for the server agent to listen$/);
  });

  it("counts a running run's time from its start, and says 'starting…' while the start is not known", () => {
    expect(runTimes({ status: "running", created_at: created, started_at: started, finished_at: null }, now))
      .toMatch(/^started .+:01 · running for 12\.0 s$/);
    const starting = runTimes({ status: "running", created_at: created, started_at: null, finished_at: null }, now);
    expect(starting).toMatch(/^starting…/);
    expect(starting).not.toContain("—");
  });

  it("gives a finished run's duration, and says when one ended before it started", () => {
    expect(runTimes({ status: "done", created_at: created, started_at: started, finished_at: "2024-05-01T10:00:03.5Z" }, now))
      .toMatch(/^started .+:01 · took 2\.50 s$/);
    const failed = runTimes({ status: "failed", created_at: created, started_at: null, finished_at: "2024-05-01T10:00:05Z" }, now);
    expect(failed).toMatch(/^failed before it started \(queued .+:00\)$/);
  });
});
