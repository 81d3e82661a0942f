"""Sliding-window counters kept in the process (each backend replica limits on its own): login attempts per
name and address, uploads per agent. A refusal says when to try again."""

import math
import threading
import time
from collections import deque


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
        """Seconds until `key` may act again, or None if it may now."""
        with self._lock:
            now = self.clock()
            events = self._recent(key, now)
            return events[0] + self.window_s - now if len(events) >= self.limit else None

    def hit(self, key: str) -> None:
        with self._lock:
            self._recent(key, self.clock()).append(self.clock())

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
