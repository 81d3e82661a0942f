// The ECS study on the Launch page (preset → Start → progress, refusal, the study page at the end) and the study
// page (waits for the analysis, draws both links, toggles the thread count), against a fake backend.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { LaunchPage } from "../LaunchPage";
import { RpcVsSocketsPage } from "./RpcVsSocketsPage";
import { agentsFixture, installFakeFetch, runFixture, type FakeCall } from "../../test/fakeApi";

const future = { v7_startTransition: true, v7_relativeSplatPath: true };
function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}
function renderAt(path: string, retryMs = 1) {
  return render(
    <MemoryRouter initialEntries={[path]} future={future}>
      <Routes>
        <Route path="/launch" element={<LaunchPage />} />
        <Route path="/studies/rpc-vs-sockets" element={<><Where /><RpcVsSocketsPage retryMs={retryMs} /></>} />
      </Routes>
    </MemoryRouter>,
  );
}
const agents = ({ url }: FakeCall) => (url === "/api/agents" ? { body: agentsFixture } : undefined);
const others = ({ url }: FakeCall) => (url.startsWith("/api/links") || url.startsWith("/api/runs/estimate") ? { body: [] } : undefined);

async function chooseStudy() {
  await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
  fireEvent.change(screen.getByLabelText("Preset from the papers"), { target: { value: "ecs-rpc-vs-sockets" } });
  await screen.findByTestId("ecs-study");
}

describe("the ECS study on the Launch page", () => {
  it("launches the four runs from local-a to local-b with the typed calls, then opens the study page", async () => {
    let id = 10;
    const { calls } = installFakeFetch([agents, others,
      (c) => (c.method === "POST" && c.url === "/api/runs" ? { status: 201, body: runFixture({ id: ++id, kind: "rpc", status: "done", calls_done: 10, calls_total: 10 }) } : undefined),
      (c) => (c.url.startsWith("/api/studies/") ? { status: 422, body: { detail: [{ loc: ["query", "runs"], msg: "runs: run 14 (done) has no analysed calls yet", type: "x" }] } } : undefined),
    ]);
    renderAt("/launch");
    await chooseStudy();
    expect(screen.getByTestId("study-limitation").textContent).toMatch(/closing or leaving the page stops the study after the current run/);
    expect(screen.queryByRole("button", { name: "Launch" })).toBeNull();
    fireEvent.change(screen.getByLabelText("Calls per thread and point"), { target: { value: "2" } });
    fireEvent.click(screen.getByTestId("study-start"));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/studies/rpc-vs-sockets?runs=11,12,13,14"));
    const posts = calls.filter((c) => c.method === "POST" && c.url === "/api/runs").map((c) => c.body as Record<string, unknown>);
    expect(posts.map((b) => `${b.transport} ${b.link_profile}`)).toEqual(["udp lan-1g", "tcp lan-1g", "udp wan", "tcp wan"]);
    for (const b of posts) expect(b).toMatchObject({ client_agent_id: 1, server_agent_id: 2, calls: 2, rto_ms: 400 });
    expect(new Set(posts.map((b) => (b.tags as string[])[0])).size).toBe(1);
    expect((posts[0].tags as string[])[0]).toMatch(/^ecs-\d{8}T\d{6}Z$/);
    // the runs are not analysed yet: the page says so and keeps asking
    expect(await screen.findByText(/Waiting for the analysis/)).toBeInTheDocument();
  });

  it("shows the backend's message when a launch is refused, and launches no more", async () => {
    let n = 0;
    const { calls } = installFakeFetch([agents, others,
      (c) => {
        if (c.method !== "POST" || c.url !== "/api/runs") return undefined;
        return n++ === 0
          ? { status: 201, body: runFixture({ id: 21, kind: "rpc", status: "done" }) }
          : { status: 400, body: { detail: [{ loc: ["body", "link_profile"], msg: "link_profile: the lab's link is busy with wan for run 9 (running); launch lan-1g when it has finished", type: "x" }] } };
      },
    ]);
    renderAt("/launch");
    await chooseStudy();
    fireEvent.click(screen.getByTestId("study-start"));
    const err = await screen.findByTestId("study-error");
    expect(err.textContent).toContain("Run 2 of 4 (tcp on lan-1g) was refused");
    expect(err.textContent).toContain("the lab's link is busy with wan for run 9");
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/runs")).toHaveLength(2);
    expect(screen.getByTestId("study-progress-text").textContent).toBe("ended at run 2 of 4");
  });

  it("shows progress and Stop cancels the current run", async () => {
    const { calls } = installFakeFetch([agents, others,
      (c) => (c.method === "POST" && c.url === "/api/runs" ? { status: 201, body: runFixture({ id: 31, kind: "rpc", status: "queued", calls_done: 0, calls_total: 240 }) } : undefined),
      (c) => (c.method === "POST" && c.url === "/api/runs/31/cancel" ? { body: runFixture({ id: 31, kind: "rpc", status: "cancelled", calls_done: 90, calls_total: 240 }) } : undefined),
      (c) => (c.url === "/api/runs/31" ? { body: runFixture({ id: 31, kind: "rpc", status: "running", calls_done: 90, calls_total: 240 }) } : undefined),
    ]);
    renderAt("/launch");
    await chooseStudy();
    fireEvent.click(screen.getByTestId("study-start"));
    expect(await screen.findByText("run 1 of 4: udp on lan-1g — queued")).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("study-stop"));
    await waitFor(() => expect(screen.getByTestId("study-progress-text").textContent).toBe("stopped at run 1 of 4 (udp on lan-1g)"));
    expect(calls.filter((c) => c.url === "/api/runs/31/cancel")).toHaveLength(1);
    expect(calls.filter((c) => c.method === "POST" && c.url === "/api/runs")).toHaveLength(1);
  });
});

