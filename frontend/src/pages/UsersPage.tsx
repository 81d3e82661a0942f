// The Users page (admin): every user with role and state; change a role, disable or enable, create one.
import { useState } from "react";
import { ROLES, listUsers, updateUser, type Role, type User } from "../api/auth";
import { errorMessage } from "../api/errors";
import { useUser } from "../auth/session";
import { DataTable } from "../components/DataTable";
import { Empty, ErrorBox, Loading, Panel } from "../components/States";
import { formatDateTime } from "../format";
import { usePolling } from "../hooks/usePolling";
import { NewUserForm } from "./users/NewUserForm";

const COLUMNS = ["Name", "Role", "Created", "State", ""].map((label) => ({ label }));

export function UsersPage() {
  const { data, error, loading, refresh } = usePolling(listUsers, 0);
  const me = useUser();
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const change = async (u: User, patch: { role?: Role; disabled?: boolean }) => {
    setActionError(null);
    setBusy(u.id);
    try {
      await updateUser(u.id, patch);
    } catch (e) {
      setActionError(`${u.name}: ${errorMessage(e)}`);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const users = data ?? [];
  return (
    <div className="page">
      <div className="page-header">
        <h1>Users</h1>
        <span className="muted">{data ? `${users.filter((u) => !u.disabled).length} active · ${users.filter((u) => u.disabled).length} disabled` : ""}</span>
      </div>
      {error && <ErrorBox title="Could not load users" onRetry={refresh}>{error}</ErrorBox>}
      {actionError && <ErrorBox title="Change refused">{actionError}</ErrorBox>}
      <Panel>
        {loading && !data ? (
          <Loading label="Loading users…" />
        ) : users.length === 0 ? (
          <Empty>No users.</Empty>
        ) : (
          <DataTable testId="users-table" columns={COLUMNS}>
            {users.map((u) => {
              const self = me?.id === u.id; // the backend refuses to demote or disable oneself (409)
              return (
                <tr key={u.id} data-testid={`user-row-${u.name}`} className={u.disabled ? "is-disabled" : ""}>
                  <td className="strong">{u.name}{self && <span className="muted small"> (you)</span>}</td>
                  <td>
                    <select aria-label={`role of ${u.name}`} value={u.role} disabled={self || busy === u.id}
                      title={self ? "you cannot change your own role" : undefined}
                      onChange={(e) => void change(u, { role: e.target.value as Role })}>
                      {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
                    </select>
                  </td>
                  <td className="nowrap">{formatDateTime(u.created_at)}</td>
                  <td data-testid="user-state">{u.disabled ? "disabled" : "active"}</td>
                  <td>
                    <button type="button" className="btn btn-small" disabled={self || busy === u.id}
                      title={self ? "you cannot disable yourself" : undefined}
                      onClick={() => void change(u, { disabled: !u.disabled })}>
                      {u.disabled ? "Enable" : "Disable"}
                    </button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </Panel>
      <NewUserForm onCreated={refresh} />
    </div>
  );
}
