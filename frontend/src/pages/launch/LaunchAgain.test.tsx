// The launch form between kinds and runs: each kind keeps its own transport (an RPC run never inherits the
// ping-pong's TCP), the null procedure says it ignores a size sweep's bytes, tags go with the launch, and
// /launch?from=<id> fills the form with a run's settings to launch again as they are or edited.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderLaunch } from "../../test/renderLaunch";
import { agentsFixture, installFakeFetch, runFixture } from "../../test/fakeApi";

const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);
const created = ({ method, url }: { method: string; url: string }) =>
  method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 9 }) } : undefined;

describe("LaunchPage: kinds, tags and running a run again", () => {
  it("gives each kind its own transport: ping-pong's TCP does not follow to RPC", async () => {
    installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    expect(screen.getByLabelText("Transport")).toHaveValue("tcp");
    fireEvent.click(screen.getByTestId("kind-rpc"));
    expect(screen.getByLabelText("Transport")).toHaveValue("udp");
    expect(screen.getByText("the RPC runtime over UDP: its own packets, acks and windows")).toBeInTheDocument();
    // chosen for RPC, TCP stays RPC's; ping-pong gets back what it had, UDP chosen there stays too
    fireEvent.change(screen.getByLabelText("Transport"), { target: { value: "tcp" } });
    expect(screen.getByText(/framed on one TCP connection: no windows or acks/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("kind-pingpong"));
    expect(screen.getByLabelText("Transport")).toHaveValue("tcp");
    fireEvent.change(screen.getByLabelText("Transport"), { target: { value: "udp" } });
    fireEvent.click(screen.getByTestId("kind-rpc"));
    expect(screen.getByLabelText("Transport")).toHaveValue("tcp");
    fireEvent.click(screen.getByTestId("kind-pingpong"));
    expect(screen.getByLabelText("Transport")).toHaveValue("udp");
  });

  it("warns that null ignores the bytes of a size sweep, until a procedure that reads them is chosen", async () => {
    installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByTestId("kind-rpc"));
    expect(screen.queryByTestId("procedure-warning")).toBeNull(); // size 0: nothing to ignore
    fireEvent.change(screen.getByLabelText("Request sizes (bytes)"), { target: { value: "0, 1392, 4016" } });
    expect(screen.getByTestId("procedure-warning")).toHaveTextContent("null ignores the request's bytes");
    fireEvent.change(screen.getByLabelText("Server procedure"), { target: { value: "sink" } });
    expect(screen.queryByTestId("procedure-warning")).toBeNull();
  });

  it("sends the typed tags with the launch, and names the limit when there are too many", async () => {
    const { calls } = installFakeFetch([agentsHandler, created]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") } });
    expect(screen.getByTestId("error-tags")).toHaveTextContent("Tags: at most 20 (got 21)");
    fireEvent.change(screen.getByLabelText("Tags"), { target: { value: " baseline, kernel-6.18 ,, baseline" } });
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ kind: "pingpong", tags: ["baseline", "kernel-6.18"] });
  });

  it("fills the form from /launch?from=<id> and launches the same sweep again, the lab's base points left to the lab", async () => {
    const points = [
      ...[1392, 4016].flatMap((b) => [3, 6].map((t) => ({ request_bytes: b, threads: t, think_time_us: 9000, protection: "none", cache: "single", inject: false }))),
      { request_bytes: 1392, threads: 1, think_time_us: 9000, protection: "none", cache: "single", inject: false },
      { request_bytes: 4016, threads: 1, think_time_us: 9000, protection: "none", cache: "single", inject: false },
    ].map((p, i) => ({ point_no: i, ...p }));
    const earlier = runFixture({
      id: 7, kind: "rpc", name: "case study again", tags: ["dce", "ethernet"], status: "done", link: { profile: "ethernet-10m" },
      params: { transport: "udp", procedure: "sink", work_us: 0, calls: 200, warmup_calls: 10, seed: 3, server_threads: 4,
        packetisation: { mtu: 1500, packet_data: 4016, header_bytes: 80 }, small_packet_data: 944, window_initial: 4096,
        window_max: 32768, rto_ms: 100, link_mbps: 0, link_delay_us: 0, host_packet_us: 1000, ci_target_pct: 2.5,
        max_rounds: 4, model_tolerance_pct: 15, think_distribution: "exponential", inject: null, arrival: "closed",
        base_points_added: [4, 5], points },
    });
    const { calls } = installFakeFetch([agentsHandler, created,
      ({ method, url }) => (method === "GET" && url === "/api/runs/7" ? { body: earlier } : undefined)]);
    renderLaunch("/launch?from=7");
    expect(await screen.findByTestId("launch-from")).toHaveTextContent("The settings of run #7");
    await waitFor(() => expect(screen.getByLabelText("Request sizes (bytes)")).toHaveValue("1392, 4016"));
    expect(screen.getByTestId("kind-rpc")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByLabelText("Name")).toHaveValue("case study again");
    expect(screen.getByLabelText("Tags")).toHaveValue("dce, ethernet");
    // edit before launching: one more think time
    fireEvent.change(screen.getByLabelText("Think time (µs, mean)"), { target: { value: "9000, 18000" } });
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      kind: "rpc", transport: "udp", procedure: "sink", request_bytes: [1392, 4016], threads: [3, 6], think_time_us: [9000, 18000],
      cache: ["single"], protection: ["none"], calls: 200, warmup_calls: 10, ci_target_pct: 2.5, max_rounds: 4,
      model_tolerance_pct: 15, host_packet_us: 1000, seed: 3, link_profile: "ethernet-10m", name: "case study again",
      tags: ["dce", "ethernet"], client_agent_id: 1, server_agent_id: 2,
    });
  });
});
