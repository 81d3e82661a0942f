// The admin's pages: users (create with field errors, change role, disable, not oneself) and agents (revoke after a
// confirm dialog, status revoked, a rotated enrolment token shown once).
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { UsersPage } from "./UsersPage";
import { AgentsPage } from "./AgentsPage";
import { SessionProvider } from "../auth/session";
import { agentsFixture, installFakeFetch, type FakeCall } from "../test/fakeApi";
import type { User } from "../api/auth";

const me = { id: 1, name: "admin", role: "admin" };
const renderAsAdmin = (page: JSX.Element) =>
  render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <SessionProvider>{page}</SessionProvider>
    </MemoryRouter>,
  );

describe("UsersPage", () => {
  it("creates a user, changes a role, disables and enables; one's own row cannot be changed", async () => {
    let users: User[] = [
      { id: 1, name: "admin", role: "admin", created_at: "2026-11-01T10:00:00Z", disabled: false },
      { id: 2, name: "olga", role: "operator", created_at: "2026-11-02T10:00:00Z", disabled: false },
    ];
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/auth/me" ? { body: me } : undefined),
      ({ url, method }) => (url === "/api/users" && method === "GET" ? { body: users } : undefined),
      ({ url, method, body }: FakeCall) => {
        if (url !== "/api/users" || method !== "POST") return undefined;
        const b = body as { name: string; role: User["role"] };
        if (users.some((u) => u.name === b.name)) return { status: 409, body: { detail: `user ${b.name} exists` } };
        const u = { id: 3, name: b.name, role: b.role, created_at: "2026-11-03T10:00:00Z", disabled: false };
        users = [...users, u];
        return { status: 201, body: u };
      },
      ({ url, method, body }: FakeCall) => {
        const m = /^\/api\/users\/(\d+)$/.exec(url);
        if (!m || method !== "PATCH") return undefined;
        users = users.map((u) => (u.id === Number(m[1]) ? { ...u, ...(body as object) } : u));
        return { body: users.find((u) => u.id === Number(m[1])) };
      },
    ]);
    renderAsAdmin(<UsersPage />);
    const own = await screen.findByTestId("user-row-admin");
    expect(own).toHaveTextContent("(you)");
    expect(within(own).getByRole("combobox")).toBeDisabled();
    expect(within(own).getByRole("button", { name: "Disable" })).toBeDisabled();

    const form = screen.getByTestId("new-user-form");
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "bad name" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "123" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    expect(within(form).getByTestId("error-user-name")).toHaveTextContent("name must be 1–64 characters of A–Z");
    expect(within(form).getByTestId("error-user-password")).toHaveTextContent("password must be 12–200 characters (got 3)");

    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "olga" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "0123456789ab" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    expect(await within(form).findByTestId("error-user-name")).toHaveTextContent("user olga exists");

    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "vera" } });
    fireEvent.change(within(form).getByLabelText("Password"), { target: { value: "0123456789ab" } });
    fireEvent.change(within(form).getByLabelText("Role"), { target: { value: "viewer" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create user" }));
    const vera = await screen.findByTestId("user-row-vera");
    expect(calls.filter((c) => c.method === "POST").at(-1)!.body).toEqual({ name: "vera", password: "0123456789ab", role: "viewer" });

    fireEvent.change(within(vera).getByRole("combobox", { name: "role of vera" }), { target: { value: "operator" } });
    await vi.waitFor(() => expect(within(screen.getByTestId("user-row-vera")).getByRole("combobox")).toHaveValue("operator"));
    fireEvent.click(within(screen.getByTestId("user-row-olga")).getByRole("button", { name: "Disable" }));
    await vi.waitFor(() => expect(within(screen.getByTestId("user-row-olga")).getByTestId("user-state")).toHaveTextContent("disabled"));
    fireEvent.click(within(screen.getByTestId("user-row-olga")).getByRole("button", { name: "Enable" }));
    await vi.waitFor(() => expect(within(screen.getByTestId("user-row-olga")).getByTestId("user-state")).toHaveTextContent("active"));
    expect(calls.filter((c) => c.method === "PATCH").map((c) => `${c.url} ${JSON.stringify(c.body)}`)).toEqual([
      '/api/users/3 {"role":"operator"}', '/api/users/2 {"disabled":true}', '/api/users/2 {"disabled":false}',
    ]);
  });
});

describe("AgentsPage admin controls", () => {
  it("revokes an agent after the confirm dialog and shows it revoked; a rotated enrolment token is shown once", async () => {
    let agents = agentsFixture.map((a) => ({ ...a, revoked_at: null as string | null }));
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/auth/me" ? { body: me } : undefined),
      ({ url }) => (url === "/api/agents" ? { body: agents } : undefined),
      ({ url }) => (url === "/api/agent-clocks" ? { body: [] } : undefined),
      ({ url, method }) => {
        if (url !== "/api/agents/2/revoke" || method !== "POST") return undefined;
        agents = agents.map((a) => (a.id === 2 ? { ...a, status: "revoked", revoked_at: "2026-11-20T10:00:00Z" } : a));
        return { body: agents[1] };
      },
      ({ url, method }) => (url === "/api/agents/enrollment-token" && method === "POST" ? { status: 201, body: { token: "enrol-NEW-123" } } : undefined),
    ]);
    renderAsAdmin(<AgentsPage />);
    const row = await screen.findByTestId("agent-row-local-b");
    fireEvent.click(within(row).getByTestId("agent-revoke"));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Revoke local-b?");
    expect(dialog).toHaveTextContent("What it has uploaded stays");
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await vi.waitFor(() => expect(within(screen.getByTestId("agent-row-local-b")).getByTestId("agent-status")).toHaveTextContent(/^revoked$/));
    expect(within(screen.getByTestId("agent-row-local-b")).getByTestId("agent-reinstate")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.url)).toEqual(["/api/agents/2/revoke"]);

    fireEvent.click(screen.getByRole("button", { name: "Rotate enrolment token" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Rotate enrolment token" }));
    const shown = await screen.findByTestId("enrollment-token");
    expect(within(shown).getByTestId("secret-value")).toHaveValue("enrol-NEW-123");
    expect(shown).toHaveTextContent("it will not be shown again");
    fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
    expect(screen.queryByDisplayValue("enrol-NEW-123")).toBeNull();
  });

  it("shows a viewer no admin controls", async () => {
    installFakeFetch([
      ({ url }) => (url === "/api/auth/me" ? { body: { id: 9, name: "vic", role: "viewer" } } : undefined),
      ({ url }) => (url === "/api/agents" ? { body: agentsFixture } : undefined),
    ]);
    renderAsAdmin(<AgentsPage />);
    await screen.findByTestId("agent-row-local-a");
    await vi.waitFor(() => expect(screen.queryByTestId("agent-revoke")).toBeNull());
    expect(screen.queryByRole("button", { name: "Rotate enrolment token" })).toBeNull();
  });
});
