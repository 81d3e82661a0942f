// Open-loop arrivals in the launch form: a ping-pong's rate checked as typed and sent with its arrival, an RPC load
// sweep typed as a range (one point per rate, the closed-loop model bases added), think time refused in an open
// loop, the backend's 422 on rate_calls_s shown under the rates, and a closed loop sending no arrival fields.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { renderLaunch } from "../../test/renderLaunch";
import { agentsFixture, installFakeFetch, runFixture } from "../../test/fakeApi";

const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);
const created = ({ method, url }: { method: string; url: string }) =>
  (method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 9 }) } : undefined);

async function ready() {
  renderLaunch();
  await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
}

describe("Arrivals", () => {
  it("a ping-pong at a constant rate: the rate's range as typed, then arrival and rate in the body", async () => {
    const { calls } = installFakeFetch([agentsHandler, created]);
    await ready();
    expect(screen.getByLabelText("Arrivals")).toHaveValue("closed");
    expect(screen.queryByLabelText("Rate (calls/s)")).toBeNull();
    fireEvent.change(screen.getByLabelText("Arrivals"), { target: { value: "constant" } });
    fireEvent.change(screen.getByLabelText("Rate (calls/s)"), { target: { value: "0" } });
    expect(screen.getByTestId("error-rate_calls_s")).toHaveTextContent("Rate must be between 1 and 1000000 calls/s (got 0)");
    expect(screen.getByRole("button", { name: "Launch" })).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Rate (calls/s)"), { target: { value: "200" } });
    expect(screen.queryByTestId("error-rate_calls_s")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({ kind: "pingpong", arrival: "constant", rate_calls_s: 200 });
  });

  it("a closed loop sends no arrival fields", async () => {
    const { calls } = installFakeFetch([agentsHandler, created]);
    await ready();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    const body = calls.find((c) => c.method === "POST")?.body as Record<string, unknown>;
    expect("arrival" in body || "rate_calls_s" in body).toBe(false);
  });

  it("an RPC load sweep: rates from a range, a point per rate, no think time", async () => {
    const { calls } = installFakeFetch([agentsHandler, created]);
    await ready();
    fireEvent.click(screen.getByTestId("kind-rpc"));
    fireEvent.change(screen.getByLabelText("Arrivals"), { target: { value: "poisson" } });
    // the default load sweep is a range: 1000 to 5000 in steps of 1000
    expect(screen.getByTestId("values-rates")).toHaveTextContent("5 values: 1,000/s, 2,000/s, 3,000/s, 4,000/s, 5,000/s");
    fireEvent.change(screen.getByLabelText("Rates (calls/s per point, all its threads) to"), { target: { value: "8000" } });
    expect(screen.getByTestId("values-rates")).toHaveTextContent("8 values");
    expect(screen.getByTestId("summary-points")).toHaveTextContent("8");
    fireEvent.change(screen.getByLabelText("Rates (calls/s per point, all its threads) to"), { target: { value: "2000000" } });
    expect(screen.getByTestId("error-rates")).toHaveTextContent("Rates: to must be between 1 and 1000000 calls/s (got 2000000)");
    fireEvent.change(screen.getByLabelText("Rates (calls/s per point, all its threads) to"), { target: { value: "3000" } });
    fireEvent.change(screen.getByLabelText("Think time (µs, mean)"), { target: { value: "0, 500" } });
    expect(screen.getByTestId("error-think_time_us")).toHaveTextContent("Think time must be 0 with Poisson arrivals");
    fireEvent.change(screen.getByLabelText("Think time (µs, mean)"), { target: { value: "0" } });
    expect(screen.queryByTestId("error-think_time_us")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText(/^run page \d+$/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      kind: "rpc", arrival: "poisson", rate_calls_s: [1000, 2000, 3000], think_time_us: [0],
    });
  });

  it("shows the backend's 422 on rate_calls_s under the rates", async () => {
    installFakeFetch([
      agentsHandler,
      ({ method, url }) => (method === "POST" && url === "/api/runs"
        ? { status: 422, body: { detail: [{ loc: ["body", "rpc", "rate_calls_s"], msg: "rate_calls_s[0] must be between 1 and 1000000 calls/s (got 0.5)", type: "x" }] } }
        : undefined),
    ]);
    await ready();
    fireEvent.click(screen.getByTestId("kind-rpc"));
    fireEvent.change(screen.getByLabelText("Arrivals"), { target: { value: "constant" } });
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByTestId("error-rates")).toHaveTextContent("rate_calls_s[0] must be between 1 and 1000000 calls/s");
  });
});
