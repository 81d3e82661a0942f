"""Wakes the agents' long-polls when a command may have been queued for them, so they need not poll fast.

A ring wakes this replica's waiters at once and, through PostgreSQL's NOTIFY, every other replica's: each one
LISTENs on one connection of its own (`listen`, run by main.py's lifespan) and wakes its waiters on each
notification another replica sent. Without the listener (or while the database is away) a replica still
finds commands by CommandWatch's poll, only later."""

import asyncio
import logging
import uuid

import psycopg
from fastapi.concurrency import run_in_threadpool
from sqlalchemy import text

from perflab.core.db import Database

CHANNEL = "perflab_bell"
RECONNECT_S = 1.0
log = logging.getLogger("perflab")


class Bell:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiters: set[asyncio.Future] = set()
        self._me = uuid.uuid4().hex  # our own notifications come back to us too: skip those, we woke already

    async def wait(self, timeout_s: float) -> None:
        """Return when rung or after timeout_s, whichever comes first."""
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.add(waiter)
        try:
            await asyncio.wait_for(waiter, timeout_s)
        except TimeoutError:
            pass
        finally:
            self._waiters.discard(waiter)

    def _wake(self) -> None:
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)

    async def ring(self) -> None:
        """Async on purpose: FastAPI runs it as a background task, after the request's commit."""
        self._wake()
        try:
            await run_in_threadpool(self._notify)
        except Exception:  # the other replicas find the command by their poll
            log.exception("bell: NOTIFY failed")

    def _notify(self) -> None:
        with self.db.engine.connect() as c:
            c.execute(text("SELECT pg_notify(:channel, :me)"), {"channel": CHANNEL, "me": self._me})
            c.commit()

    async def listen(self, stopping: asyncio.Event) -> None:
        """Wakes this replica's waiters when another replica rings, until stopping; reconnects after a fault."""
        conninfo = self.db.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while not stopping.is_set():
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    while not stopping.is_set():  # notifies() returns after its timeout: look at stopping
                        async for note in conn.notifies(timeout=RECONNECT_S):
                            if note.payload != self._me:
                                self._wake()
            except (psycopg.Error, OSError):
                log.warning("bell: listening connection lost; again in %g s", RECONNECT_S)
                try:
                    await asyncio.wait_for(stopping.wait(), RECONNECT_S)
                except TimeoutError:
                    pass
