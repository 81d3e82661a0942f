// Link profiles at launch and on the run page: the profile list with unavailable ones and why, the chosen profile sent
// and the backend's refusal shown under the field, and the run page's link line.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { LinkProfileField, profileNumbers, profileSummary } from "./LinkProfileField";
import { renderLaunch } from "../../test/renderLaunch";
import { RunLinkInfo } from "../run/RunLinkInfo";
import { agentsFixture, installFakeFetch } from "../../test/fakeApi";
import type { LinkProfile } from "../../api/links";

// a lab without network namespaces (not root, no `ip netns`): every profile but loopback is listed and unavailable
const NO_NAMESPACES = "the lab has no emulated link: not root, so no network namespaces";
const FIDELITY = "the lab's link process: every frame its serialisation at the rate and its propagation (lone frame " +
  "within 0.5 % on this machine), impairments drawn per packet";

/** A profile as GET /api/links/profiles lists it: the backend's defaults, then what the test sets. */
function profile(over: Partial<LinkProfile> & { name: string }): LinkProfile {
  return {
    description: over.name, mtu: 1500, rate_mbit: null, burst_bytes: null, delay_ms: 0, jitter_ms: 0,
    jitter_distribution: "uniform", jitter_table: null, reorder: false, loss_percent: 0, ge_p_percent: 0,
    ge_r_percent: 0, ge_loss_bad_percent: 100, ge_loss_good_percent: 0, duplicate_percent: 0, corrupt_percent: 0,
    queue_bytes: null, queue_packets: null, aqm: "drop-tail", codel_target_ms: 5, codel_interval_ms: 100,
    overhead_bytes: 38, min_frame_bytes: 84, reverse: {}, emulation: "wire", source: "profiles.toml",
    needs: ["tun", "perflab-link"], fidelity: FIDELITY, over_ceiling: false, available: true, unavailable_reason: null,
    ...over,
  };
}

const loopback = profile({ name: "loopback", description: "No emulation", mtu: 65535, emulation: "none", needs: [],
  fidelity: "no emulation: the namespaces' veth pair as it is" });
const ethernet = profile({ name: "ethernet-10m", description: "The papers' network", rate_mbit: 10, delay_ms: 0.005 });
const lan = profile({ name: "lan-1g", description: "A modern switched LAN", rate_mbit: 1000, burst_bytes: 15140,
  emulation: "shaped", needs: ["tbf"], fidelity: "a token bucket (tc): the rate holds over a burst, but a lone frame " +
  "passes at once, without its serialisation time" });
const wan = profile({ name: "wan", description: "A continental Internet path", rate_mbit: 100, delay_ms: 30, jitter_ms: 2,
  jitter_distribution: "normal", loss_percent: 0.1, queue_bytes: 1250000 });
const wifi = profile({ name: "wifi", description: "A busy Wi-Fi hop", rate_mbit: 50, delay_ms: 3, jitter_ms: 4,
  jitter_distribution: "pareto-normal", reorder: true, ge_p_percent: 0.5, ge_r_percent: 20, ge_loss_bad_percent: 40,
  ge_loss_good_percent: 0, queue_packets: 400 });
const lte = profile({ name: "lte", description: "A mobile LTE path", rate_mbit: 10, delay_ms: 25, jitter_ms: 8,
  jitter_distribution: "normal", loss_percent: 0.2, queue_packets: 300, reverse: { rate_mbit: 30 } });
const codel = profile({ name: "bufferbloat-codel", description: "The same uplink with CoDel", rate_mbit: 10, delay_ms: 10,
  queue_packets: 1000, aqm: "codel" });
const ecs = profile({ name: "ecs-internet", description: "The ECS paper's path", rate_mbit: 0.512, delay_ms: 15,
  jitter_ms: 5, jitter_distribution: "normal", loss_percent: 1, queue_packets: 64 });
