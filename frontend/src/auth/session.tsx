// Who is signed in, for the whole UI: asks GET /api/auth/me at start, hears every 401 (api/http.ts) and then
// shows the login page with where the user was going kept in ?next=, and signs out.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { getMe, hasRole, logout, type Me, type Role } from "../api/auth";
import { errorMessage } from "../api/errors";
import { onUnauthorized } from "../api/http";

export type SessionState =
  | { status: "checking" }
  // reason: why a page was left (a 401's detail); keepPage: come back to it after login (not after Log out)
  | { status: "signed-out"; reason: string | null; keepPage: boolean }
  | { status: "signed-in"; user: Me }
  | { status: "error"; message: string }; // the start-up check got no answer

export interface SessionValue {
  state: SessionState;
  user: Me | null;
  signedIn: (user: Me) => void;
  signOut: () => Promise<void>;
  retry: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export const LOGIN_PATH = "/login";

/** Where to send a signed-out user: the login page, remembering the page they were on. */
export function loginPathFor(pathname: string, search: string): string {
  const here = pathname + search;
  return here === "/" || pathname === LOGIN_PATH ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(here)}`;
}

/** The page to return to after login: only a path of this site (never "//host" or a full URL). */
export function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith(LOGIN_PATH) ? next : "/runs";
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: "checking" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    getMe()
      .then((me) => alive && setState(me ? { status: "signed-in", user: me } : { status: "signed-out", reason: null, keepPage: true }))
      .catch((e) => alive && setState({ status: "error", message: errorMessage(e) }));
    return () => {
      alive = false;
    };
  }, [attempt]);

  // any request answered 401 (session ended, user disabled): back to the login page
  useEffect(() => onUnauthorized((detail) => setState({ status: "signed-out", reason: detail, keepPage: true })), []);

  const signedIn = useCallback((user: Me) => setState({ status: "signed-in", user }), []);
  const signOut = useCallback(async () => {
    try {
      await logout();
    } finally {
      // the cookies may already be gone (a 401): either way this browser is signed out
      setState({ status: "signed-out", reason: null, keepPage: false });
    }
  }, []);
  const retry = useCallback(() => {
    setState({ status: "checking" });
    setAttempt((n) => n + 1);
  }, []);

  const value = useMemo<SessionValue>(() => ({
    state,
    user: state.status === "signed-in" ? state.user : null,
    signedIn,
    signOut,
    retry,
  }), [state, signedIn, signOut, retry]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const s = useContext(SessionContext);
  if (!s) throw new Error("useSession outside a SessionProvider");
  return s;
}

/** The signed-in user, or null (signed out, or no SessionProvider). */
export function useUser(): Me | null {
  return useContext(SessionContext)?.user ?? null;
}

/** May the signed-in user do what `needed` may? Outside a SessionProvider (a page rendered alone, as in unit
 * tests) nothing is hidden: the backend decides in any case, the UI only leaves out what would be refused. */
export function useCan(needed: Role): boolean {
  const s = useContext(SessionContext);
  return s === null || hasRole(s.user?.role, needed);
}

/** Sends a signed-out visitor of any page but the login page to it (remembering the page). */
export function useLoginRedirect(state: SessionState): void {
  const loc = useLocation();
  const navigate = useNavigate();
  const keepPage = state.status === "signed-out" && state.keepPage;
  useEffect(() => {
    if (state.status === "signed-out" && loc.pathname !== LOGIN_PATH) {
      navigate(keepPage ? loginPathFor(loc.pathname, loc.search) : LOGIN_PATH, { replace: keepPage });
    }
  }, [state.status, keepPage, loc.pathname, loc.search, navigate]);
}
