"""What any request may send and what every answer tells the browser.

:class:`BodyLimit` refuses a request body larger than the limit before anything parses it:
a declared ``Content-Length`` over the limit is answered 413 at once, and a chunked body is
read here and cut off (413) as soon as it goes past the limit, so that a form, a JSON body
or an upload never fills the server's memory.

:class:`SecurityHeaders` puts a Content-Security-Policy and its companions on every
answer: no page may be framed (clickjacking on the desk's buttons), run a script that is not
one of the app's own files, or be sniffed into another type.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fairpair.web.config import WebConfig

__all__ = ["CONTENT_SECURITY_POLICY", "BodyLimit", "SecurityHeaders", "install"]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; "
    # The printouts carry their print styles inline: a style cannot run code.
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Pages run only the app's own scripts (``/static/*.js``), and no site may frame them."""

_DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'"
)
"""The API's documentation page is FastAPI's Swagger UI: its script comes from a CDN and
starts inline. It shows no data of any event."""

_HEADERS = (
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
)


class SecurityHeaders:
    """Content-Security-Policy, X-Frame-Options, X-Content-Type-Options and Referrer-Policy
    on every answer (pages, API, static files, errors), unless the answer sets its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = _DOCS_POLICY if scope["path"] == "/api/docs" else CONTENT_SECURITY_POLICY

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                wanted = ((b"content-security-policy", policy.encode()), *_HEADERS)
                headers.extend((name, value) for name, value in wanted if name not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _too_large(limit: int) -> str:
    return f"The request is larger than this server takes ({limit} bytes at most)."


class BodyLimit:
    """413 for a request body over ``max_body`` bytes, before the app reads any of it."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = next((v for k, v in scope["headers"] if k.lower() == b"content-length"), None)
        if declared is not None:
            if not declared.strip().isdigit():
                await _refuse(scope, send, 400, "The Content-Length header is not a number.")
                return
            if int(declared) > self.max_body:
                await _refuse(scope, send, 413, _too_large(self.max_body))
                return
        if declared is not None:
            # The server reads no more than the declared length: the app may read as it likes.
            await self.app(scope, receive, send)
            return
        # A chunked body (no length given) is read here up to the limit before the app sees
        # any of it; past the limit it is refused without reading on.
        chunks: list[Message] = []
        received = 0
        while True:
            message = await receive()
            chunks.append(message)
            if message["type"] != "http.request":
                break
            received += len(message.get("body", b""))
            if received > self.max_body:
                await _refuse(scope, send, 413, _too_large(self.max_body))
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return chunks.pop(0) if chunks else await receive()

        await self.app(scope, replay, send)


async def _refuse(scope: Scope, send: Send, status: int, message: str) -> None:
    """A short answer sent before the app sees the request: JSON for the API and for clients
    that ask for it, plain text otherwise."""
    accept = next((v for k, v in scope["headers"] if k.lower() == b"accept"), b"")
    if scope["path"].startswith("/api/") or b"application/json" in accept:
        body, media = json.dumps({"detail": message}).encode(), b"application/json"
    else:
        body, media = message.encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", media), (b"content-length", str(len(body)).encode())]
    # The body is not read: the connection is closed rather than left with it unread.
    headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class _AsciiJSON(JSONResponse):
    """JSON with every character beyond ASCII escaped: a lone surrogate sent in a request
    (``"\\ud800"``) and echoed in an error can be written, where UTF-8 cannot encode it."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False).encode("ascii")


async def _invalid_request(request: Request, error: Exception) -> Response:
    """FastAPI's 422 for a request its models refuse, written so that it can always be sent
    (its own handler answered 500 when the refused value held a lone surrogate)."""
    assert isinstance(error, RequestValidationError)
    return _AsciiJSON({"detail": jsonable_encoder(error.errors())}, status_code=422)


def install(app: FastAPI, config: WebConfig) -> None:
    """Both middlewares, outside the app's others: the limit applies before anything reads
    the body, and the headers go on every answer; and a 422 that can always be written."""
    app.add_middleware(BodyLimit, max_body=config.max_body)
    app.add_exception_handler(RequestValidationError, _invalid_request)
    build = app.build_middleware_stack

    def with_headers() -> ASGIApp:
        # Around Starlette's outermost layer, which answers an unexpected error (500):
        # middleware added the usual way runs inside it, and its page would go without them.
        return SecurityHeaders(build())

    app.build_middleware_stack = with_headers  # type: ignore[method-assign]
