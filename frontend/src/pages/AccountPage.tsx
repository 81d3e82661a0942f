// The Account page: who you are, your password and your API tokens.
import { useUser } from "../auth/session";
import { PasswordPanel } from "./account/PasswordPanel";
import { TokensPanel } from "./account/TokensPanel";

export function AccountPage() {
  const user = useUser();
  return (
    <div className="page account-page">
      <div className="page-header">
        <h1>Account</h1>
        {user && <span className="muted">{user.name} · role {user.role}</span>}
      </div>
      <PasswordPanel />
      <TokensPanel />
    </div>
  );
}
