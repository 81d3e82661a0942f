// Typed calls of the access-control routes (docs/protocol.md "Roles, tokens and limits"): login, who am I,
// password, one's own API tokens, users (admin), agent revocation and the enrolment token (admin).
import { requestJson } from "./http";
import type { Agent } from "./types";

export type Role = "viewer" | "operator" | "admin";
export const ROLES: Role[] = ["viewer", "operator", "admin"];

/** What each role may do, said where a role is picked. */
export const ROLE_WORDS: Record<Role, string> = {
  viewer: "browse, compare, export",
  operator: "also launch and cancel runs",
  admin: "also agents, enrolment token, users",
};

/** viewer < operator < admin: does `role` include what `needed` may do? */
export function hasRole(role: Role | null | undefined, needed: Role): boolean {
  return !!role && ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

export interface Me {
  id: number;
  name: string;
  role: Role;
}

/** The backend's own limits (schemas/access.py), checked before asking it. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;
export const TOKEN_NAME_MAX = 64;
export const TOKEN_DAYS_MAX = 3650;
export const USER_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** The start-up check: the user of this browser's session, or null when there is none (no redirect). */
export async function getMe(): Promise<Me | null> {
  try {
    return await requestJson<Me>("/api/auth/me", {}, { own401: true });
  } catch (e) {
    if ((e as { status?: number }).status === 401) return null;
    throw e;
  }
}

export function login(name: string, password: string): Promise<{ user: Me; csrf_token: string }> {
  return requestJson("/api/auth/login", { method: "POST", body: JSON.stringify({ name, password }) }, { own401: true });
}

export function logout(): Promise<null> {
  return requestJson("/api/auth/logout", { method: "POST" }, { own401: true });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<null> {
  return requestJson("/api/auth/password", {
    method: "POST",
    body: JSON.stringify({ current_password: currentPassword, new_password: newPassword }),
  });
}

/** A password the backend would refuse for its length, said before asking it (null: fine). */
export function passwordLengthError(field: string, password: string): string | null {
  const n = [...password].length;
  return n < PASSWORD_MIN || n > PASSWORD_MAX
    ? `${field} must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters (got ${n})`
    : null;
}

export interface ApiToken {
  id: number;
  name: string;
  prefix: string;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiTokenCreated extends ApiToken {
  /** the secret: the backend keeps only its hash, so this is the one time it is seen */
  token: string;
}

export const listTokens = () => requestJson<ApiToken[]>("/api/tokens");

export function createToken(name: string, expiresInDays: number | null): Promise<ApiTokenCreated> {
  return requestJson("/api/tokens", { method: "POST", body: JSON.stringify({ name, expires_in_days: expiresInDays }) });
}

export const revokeToken = (id: number) => requestJson<null>(`/api/tokens/${id}`, { method: "DELETE" });

export interface User {
  id: number;
  name: string;
  role: Role;
  created_at: string;
  disabled: boolean;
}

export const listUsers = () => requestJson<User[]>("/api/users");

export function createUser(body: { name: string; password: string; role: Role }): Promise<User> {
  return requestJson("/api/users", { method: "POST", body: JSON.stringify(body) });
}

export function updateUser(id: number, patch: { role?: Role; disabled?: boolean; password?: string }): Promise<User> {
  return requestJson(`/api/users/${id}`, { method: "PATCH", body: JSON.stringify(patch) });
}

export const revokeAgent = (id: number) => requestJson<Agent>(`/api/agents/${id}/revoke`, { method: "POST" });
export const reinstateAgent = (id: number) => requestJson<Agent>(`/api/agents/${id}/reinstate`, { method: "POST" });
export const rotateEnrollmentToken = () =>
  requestJson<{ token: string }>("/api/agents/enrollment-token", { method: "POST" });
