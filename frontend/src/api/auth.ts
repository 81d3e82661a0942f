// Typed calls of the access-control routes (docs/protocol.md "Roles, tokens and limits"): login, who am I,
// password, one's own API tokens, users (admin), agent revocation and the enrolment token (admin).
import accessBodies from "./access-bodies.json";
import { DELETE, GET, PATCH, POST, type Schema } from "./call";

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

export type Me = Schema<"Me">;

type Field = { minLength?: number; maxLength?: number; pattern?: string; anyOf?: Field[]; maximum?: number; minimum?: number };
const bodies = accessBodies as unknown as Record<string, { properties: Record<string, Field> }>;
/** A body field's schema (an optional one's non-null branch); a missing one is a stale document, not a silent default. */
function field(body: string, name: string): Field {
  const f = bodies[body]?.properties[name];
  if (!f) throw new Error(`api/access-bodies.json has no ${body}.${name}: run make api-types`);
  return f.anyOf?.find((b) => b.maxLength !== undefined || b.maximum !== undefined) ?? f;
}

/** The backend's own limits (schemas/access.py, read from its OpenAPI document), checked before asking it. */
export const PASSWORD_MIN = field("UserCreate", "password").minLength ?? 1;
export const PASSWORD_MAX = field("UserCreate", "password").maxLength ?? Infinity;
export const TOKEN_NAME_MAX = field("ApiTokenCreate", "name").maxLength ?? Infinity;
export const TOKEN_DAYS_MAX = field("ApiTokenCreate", "expires_in_days").maximum ?? Infinity;
export const USER_NAME_MAX = field("UserCreate", "name").maxLength ?? Infinity;
export const USER_NAME = new RegExp(`${(field("UserCreate", "name").pattern ?? "^.+$").replace(/\+\$$/, "")}{1,${USER_NAME_MAX}}$`);

/** The start-up check: the user of this browser's session, or null when there is none (no redirect). */
export async function getMe(): Promise<Me | null> {
  try {
    return await GET("/api/auth/me", {}, { own401: true });
  } catch (e) {
    if ((e as { status?: number }).status === 401) return null;
    throw e;
  }
}

export const login = (name: string, password: string) => POST("/api/auth/login", { body: { name, password } }, { own401: true });

export const logout = () => POST("/api/auth/logout", {}, { own401: true });

export const changePassword = (currentPassword: string, newPassword: string) =>
  POST("/api/auth/password", { body: { current_password: currentPassword, new_password: newPassword } });

/** A password the backend would refuse for its length, said before asking it (null: fine). */
export function passwordLengthError(field: string, password: string): string | null {
  const n = [...password].length;
  return n < PASSWORD_MIN || n > PASSWORD_MAX
    ? `${field} must be ${PASSWORD_MIN}–${PASSWORD_MAX} characters (got ${n})`
    : null;
}

export type ApiToken = Schema<"ApiTokenOut">;
/** `token` is the secret: the backend keeps only its hash, so this is the one time it is seen. */
export type ApiTokenCreated = Schema<"ApiTokenCreated">;

export const listTokens = () => GET("/api/tokens");

export const createToken = (name: string, expiresInDays: number | null) =>
  POST("/api/tokens", { body: { name, expires_in_days: expiresInDays } });

export const revokeToken = (id: number) => DELETE("/api/tokens/{token_id}", { path: { token_id: id } });

export type User = Schema<"UserOut">;

export const listUsers = () => GET("/api/users");

export const createUser = (body: Schema<"UserCreate">) => POST("/api/users", { body });

export const updateUser = (id: number, patch: Schema<"UserUpdate">) => PATCH("/api/users/{user_id}", { path: { user_id: id }, body: patch });

export const revokeAgent = (id: number) => POST("/api/agents/{agent_id}/revoke", { path: { agent_id: id } });
export const reinstateAgent = (id: number) => POST("/api/agents/{agent_id}/reinstate", { path: { agent_id: id } });
export const rotateEnrollmentToken = () => POST("/api/agents/enrollment-token");
