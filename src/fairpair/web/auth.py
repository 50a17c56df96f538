"""Who is signed in, and the checks every request that changes something goes through.

- The session cookie is signed (Starlette's ``SessionMiddleware``): ``SameSite=Lax``,
  HTTPS-only when the app runs behind TLS (``WebConfig.secure_cookies``). It holds a random
  CSRF token and, once signed in, a random session id whose hash the store keeps
  (:mod:`fairpair.service.accounts`): signing out, a password change or "sign out everywhere"
  ends the session for every server process, and sessions expire when idle and at the latest
  after ``WebConfig.session_hours``.
- Sign-ins (the desk's form and HTTP Basic alike) go through the store's throttle and a bound
  on concurrent password hashes; a browser that signed in before carries a signed
  ``fairpair_device`` cookie that exempts it from the per-username lock (not the others).
- :func:`csrf_guard` runs before every route (an application-wide dependency): a POST, PUT,
  PATCH or DELETE must carry the session's token, in the form field ``csrf_token`` or the
  ``X-CSRF-Token`` header, compared in constant time. An API call with an ``Authorization``
  header (a Bearer token or HTTP Basic) carries no cookie a forged page could borrow, so it
  needs no token.
- :func:`signed_in` guards the director's pages (a redirect to the sign-in page) and
  :func:`api_director` the write API (401 with a challenge).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Annotated
from urllib.parse import quote

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import RedirectResponse, Response
from fastapi.security import HTTPBasic, HTTPBasicCredentials
from itsdangerous import BadSignature, URLSafeTimedSerializer
from starlette.middleware.sessions import SessionMiddleware

from fairpair.service import accounts
from fairpair.service import events as ev
from fairpair.web.config import WebConfig
from fairpair.web.deps import desk_for

__all__ = [
    "CSRF_FIELD",
    "CSRF_HEADER",
    "ApiDirector",
    "Director",
    "check_sign_in",
    "client_address",
    "csrf_guard",
    "csrf_token",
    "current_director",
    "install",
    "known_device",
    "refusal",
    "remember_device",
    "sign_in",
    "sign_out",
    "signed_in",
]

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_SESSION = "sid"
DEVICE_COOKIE = "fairpair_device"
DEVICE_DAYS = 400
"""How long a browser that signed in is remembered as one (the most browsers keep a cookie)."""
_CSRF = "csrf"
_UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


class SignInRequired(Exception):
    """A page of the desk was asked for without a signed-in director."""

    def __init__(self, back_to: str) -> None:
        super().__init__(back_to)
        self.back_to = back_to


def install(app: FastAPI, config: WebConfig) -> None:
    """Add the session cookie, the sign-in throttle, the bound on concurrent password hashes
    and the redirect to the sign-in page."""
    app.state.sign_in_limits = accounts.Limits()
    app.state.hash_gate = accounts.HashGate(config.hash_slots)
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


PLAYER_CODE_HEADER = "x-player-code"
"""The header of the players' API (:mod:`fairpair.web.player_api`)."""


async def csrf_guard(request: Request) -> None:
    """Refuse (403) a request that changes something without the session's CSRF token."""
    if request.method not in _UNSAFE:
        return
    if request.url.path.startswith("/api/") and (
        "authorization" in request.headers or PLAYER_CODE_HEADER in request.headers
    ):
        # HTTP Basic, a token or a player's code: checked by the route, no cookie involved,
        # and a header no other site can make a browser send.
        return
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


def _desk(request: Request) -> ev.Desk:
    return desk_for(request)


def client_address(request: Request) -> str:
    """The address the request came from (the proxy's, behind one that uvicorn is not told
    to trust: then every client shares one address count, and the overall one)."""
    return request.client.host if request.client is not None else "unknown"


def _device_signer(request: Request) -> URLSafeTimedSerializer:
    config: WebConfig = request.app.state.config
    return URLSafeTimedSerializer(config.secret_key, salt="fairpair-known-device")


def known_device(request: Request, username: str) -> bool:
    """Whether this browser signed in as ``username`` before (the signed device cookie)."""
    value = request.cookies.get(DEVICE_COOKIE)
    if not value:
        return False
    try:
        known = _device_signer(request).loads(value, max_age=DEVICE_DAYS * 86400)
    except BadSignature:
        return False
    return isinstance(known, str) and known == username.strip().lower()


