"""What the web app is started with."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class WebConfig:
    """Where the events are, how cookies are signed and whether they need HTTPS."""

    store: str
    """The event store: ``:memory:``, a SQLite file or a ``postgresql://`` URL."""
    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(32), repr=False)
    """Signs the cookies (session and CSRF token, known device, player's page). ``fairpair
    serve`` gives the key kept in the store (:func:`fairpair.service.accounts.cookie_key`) or
    ``FAIRPAIR_SECRET_KEY``: every server process on one database must sign with the same."""
    secure_cookies: bool = False
    """Send the session cookie over HTTPS only (on behind a TLS proxy)."""
    title: str = "fairpair"
    demo: bool = False
    """Create the demo event (:mod:`fairpair.service.demo`) when the store has no event."""
    signup: bool = False
    """Anyone may open a director's account at ``/desk/signup`` (``--allow-signup``); when
    closed, accounts are made with ``fairpair director add``."""
    session_hours: int = 12
    """How long a sign-in lasts at most (a long tournament day)."""
    session_idle_minutes: int = 120
    """A session unused this long ends (a desk left open in the hall)."""
    hash_slots: int = 2
    """Password hashes (64 MiB and a third of a second each) checked at once; sign-ins beyond
    are refused with 429 rather than queued."""
    max_body: int = 5 * 1024 * 1024
    """The largest request body taken, in bytes (a players CSV or TRF of a large open is
    well under 5 MiB); a larger one is refused with 413 before it is read."""
    pair_wait_seconds: float = 2.0
    """How long "Pair round N" waits for the pairing, which runs in the background: a small
    field's round is shown at once, a large one's progress page comes after this long."""
    live_connections: int = 2000
    """Live connections (``/events/{id}/live``) one event takes in this process: a large
    open's players, their coaches and the screens in the hall, with room to spare; more are
    refused with 503 and their pages work as without JavaScript."""
    previous_version_seconds: float = 10.0
    """How long, at most, the public pages of a large event keep showing the version they
    show while this process prepares the newer one (loads it and renders its costly pages
    again in a thread of its own): phones get the page they had at once instead of waiting
    for a rendering of seconds. Past this long they wait for the new version; 0: they always
    wait (:func:`fairpair.web.reading.respond`)."""
    previous_version_from_ms: float = 50.0
    """Which events are large: one of their pages took at least this much CPU to render at
    the version shown. A smaller event's pages always show its current version."""