describe("the study page", () => {
  const rows = [1, 4].flatMap((threads) => [
    ...[1000, 100000].map((b) => ({ run_id: 1, link_profile: "lan-1g", transport: "udp", request_bytes: b, threads, calls: 9, mean_ms: 0.5 + b / 1e5, median_ms: 0.5 })),
    ...[1000, 100000].map((b) => ({ run_id: 2, link_profile: "lan-1g", transport: "tcp", request_bytes: b, threads, calls: 9, mean_ms: 0.3 + b / 1e5, median_ms: 0.3 })),
    ...[1000, 100000].map((b) => ({ run_id: 3, link_profile: "wan", transport: "udp", request_bytes: b, threads, calls: 9, mean_ms: 61, median_ms: 61 })),
    ...[1000, 100000].map((b) => ({ run_id: 4, link_profile: "wan", transport: "tcp", request_bytes: b, threads, calls: 9, mean_ms: 60 + b / 1e3, median_ms: 60 })),
  ]);
  const crossovers = [1, 4].flatMap((t) => [
    { link_profile: "lan-1g", threads: t, sizes: 2, crossover_kb: null, udp_faster_kb: [], statement: `on lan-1g (${t}) not faster` },
    { link_profile: "wan", threads: t, sizes: 2, crossover_kb: 1.1, udp_faster_kb: [20], statement: `on wan (${t}) faster above about 1.1 KB` },
  ]);

  it("waits for the analysis, then draws both links and toggles the thread count; run ids can be typed", async () => {
    let asked = 0;
    const { calls } = installFakeFetch([
      (c) => {
        if (!c.url.startsWith("/api/studies/rpc-vs-sockets")) return undefined;
        if (asked++ === 0) return { status: 409, body: { detail: "run 4 is being analysed (0 of 8 analyses done): try again shortly", state: "analysing", done: 0, total: 8 } };
        return asked < 3
          ? { status: 422, body: { detail: [{ loc: ["query", "runs"], msg: "runs: run 4 (done) has no analysed calls yet", type: "x" }] } }
          : { body: { rows, crossovers } };
      },
    ]);
    renderAt("/studies/rpc-vs-sockets?runs=1,2,3,4");
    expect(await screen.findByTestId("panel-wan")).toBeInTheDocument();
    expect(calls[0].url).toBe("/api/studies/rpc-vs-sockets?runs=1,2,3,4");
    expect(screen.getByTestId("panel-lan-1g").querySelectorAll("[data-series]")).toHaveLength(2);
    expect(screen.getByTestId("crossover-wan").textContent).toContain("on wan (1) faster above about 1.1 KB");
    fireEvent.click(screen.getByTestId("threads-4"));
    expect(screen.getByTestId("crossover-wan").textContent).toContain("on wan (4)");
    fireEvent.change(screen.getByLabelText("Run ids"), { target: { value: "3 4" } });
    fireEvent.click(screen.getByRole("button", { name: "Show" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/studies/rpc-vs-sockets?runs=3,4"));
  });

  it("shows the backend's 422 when a run is not an RPC run", async () => {
    installFakeFetch([() => ({ status: 422, body: { detail: [{ loc: ["query", "runs"], msg: "runs: run 5 is a pingpong run; the study compares RPC runs over UDP and over TCP", type: "x" }] } })]);
    renderAt("/studies/rpc-vs-sockets?runs=5");
    expect((await screen.findByTestId("study-error")).textContent).toContain("run 5 is a pingpong run");
  });
});
