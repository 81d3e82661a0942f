"""Which long-polling agents have a command waiting: one query for all of them, not one per agent.

Each open long-poll (GET /api/agents/commands) used to take a thread and a transaction of its own every second,
and all of them at each ring of the bell: 50 agents made 50 transactions a second and 50 thread hand-overs,
which the browsers' reads queued behind. Now one loop asks PostgreSQL, once a second or when the bell rings,
which of the waiting agents have a start or a stop to take, and wakes only those; each then takes its commands
in its own transaction (jobs.pending_commands, which marks them delivered), as before."""

import asyncio
import logging

from fastapi.concurrency import run_in_threadpool
from sqlalchemy import select

from perflab.api.bell import Bell
from perflab.core.db import Database
from perflab.models import Job
from perflab.services.jobs import HAS_COMMAND

log = logging.getLogger("perflab")


def agents_with_commands(db: Database, agent_ids: list[int]) -> set[int]:
    """The agents among agent_ids that jobs.pending_commands would give a command now."""
    with db.session() as s:
        return set(s.scalars(select(Job.agent_id).distinct().where(Job.agent_id.in_(agent_ids), HAS_COMMAND)))


class CommandWatch:
    def __init__(self, db: Database, bell: Bell, interval_s: float):
        self.db, self.bell, self.interval_s = db, bell, interval_s
        self._waiting: dict[int, list[asyncio.Event]] = {}
        self._someone_waits = asyncio.Event()

    async def wait(self, agent_id: int, timeout_s: float) -> bool:
        """True as soon as the agent has a command waiting, False after timeout_s without one."""
        event = asyncio.Event()
        self._waiting.setdefault(agent_id, []).append(event)
        self._someone_waits.set()
        try:
            await asyncio.wait_for(event.wait(), timeout_s)
            return True
        except TimeoutError:
            return False
        finally:
            events = self._waiting.get(agent_id, [])
            if event in events:
                events.remove(event)
            if not events:
                self._waiting.pop(agent_id, None)

    async def run(self, stopping: asyncio.Event) -> None:
        """The loop (main.py's lifespan runs it): a check when the bell rings, at the latest every interval_s
        (commands queued by another process ring no bell here)."""
        while not stopping.is_set():
            if not self._waiting:
                self._someone_waits.clear()
                await _first(self._someone_waits.wait(), stopping.wait())
                continue
            try:
                found = await run_in_threadpool(agents_with_commands, self.db, list(self._waiting))
            except Exception:  # the database is away: the long-polls answer empty at their deadline, as before
                log.exception("command watch failed")
                found = set()
            for agent_id in found:
                for event in self._waiting.get(agent_id, []):
                    event.set()
            await _first(self.bell.wait(self.interval_s), stopping.wait())


async def _first(*waits) -> None:
    tasks = [asyncio.ensure_future(w) for w in waits]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
