"""What the routes share: the templates and a service desk on the application's store."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from fastapi import Request
from fastapi.templating import Jinja2Templates

from fairpair.service import events as ev
from fairpair.storage import EventStore

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")
"""The templates of every page; ``base.html`` is the layout all pages extend."""


def store_of(request: Request) -> EventStore:
    """The store the application opened at start."""
    store: EventStore = request.app.state.store
    return store


def desk_for(request: Request, actor: str = "public") -> ev.Desk:
    """A service desk on the application's store, acting as ``actor`` (for the audit log)."""
    return ev.Desk(store_of(request), lambda: datetime.now(UTC), actor)
