"""Live pages: each event's public pages learn within a second that the event changed.

``GET /events/{id}/live`` is a stream of server-sent events: the event's version at once,
then each new version. A page (``static/live.js``) compares it with the version it was
rendered from and fetches itself again when they differ; without JavaScript nothing of this
is used and the pages read as before.

The stream costs the store nothing per phone: one :class:`LiveHub` per application keeps one
watcher per event with connections, which reads the event's version (one small query, as a
page's revalidation does) every half second and wakes every connection of that event. The
version is the store's, so a change made by another app server on the same database, or by
the command line, is seen the same way as one made here. A watcher stops with the last
connection of its event; each event takes a limited number of connections (503 beyond).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from fastapi import APIRouter, HTTPException, Request
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.background import BackgroundTask

from fairpair.storage import UnknownEventError

__all__ = ["LiveHub", "Subscription", "TooManyWatchers", "router"]

log = logging.getLogger("fairpair.web.live")

POLL_SECONDS = 0.5
"""How often a watcher reads its event's version: a change reaches the phones within about
this long, plus the time to fetch the page."""


class TooManyWatchers(Exception):
    """The event already has as many live connections as this process takes."""


@dataclass(slots=True, eq=False)
class Subscription:
    """One connection's view of its event: the latest version the watcher has seen."""

    event_id: int
    version: int
    _woken: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _closed: bool = False

    async def next_version(self) -> int | None:
        """The event's next version, when it changes; None when the hub stops (the server is
        shutting down)."""
        await self._woken.wait()
        self._woken.clear()
        return None if self._closed else self.version

    def _tell(self, version: int) -> None:
        self.version = version
        self._woken.set()

    def _end(self) -> None:
        self._closed = True
        self._woken.set()


@dataclass(slots=True, eq=False)
class _Watch:
    """The watcher of one event and the connections it wakes."""

    version: int
    subscribers: set[Subscription] = field(default_factory=set)
    task: asyncio.Task[None] | None = None


class LiveHub:
    """One watcher per watched event, fanning each new version out to its connections.

    ``version_of(event_id)`` reads the event's version from the store (it runs in a worker
    thread and may raise :class:`UnknownEventError`). All other methods run on the server's
    event loop, except :meth:`stop`.
    """

    def __init__(
        self,
        version_of: Callable[[int], int],
        *,
        poll_seconds: float = POLL_SECONDS,
        per_event: int,
    ) -> None:
        self._version_of = version_of
        self.poll_seconds = poll_seconds
        self.per_event = per_event
        self._watches: dict[int, _Watch] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped = False
        self._lock = threading.Lock()

    def watched(self) -> dict[int, int]:
        """Open connections by event (only events that have some)."""
        return {i: len(w.subscribers) for i, w in self._watches.items()}

    async def subscribe(self, event_id: int) -> Subscription:
        """A new connection to ``event_id``: raises :class:`UnknownEventError` for no such
        event and :class:`TooManyWatchers` when the event is full. Give it back with
        :meth:`unsubscribe`."""
        self._loop = asyncio.get_running_loop()
        watch = self._watches.get(event_id)
        if watch is None:
            version = await asyncio.to_thread(self._version_of, event_id)
            watch = self._watches.get(event_id)  # another connection may have started it
            if watch is None:
                watch = self._watches[event_id] = _Watch(version)
                watch.task = asyncio.create_task(
                    self._watch(event_id, watch), name=f"live watcher of event {event_id}"
                )
        if len(watch.subscribers) >= self.per_event:
            raise TooManyWatchers(event_id)
        subscription = Subscription(event_id, watch.version)
        if self._stopped:
            subscription._end()
        watch.subscribers.add(subscription)
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        """Forget a connection (twice does no harm); the last one of its event stops the
        event's watcher."""
        watch = self._watches.get(subscription.event_id)
        if watch is None or subscription not in watch.subscribers:
            return
        watch.subscribers.discard(subscription)
        if not watch.subscribers:
            del self._watches[subscription.event_id]
            if watch.task is not None:
                watch.task.cancel()

    async def _watch(self, event_id: int, watch: _Watch) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            try:
                version = await asyncio.to_thread(self._version_of, event_id)
            except Exception:
                # The database away for a moment: the phones keep their page and the
                # watcher tries again at the next tick.
                log.warning("live watcher of event %d could not read its version", event_id)
                continue
            if version != watch.version:
                watch.version = version
                for subscription in watch.subscribers:
                    subscription._tell(version)

    def stop(self) -> None:
        """End every connection (from any thread): the server is shutting down, and a
        browser would keep its stream open for ever."""
        with self._lock:
            self._stopped = True
            loop = self._loop
        if loop is None or loop.is_closed():
            return

        def end_all() -> None:
            for watch in self._watches.values():
                for subscription in watch.subscribers:
                    subscription._end()

        loop.call_soon_threadsafe(end_all)


router = APIRouter()


def hub_of(request: Request) -> LiveHub:
    """The application's hub."""
    hub: LiveHub = request.app.state.live
    return hub


@router.get("/events/{event_id:int}/live", response_class=EventSourceResponse)
async def live(request: Request, event_id: int) -> EventSourceResponse:
    """The event's version now, then each new version, as server-sent events named
    ``version``; a comment every 15 s keeps proxies from closing a quiet stream."""
    hub = hub_of(request)
    try:
        subscription = await hub.subscribe(event_id)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None
    except TooManyWatchers:
        raise HTTPException(
            503,
            f"Event {event_id} has as many live pages open as this server takes; "
            "its pages still work: reload them to see changes.",
            headers={"Retry-After": "60"},
        ) from None

    async def versions() -> AsyncIterator[ServerSentEvent]:
        try:
            version: int | None = subscription.version
            while version is not None:
                yield ServerSentEvent(data=str(version), event="version")
                version = await subscription.next_version()
        finally:
            hub.unsubscribe(subscription)

    return EventSourceResponse(
        versions(),
        ping=15,
        headers={"Cache-Control": "no-store"},
        # Also when the stream never started (the client left at once).
        background=BackgroundTask(hub.unsubscribe, subscription),
    )
