"""The x-timestamp of each request: ISO 8601 UTC with milliseconds, never the same twice in a sequence.

Two identical requests signed at the same millisecond carry the same signature, and a provider
that refuses replays refuses the second. So a sequence hands out the clock's millisecond, or the
one after the last it handed out when the clock has not moved past it (a burst of calls runs
ahead of the clock by at most as many milliseconds as calls made within one).

Every client of the process that reads the system clock shares one sequence, threads and event
loops alike; a client given a clock of its own keeps a sequence of its own, so that a test's
fixed or shifted clock is read as it is and never moves the others' timestamps. Processes do not
share a sequence: several processes signing with one API key can still collide (see the docs).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from datetime import UTC, datetime


def utc_now() -> datetime:
    return datetime.now(UTC)


def _utc(moment: datetime) -> datetime:
    """A clock's reading in UTC; a naive one is read as UTC (not as the machine's local time)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


class TimestampSequence:
    """Distinct, increasing milliseconds read from a clock; safe to share between threads."""

    __slots__ = ("_clock", "_last_ms", "_lock")

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._last_ms: int | None = None

    def next_ms(self) -> int:
        now_ms = math.floor(_utc(self._clock()).timestamp() * 1000)
        with self._lock:
            ms = now_ms if self._last_ms is None or now_ms > self._last_ms else self._last_ms + 1
            self._last_ms = ms
        return ms

    def next(self) -> str:
        """The next x-timestamp, e.g. ``2026-01-01T00:00:00.007Z``."""
        ms = self.next_ms()
        moment = datetime.fromtimestamp(ms // 1000, UTC)
        return f"{moment:%Y-%m-%dT%H:%M:%S}.{ms % 1000:03d}Z"

    def __repr__(self) -> str:
        return "TimestampSequence()"


#: The sequence of every client that reads the system clock.
SYSTEM_CLOCK_SEQUENCE = TimestampSequence(utc_now)


def sequence_for(clock: Callable[[], datetime] | None) -> TimestampSequence:
    return SYSTEM_CLOCK_SEQUENCE if clock is None else TimestampSequence(clock)
