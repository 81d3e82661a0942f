// The app's session: login page on 401 (returning to the page after login), its errors (401, 429 with the wait),
// log out, and what each role sees of Launch, Cancel and Users.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { App } from "../App";
import { agentsFixture, installFakeFetch, runFixture, type FakeCall } from "../test/fakeApi";
import { RunHeader } from "../pages/run/RunHeader";
import { SessionProvider, loginPathFor, safeNext } from "./session";
import type { Run } from "../api/types";

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <App />
      <Where />
    </MemoryRouter>,
  );
}

type Handler = Parameters<typeof installFakeFetch>[0][number];
const runs = [runFixture({ id: 42, status: "running", launched_by: "olga" })];
const labApi: Handler[] = [
  ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
  ({ url }) => (url.startsWith("/api/runs?") ? { body: { items: runs, total: 1, limit: 25, offset: 0 } } : undefined),
  ({ url }) => (url === "/api/health" ? { body: { status: "ok", database: "ok", version: "0.1.0" } } : undefined),
];
const meAs = (role: string, name = `${role}1`): Handler => ({ url }) =>
  url === "/api/auth/me" ? { body: { id: 7, name, role } } : undefined;

describe("login", () => {
  it("shows the login page when /api/auth/me says 401, says why a login failed, then returns where the user was going", async () => {
    let loggedIn = false;
    let failures = 0;
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/auth/me" ? (loggedIn ? { body: { id: 1, name: "ann", role: "operator" } } : { status: 401, body: { detail: "log in" } }) : undefined),
      ({ url, body }: FakeCall) => {
        if (url !== "/api/auth/login") return undefined;
        const { password } = body as { password: string };
        if (password === "right-password") {
          loggedIn = true;
          return { body: { user: { id: 1, name: "ann", role: "operator" }, csrf_token: "c" } };
        }
        failures += 1;
        return failures < 2
          ? { status: 401, body: { detail: "wrong name or password" } }
          : { status: 429, body: { detail: "too many failed logins for ann: at most 5 per 300 s (PERFLAB_LOGIN_ATTEMPTS)" }, headers: { "Retry-After": "120" } };
      },
      ...labApi,
    ]);
    renderApp("/runs?status=done");
    const form = await screen.findByTestId("login-form");
    expect(screen.getByTestId("where")).toHaveTextContent("/login?next=%2Fruns%3Fstatus%3Ddone");
    expect(screen.queryByRole("link", { name: "Runs" })).toBeNull(); // no app behind the login page

    const name = within(form).getByLabelText("Name");
    const password = within(form).getByLabelText("Password");
    fireEvent.change(name, { target: { value: "ann" } });
    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByTestId("login-error")).toHaveTextContent("Wrong name or password.");

    fireEvent.change(password, { target: { value: "wrong again" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await vi.waitFor(() => expect(screen.getByTestId("login-error")).toHaveTextContent(
      "Refused: too many failed logins for ann: at most 5 per 300 s (PERFLAB_LOGIN_ATTEMPTS). Try again in 120 s."));
    fireEvent.change(password, { target: { value: "right-password" } });
    expect(screen.getByRole("button", { name: "Log in" })).toBeDisabled(); // until the backend's wait is over

    // the wait over (Retry-After counted down), the right password lands on the page the user asked for
    const later = Date.now() + 121_000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    await vi.waitFor(() => expect(screen.getByTestId("login-error")).toHaveTextContent("You may try again now."), { timeout: 3000 });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await screen.findByTestId("run-row-42");
    vi.restoreAllMocks();
    expect(screen.getByTestId("where")).toHaveTextContent("/runs?status=done");
    const menu = screen.getByTestId("user-menu");
    expect(menu).toHaveTextContent("ann");
    expect(within(menu).getByTestId("user-role")).toHaveTextContent("operator");
    expect(within(menu).getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    expect(calls.filter((c) => c.url === "/api/auth/login").map((c) => c.body)).toEqual([
      { name: "ann", password: "wrong" }, { name: "ann", password: "wrong again" }, { name: "ann", password: "right-password" },
    ]);
  });

  it("a 401 from any page sends to the login page with the reason; Log out posts and goes to the login page", async () => {
    let sessionOver = false;
    const { calls } = installFakeFetch([
      meAs("viewer", "vic"),
      ({ url }) => (url.startsWith("/api/runs?") && sessionOver ? { status: 401, body: { detail: "your session ended: log in again" } } : undefined),
      ({ url, method }) => (url === "/api/auth/logout" && method === "POST" ? { status: 204, body: null } : undefined),
      ...labApi,
    ]);
    renderApp("/agents");
    await screen.findByTestId("agent-row-local-a");
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await screen.findByTestId("login-form");
    expect(screen.getByTestId("where")).toHaveTextContent(/^\/login$/);
    expect(calls.some((c) => c.url === "/api/auth/logout" && c.method === "POST")).toBe(true);

    sessionOver = true;
    renderApp("/runs");
    expect(await screen.findByTestId("login-reason")).toHaveTextContent("your session ended: log in again");
    expect(screen.getAllByTestId("where")[1]).toHaveTextContent("/login?next=%2Fruns");
  });

  it("keeps only this site's paths to return to", () => {
    expect(safeNext("/runs/3?x=1")).toBe("/runs/3?x=1");
    for (const bad of ["//evil.example/x", "https://evil.example", "/login?next=/x", null, ""]) expect(safeNext(bad)).toBe("/runs");
    expect(loginPathFor("/runs/5", "?tab=steps")).toBe("/login?next=%2Fruns%2F5%3Ftab%3Dsteps");
    expect(loginPathFor("/", "")).toBe("/login");
  });
});

describe("what each role sees", () => {
  it.each([
    ["viewer", { launch: false, users: false }],
    ["operator", { launch: true, users: false }],
    ["admin", { launch: true, users: true }],
  ] as const)("%s", async (role, sees) => {
    installFakeFetch([meAs(role), ...labApi]);
    renderApp("/runs");
    await screen.findByTestId("run-row-42");
    const nav = screen.getByRole("navigation");
    expect(within(nav).queryByRole("link", { name: "Launch" }) !== null).toBe(sees.launch);
    expect(screen.queryByRole("link", { name: "New run" }) !== null).toBe(sees.launch);
    expect(within(nav).queryByRole("link", { name: "Users" }) !== null).toBe(sees.users);
    expect(within(screen.getByTestId("run-row-42")).getByTestId("launched-by")).toHaveTextContent("olga");
  });

  it("a viewer who opens /launch or /users reads which role it needs, not a form", async () => {
    installFakeFetch([meAs("viewer", "vic"), ...labApi]);
    renderApp("/launch");
    expect(await screen.findByTestId("not-allowed")).toHaveTextContent("To launch runs you need the operator role; you are vic (viewer).");
    expect(screen.queryByRole("button", { name: "Launch" })).toBeNull();
  });

  it("Cancel and New run on a running run's header: operators only", async () => {
    const run = runFixture({ status: "running" }) as unknown as Run;
    for (const [role, shown] of [["viewer", false], ["operator", true]] as const) {
      installFakeFetch([meAs(role)]);
      const { unmount } = render(
        <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <SessionProvider>
            <Routes><Route path="*" element={<RunHeaderOnceKnown run={run} />} /></Routes>
          </SessionProvider>
        </MemoryRouter>,
      );
      await screen.findByTestId("run-status");
      expect(screen.queryByRole("button", { name: "Cancel" }) !== null).toBe(shown);
      expect(screen.queryByRole("link", { name: "New run" }) !== null).toBe(shown);
      unmount();
    }
  });
});

/** The header once the session has answered (what the app shell does before any page). */
function RunHeaderOnceKnown({ run }: { run: Run }) {
  const s = useSessionState();
  return s === "signed-in" ? <RunHeader run={run} terminal={false} cancelling={false} onCancel={() => {}} /> : null;
}
import { useSession } from "./session";
const useSessionState = () => useSession().state.status;
