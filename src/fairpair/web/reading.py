"""What the public pages and the read API share: loading an event for a read, and HTTP caching.

Reads are revalidated on every request (``Cache-Control: public, no-cache``) with an ETag made
of the event's version: a phone that already has the page gets an empty ``304`` until a
result, a pairing or a correction changes the event, and never a stale page.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from fastapi import HTTPException, Request
from fastapi.responses import Response
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

from fairpair import __version__
from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.cache import LatestVersions
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


def conditional(request: Request, tag: str, render: Callable[[], Response]) -> Response:
    """``render()`` with the cache headers, or an empty 304 if the client has ``tag``."""
    etag = f'W/"{__version__}-{tag}"'
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    sent = request.headers.get("if-none-match", "")
    if etag in (t.strip() for t in sent.split(",")):
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
    (the other sections of an open), which changes the page without changing the event."""
    try:
        info = store_of(request).event(event_id)
    except UnknownEventError:
        raise HTTPException(404, f"There is no event {event_id}.") from None
    tag = f"{event_id}-{info.version}" + (f"-{also}" if also else "")
    if te.is_team_event(info):
        if team is None:
            raise HTTPException(404, f"Event {event_id} is a team event: it has no such page.")
        by_team = team
        return conditional(
            request,
            tag,
            lambda: _kept_page(
                request, info, lambda: by_team(te.load_team(desk_for(request), event_id))
            ),
        )
    if de.is_double_event(info):
        if double is None:
            raise HTTPException(
                404, f"Event {event_id} is a Double-Swiss event: it has no such page."
            )
        by_double = double
        return conditional(
            request,
            tag,
            lambda: _kept_page(
                request, info, lambda: by_double(de.load_double(desk_for(request), event_id))
            ),
        )
    if render is None:
        raise HTTPException(404, f"Event {event_id} is an individual event: it has no such page.")
    by_event = render
    return conditional(
        request,
        tag,
        lambda: _kept_page(request, info, lambda: by_event(event_or_404(request, event_id)), also),
    )


@dataclass(slots=True)
class _KeptPages:
    """The pages of one version of an event already rendered, by address."""

    id: int
    version: int
    bodies: dict[str, tuple[bytes, str | None]] = field(default_factory=dict)
    gzipped: dict[str, bytes] = field(default_factory=dict)
    """The bodies compressed, made on the first request that takes gzip."""
    values: dict[str, Any] = field(default_factory=dict)
    """What its pages share, worked out once (:func:`version_memo`)."""


_KEPT_PAGES: weakref.WeakKeyDictionary[EventStore, LatestVersions[_KeptPages]] = (
    weakref.WeakKeyDictionary()
)
_KEPT_LOCK = threading.Lock()
_PAGES_PER_EVENT = 256
"""Addresses kept per version (a name filter makes each query an address of its own)."""


def _pages_of(request: Request, info: EventInfo) -> _KeptPages:
    """What is kept of this version of the event (nothing yet when it is new)."""
    store = store_of(request)
    with _KEPT_LOCK:
        kept = _KEPT_PAGES.get(store)
        if kept is None:
            kept = _KEPT_PAGES[store] = LatestVersions()
    pages = kept.get(info.id, info.version)
    if pages is None:
        pages = _KeptPages(info.id, info.version)
        kept.put(pages)
    return pages


def version_memo(request: Request, info: EventInfo, key: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per version of a team or Double-Swiss event, kept with its pages:
    the standings that every player's page and the crosstable rank by are worked out once
    after a change, not once per page (as :meth:`fairpair.service.events.Event.memo` does
    for an individual event)."""
    values = _pages_of(request, info).values
    if key not in values:
        values[key] = compute()  # two requests at once may both compute: the same value
    return cast(T, values[key])


def _kept_page(
    request: Request, info: EventInfo, render: Callable[[], Response], also: str = ""
) -> Response:
    """An event's page or JSON, rendered once per version of the event and address (and
    ``also``, see :func:`respond`): a crowd of phones fetching the round page the moment it
    is paired (the live pages) costs one rendering, not one per phone."""
    pages = _pages_of(request, info)
    address = str(request.url.path) + "?" + str(request.url.query) + "#" + also
    found = pages.bodies.get(address)
    if found is None:
        response = render()
        if response.status_code != 200 or len(pages.bodies) >= _PAGES_PER_EVENT:
            return response
        found = pages.bodies[address] = (bytes(response.body), response.media_type)
    body, media_type = found
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
