"""Sliding-window limits shared by every backend replica: login attempts per name and address, uploads per agent.
Each counted event is a row of `rate_hits` (models/shared_state.py), so a second replica does not double a limit.
A refusal says when to try again."""

import math
import time

from sqlalchemy import text

from perflab.core.db import Database

PRUNE_EVERY_S = 60.0  # how often one limiter drops its keys' expired events (a key's own go whenever it is counted)


class RateLimited(Exception):
    def __init__(self, message: str, retry_after_s: float):
        super().__init__(message)
        self.retry_after_s = max(1, math.ceil(retry_after_s))


class SlidingWindow:
    """At most `limit` events per `window_s` seconds for each key. `name` keeps limiters' keys apart in the
    table; `clock` is wall-clock seconds, the one clock replicas on different hosts share."""

    def __init__(self, db: Database, name: str, limit: int, window_s: float, clock=time.time):
        self.db, self.name, self.limit, self.window_s, self.clock = db, name, limit, window_s, clock
        self._pruned_at = -math.inf

    def _key(self, key: str) -> str:
        return f"{self.name}:{key}"[:300]

    def _window(self, s, key: str, now: float) -> tuple[int, float | None]:
        """The key's count of events in the window ending now, and the oldest of them."""
        return tuple(s.execute(text("SELECT count(*), min(at) FROM rate_hits WHERE key = :k AND at > :t"),
                               {"k": key, "t": now - self.window_s}).one())

    def retry_after(self, key: str) -> float | None:
        """Seconds until `key` may act again, or None if it may now. Asking writes nothing (a stream of made-up
        keys must not grow the table)."""
        now = self.clock()
        with self.db.session() as s:
            count, oldest = self._window(s, self._key(key), now)
        return oldest + self.window_s - now if count >= self.limit else None

    def hit(self, key: str) -> None:
        self._count(key, None)

    def take(self, key: str, what: str) -> None:
        """Counts one event for `key`, or raises RateLimited naming the limit if the window is full."""
        self._count(key, what)

    def _count(self, key: str, refuse_as: str | None) -> None:
        now, k = self.clock(), self._key(key)
        with self.db.session() as s:
            # one key's check and count at a time across replicas (a lock for this transaction only)
            s.execute(text("SELECT pg_advisory_xact_lock(hashtextextended(:k, 0))"), {"k": k})
            s.execute(text("DELETE FROM rate_hits WHERE key = :k AND at <= :t"), {"k": k, "t": now - self.window_s})
            count, oldest = self._window(s, k, now)
            if refuse_as is not None and count >= self.limit:  # (the transaction rolls back: nothing counted)
                raise RateLimited(f"{refuse_as}: at most {self.limit} per {self.window_s:g} s",
                                  oldest + self.window_s - now)
            s.execute(text("INSERT INTO rate_hits (key, at) VALUES (:k, :t)"), {"k": k, "t": now})
            if now - self._pruned_at > PRUNE_EVERY_S:  # keys never counted again lose their events too
                self._pruned_at = now
                s.execute(text("DELETE FROM rate_hits WHERE key LIKE :p AND at <= :t"),
                          {"p": self.name.replace("%", r"\%").replace("_", r"\_") + ":%", "t": now - self.window_s})

    def clear(self, key: str) -> None:
        with self.db.session() as s:
            s.execute(text("DELETE FROM rate_hits WHERE key = :k"), {"k": self._key(key)})
