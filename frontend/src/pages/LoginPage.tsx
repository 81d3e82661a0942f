// The login page: name and password; says why a login was refused (wrong credentials, too many attempts with
// the wait the backend asked for) and returns to the page the user was going to.
import { useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { login } from "../api/auth";
import { ApiError, errorMessage } from "../api/errors";
import { safeNext, useSession } from "../auth/session";
import { useNow } from "../hooks/usePolling";

interface Refusal {
  message: string;
  retryAt: number | null; // ms epoch before which the backend refuses another try (429)
}

function refusal(e: unknown): Refusal {
  if (e instanceof ApiError && e.status === 401) return { message: "Wrong name or password.", retryAt: null };
  if (e instanceof ApiError && e.status === 429) {
    const wait = e.retryAfterS ?? 60;
    return { message: `Refused: ${e.message}.`, retryAt: Date.now() + wait * 1000 }; // the backend names the limit
  }
  return { message: errorMessage(e), retryAt: null };
}

export function LoginPage() {
  const { state, signedIn } = useSession();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Refusal | null>(null);
  const now = useNow(1000);
  const waitS = refused?.retryAt ? Math.max(0, Math.ceil((refused.retryAt - now) / 1000)) : 0;

  if (state.status === "signed-in") return <Navigate to={next} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setRefused(null);
    try {
      const answer = await login(name.trim(), password);
      signedIn(answer.user);
      navigate(next, { replace: true });
    } catch (err) {
      setRefused(refusal(err));
      setPassword("");
    } finally {
      setBusy(false);
    }
  };

  const reason = state.status === "signed-out" ? state.reason : null;
  return (
    <div className="login-page">
      <form className="panel login-form" onSubmit={submit} aria-labelledby="login-title" data-testid="login-form">
        <h1 id="login-title">Log in to perflab</h1>
        {reason && !refused && <p className="muted small" data-testid="login-reason">{reason}</p>}
        <label className="field">
          Name
          <input type="text" name="username" autoComplete="username" value={name} required autoFocus
            onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field">
          Password
          <input type="password" name="password" autoComplete="current-password" value={password} required
            onChange={(e) => setPassword(e.target.value)} />
        </label>
        {refused && (
          <div className="field-error" role="alert" data-testid="login-error">
            {refused.message}
            {refused.retryAt !== null && (waitS > 0 ? ` Try again in ${waitS} s.` : " You may try again now.")}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy || waitS > 0 || !name.trim() || !password}>
          {busy ? "Logging in…" : "Log in"}
        </button>
        {next !== "/runs" && <p className="muted small">You will return to {next}.</p>}
      </form>
    </div>
  );
}
