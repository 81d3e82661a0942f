// The round trip path chart in px: lanes, time scale, the critical path's line and the labels placed beside it
// (rtpLabels.ts), computed apart from React so a test can check the picture the chart draws.
import { scaleLinear, scalePoint } from "d3-scale";
import type { RtpPoint, RtpSegment } from "../../api/analyses";
import { formatNs } from "../../format";
import { criticalPath, onPath, timeDomain, type PathVertex } from "./rtpLayout";
import { labelWidth, placeLabels, type PlacedLabel, type Seg } from "./rtpLabels";

export const RTP_MARGIN = { top: 40, bottom: 16, left: 64, right: 24 };
const LABEL_H = 13;

export interface RtpLabel extends PlacedLabel {
  seg: RtpSegment;
  lane: string;
  text: string;
  /** the segment's middle on its lane: the dot */
  ym: number;
}

export interface RtpGeometry {
  lx: (lane: string) => number;
  y: ReturnType<typeof scaleLinear<number, number>>;
  path: PathVertex[];
  pathSegs: Seg[];
  labels: RtpLabel[];
  /** the svg's height: the axis's, or more when labels were pushed below it */
  svgHeight: number;
}

export function rtpLabelText(s: RtpSegment): string {
  return `${s.name} ${formatNs(s.mean_on_path_ns)}`;
}

export function rtpGeometry(point: RtpPoint, laneNames: string[], width: number, height: number): RtpGeometry {
  const M = RTP_MARGIN;
  const x = scalePoint<string>().domain(laneNames).range([M.left + 40, width - M.right - 40]);
  const y = scaleLinear().domain(timeDomain(point)).range([M.top, height - M.bottom]).nice().clamp(true);
  const lx = (lane: string) => x(lane) ?? M.left;
  const path = criticalPath(point);
  const pathSegs: Seg[] = path.slice(1).map((v, i) => [lx(path[i].lane), y(path[i].t), lx(v.lane), y(v.t)]);
  const messages: Seg[] = point.messages.map((m) => [lx(m.from_lane), y(m.from_ns), lx(m.to_lane), y(m.to_ns)]);
  // labels: client lane to its right, server lane to its left, transits right of the middle lane
  const segs = point.segments.filter(onPath).filter((s) => s.kind !== "gap");
  const wants = segs.map((s) => {
    const lane = s.kind === "transit" ? laneNames[Math.floor(laneNames.length / 2)] : s.lanes[0];
    const side: 1 | -1 = lane === laneNames[laneNames.length - 1] ? -1 : 1;
    const text = rtpLabelText(s);
    return { s, lane, text, ax: lx(lane), ay: y((s.mean_start_ns + s.mean_end_ns) / 2), width: labelWidth(text), height: LABEL_H, side };
  });
  const placed = placeLabels(wants, pathSegs, { left: M.left, right: width - 2, top: M.top - 10 }, messages, LABEL_H);
  const labels = wants.map((w, i) => ({ ...placed[i], seg: w.s, lane: w.lane, text: w.text, ym: w.ay }));
  const svgHeight = Math.max(height, ...labels.map((l) => l.box.y1 + 4));
  return { lx, y, path, pathSegs, labels, svgHeight };
}
