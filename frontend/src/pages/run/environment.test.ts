// A run's environment in words: the table's rows, the collapsed line and the names of differing fields.
import { describe, expect, it } from "vitest";
import { differenceText, environmentLine, environmentOf, environmentRows, fieldName } from "./environment";
import { environmentFixture as ENV } from "../../test/seriesFixtures";


describe("environmentRows", () => {
  it("puts both agents' fingerprints side by side in words, with units", () => {
    const rows = Object.fromEntries(environmentRows(ENV).map((r) => [r.label, [r.client, r.server]]));
    expect(rows.CPU).toEqual(["AMD EPYC × 2 cores (x86_64)", "AMD EPYC × 2 cores (x86_64)"]);
    expect(rows.SMT).toEqual(["off (not supported)", "off (not supported)"]);
    expect(rows.Frequency).toEqual(["not reported", "governor performance · turbo off (acpi-cpufreq)"]);
    expect(rows["Busy polling"]).toEqual(["not reported", "poll 50 µs · read off"]);
    expect(rows.Agent[0]).toBe("v0.1.0 · fa9a64c6f005 · cc -O2 -g");
    expect(rows["Load at start"]).toEqual(["1.34 / 1.51 / 1.92 (1, 5, 15 min)", "not reported"]);
    expect(rows.Kernel).toEqual(["6.18.44-fc-v782", "6.18.44-fc-v782"]);
  });

  it("says 'not reported' for an agent that reported nothing rather than printing undefined", () => {
    const rows = environmentRows({ client: { host: "a" }, server: {} });
    expect(rows.every((r) => !/undefined|NaN/.test(r.client + r.server))).toBe(true);
    expect(rows.find((r) => r.label === "Host")!.server).toBe("not reported");
  });
});

describe("environmentLine and environmentOf", () => {
  it("summarises one machine in a line and names both sides where they differ", () => {
    expect(environmentLine(ENV)).toBe("vm · AMD EPYC × 2 cores (x86_64) · kernel 6.18.44-fc-v782 · link loopback · one machine");
    const two = { ...ENV, co_located: false, server: { ...ENV.server, host: "db1", kernel: "6.1.0" } };
    expect(environmentLine(two)).toBe("vm → db1 · AMD EPYC × 2 cores (x86_64) · kernel 6.18.44-fc-v782 / 6.1.0 · link loopback · two machines");
  });

  it("is null for a run launched before environments were recorded", () => {
    expect(environmentOf({})).toBeNull();
    expect(environmentOf(null)).toBeNull();
    expect(environmentOf(ENV)).toBe(ENV);
  });
});

describe("differences", () => {
  it("names the backend's dotted fields and both values", () => {
    expect(fieldName("client.kernel")).toBe("client kernel");
    expect(fieldName("server.agent_build.git_hash")).toBe("server agent git hash");
    expect(fieldName("link_profile")).toBe("link profile");
    expect(differenceText({ field: "server.turbo", a: true, b: false })).toBe("server turbo: on → off");
    expect(differenceText({ field: "client.busy_poll_us", a: 0, b: 50 })).toBe("client busy poll: off → 50 µs");
    expect(differenceText({ field: "server.governor", a: null, b: "powersave" })).toBe("server frequency governor: not reported → powersave");
    expect(differenceText({ field: "co_located", a: true, b: false })).toBe("co-located: yes (one machine) → no");
  });
});