def remember_device(request: Request, response: Response, username: str) -> None:
    """Mark this browser as one that signed in as ``username``."""
    config: WebConfig = request.app.state.config
    response.set_cookie(
        DEVICE_COOKIE,
        _device_signer(request).dumps(username),
        max_age=DEVICE_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=config.secure_cookies,
        path="/",
    )


def refusal(error: accounts.TooManyAttemptsError | accounts.BusyError) -> HTTPException:
    """A 429 with the time to wait."""
    return HTTPException(429, str(error), headers={"Retry-After": str(error.retry_after)})


def check_sign_in(request: Request, username: str, password: str) -> str | None:
    """The director whose password this is (``None`` if not), through the throttle and the
    bound on concurrent hashes: 429 when either refuses."""
    try:
        return accounts.sign_in(
            _desk(request),
            username,
            password,
            address=client_address(request),
            gate=request.app.state.hash_gate,
            limits=request.app.state.sign_in_limits,
            known_device=known_device(request, username),
        )
    except (accounts.TooManyAttemptsError, accounts.BusyError) as error:
        raise refusal(error) from None


def _session_policy(request: Request) -> accounts.SessionPolicy:
    config: WebConfig = request.app.state.config
    return accounts.SessionPolicy(
        idle=timedelta(minutes=config.session_idle_minutes),
        lifetime=timedelta(hours=config.session_hours),
    )


def current_director(request: Request) -> str | None:
    """The signed-in director's username, if their session is still running (asked of the
    store once per request)."""
    if hasattr(request.state, "director"):
        cached: str | None = request.state.director
        return cached
    session_id = request.session.get(_SESSION)
    username = None
    if isinstance(session_id, str) and session_id:
        username = accounts.session_director(_desk(request), session_id, _session_policy(request))
        if username is None:
            request.session.pop(_SESSION, None)
    request.state.director = username
    return username


def sign_in(request: Request, username: str) -> None:
    """Start a fresh session for ``username`` (a new CSRF token: nothing carries over)."""
    old = request.session.get(_SESSION)
    if isinstance(old, str) and old:
        accounts.end_session(_desk(request), old)
    request.session.clear()
    request.session[_SESSION] = accounts.start_session(
        _desk(request), username, _session_policy(request), request.app.state.sign_in_limits
    )
    request.state.director = username
    csrf_token(request)


def sign_out(request: Request) -> None:
    """End this browser's session, on the server (a copy of the cookie is no use after)."""
    session_id = request.session.get(_SESSION)
    if isinstance(session_id, str) and session_id:
        accounts.end_session(_desk(request), session_id)
    request.session.clear()
    request.state.director = None


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
    description="A director's username and password (or an API token as "
    f"`Authorization: Bearer`, or the desk's session cookie with the {CSRF_HEADER} header).",
)
_BEARER = "bearer "


def api_director(
    request: Request,
    credentials: Annotated[HTTPBasicCredentials | None, Depends(_basic)],
) -> str:
    """The director making an API call: an API token (``Authorization: Bearer``), HTTP Basic
    credentials (throttled as a sign-in), or a signed-in session (whose CSRF token
    :func:`csrf_guard` has checked); 401 otherwise."""
    sent = request.headers.get("authorization", "")
    if credentials is not None:
        username = check_sign_in(request, credentials.username, credentials.password)
    elif sent[: len(_BEARER)].lower() == _BEARER:
        username = accounts.api_token_director(_desk(request), sent[len(_BEARER) :].strip())
    elif sent:
        username = None  # another scheme
    else:
        username = current_director(request)
    if username is None:
        raise HTTPException(
            401,
            "sign in: an API token (Authorization: Bearer), HTTP Basic with a director's "
            f"username and password, or a session cookie with the {CSRF_HEADER} header",
            headers={"WWW-Authenticate": 'Basic realm="fairpair", Bearer realm="fairpair"'},
        )
    return username


Director = Annotated[str, Depends(signed_in)]
"""A route parameter: the signed-in director (pages of the desk)."""
ApiDirector = Annotated[str, Depends(api_director)]
"""A route parameter: the director making a write API call."""
