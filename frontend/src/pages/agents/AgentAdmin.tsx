// The admin's controls on the Agents page: revoke or reinstate an agent, rotate the enrolment token (shown once).
import { useState } from "react";
import { reinstateAgent, revokeAgent, rotateEnrollmentToken } from "../../api/auth";
import { errorMessage } from "../../api/errors";
import type { Agent } from "../../api/types";
import { ConfirmButton } from "../../components/ConfirmDialog";
import { SecretOnce } from "../../components/SecretOnce";
import { ErrorBox, Panel } from "../../components/States";

/** Revoke (with a confirm dialog) or, once revoked, reinstate; `onChanged` refreshes the list. */
export function AgentActions({ agent, onChanged }: { agent: Agent; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
    } catch (e) {
      setError(errorMessage(e));
    }
    onChanged();
  };
  return (
    <div className="agent-actions">
      {agent.status === "revoked" ? (
        <ConfirmButton label="Reinstate" className="btn btn-small" title={`Reinstate ${agent.name}?`}
          onConfirm={() => act(() => reinstateAgent(agent.id))} testId="agent-reinstate">
          Its name may enrol again; its old agent token stays invalid, so the agent must enrol again with the enrolment token.
        </ConfirmButton>
      ) : (
        <ConfirmButton label="Revoke" title={`Revoke ${agent.name}?`} onConfirm={() => act(() => revokeAgent(agent.id))}
          testId="agent-revoke">
          Its token is refused from now on and it stops; its queued and running runs fail with the reason. What it
          has uploaded stays. It cannot enrol again until an admin reinstates it.
        </ConfirmButton>
      )}
      {error && <div className="field-error" role="alert">{error}</div>}
    </div>
  );
}

/** Rotate the lab's enrolment token: the new one is shown once, the old one is refused for new enrolments. */
export function EnrollmentTokenPanel() {
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rotate = async () => {
    setError(null);
    try {
      setToken((await rotateEnrollmentToken()).token);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Panel title="Enrolment token">
      <div className="panel-pad">
        <p className="muted small">
          New agents enrol with this token. Rotating it refuses the old one for new enrolments; agents already
          enrolled keep their own tokens.
        </p>
        {token && <SecretOnce label="New enrolment token" value={token} onDone={() => setToken(null)} testId="enrollment-token" />}
        {error && <ErrorBox title="Could not rotate the enrolment token">{error}</ErrorBox>}
        <ConfirmButton label="Rotate enrolment token" className="btn" title="Rotate the enrolment token?" onConfirm={rotate}>
          Agents that enrol later need the new token (shown once); the old one is refused from now on.
        </ConfirmButton>
      </div>
    </Panel>
  );
}
