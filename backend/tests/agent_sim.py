"""Drives the agent protocol over HTTP the way perflab-agent does, for API tests (the C agent itself is
exercised against a live server in test_agent_integration.py)."""

import numpy as np

from perflab.services.batch_format import CALL_DTYPE, STEP_DTYPE, encode

from conftest import ENROLLMENT_TOKEN


class SimAgent:
    def __init__(self, client, name: str, restart_of: "SimAgent | None" = None):
        """restart_of: the same agent before a restart (it presents the token it kept, as the daemon does)."""
        self.client, self.name = client, name
        r = client.post("/api/agents/enroll", json={
            "enrollment_token": ENROLLMENT_TOKEN, "name": name, "host": "testhost", "address": "127.0.0.1",
            "version": "0.1.0", "clock_id": 1, "capabilities": {"transports": ["tcp"]},
            "previous_token": restart_of.token if restart_of else None})
        assert r.status_code == 201, r.text
        self.id, self.token = r.json()["agent_id"], r.json()["token"]
        self.headers = {"Authorization": f"Bearer {self.token}"}

    def commands(self, wait_s: float = 0) -> list[dict]:
        r = self.client.get(f"/api/agents/commands?wait_s={wait_s}", headers=self.headers)
        assert r.status_code == 200, r.text
        return r.json()["commands"]

    def status(self, job_id: int, state: str, **extra):
        return self.client.post(f"/api/agents/jobs/{job_id}/status", json={"state": state, **extra},
                                headers=self.headers)

    def upload(self, job_id: int, body: bytes):
        return self.client.post(f"/api/agents/jobs/{job_id}/batches", content=body,
                                headers={**self.headers, "Content-Type": "application/octet-stream"})


def make_calls(call_nos, rtts, warmup: int = 0, size: int = 64) -> np.ndarray:
    calls = np.zeros(len(call_nos), dtype=CALL_DTYPE)
    calls["call_no"] = call_nos
    calls["flags"] = [(1 if n < warmup else 0) | (2 if n == 0 else 0) for n in call_nos]
    calls["start_ns"] = np.asarray(call_nos, dtype=np.int64) * 1_000_000
    calls["end_ns"] = calls["start_ns"] + np.asarray(rtts, dtype=np.int64)
    calls["request_bytes"] = size
    calls["response_bytes"] = size
    return calls


def make_steps(calls: np.ndarray, code: int, fraction: float) -> np.ndarray:
    steps = np.zeros(len(calls), dtype=STEP_DTYPE)
    steps["call_no"] = calls["call_no"]
    steps["code"] = code
    steps["start_ns"] = calls["start_ns"]
    steps["end_ns"] = calls["start_ns"] + ((calls["end_ns"] - calls["start_ns"]) * fraction).astype(np.int64)
    return steps


def batch(job_id, seq, calls, steps=None, last=False) -> bytes:
    return encode(job_id, seq, calls, steps if steps is not None else np.zeros(0, dtype=STEP_DTYPE), last=last)


def upload_calls(a, b, client_job, server_job, calls, send_fraction: float = 0.5) -> None:
    """calls as both agents upload them at the end of a run: the client job's one batch, its c.send a
    send_fraction of each call, and the server job's, its s.recv a tenth of each call (its jobs stay running)."""
    a.status(client_job, "running")
    r = a.upload(client_job, batch(client_job, 0, calls, make_steps(calls, 1, send_fraction), last=True))
    assert r.status_code == 200, r.text
    r = b.upload(server_job, batch(server_job, 0, calls[:0], make_steps(calls, 102, 0.1), last=True))
    assert r.status_code == 200, r.text
