"""Who is signed in, and the checks every request that changes something goes through.

- Sessions are signed cookies (Starlette's ``SessionMiddleware``, itsdangerous): ``SameSite=Lax``,
  HTTPS-only when the app runs behind TLS (``WebConfig.secure_cookies``), a limited lifetime.
  The session holds the director's username and a random CSRF token.
- :func:`csrf_guard` runs before every route (an application-wide dependency): a POST, PUT,
  PATCH or DELETE must carry the session's token, in the form field ``csrf_token`` or the
  ``X-CSRF-Token`` header, compared in constant time. An API call with HTTP Basic
  credentials carries no cookie a forged page could borrow, so it needs no token.
- :func:`signed_in` guards the director's pages (a redirect to the sign-in page) and
  :func:`api_director` the write API (401 with a Basic challenge).
"""

from __future__ import annotations

import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Annotated
from urllib.parse import quote

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.security import HTTPBasic, HTTPBasicCredentials
from starlette.middleware.sessions import SessionMiddleware

from fairpair.service import directors
from fairpair.web.config import WebConfig
from fairpair.web.deps import desk_for

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "ApiDirector",
    "Director",
    "csrf_guard",
    "csrf_token",
    "install",
    "sign_in",
    "sign_out",
    "signed_in",
]

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_USER = "director"
_CSRF = "csrf"
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class SignInRequired(Exception):
    """A page of the desk was asked for without a signed-in director."""

    def __init__(self, back_to: str) -> None:
        super().__init__(back_to)
        self.back_to = back_to


def install(app: FastAPI, config: WebConfig) -> None:
    """Add the session cookie, the sign-in throttle and the redirect to the sign-in page."""
    app.state.sign_in_throttle = SignInThrottle()
    app.add_middleware(
        SessionMiddleware,
        secret_key=config.secret_key,
        session_cookie="fairpair_session",
        max_age=config.session_hours * 3600,
        same_site="lax",
        https_only=config.secure_cookies,
    )

    @app.exception_handler(SignInRequired)
    async def to_sign_in(request: Request, error: SignInRequired) -> Response:
        return RedirectResponse(f"/desk/signin?next={quote(error.back_to)}", status_code=303)

    @app.middleware("http")
    async def protective_headers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        response = await call_next(request)
        # No page is shown inside another site's frame (a hidden "Pair round" button).
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        if request.url.path.startswith("/desk"):
            # A director's pages stay off shared computers' disks and back buttons.
            response.headers.setdefault("Cache-Control", "no-store")
        return response


def csrf_token(request: Request) -> str:
    """The session's CSRF token (made on first use), for the hidden field of every form."""
    token = request.session.get(_CSRF)
    if not isinstance(token, str) or not token:
        token = secrets.token_urlsafe(32)
        request.session[_CSRF] = token
    return token


async def csrf_guard(request: Request) -> None:
    """Refuse (403) a request that changes something without the session's CSRF token."""
    if request.method not in _UNSAFE:
        return
    if request.url.path.startswith("/api/") and "authorization" in request.headers:
        return  # HTTP Basic: checked by api_director, no cookie involved
    sent = request.headers.get(CSRF_HEADER)
    if sent is None and request.headers.get("content-type", "").startswith(_FORMS):
        value = (await request.form()).get(CSRF_FIELD)
        sent = value if isinstance(value, str) else None
    expected = request.session.get(_CSRF)
    if not (
        isinstance(expected, str)
        and expected
        and sent
        and secrets.compare_digest(sent.encode(), expected.encode())
    ):
        raise HTTPException(
            403,
            "This form has expired or did not come from this site; nothing was changed. "
            "Reload the page and try again.",
        )


class SignInThrottle:
    """Slows down password guessing: after ``limit`` failed sign-ins for one username within
    ``window`` seconds, that username is refused (429) until the oldest failure ages out.

    It counts usernames whether they exist or not, so a refusal tells nothing about an
    account. Kept in memory: a restart forgets it, which is fine for its purpose.
    """

    def __init__(
        self, limit: int = 10, window: float = 900.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, username: str) -> deque[float]:
        now = self._clock()
        failures = self._failures.get(username.strip().lower(), deque())
        while failures and failures[0] <= now - self.window:
            failures.popleft()
        return failures

    def blocked(self, username: str) -> bool:
        return len(self._recent(username)) >= self.limit

    def failed(self, username: str) -> None:
        if len(self._failures) > 10_000:  # forget the quiet ones rather than grow
            self._failures = {k: v for k, v in self._failures.items() if self._recent(k)}
        failures = self._recent(username)
        failures.append(self._clock())
        self._failures[username.strip().lower()] = failures


TOO_MANY = "Too many failed sign-ins for this username; wait a few minutes and try again."


def check_sign_in(request: Request, username: str, password: str) -> str | None:
    """The director whose password this is (``None`` if not), through the app's throttle:
    429 while the username has too many recent failures."""
    throttle: SignInThrottle = request.app.state.sign_in_throttle
    if throttle.blocked(username):
        raise HTTPException(429, TOO_MANY, headers={"Retry-After": str(int(throttle.window))})
    found = directors.check_password(desk_for(request), username, password)
    if found is None:
        throttle.failed(username)
    return found


def current_director(request: Request) -> str | None:
    """The signed-in director's username, if any."""
    username = request.session.get(_USER)
    return username if isinstance(username, str) else None


def sign_in(request: Request, username: str) -> None:
    """Start a fresh session for ``username`` (a new CSRF token: nothing carries over)."""
    request.session.clear()
    request.session[_USER] = username
    csrf_token(request)


def sign_out(request: Request) -> None:
    request.session.clear()


def signed_in(request: Request) -> str:
    """The signed-in director; a redirect to the sign-in page (303) otherwise."""
    username = current_director(request)
    if username is None:
        back_to = request.url.path if request.method == "GET" else "/desk"
        raise SignInRequired(back_to)
    return username


_basic = HTTPBasic(
    auto_error=False,
    realm="fairpair",
    description="A director's username and password (or the desk's session cookie with "
    f"the {CSRF_HEADER} header).",
)


def api_director(
    request: Request,
    credentials: Annotated[HTTPBasicCredentials | None, Depends(_basic)],
) -> str:
    """The director making an API call: HTTP Basic credentials, or a signed-in session
    (whose CSRF token :func:`csrf_guard` has checked); 401 otherwise."""
    if credentials is not None:
        username = check_sign_in(request, credentials.username, credentials.password)
    elif "authorization" in request.headers:
        username = None  # another scheme than Basic
    else:
        username = current_director(request)
    if username is None:
        raise HTTPException(
            401,
            "sign in: HTTP Basic with a director's username and password, or a session "
            f"cookie with the {CSRF_HEADER} header",
            headers={"WWW-Authenticate": 'Basic realm="fairpair"'},
        )
    return username


Director = Annotated[str, Depends(signed_in)]
"""A route parameter: the signed-in director (pages of the desk)."""
ApiDirector = Annotated[str, Depends(api_director)]
"""A route parameter: the director making a write API call."""
