// A page only some roles may use: anyone else reads which role it needs instead of a form the backend would refuse.
import type { ReactNode } from "react";
import { Empty, Panel } from "../components/States";
import type { Role } from "../api/auth";
import { useCan, useUser } from "./session";

export function RequireRole({ role, what, children }: { role: Role; what: string; children: ReactNode }) {
  const allowed = useCan(role);
  const user = useUser();
  if (allowed) return <>{children}</>;
  return (
    <div className="page">
      <h1>Not allowed</h1>
      <Panel>
        <Empty>
          <span data-testid="not-allowed">
            To {what} you need the {role} role; you are {user?.name ?? "signed out"} ({user?.role ?? "no role"}).
            Ask an admin to change your role.
          </span>
        </Empty>
      </Panel>
    </div>
  );
}
