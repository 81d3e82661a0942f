// The live RTT panel says which latency its p50/p99 are: RTT from the actual send, an open loop said so.
import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { Run } from "../../api/types";
import { runFixture } from "../../test/fakeApi";
import { LiveRttPanel, useLiveRttFeed } from "./LiveRttPanel";

function Live({ run }: { run: Run }) {
  const feed = useLiveRttFeed("42");
  return <LiveRttPanel id="42" feed={feed} mode="sse" run={run} />;
}

describe("LiveRttPanel's loop", () => {
  it("labels a closed loop, and an open loop's live numbers as RTT from the actual send", () => {
    const { unmount } = render(<Live run={runFixture({ status: "running" }) as unknown as Run} />);
    expect(screen.getByTestId("live-loop")).toHaveTextContent("closed loop");
    expect(screen.getByText("Live RTT")).toBeTruthy();
    unmount();
    const open = runFixture({ status: "running", params: { ...runFixture().params, arrival: "constant", rate_calls_s: 500 } });
    render(<Live run={open as unknown as Run} />);
    expect(screen.getByTestId("live-loop")).toHaveTextContent("open loop: RTT from actual send");
    expect(screen.getByText("Live RTT (from actual send)")).toBeTruthy();
  });
});
