// A run's notes and tags, kept with it (PATCH /api/runs/{id}): read by everyone, edited by operators; new tags may
// move the run to another series, which the page says after saving.
import { useState } from "react";
import { editRun, errorMessage } from "../../api/client";
import type { Run } from "../../api/types";
import { useCan } from "../../auth/session";
import { tagsOf } from "../launch/validation";
import "./runNotes.css";

export function RunNotes({ run, onSaved }: { run: Run; onSaved: (r: Run) => void }) {
  const canEdit = useCan("operator");
  const [editing, setEditing] = useState(false);
  const [notes, setNotes] = useState(run.notes ?? "");
  const [tags, setTags] = useState(run.tags.join(", "));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState(false);

  const start = () => {
    setNotes(run.notes ?? "");
    setTags(run.tags.join(", "));
    setError(null);
    setEditing(true);
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await editRun(run.id, { notes, tags: tagsOf(tags) });
      setMoved(saved.series_key !== run.series_key);
      onSaved({ ...run, notes: saved.notes, tags: saved.tags, series_key: saved.series_key });
      setEditing(false);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <div className="run-notes" data-testid="run-notes">
        <label className="field">
          <span className="field-label">Notes</span>
          <textarea value={notes} rows={4} onChange={(e) => setNotes(e.target.value)} placeholder="what this run was for, what changed, what it showed" />
        </label>
        <label className="field">
          <span className="field-label">Tags</span>
          <input type="text" value={tags} onChange={(e) => setTags(e.target.value)} placeholder="comma-separated" />
        </label>
        {error && <div className="field-error" role="alert" data-testid="run-notes-error">{error}</div>}
        <div className="form-actions">
          <button type="button" className="btn btn-primary btn-small" onClick={save} disabled={busy}>{busy ? "Saving…" : "Save"}</button>
          <button type="button" className="btn btn-small" onClick={() => setEditing(false)} disabled={busy}>Cancel</button>
        </div>
      </div>
    );
  }
  return (
    <div className="run-notes" data-testid="run-notes">
      <span className="run-fact-label">Notes</span>{" "}
      {run.notes ? <span className="run-notes-text" data-testid="run-notes-text">{run.notes}</span> : <span className="muted">none</span>}
      {canEdit && (
        <button type="button" className="btn btn-small run-notes-edit" onClick={start}>{run.notes || run.tags.length ? "Edit notes and tags" : "Add notes or tags"}</button>
      )}
      {moved && <span className="muted small"> · saved: the new tags put the run in another series</span>}
    </div>
  );
}
