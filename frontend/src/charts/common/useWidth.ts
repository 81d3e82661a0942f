// A chart's width: measured from its container and followed on resize, or fixed (tests, reports, jsdom).
import { useLayoutEffect, useRef, useState } from "react";

/**
 * Measures the width of a container element and follows its resizes.
 * Falls back to `fallback` where layout is unavailable (jsdom) or a fixed width is given.
 */
export function useWidth<T extends HTMLElement>(fixed?: number, fallback = 800) {
  const ref = useRef<T | null>(null);
  const [width, setWidth] = useState<number>(fixed ?? fallback);

  useLayoutEffect(() => {
    if (fixed !== undefined) {
      setWidth(fixed);
      return;
    }
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setWidth(Math.floor(w));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [fixed]);

  return [ref, width] as const;
}