const profiles: LinkProfile[] = [loopback, ethernet, lan, wan, wifi, lte, codel, ecs,
  profile({ name: "dc-25g", description: "A 25 Gbit/s data-centre link", rate_mbit: 25000, delay_ms: 0.002,
    duplicate_percent: 0.01, corrupt_percent: 0.001, over_ceiling: true,
    fidelity: FIDELITY + "; asks more than the link process gives here (about 1 Gbit/s): above it frames queue " +
      "behind the process, not the rate" }),
  profile({ name: "far-away", description: "Only on a lab with namespaces", rate_mbit: 20, delay_ms: 40,
    available: false, unavailable_reason: NO_NAMESPACES }),
];
const profilesHandler = ({ url }: { url: string }) => (url === "/api/links/profiles" ? { body: profiles } : undefined);
const agentsHandler = ({ url }: { url: string }) => (url === "/api/agents" ? { body: agentsFixture } : undefined);

describe("LinkProfileField", () => {
  it("lists the profiles, disables the unavailable ones and says why", async () => {
    installFakeFetch([profilesHandler]);
    const onChange = vi.fn();
    render(<LinkProfileField value="loopback" onChange={onChange} />);
    await waitFor(() => expect(screen.getByRole("option", { name: "ethernet-10m" })).toBeEnabled());
    // the impaired profiles are wires, available: the link process emulates them without netem
    for (const name of ["wan", "intercontinental", "wifi", "lte", "bufferbloat-codel", "ecs-internet", "lan-1g"])
      if (profiles.some((p) => p.name === name)) expect(screen.getByRole("option", { name })).toBeEnabled();
    // a lab without namespaces still lists a profile it cannot emulate, disabled, with the reason
    expect(screen.getByRole("option", { name: "far-away (unavailable)" })).toBeDisabled();
    expect(screen.getByTestId("unavailable-profiles")).toHaveTextContent(`far-away unavailable: ${NO_NAMESPACES}`);
    expect(screen.getByText(/No emulation/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Link profile"), { target: { value: "ethernet-10m" } });
    expect(onChange).toHaveBeenCalledWith("ethernet-10m");
  });

  it("summarises a profile's numbers", () => {
    expect(profileSummary(ethernet)).toBe(
      "10 Mbit/s · a wire: every frame takes its serialisation time, frames queue FIFO · one-way delay 5 µs · " +
      "queue the default (200 ms at the rate) drop-tail · MTU 1500");
    // a profile that only shapes says so where it is shown
    expect(profileSummary(lan)).toBe(
      "1 Gbit/s · shaped by a token bucket, not a wire: a lone frame passes at once · bucket 15.14 kB · MTU 1500");
    expect(profileSummary(loopback)).toBe("unshaped · MTU 65535");
  });

  it("reads the impairments in an engineer's words, with units", () => {
    const wire = "a wire: every frame takes its serialisation time, frames queue FIFO";
    expect(profileNumbers(wan)).toEqual(["100 Mbit/s", wire, "one-way delay 30 ms ± 2 ms (normal, in order)",
      "random loss 0.1 %", "queue 1.25 MB drop-tail", "MTU 1500"]);
    expect(profileNumbers(wifi)).toEqual(["50 Mbit/s", wire, "one-way delay 3 ms ± 4 ms (pareto-normal, may reorder)",
      "bursty loss (Gilbert–Elliott): bad bursts of 5 packets on average, 40 % lost in them; a burst every 200 " +
      "packets on average", "queue 400 packets drop-tail", "MTU 1500"]);
    // the reverse direction's rate when it differs: up is client -> server
    expect(profileNumbers(lte)).toEqual(["10 Mbit/s up · 30 Mbit/s down", wire,
      "one-way delay 25 ms ± 8 ms (normal, in order)", "random loss 0.2 %", "queue 300 packets drop-tail", "MTU 1500"]);
    expect(profileNumbers(codel)).toEqual(["10 Mbit/s", wire, "one-way delay 10 ms",
      "queue 1000 packets CoDel (target 5 ms, interval 100 ms)", "MTU 1500"]);
    expect(profileNumbers(ecs)[0]).toBe("512 kbit/s");
    expect(profileSummary(profiles[8])).toBe(`25 Gbit/s · ${wire} · one-way delay 2 µs · duplicates 0.01 % · ` +
      "corrupts 0.001 % · queue the default (200 ms at the rate) drop-tail · MTU 1500");
    expect(profileNumbers({ ...wifi, ge_loss_good_percent: 1 })[3]).toContain("40 % lost in them, 1 % between them");
    expect(profileNumbers({ ...wan, reverse: { delay_ms: 40, loss_percent: 0.5 } }).slice(2, 4)).toEqual([
      "one-way delay 30 ms ± 2 ms up · 40 ms ± 2 ms down (normal, in order)", "random loss 0.1 % up · 0.5 % down"]);
  });

  it("shows the chosen profile's numbers, its fidelity and a warning over the link process's ceiling", async () => {
    installFakeFetch([profilesHandler]);
    const { rerender } = render(<LinkProfileField value="wan" onChange={vi.fn()} />);
    await waitFor(() => expect(screen.getByTestId("link-profile-numbers")).toHaveTextContent(
      "100 Mbit/s · a wire: every frame takes its serialisation time, frames queue FIFO · one-way delay 30 ms ± 2 ms " +
      "(normal, in order) · random loss 0.1 % · queue 1.25 MB drop-tail · MTU 1500"));
    expect(screen.getByTestId("link-profile-fidelity")).toHaveTextContent(`Fidelity: ${FIDELITY}`);
    expect(screen.queryByTestId("link-over-ceiling")).toBeNull();
    rerender(<LinkProfileField value="dc-25g" onChange={vi.fn()} />);
    expect(screen.getByTestId("link-over-ceiling")).toHaveTextContent(/asks more than the lab's link process gives/);
    expect(screen.getByTestId("link-profile-fidelity")).toHaveTextContent("about 1 Gbit/s");
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
    render(<RunLinkInfo run={{ kind: "pingpong", params: {} as never, link: { profile: "ethernet-10m", emulated: true, mtu: 1500, rate_mbit: 10, rtt_us_min: 85.1 } }} />);
    expect(screen.getByTestId("run-link")).toHaveTextContent("Link applied: ethernet-10m · MTU 1500 · 10 Mbit/s · probe RTT 85.1 µs");
  });
  it("shows the impairments the run's link recorded", () => {
    const impairments = { rate_mbit: [100.0, 100.0], propagation_us: [30000.0, 30000.0],
      queue_limit_bytes: [1250000, 1250000], jitter_us: [2000.0, 2000.0], loss: [0.001, 0.001], jitter_dist: "normal",
      reorder: false };
    render(<RunLinkInfo run={{ kind: "pingpong", params: {} as never, link: { profile: "wan", emulated: true, emulation: "wire", mtu: 1500, rate_mbit: 100,
      wire: { impairments }, requested: { rate_mbit: 1 } } }} />);
    expect(screen.getByTestId("run-link")).toHaveTextContent(
      "Link applied: wan · wire · 100 Mbit/s · 30 ms ± 2 ms (normal) · loss 0.1 % · queue 1.25 MB drop-tail · MTU 1500");
  });
  it("shows the agents' own path off the lab link, and nothing for old runs", () => {
    const paths = { client: { advertised: { interface: "eth0", mtu: 1500, speed_mbps: 1000 } }, server: null };
    const { unmount } = render(<RunLinkInfo run={{ kind: "pingpong", params: {} as never, link: { profile: "loopback", emulated: false, paths } }} />);
    expect(screen.getByTestId("run-link")).toHaveTextContent(
      "Link applied: loopback · the agents' own network · client via eth0 (MTU 1500) · 1000 Mbit/s");
    unmount();
    render(<RunLinkInfo run={{ kind: "pingpong", params: {} as never, link: {} }} />); // runs from before link profiles: {}
    expect(screen.queryByTestId("run-link")).toBeNull();
  });
});
