// Set-up of every frontend test: jest-dom matchers, a clean DOM after each test, and a patient async timeout.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// findBy*/waitFor give up after 1 s by default: on a shared 2-core machine a jsdom render of a big fixture can
// take longer than that without anything being wrong. Slow waits still fail, just not on scheduling noise.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
});
