// The round trip path's labels: at every chart size no label box touches the path or another label.
import { describe, expect, it } from "vitest";
import type { RtpAnalysis } from "../../api/analyses";
import pingpong from "./pingpong-rtp.fixture.json";
import wire from "./rpc-wire-rtp.fixture.json";
import { rtpGeometry } from "./rtpGeometry";
import { boxesOverlap, placeLabels, segmentHitsBox } from "./rtpLabels";
import { DEFAULT_LANES } from "./rtpLayout";

// real answers of GET /api/runs/{id}/analyses/rtp: a TCP ping-pong with kernel stamps, and an RPC sweep on the
// emulated 10 Mbit/s wire, whose path hops lanes right beside the client's and the server's labels
const points = [
  ...(pingpong as unknown as RtpAnalysis).points.map((p) => ({ name: `ping-pong point ${p.point_no}`, p, lanes: DEFAULT_LANES })),
  ...(wire as unknown as RtpAnalysis).points.map((p) => ({ name: `RPC on ethernet-10m point ${p.point_no}`, p, lanes: (wire as unknown as RtpAnalysis).lanes })),
];

describe("round trip path labels", () => {
  for (const { name, p, lanes } of points) {
    for (const [width, height] of [[1200, 480], [800, 480], [700, 300]]) {
      it(`${name} at ${width}×${height}: no label box touches the path line or another label`, () => {
        const g = rtpGeometry(p, lanes, width, height);
        expect(g.labels.length).toBeGreaterThan(5);
        for (const l of g.labels) {
          const hit = g.pathSegs.find((s) => segmentHitsBox(s, l.box));
          expect(hit, `${l.text} at y ${l.y.toFixed(0)} crosses the path ${hit?.map((v) => v.toFixed(0)).join(",")}`).toBeUndefined();
          expect(l.box.x0).toBeGreaterThanOrEqual(64);
          expect(l.box.x1).toBeLessThanOrEqual(width);
        }
        for (let i = 0; i < g.labels.length; i++)
          for (let j = i + 1; j < g.labels.length; j++) expect(boxesOverlap(g.labels[i].box, g.labels[j].box), `${g.labels[i].text} / ${g.labels[j].text}`).toBe(false);
        // each stays near its own segment: crowded lanes spread their labels, but no farther than their number of lines
        for (const l of g.labels) {
          const crowd = g.labels.filter((o) => o.lane === l.lane).length;
          expect(Math.abs(l.y - l.ym)).toBeLessThanOrEqual(13 * (crowd + 2));
        }
      });
    }
  }

  it("moves a label off a line that runs through its place, and leaves a free one where it is", () => {
    const want = { ax: 100, ay: 200, width: 80, height: 13, side: 1 as const };
    const free = placeLabels([want], [], { left: 0, right: 1000, top: 0 });
    expect(free[0]).toMatchObject({ side: 1, y: 200 });
    // a hop from this lane to the next, at the label's height
    const [moved] = placeLabels([want], [[100, 200, 300, 200]], { left: 0, right: 1000, top: 0 });
    expect(segmentHitsBox([100, 200, 300, 200], moved.box, 2)).toBe(false);
    expect(Math.abs(moved.y - 200)).toBeLessThanOrEqual(26);
  });

  it("tells a segment through a box from one beside it", () => {
    const box = { x0: 10, y0: 10, x1: 50, y1: 20 };
    expect(segmentHitsBox([0, 15, 100, 15], box)).toBe(true); // straight through
    expect(segmentHitsBox([0, 0, 60, 30], box)).toBe(true); // diagonally across
    expect(segmentHitsBox([0, 25, 100, 25], box)).toBe(false); // below
    expect(segmentHitsBox([0, 0, 5, 40], box)).toBe(false); // left of it
  });
});
