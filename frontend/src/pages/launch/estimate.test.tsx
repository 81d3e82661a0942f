// The launch form's duration: the backend's estimate (link rate, think time, emulated hosts), asked for once the
// form has stood still, the older question aborted; formatted in words.
import { describe, expect, it, vi } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { installFakeFetch } from "../../test/fakeApi";
import { estimateBasis, formatDuration, useLaunchEstimate, ESTIMATE_DEBOUNCE_MS } from "./estimate";
import { LaunchSummary } from "./LaunchControls";
import { listSweep } from "./sweep";
import { DEFAULT_FORM, type LaunchForm } from "./validation";

const base: LaunchForm = { ...DEFAULT_FORM, client_agent_id: "1", server_agent_id: "2" };
const answer = (seconds: number, most = seconds) => ({
  seconds, seconds_most: most, start_s: 0.4, timeout_s: 60 + 2 * Math.ceil(seconds), link_profile: "ethernet-10m",
  points: [{ point_no: 0, calls: 200, seconds: seconds / 4 }, { point_no: 1, calls: 200, seconds: (3 * seconds) / 4 - 0.4 }],
});

function Probe({ form, valid = true }: { form: LaunchForm; valid?: boolean }) {
  const g = useLaunchEstimate(form, valid);
  return <span data-testid="probe">{g.state === "ready" ? formatDuration(g.estimate.seconds) : g.state}</span>;
}

describe("useLaunchEstimate", () => {
  it("asks the backend once the form stands still, with the link profile, and shows its answer", async () => {
    vi.useFakeTimers();
    const { calls } = installFakeFetch([({ url }) => (url === "/api/runs/estimate" ? { body: answer(89) } : undefined)]);
    const fig3 = { ...base, kind: "rpc" as const, transport: "udp" as const, request_sizes: listSweep([0, 64257]), link_profile: "ethernet-10m" };
    const { rerender } = render(<Probe form={fig3} />);
    expect(screen.getByTestId("probe")).toHaveTextContent("loading");
    rerender(<Probe form={{ ...fig3, calls: "300" }} />); // typed again before the pause: only the last is asked
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS + 10);
    });
    expect(screen.getByTestId("probe")).toHaveTextContent("≈ 1 min 29 s");
    const posts = calls.filter((c) => c.url === "/api/runs/estimate");
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toMatchObject({ kind: "rpc", request_bytes: [0, 64257], calls: 300, link_profile: "ethernet-10m" });
  });

  it("asks nothing while the form is invalid, and says so when the backend cannot answer", async () => {
    vi.useFakeTimers();
    const { calls } = installFakeFetch([({ url }) => (url === "/api/runs/estimate" ? { status: 500, body: { detail: "x" } } : undefined)]);
    const { rerender } = render(<Probe form={base} valid={false} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS * 2);
    });
    expect(calls).toHaveLength(0);
    expect(screen.getByTestId("probe")).toHaveTextContent("idle");
    rerender(<Probe form={base} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS + 10);
    });
    expect(screen.getByTestId("probe")).toHaveTextContent("failed");
  });
});

describe("LaunchSummary", () => {
  it("says how long if every point takes its most rounds (a CI target repeats a noisy point)", async () => {
    vi.useFakeTimers();
    installFakeFetch([({ url }) => (url === "/api/runs/estimate" ? { body: answer(60, 180) } : undefined)]);
    const form = { ...base, kind: "rpc" as const, transport: "udp" as const, ci_target_pct: "5", max_rounds: "3" };
    render(<LaunchSummary form={form} errorCount={0} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS + 10);
    });
    expect(screen.getByTestId("summary-duration")).toHaveTextContent("≈ 1 min");
    expect(screen.getByTestId("summary-duration-most")).toHaveTextContent("(up to 3 min if every point takes 3 rounds)");
  });
});

describe("formatDuration and the estimate's basis", () => {
  it("rounds to seconds, minutes or hours", () => {
    expect(formatDuration(0.2)).toBe("≈ 1 s");
    expect(formatDuration(42.4)).toBe("≈ 42 s");
    expect(formatDuration(200)).toBe("≈ 3 min 20 s");
    expect(formatDuration(180)).toBe("≈ 3 min");
    expect(formatDuration(3900)).toBe("≈ 1 h 05 min");
    expect(formatDuration(NaN)).toBe("—");
  });

  it("names the link, the points, the slowest point and the limit", () => {
    const text = estimateBasis(answer(200));
    expect(text).toContain("link ethernet-10m");
    expect(text).toContain("2 points");
    expect(text).toContain("slowest point 2 min 30 s");
    expect(text).toContain("longer than 7 min 40 s");
  });
});
