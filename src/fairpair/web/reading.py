"""What the public pages and the read API share: loading an event for a read, and HTTP caching.

Reads are revalidated on every request (``Cache-Control: public, no-cache``) with an ETag made
of the event's version: a phone that already has the page gets an empty ``304`` until a
result, a pairing or a correction changes the event.

Each version of an event is rendered once per page in a process, and the requests asking for
a page being rendered wait for that one rendering. A large event (a page costing 50 ms or
more) is not made to wait at all after a change: its pages keep showing the version they
showed, for at most ``WebConfig.previous_version_seconds``, while one thread prepares the new
version; the rule is in :func:`_ready`.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar, cast

from fastapi import HTTPException, Request
from fastapi.responses import Response
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from fairpair import __version__
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.cache import DEFAULT_SIZE
from fairpair.storage import EventInfo, EventStore, UnknownEventError
from fairpair.web.deps import desk_for, store_of

__all__ = [
    "CACHE_CONTROL",
    "PublicGZip",
    "conditional",
    "event_or_404",
    "events_tag",
    "paired_rounds",
    "respond",
    "version_memo",
]

T = TypeVar("T")

CACHE_CONTROL = "public, no-cache"
"""Shared caches may keep a page, but ask each time whether it is still current."""


def event_or_404(request: Request, event_id: int) -> ev.Event:
    """The event, or the 404 page (a JSON 404 under ``/api``)."""
    try:
        return ev.load(desk_for(request), event_id)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None


def paired_rounds(request: Request, event_id: int) -> int:
    """How many rounds the event (individual, team or Double-Swiss) has paired; 404 for no
    event."""
    try:
        info = store_of(request).event(event_id)
        if te.is_team_event(info):
            return len(te.load_team(desk_for(request), event_id).tournament.rounds)
        if de.is_double_event(info):
            return len(de.load_double(desk_for(request), event_id).tournament.rounds)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None
    return len(event_or_404(request, event_id).tournament.rounds)


def _etag(tag: str) -> str:
    return f'W/"{__version__}-{tag}"'


def _client_holds(request: Request, tag: str) -> bool:
    """Whether the request names ``tag`` in ``If-None-Match`` (the browser holds that page)."""
    sent = request.headers.get("if-none-match", "")
    return _etag(tag) in (t.strip() for t in sent.split(","))


def conditional(request: Request, tag: str, render: Callable[[], Response]) -> Response:
    """``render()`` with the cache headers, or an empty 304 if the client has ``tag``."""
    headers = {"ETag": _etag(tag), "Cache-Control": CACHE_CONTROL}
    if _client_holds(request, tag):
        return Response(status_code=304, headers=headers)
    response = render()
    response.headers.update(headers)
    return response


def respond(
    request: Request,
    event_id: int,
    render: Callable[[ev.Event], Response] | None,
    team: Callable[[te.TeamEvent], Response] | None = None,
    double: Callable[[de.DoubleEvent], Response] | None = None,
    *,
    also: str = "",
) -> Response:
    """Render one of the event's pages, revalidated by the event's version: the version is
    read first, so a 304 costs one small query and no snapshot. A team event is rendered by
    ``team``, a Double-Swiss event by ``double``, an individual one by ``render`` (404 when
    the page has no form for the event's kind). ``also``: a tag of what else the page shows
    (the other sections of an open), which changes the page without changing the event.

    The page shows the version this process has ready (:func:`_ready`): the current one, or
    for a large event the previous one for a bounded time while the current one is prepared.
    A client that already holds the page at a version newer than that gets a 304, so it never
    goes back to an older version of a page it has, whichever server it asked before."""
    store = store_of(request)
    try:
        info = store.event(event_id)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None
    renderer: Callable[[Any], Response]
    loader: Callable[[], Any]
    if te.is_team_event(info):
        if team is None:
            raise HTTPException(404, f"Event {event_id} is a team event: it has no such page.")
        renderer, loader = team, partial(te.load_team, desk_for(request), event_id)
    elif de.is_double_event(info):
        if double is None:
            raise HTTPException(
                404, f"Event {event_id} is a Double-Swiss event: it has no such page."
            )
        renderer, loader = double, partial(de.load_double, desk_for(request), event_id)
    else:
        if render is None:
            raise HTTPException(
                404, f"Event {event_id} is an individual event: it has no such page."
            )
        renderer, loader = render, partial(event_or_404, request, event_id)

    def tag(version: int) -> str:
        return f"{event_id}-{version}" + (f"-{also}" if also else "")

    latest = tag(info.version)
    if _client_holds(request, latest):  # the page is current whatever this process has ready
        return Response(status_code=304, headers={"ETag": _etag(latest), **_NO_CACHE})
    pages = _ready(request, info, loader)
    newer = range(pages.version + 1, info.version)
    held = next((tag(v) for v in reversed(newer) if _client_holds(request, tag(v))), None)
    if held is not None:  # the client's copy is newer than this process's: it keeps it
        return Response(status_code=304, headers={"ETag": _etag(held), **_NO_CACHE})
    try:
        return conditional(
            request, tag(pages.version), lambda: _kept_page(request, pages, renderer, also)
        )
    except HTTPException as error:
        if error.status_code != 404 or pages.version >= info.version:
            raise
    # A page the version shown does not have (the round just paired, a player just added):
    # the new version, waited for.
    pages = _ready(request, info, loader, wait=True)
    return conditional(
        request, tag(pages.version), lambda: _kept_page(request, pages, renderer, also)
    )


_NO_CACHE = {"Cache-Control": CACHE_CONTROL}


@dataclass(slots=True, eq=False)
class _KeptPages:
    """One version of an event as its pages show it, and the pages already rendered, by
    address."""

    id: int
    version: int
    subject: Any = None
    """The event at this version (individual, team or Double-Swiss) its pages render."""
    bodies: dict[str, tuple[bytes, str | None]] = field(default_factory=dict)
    gzipped: dict[str, bytes] = field(default_factory=dict)
    """The bodies compressed, made on the first request that takes gzip."""
    values: dict[str, Any] = field(default_factory=dict)
    """What its pages share, worked out once (:func:`version_memo`)."""
    renders: dict[str, Callable[[Any], Response]] = field(default_factory=dict)
    """How each address was rendered: the next version renders the costly ones again
    before it is shown (:func:`_prepare`)."""
    costs: dict[str, float] = field(default_factory=dict)
    """CPU seconds each address took to render."""
    _rendering: dict[str, threading.Lock] = field(default_factory=dict)
    _guard: threading.Lock = field(default_factory=threading.Lock)

    def rendering(self, address: str) -> threading.Lock:
        """The lock held while ``address`` is rendered: one rendering per address."""
        with self._guard:
            return self._rendering.setdefault(address, threading.Lock())

    @property
    def slowest(self) -> float:
        """The CPU seconds of its costliest page."""
        return max(self.costs.values(), default=0.0)


@dataclass(slots=True, eq=False)
class _Preparation:
    """A newer version being loaded and its costly pages rendered, in a thread of its own."""

    started: float
    """``time.monotonic()`` when it began."""
    pages: _KeptPages | None = None
    """The version as prepared so far (its pages kept for :func:`version_memo`)."""
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


@dataclass(slots=True, eq=False)
class _Shown:
    """What this process shows of one event: the version ready, and the next one under way."""

    id: int
    ready: _KeptPages | None = None
    next: _Preparation | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)


class _ShownEvents:
    """The events of one store whose pages this process keeps, the least recently read first
    to go."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._events: OrderedDict[int, _Shown] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, event_id: int) -> _Shown:
        with self._lock:
            shown = self._events.get(event_id)
            if shown is None:
                shown = self._events[event_id] = _Shown(event_id)
            self._events.move_to_end(event_id)
            while len(self._events) > self.size:
                self._events.popitem(last=False)
            return shown

    def find(self, event_id: int) -> _Shown | None:
        with self._lock:
            return self._events.get(event_id)


_SHOWN: weakref.WeakKeyDictionary[EventStore, _ShownEvents] = weakref.WeakKeyDictionary()
_SHOWN_LOCK = threading.Lock()
_PAGES_PER_EVENT = 256
"""Addresses kept per version (a name filter makes each query an address of its own)."""
_PREPARE_FROM = 0.01
"""CPU seconds: a page that took this long to render at one version is rendered again at the
next before that version is shown; a cheaper one (a player's page once the standings are
known) when it is asked for."""


def _shown_events(store: EventStore) -> _ShownEvents:
    with _SHOWN_LOCK:
        shown = _SHOWN.get(store)
        if shown is None:
            shown = _SHOWN[store] = _ShownEvents()
        return shown


def _ready(
    request: Request, info: EventInfo, load: Callable[[], Any], *, wait: bool = False
) -> _KeptPages:
    """The version of the event whose pages to show now.

    The rule: this process shows one version of an event at a time, on every page, and never
    goes back to an older one. When the store has a newer version, one thread (not the
    request) loads it and renders again the pages that were costly at the version shown; the
    new version is shown once that is done. Meanwhile requests get the version shown if its
    costliest page took at least ``WebConfig.previous_version_from_ms`` of CPU to render (a
    large event) and the preparation began less than ``WebConfig.previous_version_seconds``
    ago; otherwise (a small event, a first read, a preparation taking too long) they wait for
    the new version, as a change elsewhere is then shown at once. ``wait``: wait for it
    whatever the event (a page the version shown does not have).
    """
    config = request.app.state.config
    shown = _shown_events(store_of(request)).of(info.id)
    with shown.lock:
        ready = shown.ready
        if ready is not None and ready.version >= info.version:
            return ready
        preparation = shown.next
        if preparation is None:
            preparation = shown.next = _Preparation(time.monotonic())
            threading.Thread(
                target=_prepare,
                args=(shown, preparation, load, ready),
                name=f"fairpair-prepare-{info.id}",
                daemon=True,
            ).start()
    if (
        not wait
        and ready is not None
        and ready.slowest >= config.previous_version_from_ms / 1000
        and time.monotonic() - preparation.started < config.previous_version_seconds
    ):
        return ready
    preparation.done.wait()
    if preparation.error is not None:
        raise preparation.error
    with shown.lock:
        ready = shown.ready
    assert ready is not None
    return ready


def _prepare(
    shown: _Shown, preparation: _Preparation, load: Callable[[], Any], before: _KeptPages | None
) -> None:
    """Load the event's newest version and render again its costly pages of the version
    shown before (``before``), then show it."""
    try:
        subject = load()
        pages = preparation.pages = _KeptPages(subject.id, subject.version, subject)
        if before is not None:
            costly = sorted(
                (a for a, cost in before.costs.items() if cost >= _PREPARE_FROM),
                key=lambda a: -before.costs[a],
            )
            for address in costly:
                try:
                    _render_once(pages, address, before.renders[address])
                except Exception:
                    # A page gone at this version (a round taken back): the request that
                    # asks for it gets the answer.
                    continue
                body, _ = pages.bodies.get(address, (b"", None))
                if len(body) >= _GZIP_FROM:
                    pages.gzipped[address] = gzip.compress(body, _GZIP_LEVEL, mtime=0)
        with shown.lock:
            if shown.ready is None or shown.ready.version < pages.version:
                shown.ready = pages
    except BaseException as error:  # handed to the requests that wait
        preparation.error = error
    finally:
        with shown.lock:
            shown.next = None
        preparation.done.set()


def _pages_of(request: Request, info: EventInfo) -> _KeptPages:
    """What is kept of this version of the event (a new, unkept set when this process shows
    and prepares other versions)."""
    shown = _shown_events(store_of(request)).find(info.id)
    if shown is not None:
        with shown.lock:
            candidates = [shown.ready, shown.next.pages if shown.next else None]
        for pages in candidates:
            if pages is not None and pages.version == info.version:
                return pages
    return _KeptPages(info.id, info.version)


def version_memo(request: Request, info: EventInfo, key: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per version of a team or Double-Swiss event, kept with its pages:
    the standings that every player's page and the crosstable rank by are worked out once
    after a change, not once per page (as :meth:`fairpair.service.events.Event.memo` does
    for an individual event)."""
    values = _pages_of(request, info).values
    if key not in values:
        values[key] = compute()  # two requests at once may both compute: the same value
    return cast(T, values[key])


def _render_once(
    pages: _KeptPages, address: str, render: Callable[[Any], Response]
) -> Response | None:
    """Render ``address`` at ``pages``' version unless it is kept already, one thread at a
    time: the others wait for its body. The response when it is not kept (not a 200, or too
    many addresses), else None."""
    if address in pages.bodies:
        return None
    with pages.rendering(address):
        if address in pages.bodies:
            return None
        began = time.thread_time()
        response = render(pages.subject)
        if response.status_code != 200 or len(pages.bodies) >= _PAGES_PER_EVENT:
            return response
        pages.costs[address] = time.thread_time() - began
        pages.renders[address] = render
        pages.bodies[address] = (bytes(response.body), response.media_type)
        return None


def _kept_page(
    request: Request, pages: _KeptPages, render: Callable[[Any], Response], also: str = ""
) -> Response:
    """An event's page or JSON, rendered once per version of the event and address (and
    ``also``, see :func:`respond`): a crowd of phones fetching the round page the moment it
    is paired (the live pages) costs one rendering, not one per phone."""
    address = str(request.url.path) + "?" + str(request.url.query) + "#" + also
    unkept = _render_once(pages, address, render)
    if unkept is not None:
        return unkept
    body, media_type = pages.bodies[address]
    if len(body) < _GZIP_FROM or not _gzip_allowed(request.scope):
        return Response(body, media_type=media_type)
    # Compressed once per version, not once per phone: a 2,000-player round page is 400 KB,
    # some 10 ms of CPU to compress each time.
    packed = pages.gzipped.get(address)
    if packed is None:
        packed = pages.gzipped[address] = gzip.compress(body, _GZIP_LEVEL, mtime=0)
    headers = {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"}
    return Response(packed, media_type=media_type, headers=headers)


def events_tag(infos: Sequence[EventInfo]) -> str:
    """A tag of the event list that changes when any event is added, renamed or changed."""
    listed = repr([(e.id, e.version, e.name) for e in infos]).encode()
    return hashlib.sha1(listed).hexdigest()[:16]


_GZIP_FROM = 1000
"""Bytes: a smaller answer is sent as it is (compressing it saves too little)."""
_GZIP_LEVEL = 6


def _gzip_allowed(scope: Scope) -> bool:
    """Whether an answer to this request may be compressed: a GET that takes gzip, without
    cookies, outside ``/desk`` (see :class:`PublicGZip`)."""
    headers = scope["headers"]
    return (
        scope["method"] == "GET"
        and not scope["path"].startswith("/desk")
        and not any(name == b"cookie" for name, _ in headers)
        and any(name == b"accept-encoding" and b"gzip" in value for name, value in headers)
    )


class PublicGZip:
    """Compress what the public reads (pages, JSON, the stylesheet): about five times fewer
    bytes on a phone.

    Only GET requests without cookies and outside ``/desk`` are compressed: a director's page
    carries a CSRF token beside text the director typed, and compressing the two together
    would let a BREACH-style attack guess the token from the response sizes.
    """

    def __init__(self, app: ASGIApp, minimum_size: int = _GZIP_FROM) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=minimum_size, compresslevel=_GZIP_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # An event's pages come compressed already, once per version (_kept_page): the
        # middleware passes an answer that has its Content-Encoding through.
        if scope["type"] == "http" and _gzip_allowed(scope):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
