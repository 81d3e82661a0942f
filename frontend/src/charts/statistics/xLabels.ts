// Where a category axis puts its labels: level while each fits its band, else turned 45° (a label then needs only a
// line's height of the band) with the bottom margin made for the longest, and every k-th only when even a line's
// height does not fit: 48 points' labels never print on top of each other.

import { CHAR_PX, LINE_PX } from "../common/Axis";

export { CHAR_PX, LINE_PX };

export interface XLabelLayout {
  rotate: boolean;
  /** label every k-th band */
  every: number;
  /** the bottom margin the labels need, px */
  bottom: number;
  /** how far a turned label reaches left of its point, px (0 when level) */
  hang: number;
}

export function xLabelLayout(labels: string[], band: number, minBottom = 44): XLabelLayout {
  const longest = Math.max(0, ...labels.map((l) => l.length)) * CHAR_PX;
  if (longest + 4 <= band) return { rotate: false, every: 1, bottom: minBottom, hang: 0 };
  const every = Math.max(1, Math.ceil(LINE_PX / Math.max(1, band)));
  return { rotate: true, every, bottom: Math.max(minBottom, Math.ceil(longest * Math.SQRT1_2 + LINE_PX + 12)),
    hang: longest * Math.SQRT1_2 };
}
