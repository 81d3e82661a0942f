// Link profiles at launch and on the run page: the profile list with unavailable ones and why, the chosen profile sent
// and the backend's refusal shown under the field, and the run page's link line.
import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { LinkProfileField, profileSummary } from "./LinkProfileField";
import { renderLaunch } from "../../test/renderLaunch";
import { RunLinkInfo } from "../run/RunLinkInfo";
import { agentsFixture, installFakeFetch } from "../../test/fakeApi";
import type { LinkProfile } from "../../api/links";

const NO_NETEM = "the kernel has no netem qdisc (Error: Specified qdisc kind is unknown.)";
const profiles: LinkProfile[] = [
  { name: "loopback", description: "No emulation", mtu: 65535, rate_mbit: null, delay_ms: 0, jitter_ms: 0,
    loss_percent: 0, needs: [], available: true, unavailable_reason: null },
  { name: "ethernet-10m", description: "The papers' network", mtu: 1500, rate_mbit: 10, delay_ms: 0.005, jitter_ms: 0,
    loss_percent: 0, needs: ["tun"], emulation: "wire", available: true, unavailable_reason: null },
  { name: "wan", description: "A long Internet path", mtu: 1500, rate_mbit: 20, delay_ms: 40, jitter_ms: 5,
    loss_percent: 0.5, needs: ["netem", "tbf"], emulation: "shaped", available: false, unavailable_reason: NO_NETEM },
];
const profilesHandler = ({ url }: { url: string }) => (url === "/api/links/profiles" ? { body: profiles } : undefined);
const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LinkProfileField", () => {
  it("lists the profiles, disables the unavailable ones and says why", async () => {
    installFakeFetch([profilesHandler]);
    const onChange = vi.fn();
    render(<LinkProfileField value="loopback" onChange={onChange} />);
    await waitFor(() => expect(screen.getByRole("option", { name: "ethernet-10m" })).toBeEnabled());
    expect(screen.getByRole("option", { name: "wan (unavailable)" })).toBeDisabled();
    expect(screen.getByTestId("unavailable-profiles")).toHaveTextContent(`wan unavailable: ${NO_NETEM}`);
    expect(screen.getByText(/No emulation/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Link profile"), { target: { value: "ethernet-10m" } });
    expect(onChange).toHaveBeenCalledWith("ethernet-10m");
  });

  it("summarises a profile's numbers", () => {
    expect(profileSummary(profiles[1])).toBe(
      "10 Mbit/s · a wire: every frame takes its serialisation time, frames queue FIFO · MTU 1500 · 5 µs propagation");
    // a profile that only shapes says so where it is shown
    expect(profileSummary(profiles[2])).toBe(
      "20 Mbit/s · shaped by a token bucket, not a wire: a lone frame passes at once · MTU 1500 · 40 ms ± 5 ms delay · 0.5% loss");
    expect(profileSummary({ ...profiles[0], rate_mbit: 1000 })).toBe("1 Gbit/s · MTU 65535");
  });
});

describe("LaunchPage with a link profile", () => {

  it("sends the chosen profile and shows the backend's refusal under the field", async () => {
    const refusal = "link_profile: the lab's link is busy with lan-1g for run 4 (running); launch ethernet-10m when it has finished";
    const { calls } = installFakeFetch([
      agentsHandler,
      profilesHandler,
      ({ method, url }) =>
        method === "POST" && url === "/api/runs"
          ? { status: 400, body: { detail: [{ loc: ["body", "link_profile"], msg: refusal, type: "value_error" }] } }
          : undefined,
    ]);
    renderLaunch();
    await waitFor(() => expect(screen.getByRole("option", { name: "ethernet-10m" })).toBeEnabled());
    await waitFor(() => expect(screen.getByLabelText("Client agent")).toHaveValue("1"));
    fireEvent.change(screen.getByLabelText("Link profile"), { target: { value: "ethernet-10m" } });
    fireEvent.click(screen.getByRole("button", { name: "Launch" }));
    await waitFor(() => expect(screen.getByTestId("error-link_profile")).toHaveTextContent(refusal));
    const post = calls.find((c) => c.method === "POST");
    expect((post?.body as { link_profile?: string }).link_profile).toBe("ethernet-10m");
  });
});

describe("RunLinkInfo", () => {
  it("shows the emulated link as measured at launch", () => {
    render(<RunLinkInfo link={{ profile: "ethernet-10m", emulated: true, mtu: 1500, rate_mbit: 10, rtt_us_min: 85.1 }} />);
    expect(screen.getByTestId("run-link")).toHaveTextContent("Link: ethernet-10m · MTU 1500 · 10 Mbit/s · probe RTT 85.1 µs");
  });
  it("shows the agents' own path off the lab link, and nothing for old runs", () => {
    const paths = { client: { advertised: { interface: "eth0", mtu: 1500, speed_mbps: 1000 } }, server: null };
    const { unmount } = render(<RunLinkInfo link={{ profile: "loopback", emulated: false, paths }} />);
    expect(screen.getByTestId("run-link")).toHaveTextContent(
      "Link: loopback · the agents' own network · client via eth0 (MTU 1500) · 1000 Mbit/s");
    unmount();
    render(<RunLinkInfo link={{}} />); // runs from before link profiles: {}
    expect(screen.queryByTestId("run-link")).toBeNull();
  });
});
