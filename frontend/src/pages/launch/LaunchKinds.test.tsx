// The launch page with kinds and presets: a preset fills the form, edits are validated as typed,
// the summary shows points and duration, and a 422 on request_bytes lands under the size sweep.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderLaunch } from "../../test/renderLaunch";
import { agentsFixture, installFakeFetch, runFixture } from "../../test/fakeApi";
import { DCE_FIGURE3_SIZES } from "./presets";


const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);

describe("LaunchPage kinds and presets", () => {
  it("a preset fills an rpc sweep, shows its points, and posts it", async () => {
    const { calls } = installFakeFetch([
      agentsHandler,
      ({ method, url }) => (method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 9 }) } : undefined),
      ({ url }) => (url === "/api/runs/estimate"
        ? { body: { seconds: 86.3, seconds_most: 86.3, start_s: 0.4, timeout_s: 234, link_profile: "loopback", points: [] } } : undefined),
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.change(screen.getByLabelText("Preset from the papers"), { target: { value: "dce-figure3" } });
    expect(screen.getByTestId("kind-rpc")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("preset-source")).toHaveTextContent("Performance of DCE RPC (1995), Figure 3");
    expect(screen.getByLabelText("Request sizes (bytes)")).toHaveValue(DCE_FIGURE3_SIZES.join(", "));
    expect(screen.getByTestId("summary-points")).toHaveTextContent(String(DCE_FIGURE3_SIZES.length));
    // the backend's estimate of the form (link rate, think time, emulated hosts), asked once the form stands still
    await waitFor(() => expect(screen.getByTestId("summary-duration")).toHaveTextContent("≈ 1 min 26 s"));
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      kind: "rpc", procedure: "sink", request_bytes: DCE_FIGURE3_SIZES, threads: [1], calls: 200, warmup_calls: 0,
      name: "DCE Figure 3: RTT vs request size",
    });
  });

  it("validates a range as typed and updates the point count", async () => {
    installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByTestId("kind-rpc"));
    fireEvent.change(screen.getByLabelText("Caller threads: list or range"), { target: { value: "linear" } });
    fireEvent.change(screen.getByLabelText("Caller threads to"), { target: { value: "10" } });
    expect(screen.getByTestId("values-threads")).toHaveTextContent("10 values: 1, 2, 3");
    expect(screen.getByTestId("summary-points")).toHaveTextContent("10");
    fireEvent.change(screen.getByLabelText("Caller threads to"), { target: { value: "65" } });
    expect(screen.getByTestId("error-threads")).toHaveTextContent("Threads: to must be between 1 and 64 (got 65)");
    expect(screen.getByRole("button", { name: "Launch" })).toBeDisabled();
  });

  it("shows the backend's 422 on request_bytes under the size sweep", async () => {
    installFakeFetch([
      agentsHandler,
      ({ method, url }) =>
        method === "POST" && url === "/api/runs"
          ? { status: 422, body: { detail: [{ loc: ["body", "rpc", "request_bytes"], msg: "request_bytes[0] must be between 0 and 1048576 bytes (got 9)", type: "x" }] } }
          : undefined,
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByTestId("kind-rpc"));
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByTestId("error-request_sizes")).toHaveTextContent("request_bytes[0] must be between 0 and 1048576");
  });

  it("stream and flows show their own fields and transports", async () => {
    installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByTestId("kind-flows"));
    expect(screen.getByLabelText("Control flows are")).toHaveValue("threads");
    expect(screen.getByLabelText("Transport")).toHaveValue("tcp");
    fireEvent.change(screen.getByLabelText("Flows"), { target: { value: "12" } });
    expect(screen.getByTestId("error-flows")).toHaveTextContent("Flows must be between 1 and 10 (got 12)");
    fireEvent.click(screen.getByTestId("kind-stream"));
    expect(screen.queryByLabelText("Calls")).toBeNull();
    fireEvent.change(screen.getByLabelText("Transport"), { target: { value: "udp" } });
    expect(screen.getByTestId("error-message_bytes")).toHaveTextContent("between 1 and 65507 bytes for UDP");
  });

  it("the calibration preset ticks the planted fault; its fields edit it and unticking sends none", async () => {
    const { calls } = installFakeFetch([
      agentsHandler,
      ({ method, url }) => (method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 9 }) } : undefined),
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByTestId("kind-rpc"));
    // off by default: no fault fields
    expect(screen.getByLabelText("Calibration: plant a fault")).not.toBeChecked();
    expect(screen.queryByLabelText("Step")).toBeNull();
    fireEvent.change(screen.getByLabelText("Preset from the papers"), { target: { value: "calibrate-model" } });
    expect(screen.getByTestId("preset-source")).toHaveTextContent("plants a 2 ms delay in c.marshal");
    expect(screen.getByLabelText("Calibration: plant a fault")).toBeChecked();
    expect(screen.getByLabelText("Fault")).toHaveValue("delay");
    expect(screen.getByLabelText("Step")).toHaveValue("c.marshal");
    expect(screen.getByLabelText("Delay (µs)")).toHaveValue("2000");
    expect(screen.getByLabelText("Think time distribution")).toHaveValue("exponential");
    // a serial server: only the steps a call runs while it holds the server to choose from
    fireEvent.change(screen.getByLabelText("Fault"), { target: { value: "serial" } });
    expect(screen.getByLabelText("Step")).toHaveValue("s.service");
    expect([...(screen.getByLabelText("Step") as HTMLSelectElement).options].map((o) => o.value)).toEqual(
      ["s.dispatch", "s.unmarshal", "s.service", "s.marshal", "s.sendmsg", "s.reply_wait"]);
    fireEvent.change(screen.getByLabelText("Every k-th call"), { target: { value: "0" } });
    expect(screen.getByTestId("error-inject_every")).toHaveTextContent("Every must be between 1 and 1000000 calls (got 0)");
    fireEvent.change(screen.getByLabelText("Every k-th call"), { target: { value: "4" } });
    fireEvent.change(screen.getByLabelText("Think time distribution"), { target: { value: "constant" } });
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      kind: "rpc", link_profile: "ethernet-10m", think_distribution: "constant",
      inject: { kind: "serial", step: "s.service", delay_us: 2000, every: 4 }, name: "Calibrate the model",
    });
  });

  it("sends no fault once the calibration group is unticked", async () => {
    const { calls } = installFakeFetch([
      agentsHandler,
      ({ method, url }) => (method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 9 }) } : undefined),
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.change(screen.getByLabelText("Preset from the papers"), { target: { value: "calibrate-model" } });
    fireEvent.click(screen.getByLabelText("Calibration: plant a fault"));
    expect(screen.queryByLabelText("Step")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect((calls.find((c) => c.method === "POST")?.body as { inject: unknown }).inject).toBeNull();
  });
});
