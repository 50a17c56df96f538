"""The events read most recently, at their latest version, kept in this process.

An event at a given version is one value: its snapshot, its settings, and what is computed
from them (the standings, the crosstable) never change. So the service keeps, for each store,
the latest version it read or wrote of a bounded number of events, and asks the store only
for the version (one small query) before using one: another process that changed the event
moved the version, and the event is read again. What is computed from an event is kept on the
event itself (:meth:`fairpair.service.events.Event.memo`), so a new version never shows what
was computed for an older one.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, Protocol, TypeVar

__all__ = ["DEFAULT_SIZE", "LatestVersions"]

DEFAULT_SIZE = 32
"""Events kept per store: the most recently used first to go when one more is read."""


class Versioned(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def version(self) -> int: ...


V = TypeVar("V", bound=Versioned)


class LatestVersions(Generic[V]):
    """The latest version known of up to ``size`` events, the least recently used dropped
    first. Safe for the threads of one web server."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError(f"keep at least one event, not {size}")
        self.size = size
        self._events: OrderedDict[int, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, event_id: int, version: int) -> V | None:
        """The event at exactly ``version``, if it is kept."""
        with self._lock:
            event = self._events.get(event_id)
            if event is None or event.version != version:
                return None
            self._events.move_to_end(event_id)
            return event

    def latest(self, event_id: int) -> V | None:
        """The event at whichever version is kept."""
        with self._lock:
            return self._events.get(event_id)

    def put(self, event: V) -> None:
        """Keep ``event`` unless a later version of it is kept already (a slower thread may
        finish reading an older version after a faster one has read a newer)."""
        with self._lock:
            kept = self._events.get(event.id)
            if kept is not None and kept.version > event.version:
                return
            self._events[event.id] = event
            self._events.move_to_end(event.id)
            while len(self._events) > self.size:
                self._events.popitem(last=False)

    def forget(self, event_id: int) -> None:
        with self._lock:
            self._events.pop(event_id, None)

    def __len__(self) -> int:
        return len(self._events)
