// The ECS study's sequencer against a fake backend (fetch stubbed): the four runs in order, one at a time, Stop,
// and a refused launch ending the study with the backend's message.
import { describe, expect, it } from "vitest";
import { installFakeFetch, runFixture, type FakeCall } from "../../test/fakeApi";
import { ECS_STUDY_SIZES, progressText, StudySequencer, studyBodies, studyTag, type StudyState } from "./ecsStudy";

const bodies = () => studyBodies({ client_agent_id: 1, server_agent_id: 2, calls: 2, tag: "ecs-20240501T100000Z" });

/** A backend whose runs finish after `pollsToFinish` GETs; `refuse` answers the n-th POST (0-based) with a 400. */
function fakeLab(opts: { pollsToFinish?: number; refuse?: number } = {}) {
  const runs = new Map<number, { body: Record<string, unknown>; polls: number; status: string }>();
  let next = 100;
  let posts = 0;
  const active = () => [...runs.values()].filter((r) => r.status === "queued" || r.status === "running");
  const out = (id: number) => {
    const r = runs.get(id)!;
    const total = 240;
    const done = r.status === "done" ? total : Math.min(total, r.polls * 90);
    return runFixture({ id, kind: "rpc", name: r.body.name, status: r.status, calls_done: done, calls_total: total, tags: r.body.tags });
  };
  const fake = installFakeFetch([
    (c: FakeCall) => {
      if (c.method !== "POST" || c.url !== "/api/runs") return undefined;
      const n = posts++;
      const body = c.body as Record<string, unknown>;
      if (n === opts.refuse) {
        return { status: 400, body: { detail: [{ loc: ["body", "link_profile"], msg: "link_profile: the lab's link is busy with lan-1g for run 7 (running); launch wan when it has finished", type: "value_error" }] } };
      }
      // the lab's rule: one link profile at a time
      if (active().some((r) => r.body.link_profile !== body.link_profile)) return { status: 400, body: { detail: "busy" } };
      const id = next++;
      runs.set(id, { body, polls: 0, status: "queued" });
      return { status: 201, body: out(id) };
    },
    (c: FakeCall) => {
      const m = c.url.match(/^\/api\/runs\/(\d+)\/cancel$/);
      if (!m || c.method !== "POST") return undefined;
      runs.get(Number(m[1]))!.status = "cancelled";
      return { body: out(Number(m[1])) };
    },
    (c: FakeCall) => {
      const m = c.url.match(/^\/api\/runs\/(\d+)$/);
      if (!m || c.method !== "GET") return undefined;
      const r = runs.get(Number(m[1]))!;
      if (r.status === "queued" || r.status === "running") {
        r.polls++;
        r.status = r.polls >= (opts.pollsToFinish ?? 3) ? "done" : "running";
      }
      return { body: out(Number(m[1])) };
    },
  ]);
  return { ...fake, runs };
}

describe("studyBodies", () => {
  it("gives the four RPC runs in launch order with the study's parameters and one tag", () => {
    const b = bodies();
    expect(b.map((x) => [x.transport, x.link_profile])).toEqual([["udp", "lan-1g"], ["tcp", "lan-1g"], ["udp", "wan"], ["tcp", "wan"]]);
    for (const x of b) {
      expect(x).toMatchObject({
        kind: "rpc", client_agent_id: 1, server_agent_id: 2, procedure: "sink", request_bytes: [1000, 20000, 40000, 60000, 80000, 100000],
        threads: [1, 4], cache: ["per-thread"], rto_ms: 400, calls: 2, tags: ["ecs-20240501T100000Z"],
      });
    }
    expect(ECS_STUDY_SIZES).toHaveLength(6);
    expect(b[2].name).toMatch(/3\/4.*UDP on wan/);
    expect(new Set(b.map((x) => x.name)).size).toBe(4);
    expect(studyTag(new Date("2024-05-01T10:15:30.123Z"))).toBe("ecs-20240501T101530Z");
  });
});

describe("StudySequencer", () => {
  it("launches each run when the one before has ended, reporting progress, and ends with the four ids", async () => {
    const { calls } = fakeLab();
    const seen: StudyState[] = [];
    const end = await new StudySequencer(bodies(), (s) => seen.push(s), 1).start();
    expect(end.phase).toBe("done");
    expect(end.runIds).toEqual([100, 101, 102, 103]);
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts.map((c) => { const b = c.body as { transport: string; link_profile: string }; return `${b.transport}/${b.link_profile}`; }))
      .toEqual(["udp/lan-1g", "tcp/lan-1g", "udp/wan", "tcp/wan"]);
    // each POST comes after the previous run was seen done
    const order = calls.map((c) => c.method);
    expect(order.filter((m) => m === "POST")).toHaveLength(4);
    expect(seen.map(progressText)).toContain("run 3 of 4: udp on wan — 37 %");
  });

  it("Stop cancels the current run and launches no more", async () => {
    const { calls } = fakeLab({ pollsToFinish: 50 });
    let seq: StudySequencer | null = null;
    let stopped = false;
    seq = new StudySequencer(bodies(), (s) => {
      if (!stopped && s.leg === 1 && s.run && s.run.calls_done > 0) {
        stopped = true;
        void seq!.stop();
      }
    }, 1);
    const end = await seq.start();
    expect(end.phase).toBe("stopped");
    expect(end.runIds).toEqual([100, 101]);
    expect(calls.filter((c) => c.url === "/api/runs/101/cancel")).toHaveLength(1);
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/runs")).toHaveLength(2);
  });

  it("a refused launch ends the study with the backend's message", async () => {
    const { calls } = fakeLab({ refuse: 2 });
    const end = await new StudySequencer(bodies(), () => undefined, 1).start();
    expect(end.phase).toBe("failed");
    expect(end.runIds).toEqual([100, 101]);
    expect(end.error).toContain("Run 3 of 4 (udp on wan) was refused");
    expect(end.error).toContain("the lab's link is busy with lan-1g for run 7");
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/runs")).toHaveLength(3);
  });

  it("a run that failed ends the study with its reason", async () => {
    installFakeFetch([
      (c) => (c.method === "POST" ? { status: 201, body: runFixture({ id: 5, status: "queued" }) } : undefined),
      (c) => (c.url === "/api/runs/5" ? { body: runFixture({ id: 5, status: "failed", reason: "agent local-b went offline" }) } : undefined),
    ]);
    const end = await new StudySequencer(bodies(), () => undefined, 1).start();
    expect(end.phase).toBe("failed");
    expect(end.error).toBe("Run 1 of 4 (udp on lan-1g, #5) failed: agent local-b went offline");
  });
});
