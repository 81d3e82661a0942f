// A chart's size as PlotFrame takes it: the plot area is what the margins leave, but never less than a minimum (on a
// narrow screen the axes keep room to draw).
export interface PlotBox {
  width: number;
  height: number;
  margin: { left: number; top: number; right: number; bottom: number };
  innerW: number;
  innerH: number;
}

export function plotBox(width: number, height: number, margin: PlotBox["margin"], minW: number, minH = 0): PlotBox {
  const innerW = Math.max(minW, width - margin.left - margin.right);
  const innerH = Math.max(minH, height - margin.top - margin.bottom);
  return { width, height, margin, innerW, innerH };
}
