import { NavLink, Route, Routes, useLocation } from "react-router-dom";
import { useEffect, useState } from "react";
import { AgentsPage } from "./pages/AgentsPage";
import { ComparePage } from "./pages/ComparePage";
import { LaunchPage } from "./pages/LaunchPage";
import { RunsPage } from "./pages/RunsPage";
import { RunPage } from "./pages/RunPage";
import { CompareReportPage } from "./pages/report/CompareReportPage";
import { RunReportPage } from "./pages/report/RunReportPage";
import { getHealth } from "./api/client";
import type { Health } from "./api/types";

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

export function App() {
  const loc = useLocation();
  const runsActive = loc.pathname === "/" || loc.pathname.startsWith("/runs") || loc.pathname === "/compare";
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
        <NavLink to="/launch" className={({ isActive }) => (isActive ? "navlink active" : "navlink")}>
          Launch
        </NavLink>
        <NavLink to="/agents" className={({ isActive }) => (isActive ? "navlink active" : "navlink")}>
          Agents
        </NavLink>
        <span className="spacer" />
        <HealthIndicator />
      </nav>
      <main className="content">
        <Routes>
          <Route path="/" element={<RunsPage />} />
          <Route path="/runs" element={<RunsPage />} />
          <Route path="/runs/:id" element={<RunPage />} />
          <Route path="/runs/:id/report" element={<RunReportPage />} />
          <Route path="/compare/report" element={<CompareReportPage />} />
          <Route path="/launch" element={<LaunchPage />} />
          <Route path="/agents" element={<AgentsPage />} />
          <Route path="/compare" element={<ComparePage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </main>
    </div>
  );
}
