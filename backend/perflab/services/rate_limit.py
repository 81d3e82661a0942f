"""Sliding-window counters kept in the process (each backend replica limits on its own): login attempts per
name and address, uploads per agent. A refusal says when to try again."""

import math
import threading
import time
from collections import deque


MAX_KEYS_PRUNED = 10_000  # past four times this many keys, a hit drops the expired ones


class RateLimited(Exception):
    def __init__(self, message: str, retry_after_s: float):
        super().__init__(message)
        self.retry_after_s = max(1, math.ceil(retry_after_s))


class SlidingWindow:
    """At most `limit` events per `window_s` seconds for each key."""

    def __init__(self, limit: int, window_s: float, clock=time.monotonic):
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self.window_s:
            events.popleft()
        return events

    def retry_after(self, key: str) -> float | None:
        """Seconds until `key` may act again, or None if it may now. Asking keeps nothing for a key without
        events (a stream of made-up keys must not grow the table)."""
        with self._lock:
            if key not in self._events:
                return None
            now = self.clock()
            events = self._recent(key, now)
            if not events:
                del self._events[key]
                return None
            return events[0] + self.window_s - now if len(events) >= self.limit else None

    def hit(self, key: str) -> None:
        with self._lock:
            now = self.clock()
            self._recent(key, now).append(now)
            if len(self._events) > 4 * MAX_KEYS_PRUNED:  # keys whose events have all expired go
                for k in [k for k, ev in self._events.items() if not ev or ev[-1] <= now - self.window_s]:
                    del self._events[k]

    def take(self, key: str, what: str) -> None:
        """Counts one event for `key`, or raises RateLimited naming the limit if the window is full."""
        with self._lock:
            now = self.clock()
            events = self._recent(key, now)
            if len(events) >= self.limit:
                raise RateLimited(f"{what}: at most {self.limit} per {self.window_s:g} s",
                                  events[0] + self.window_s - now)
            events.append(now)

    def clear(self, key: str) -> None:
        with self._lock:
            self._events.pop(key, None)
