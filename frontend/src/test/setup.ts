// Set-up of every frontend test: jest-dom matchers, a patient async timeout, and after each test a clean DOM and no
// stubbed global, spy or fake timer left behind (a test stubs fetch or EventSource with vi.stubGlobal, and leaves it).
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// findBy*/waitFor give up after 1 s by default: on a shared 2-core machine a jsdom render of a big fixture can
// take longer than that without anything being wrong. Slow waits still fail, just not on scheduling noise.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
