"""A test client that works the director's desk as a browser would: it reads the CSRF token
from the page it is on and sends it back with each form."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import httpx2 as httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from fairpair.service import directors
from fairpair.service import events as ev
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig

_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')
_FORM = re.compile(r'<form [^>]*action="([^"]+)"[^>]*>(.*?)</form>', re.S)
_HIDDEN = re.compile(r'<input type="hidden" name="([^"]+)" value="([^"]*)">')


class Browser:
    """One browser: its cookies, and the CSRF token of the last page it loaded."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.token = ""
        self.page = ""
        """The text of the last page loaded."""

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        page = self.client.get(path, **kwargs)
        self.page = page.text
        found = _TOKEN.search(page.text)
        if found:
            self.token = found[1]
        return page

    def post(
        self,
        path: str,
        data: Mapping[str, str] | None = None,
        *,
        token: str | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        """Submit a form with the page's token (``token=""`` leaves it out)."""
        fields = dict(data or {})
        sent = self.token if token is None else token
        if sent:
            fields["csrf_token"] = sent
        kwargs.setdefault("follow_redirects", False)
        page = self.client.post(path, data=fields, **kwargs)
        self.page = page.text
        found = _TOKEN.search(page.text)
        if found:
            self.token = found[1]
        return page

    def hidden_fields(self, action: str) -> dict[str, str]:
        """The hidden fields of the form posting to ``action`` on the last page loaded
        (an AssertionError if the page has no such form)."""
        forms = [body for target, body in _FORM.findall(self.page) if target == action]
        assert forms, f"no form posts to {action} on this page"
        return {name: html.unescape(value) for name, value in _HIDDEN.findall(forms[0])}

    def submit(self, action: str, data: Mapping[str, str] | None = None) -> httpx.Response:
        """Press the button of the form posting to ``action`` on the last page loaded: its
        hidden fields (the CSRF token, the version the page shows...) go with ``data``."""
        return self.post(action, self.hidden_fields(action) | dict(data or {}), token="")

    def sign_in(self, username: str, password: str) -> httpx.Response:
        self.get("/desk/signin")
        page = self.post("/desk/signin", {"username": username, "password": password})
        assert page.status_code == 303, page.text
        self.get("/desk")
        return page

    def sign_up(self, username: str, password: str) -> httpx.Response:
        self.get("/desk/signup")
        page = self.post(
            "/desk/signup", {"username": username, "password": password, "password2": password}
        )
        assert page.status_code == 303, page.text
        self.get("/desk")
        return page


@contextmanager
def running(config: WebConfig) -> Iterator[tuple[FastAPI, TestClient]]:
    app = create_app(config)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield app, client


def browser(app: FastAPI) -> Browser:
    """Another browser (its own cookies) on the same running app."""
    return Browser(TestClient(app, raise_server_exceptions=False))


def service_desk(app: FastAPI, actor: str = "test") -> ev.Desk:
    """The service over the app's store, for setting up and checking from outside the pages."""
    return ev.Desk(app.state.store, lambda: datetime.now(UTC), actor)


def add_director(app: FastAPI, username: str, password: str = "password-" + "x" * 4) -> str:
    directors.add_director(service_desk(app), username, password)
    return password


@contextmanager
def served(app: FastAPI, what: str = "the app") -> Iterator[str]:
    """Serve ``app`` with uvicorn in a thread on a free local port until the block ends, for
    truly parallel requests and real browsers (the test client runs one request at a time);
    yields its base URL. The socket listens before the server starts, so a first request
    waits in the backlog instead of failing while uvicorn starts."""
    import socket
    import threading

    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(256)
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [listener]}, name=f"uvicorn:{port}", daemon=True
    )
    thread.start()
    try:
        while not server.started:
            thread.join(0.02)
            if not thread.is_alive():
                raise RuntimeError(f"{what} did not start (see the log above)")
        yield f"http://127.0.0.1:{port}"
    finally:
        # Live pages keep their streams open while a browser shows them: end them first,
        # as a signal does for `fairpair serve`, or uvicorn waits for them.
        app.state.live.stop()
        server.should_exit = True
        thread.join(30)
        listener.close()


@contextmanager
def serving(config: WebConfig) -> Iterator[tuple[FastAPI, str]]:
    """The app of ``config`` served on a free local port (:func:`served`): the app and its
    base URL."""
    app = create_app(config)
    with served(app) as url:
        yield app, url


def field_error(page: str, field_id: str) -> str:
    """The message shown next to the field whose id is ``field_id``."""
    found = re.search(rf'<span class="error" id="{re.escape(field_id)}-error">([^<]*)</span>', page)
    assert found, f"no error next to #{field_id}"
    return html.unescape(found[1])


def alerts(page: str) -> list[str]:
    """The messages of the page's alert (a refusal that belongs to no one field)."""
    found = re.findall(r'<p class="error" role="alert"[^>]*>([^<]*)</p>', page)
    return [html.unescape(x) for x in found]
