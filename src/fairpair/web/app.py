"""The FastAPI application: one store opened at start, routers for the public pages, the
director's desk and the JSON API, and error pages that never show a stack trace."""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

from fastapi import Depends, FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from fairpair.service import events as ev
from fairpair.service.demo import seed_demo
from fairpair.service.errors import FieldErrors
from fairpair.storage import EventExistsError, open_store
from fairpair.web import auth, limits
from fairpair.web.config import WebConfig
from fairpair.web.deps import HERE, templates
from fairpair.web.live import LiveHub
from fairpair.web.reading import PublicGZip

log = logging.getLogger("fairpair.web")


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api/") or "application/json" in request.headers.get(
        "accept", ""
    )


_EVENT_PATH = re.compile(r"(/desk)?/events/(\d+)(/|$)")


def _way_back(path: str) -> tuple[str, str]:
    """Where an error page leads: the event the failed page belongs to (its desk page for a
    director), else the director's events or the public list."""
    found = _EVENT_PATH.match(path)
    if found:
        return found[0].rstrip("/"), "Back to the event"
    if path.startswith("/desk"):
        return "/desk", "Back to your events"
    return "/", "Back to the events"


def create_app(config: WebConfig) -> FastAPI:
    """The application over the store named in ``config``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.store = open_store(config.store)
        if config.demo and not app.state.store.events():
            try:
                seed_demo(ev.Desk(app.state.store, lambda: datetime.now(UTC), "demo"))
            except (FieldErrors, EventExistsError):
                # Another server on the same database, started at the same moment, took the
                # demo director's name or the event's first: it makes the demo.
                log.info("the demo event is made by another server on this store")
        try:
            yield
        finally:
            app.state.live.stop()
            app.state.store.close()

    app = FastAPI(
        title=config.title,
        summary="Pair and run tournaments: round robin, FIDE Dutch, Burstein and casual Swiss.",
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
        # Every route, present and future: a change needs the session's CSRF token.
        dependencies=[Depends(auth.csrf_guard)],
    )
    app.state.config = config
    # One watcher per event with live pages open, however many phones (web/live.py).
    app.state.live = LiveHub(
        lambda event_id: app.state.store.event(event_id).version,
        per_event=config.live_connections,
    )
    app.add_middleware(PublicGZip)
    auth.install(app, config)
    limits.install(app, config)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        if _wants_json(request):
            return JSONResponse(
                {"detail": error.detail}, status_code=error.status_code, headers=error.headers
            )
        return templates.TemplateResponse(
            request,
            "error.html",
            {
                "status": error.status_code,
                "message": error.detail,
                "back": _way_back(request.url.path),
            },
            status_code=error.status_code,
            headers=error.headers,
        )

    @app.exception_handler(Exception)
    async def unexpected(request: Request, error: Exception) -> Response:
        # The director sees that something failed, never the stack trace; the log keeps it.
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        message = "Something went wrong on the server; nothing was changed."
        if _wants_json(request):
            return JSONResponse({"detail": message}, status_code=500)
        return HTMLResponse(
            templates.get_template("error.html").render(
                request=request, status=500, message=message, back=_way_back(request.url.path)
            ),
            status_code=500,
        )

    from fairpair.web import (
        api_read,
        api_write,
        desk,
        double_api,
        double_desk,
        knockout_api,
        knockout_desk,
        knockout_public,
        live,
        player_api,
        player_door,
        prizes_desk,
        public,
        ratings_desk,
        screen,
        sections_desk,
        team_api,
        team_desk,
        team_public,
        venue_api,
        venue_desk,
    )

    app.include_router(public.router)
    app.include_router(live.router)
    app.include_router(screen.router)
    app.include_router(knockout_public.router)
    app.include_router(team_public.router)
    app.include_router(api_read.router)
    app.include_router(team_api.read_router)
    app.include_router(double_api.read_router)
    app.include_router(knockout_api.read_router)
    app.include_router(desk.router)
    app.include_router(player_door.router)
    app.include_router(team_desk.router)
    app.include_router(double_desk.router)
    app.include_router(knockout_desk.router)
    app.include_router(venue_desk.router)
    app.include_router(ratings_desk.router)
    app.include_router(sections_desk.router)
    app.include_router(prizes_desk.router)
    app.include_router(api_write.router)
    app.include_router(team_api.write_router)
    app.include_router(double_api.write_router)
    app.include_router(knockout_api.write_router)
    app.include_router(venue_api.router)
    app.include_router(player_api.player_router)
    app.include_router(player_api.director_router)
    return app
