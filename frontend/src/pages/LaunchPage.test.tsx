// The launch page: default agents and workload, validation as typed with the allowed range, the server's 422 beside the
// field, and posting a run.
import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { defaultAgents } from "./LaunchPage";
import { renderLaunch } from "../test/renderLaunch";
import { agentsFixture, installFakeFetch, runFixture } from "../test/fakeApi";
import type { Agent } from "../api/types";



const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);

describe("LaunchPage", () => {
  it("defaults to the first two online agents and the default workload", async () => {
    installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    expect(screen.getByLabelText("Server agent")).toHaveValue("2");
    expect(screen.getByLabelText("Transport")).toHaveValue("tcp");
    expect(screen.getByLabelText("Request size (bytes)")).toHaveValue("64");
    expect(screen.getByLabelText("Response size (bytes)")).toHaveValue("64");
    expect(screen.getByLabelText("Calls")).toHaveValue("1000");
    expect(screen.getByLabelText("Warm-up calls")).toHaveValue("10");
    // offline agents are listed but cannot be chosen
    expect(screen.getAllByRole("option", { name: "gone (offline)" })[0]).toBeDisabled();
    // options are labelled by the agent name alone (e2e selects by label)
    expect(screen.getAllByRole("option", { name: "local-a" })).toHaveLength(2);
  });

  it("validates as you type with the allowed range, per transport", async () => {
    const { calls } = installFakeFetch([agentsHandler]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));

    fireEvent.change(screen.getByLabelText("Request size (bytes)"), { target: { value: "0" } });
    expect(screen.getByTestId("error-request_bytes")).toHaveTextContent("between 1 and 1048576");

    fireEvent.change(screen.getByLabelText("Request size (bytes)"), { target: { value: "140000" } });
    expect(screen.queryByTestId("error-request_bytes")).toBeNull();
    fireEvent.change(screen.getByLabelText("Transport"), { target: { value: "udp" } });
    expect(screen.getByTestId("error-request_bytes")).toHaveTextContent("between 1 and 131072 bytes for UDP");

    fireEvent.change(screen.getByLabelText("Calls"), { target: { value: "2000000" } });
    expect(screen.getByTestId("error-calls")).toHaveTextContent("between 1 and 1000000");
    fireEvent.change(screen.getByLabelText("Warm-up calls"), { target: { value: "-1" } });
    expect(screen.getByTestId("error-warmup_calls")).toHaveTextContent("between 0 and 100000");

    // invalid form: Launch is disabled and does not POST
    expect(screen.getByRole("button", { name: "Launch" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    expect(screen.getByText("3 fields to fix")).toBeInTheDocument();

    // fixing the fields enables it again
    fireEvent.change(screen.getByLabelText("Request size (bytes)"), { target: { value: "131072" } });
    fireEvent.change(screen.getByLabelText("Calls"), { target: { value: "1000000" } });
    fireEvent.change(screen.getByLabelText("Warm-up calls"), { target: { value: "0" } });
    expect(screen.getByRole("button", { name: "Launch" })).toBeEnabled();
  });

  it("shows the server's 422 message next to the field", async () => {
    installFakeFetch([
      agentsHandler,
      ({ method, url }) =>
        method === "POST" && url === "/api/runs"
          ? {
              status: 422,
              body: {
                detail: [
                  {
                    loc: ["body", "server_agent_id"],
                    msg: "agent local-b is offline",
                    type: "value_error",
                  },
                ],
              },
            }
          : undefined,
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByTestId("error-server_agent_id")).toHaveTextContent("agent local-b is offline");
  });

  it("posts the run and navigates to its page", async () => {
    const { calls } = installFakeFetch([
      agentsHandler,
      ({ method, url }) =>
        method === "POST" && url === "/api/runs" ? { status: 201, body: runFixture({ id: 77, status: "queued" }) } : undefined,
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "smoke" } });
    fireEvent.change(screen.getByLabelText("Calls"), { target: { value: "500" } });
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    expect(await screen.findByText("run page 77")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toEqual({
      kind: "pingpong",
      client_agent_id: 1,
      server_agent_id: 2,
      transport: "tcp",
      request_bytes: 64,
      response_bytes: 64,
      calls: 500,
      warmup_calls: 10,
      name: "smoke",
    });
  });
});

describe("defaultAgents", () => {
  it("picks two distinct online agents by name, or repeats the only one", () => {
    const a = agentsFixture as Agent[];
    expect(defaultAgents([a[1], a[2], a[0]])).toEqual(["1", "2"]);
    expect(defaultAgents([a[1]])).toEqual(["2", "2"]);
    expect(defaultAgents([a[2]])).toEqual(["", ""]);
  });
});
