// The Account page: password errors by field, API tokens listed, a new token shown once, revoking one.
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { AccountPage } from "./AccountPage";
import { installFakeFetch, type FakeCall } from "../test/fakeApi";
import { tokenFormErrors, tokenState } from "./account/TokensPanel";

const renderPage = () =>
  render(<MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}><AccountPage /></MemoryRouter>);

const token = (over: Record<string, unknown>) => ({
  id: 1, name: "ci", prefix: "plt_AbCd", created_at: "2026-11-01T10:00:00Z", expires_at: null, last_used_at: null,
  revoked_at: null, ...over,
});

describe("password", () => {
  it("checks the new password's length before asking, and puts a wrong current password under its field", async () => {
    const { calls } = installFakeFetch([
      ({ url }) => (url === "/api/tokens" ? { body: [] } : undefined),
      ({ url, body }) => url === "/api/auth/password"
        ? ((body as { current_password: string }).current_password === "old-password-1"
          ? { status: 204, body: null } : { status: 403, body: { detail: "current_password is wrong" } })
        : undefined,
    ]);
    renderPage();
    const form = screen.getByTestId("password-form");
    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "nope" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "short" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByTestId("error-new-password")).toHaveTextContent("new_password must be 12–200 characters (got 5)");
    expect(calls.some((c) => c.url === "/api/auth/password")).toBe(false);

    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "a-long-new-password" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByTestId("error-current-password")).toHaveTextContent("current_password is wrong");
    expect(within(form).queryByTestId("error-new-password")).toBeNull();

    fireEvent.change(within(form).getByLabelText("Current password"), { target: { value: "old-password-1" } });
    fireEvent.change(within(form).getByLabelText("New password"), { target: { value: "a-long-new-password" } });
    fireEvent.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByRole("status")).toHaveTextContent("Password changed.");
    expect(calls.filter((c) => c.url === "/api/auth/password").at(-1)!.body).toEqual(
      { current_password: "old-password-1", new_password: "a-long-new-password" });
  });
});

describe("API tokens", () => {
  it("creates a token shown once with a copy button and a warning; Done forgets it; the list shows its prefix", async () => {
    let tokens = [token({ id: 1, name: "old", revoked_at: "2026-11-02T10:00:00Z" })];
    const { calls } = installFakeFetch([
      ({ url, method }) => (url === "/api/tokens" && method === "GET" ? { body: tokens } : undefined),
      ({ url, method, body }: FakeCall) => {
        if (url !== "/api/tokens" || method !== "POST") return undefined;
        const made = token({ id: 2, name: (body as { name: string }).name, prefix: "plt_Zx9q" });
        tokens = [...tokens, made];
        return { status: 201, body: { ...made, token: "plt_Zx9qSECRETsecret" } };
      },
    ]);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    renderPage();
    const form = await screen.findByTestId("token-form");
    fireEvent.change(within(form).getByLabelText("Expires after (days)"), { target: { value: "4000" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create token" }));
    expect(within(form).getByTestId("error-token-name")).toHaveTextContent("name must be 1–64 characters (got 0)");
    expect(within(form).getByTestId("error-token-days")).toHaveTextContent("expires_in_days must be a whole number of days, 1–3650");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "nightly" } });
    fireEvent.change(within(form).getByLabelText("Expires after (days)"), { target: { value: "30" } });
    fireEvent.click(within(form).getByRole("button", { name: "Create token" }));
    const shown = await screen.findByTestId("token-created");
    expect(within(shown).getByTestId("secret-value")).toHaveValue("plt_Zx9qSECRETsecret");
    expect(within(shown).getByTestId("secret-warning")).toHaveTextContent("it will not be shown again");
    fireEvent.click(within(shown).getByRole("button", { name: "Copy" }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith("plt_Zx9qSECRETsecret"));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ name: "nightly", expires_in_days: 30 });

    const row = await screen.findByTestId("token-row-nightly");
    expect(row).toHaveTextContent("plt_Zx9q…");
    expect(row).not.toHaveTextContent("SECRET"); // the list never has the secret
    fireEvent.click(within(shown).getByRole("button", { name: "Done" }));
    expect(screen.queryByTestId("token-created")).toBeNull();
    expect(document.body.textContent).not.toContain("plt_Zx9qSECRETsecret");
    // a revoked token has no Revoke button; an active one has
    expect(within(screen.getByTestId("token-row-old")).queryByRole("button", { name: "Revoke" })).toBeNull();
    expect(within(row).getByRole("button", { name: "Revoke" })).toBeInTheDocument();
  });

  it("revokes after the confirm dialog, not before", async () => {
    let revoked: string | null = null;
    const { calls } = installFakeFetch([
      ({ url, method }) => (url === "/api/tokens" && method === "GET" ? { body: [token({ id: 5, name: "ci", revoked_at: revoked })] } : undefined),
      ({ url, method }) => (url === "/api/tokens/5" && method === "DELETE" ? ((revoked = "2026-11-20T10:00:00Z"), { status: 204, body: null }) : undefined),
    ]);
    renderPage();
    const row = await screen.findByTestId("token-row-ci");
    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent("Revoke the token “ci”?");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep" }));
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(within(row).getByRole("button", { name: "Revoke" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Revoke" }));
    await vi.waitFor(() => expect(within(screen.getByTestId("token-row-ci")).queryByRole("button", { name: "Revoke" })).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/api/tokens/5"]);
    expect(screen.getByTestId("token-row-ci").querySelector("[data-testid=token-revoked]")!.textContent).not.toBe("—");
  });

  it("names a token's state and the form's errors", () => {
    const now = Date.parse("2026-11-20T00:00:00Z");
    expect(tokenState(token({ expires_at: "2026-11-19T00:00:00Z" }), now)).toBe("expired");
    expect(tokenState(token({ expires_at: "2026-11-21T00:00:00Z" }), now)).toBe("active");
    expect(tokenState(token({ revoked_at: "2026-11-01T00:00:00Z" }), now)).toBe("revoked");
    expect(tokenFormErrors("x".repeat(65), "")).toEqual({ name: "name must be 1–64 characters (got 65)" });
    expect(tokenFormErrors("ci", "1.5").expires_in_days).toMatch(/got 1.5/);
    expect(tokenFormErrors("ci", "3650")).toEqual({});
  });
});
