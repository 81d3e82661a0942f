// Unit formatting: ns/µs/ms/s with sensible digits, bytes, counts, durations, relative times, percentages and
// confidence intervals.
import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatCi,
  formatCount,
  formatDateTime,
  formatDurationBetween,
  formatDurationMs,
  formatNs,
  formatPercent,
  formatRelative,
  formatUsValue,
} from "./format";

describe("formatNs", () => {
  it("uses ns below one microsecond", () => {
    expect(formatNs(850)).toBe("850 ns");
    expect(formatNs(0)).toBe("0 ns");
    expect(formatNs(999.4)).toBe("999 ns");
  });
  it("uses µs with 3-4 significant digits", () => {
    expect(formatNs(12_345)).toBe("12.3 µs");
    expect(formatNs(1_234)).toBe("1.23 µs");
    expect(formatNs(123_400)).toBe("123.4 µs");
    expect(formatNs(1_000)).toBe("1.00 µs");
  });
  it("switches to ms and s", () => {
    expect(formatNs(1_234_567)).toBe("1.23 ms");
    expect(formatNs(45_600_000)).toBe("45.6 ms");
    expect(formatNs(999_999)).toBe("1.00 ms");
    expect(formatNs(2_500_000_000)).toBe("2.50 s");
  });
  it("handles missing values", () => {
    expect(formatNs(null)).toBe("—");
    expect(formatNs(undefined)).toBe("—");
    expect(formatNs(Number.NaN)).toBe("—");
  });
});

describe("formatUsValue", () => {
  it("adapts precision", () => {
    expect(formatUsValue(0)).toBe("0");
    expect(formatUsValue(0.5)).toBe("0.500");
    expect(formatUsValue(5)).toBe("5.00");
    expect(formatUsValue(55.55)).toBe("55.5");
    expect(formatUsValue(12345.6)).toBe("12,346");
  });
});

describe("formatBytes", () => {
  it("formats binary units", () => {
    expect(formatBytes(64)).toBe("64 B");
    expect(formatBytes(1024)).toBe("1 KiB");
    expect(formatBytes(1536)).toBe("1.50 KiB");
    expect(formatBytes(65507)).toBe("64.0 KiB");
    expect(formatBytes(1048576)).toBe("1 MiB");
    expect(formatBytes(null)).toBe("—");
  });
});

describe("formatCount", () => {
  it("adds separators", () => {
    expect(formatCount(1000000)).toBe("1,000,000");
    expect(formatCount(7)).toBe("7");
  });
});

describe("durations", () => {
  it("formatDurationMs", () => {
    expect(formatDurationMs(850)).toBe("850 ms");
    expect(formatDurationMs(1234)).toBe("1.23 s");
    expect(formatDurationMs(12_300)).toBe("12.3 s");
    expect(formatDurationMs(125_000)).toBe("2m 05s");
    expect(formatDurationMs(3_720_000)).toBe("1h 02m");
    expect(formatDurationMs(-5)).toBe("0 ms");
  });
  it("formatDurationBetween", () => {
    expect(formatDurationBetween("2024-01-01T00:00:00Z", "2024-01-01T00:00:02.5Z")).toBe("2.50 s");
    expect(formatDurationBetween(null, "2024-01-01T00:00:02Z")).toBe("—");
    const now = Date.parse("2024-01-01T00:01:00Z");
    expect(formatDurationBetween("2024-01-01T00:00:00Z", null, now)).toBe("1m 00s");
  });
  it("formatRelative", () => {
    const now = Date.parse("2024-01-01T12:00:00Z");
    expect(formatRelative("2024-01-01T12:00:00Z", now)).toBe("just now");
    expect(formatRelative("2024-01-01T11:59:48Z", now)).toBe("12 s ago");
    expect(formatRelative("2024-01-01T11:55:00Z", now)).toBe("5 min ago");
    expect(formatRelative("2024-01-01T09:00:00Z", now)).toBe("3 h ago");
    expect(formatRelative("2023-12-30T12:00:00Z", now)).toBe("2 d ago");
    expect(formatRelative("2024-01-01T12:00:10Z", now)).toBe("in 10 s");
    expect(formatRelative(null, now)).toBe("never");
  });
  it("formatDateTime is zero-padded", () => {
    expect(formatDateTime("2024-03-05T07:08:09")).toBe("2024-03-05 07:08:09");
    expect(formatDateTime(null)).toBe("—");
  });
  it("formatPercent", () => {
    expect(formatPercent(0, 100)).toBe("0 %");
    expect(formatPercent(5, 1000)).toBe("0.5 %");
    expect(formatPercent(505, 1010)).toBe("50 %");
    expect(formatPercent(10, 10)).toBe("100 %");
    expect(formatPercent(1, 0)).toBe("0 %");
  });
});

describe("formatCi", () => {
  it("prints an interval the same way on every tab, its ends as the backend gave them", () => {
    expect(formatCi(12_300, 329_400)).toBe("12.3 µs – 329.4 µs");
    expect(formatCi(950, 1_200_000)).toBe("950 ns – 1.20 ms");
  });
});
