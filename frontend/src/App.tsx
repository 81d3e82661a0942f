// The app shell: the session check, the top bar (pages by role, the user, Account, Log out) and the routes.
import { NavLink, Route, Routes, useLocation } from "react-router-dom";
import { useEffect, useState } from "react";
import { AccountPage } from "./pages/AccountPage";
import { AgentsPage } from "./pages/AgentsPage";
import { ComparePage } from "./pages/ComparePage";
import { LaunchPage } from "./pages/LaunchPage";
import { RunsPage } from "./pages/RunsPage";
import { RunPage } from "./pages/RunPage";
import { SeriesPage } from "./pages/SeriesPage";
import { TrendsPage } from "./pages/TrendsPage";
import { CompareReportPage } from "./pages/report/CompareReportPage";
import { RunReportPage } from "./pages/report/RunReportPage";
import { LoginPage } from "./pages/LoginPage";
import { UsersPage } from "./pages/UsersPage";
import { RpcVsSocketsPage } from "./pages/studies/RpcVsSocketsPage";
import { getHealth } from "./api/client";
import type { Health } from "./api/types";
import { RequireRole } from "./auth/RequireRole";
import { LOGIN_PATH, SessionProvider, useCan, useLoginRedirect, useSession } from "./auth/session";
import { ErrorBox, Loading } from "./components/States";

function HealthIndicator() {
  const [health, setHealth] = useState<Health | null>(null);
  const [down, setDown] = useState(false);
  useEffect(() => {
    let alive = true;
    const check = () =>
      getHealth()
        .then((h) => alive && (setHealth(h), setDown(false)))
        .catch(() => alive && setDown(true));
    void check();
    const t = setInterval(check, 10_000);
    return () => {
      alive = false;
      clearInterval(t);
    };
  }, []);
  if (down) return <span className="health health-down" title="GET /api/health failed">backend unreachable</span>;
  if (!health) return null;
  const ok = health.status === "ok" && health.database === "ok";
  return (
    <span className={`health ${ok ? "health-ok" : "health-down"}`} title={`database: ${health.database}`}>
      v{health.version}
    </span>
  );
}

function NotFound() {
  const loc = useLocation();
  return (
    <div className="page">
      <h1>Not found</h1>
      <p className="muted">No page at {loc.pathname}.</p>
    </div>
  );
}

const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? "navlink active" : "navlink");

/** The signed-in user's name and role, the Account page and Log out. */
function UserMenu() {
  const { user, signOut } = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;
  return (
    <span className="user-menu" data-testid="user-menu">
      <span className="user-name" title={`signed in as ${user.name}, role ${user.role}`}>
        {user.name} <span className="chip" data-testid="user-role">{user.role}</span>
      </span>
      <NavLink to="/account" className={navClass}>Account</NavLink>
      <button type="button" className="btn btn-small" disabled={leaving}
        onClick={() => { setLeaving(true); void signOut().finally(() => setLeaving(false)); }}>
        Log out
      </button>
    </span>
  );
}

function Shell() {
  const loc = useLocation();
  const canLaunch = useCan("operator");
  const isAdmin = useCan("admin");
  const runsActive = loc.pathname === "/" || loc.pathname.startsWith("/runs") || loc.pathname === "/compare" || loc.pathname.startsWith("/studies");
  return (
    <div className="app">
      <nav className="topbar">
        <NavLink to="/runs" className="brand">
          <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true">
            <rect width="16" height="16" rx="3" fill="#3d8bfd" />
            <path d="M3 11 L6 6 L9 9 L13 4" stroke="white" strokeWidth="1.6" fill="none" />
          </svg>
          perflab
        </NavLink>
        <NavLink to="/runs" className={() => (runsActive ? "navlink active" : "navlink")}>
          Runs
        </NavLink>
        <NavLink to="/series" className={navClass}>Series</NavLink>
        {canLaunch && <NavLink to="/launch" className={navClass}>Launch</NavLink>}
        <NavLink to="/agents" className={navClass}>Agents</NavLink>
        {isAdmin && <NavLink to="/users" className={navClass}>Users</NavLink>}
        <span className="spacer" />
        <HealthIndicator />
        <UserMenu />
      </nav>
      <main className="content">
        <Routes>
          <Route path="/" element={<RunsPage />} />
          <Route path="/runs" element={<RunsPage />} />
          <Route path="/runs/:id" element={<RunPage />} />
          <Route path="/runs/:id/report" element={<RunReportPage />} />
          <Route path="/compare/report" element={<CompareReportPage />} />
          <Route path="/launch" element={<RequireRole role="operator" what="launch runs"><LaunchPage /></RequireRole>} />
          <Route path="/agents" element={<AgentsPage />} />
          <Route path="/compare" element={<ComparePage />} />
          <Route path="/series" element={<SeriesPage />} />
          <Route path="/series/:key" element={<TrendsPage />} />
          <Route path="/studies/rpc-vs-sockets" element={<RpcVsSocketsPage />} />
          <Route path="/account" element={<AccountPage />} />
          <Route path="/users" element={<RequireRole role="admin" what="manage users"><UsersPage /></RequireRole>} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </div>
  );
}

/** The login page alone, or, once the backend knows who this is, the app. */
function Gate() {
  const { state, retry } = useSession();
  const loc = useLocation();
  useLoginRedirect(state);
  if (loc.pathname === LOGIN_PATH) return <LoginPage />;
  if (state.status === "checking") return <Loading label="Checking your session…" />;
  if (state.status === "error") {
    return (
      <div className="page">
        <ErrorBox title="Could not ask the backend who you are" onRetry={retry}>{state.message}</ErrorBox>
      </div>
    );
  }
  if (state.status === "signed-out") return <Loading label="Opening the login page…" />;
  return <Shell />;
}

export function App() {
  return (
    <SessionProvider>
      <Gate />
    </SessionProvider>
  );
}
