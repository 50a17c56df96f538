"""Signing in and staying signed in: the sign-in throttle, server-side sessions and API tokens.

- A sign-in is counted before its password is checked, in the store and in one atomic step
  per counter (:meth:`~fairpair.storage.EventStore.count_attempt`), so that parallel guesses
  and several server processes agree: per username, per client address and in all. A
  successful sign-in takes its count back; a failed one keeps it for the window.
- Password hashes (Argon2, 64 MiB each) go through a :class:`HashGate`: a few at a time, the
  excess refused at once rather than queued until the server runs out of memory.
- A session is a random id given to the browser; the store keeps only its SHA-256, so a
  copy of the database opens no session. Sessions end when the director signs out, changes
  the password, or after an idle and an absolute limit.
- API tokens are long random strings shown once and kept as their SHA-256 (a fast hash is
  right for a secret with 256 bits of entropy: there is nothing to guess).
- The key that signs the web's cookies is kept in the store (:func:`cookie_key`), so every
  server process on one database accepts the others' cookies. It guards nothing a copy of the
  database does not show already: a session id is not in the store, only its hash.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta

from fairpair.service import directors
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import Desk
from fairpair.storage import ApiTokenRecord, EventInfo, SessionRecord

__all__ = [
    "BusyError",
    "HashGate",
    "Limits",
    "SessionPolicy",
    "TooManyAttemptsError",
    "api_token_director",
    "api_tokens",
    "change_password",
    "claim_event",
    "cookie_key",
    "count_attempts",
    "create_api_token",
    "end_all_sessions",
    "end_session",
    "session_director",
    "sign_in",
    "sign_up",
    "start_session",
]

TOKEN_PREFIX = "fp_"
"""Every API token starts so: easy to spot in a script or a leaked log."""


class TooManyAttemptsError(CommandError):
    """Too many failed sign-ins lately (for the username, the address or in all)."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(
            "Too many failed sign-ins; wait a few minutes and try again. "
            "A browser that signed in here before is still let in."
        )
        self.retry_after = retry_after


class BusyError(CommandError):
    """Every password-check slot is taken: try again in a moment."""

    retry_after = 2

    def __init__(self) -> None:
        super().__init__("The server is busy checking other sign-ins; try again in a moment.")


class HashGate:
    """At most ``slots`` password hashes at once in this process; a caller who finds none
    free within ``wait`` seconds is refused (:class:`BusyError`)."""

    def __init__(self, slots: int = 2, wait: float = 0.5) -> None:
        self._slots = threading.BoundedSemaphore(slots)
        self.wait = wait

    @contextmanager
    def slot(self) -> Iterator[None]:
        if not self._slots.acquire(timeout=self.wait):
            raise BusyError()
        try:
            yield
        finally:
            self._slots.release()


@dataclass(frozen=True, slots=True)
class Limits:
    """How many failed sign-ins the throttle allows in ``window``."""

    per_username: int = 10
    per_address: int = 30
    overall: int = 300
    window: timedelta = timedelta(minutes=15)


@dataclass(frozen=True, slots=True)
class SessionPolicy:
    """How long a session lasts: ``idle`` without use, ``lifetime`` in all."""

    idle: timedelta = timedelta(hours=2)
    lifetime: timedelta = timedelta(hours=12)


COOKIE_KEY = "cookie-signing-key"
"""The name of the shared secret that signs cookies (:meth:`EventStore.shared_secret`)."""


def cookie_key(desk: Desk) -> str:
    """The key that signs the web's cookies (sessions, CSRF, known devices, players' pages):
    the same for every server process on the store, made by the first that asks."""
    return desk.store.shared_secret(COOKIE_KEY, secrets.token_urlsafe(32), desk.clock())


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def count_attempts(desk: Desk, keys: Sequence[tuple[str, int]], limits: Limits) -> list[str]:
    """Count one attempt under each key, in order; :class:`TooManyAttemptsError` (with the
    counts taken back) at the first over its limit. The keys counted, otherwise."""
    counted: list[str] = []
    now = desk.clock()
    for key, limit in keys:
        attempts = desk.store.count_attempt(key, now, limits.window)
        counted.append(key)
        if attempts.count > limit:
            # The refused attempt is not counted: a flood keeps the lock, it does not extend it.
            for done in counted:
                desk.store.forget_attempt(done)
            left = attempts.window_start + limits.window - now
            raise TooManyAttemptsError(max(1, int(left.total_seconds()) + 1))
    return counted


def sign_in(
    desk: Desk,
    username: str,
    password: str,
    *,
    address: str,
    gate: HashGate,
    limits: Limits = Limits(),
    known_device: bool = False,
) -> str | None:
    """The director whose password this is (``None`` if not), through the throttle and the
    gate. ``known_device``: the browser signed in as this director before, so the locks that
    anyone can trigger from elsewhere (on the username, and the overall ceiling) do not
    apply to it; the lock on its own address does."""
    keys = [(f"address:{address}", limits.per_address)]
    if not known_device:
        keys += [
            ("all", limits.overall),
            (f"username:{username.strip().lower()}", limits.per_username),
        ]
    counted = count_attempts(desk, keys, limits)
    try:
        with gate.slot():
            found = directors.check_password(desk, username, password)
    except BusyError:
        for key in counted:  # not checked: nothing to count
            desk.store.forget_attempt(key)
        raise
    if found is not None:
        for key in counted:
            desk.store.forget_attempt(key)
    return found


def _from_anyone_at(address: str, limits: Limits) -> list[tuple[str, int]]:
    """The counters an attempt that names no account goes against: the overall ceiling and
    the client's address."""
    return [("all", limits.overall), (f"address:{address}", limits.per_address)]


def sign_up(
    desk: Desk,
    username: str,
    password: str,
    *,
    address: str,
    gate: HashGate,
    limits: Limits = Limits(),
) -> str:
    """Open an account (:func:`directors.add_director`), counted against the address like a
    failed sign-in (so that nobody opens accounts by the thousand) and through the gate."""
    count_attempts(desk, _from_anyone_at(address, limits), limits)
    with gate.slot():
        return directors.add_director(desk, username, password).username


def change_password(
    desk: Desk,
    username: str,
    current: str,
    new: str,
    *,
    address: str,
    gate: HashGate,
    limits: Limits = Limits(),
    known_device: bool = False,
) -> None:
    """Replace a signed-in director's password, the current one checked as a sign-in is, and
    end all their sessions (:class:`~fairpair.service.errors.FieldErrors` names the field)."""
    directors.check_new_password(username, new)
    found = sign_in(
        desk,
        username,
        current,
        address=address,
        gate=gate,
        limits=limits,
        known_device=known_device,
    )
    if found != username:
        raise FieldErrors({"current": "this is not your password"})
    with gate.slot():
        directors.set_password(desk, username, new)


def claim_event(
    desk: Desk,
    code: str,
    *,
    address: str,
    limits: Limits = Limits(),
) -> EventInfo:
    """Take an event with the organiser's claim code (:func:`directors.claim_with_code`); a
    wrong code counts against the address as a failed sign-in does, so codes cannot be
    guessed in bulk."""
    counted = count_attempts(desk, _from_anyone_at(address, limits), limits)
    info = directors.claim_with_code(desk, code)
    for key in counted:
        desk.store.forget_attempt(key)
    return info


def start_session(
    desk: Desk,
    username: str,
    policy: SessionPolicy = SessionPolicy(),
    limits: Limits = Limits(),
) -> str:
    """A new session for the director: the id to give the browser (only its hash is kept).
    Sessions, counters and claim codes that can no longer be used are cleared on the way,
    so the tables stay small without a separate job."""
    session_id = secrets.token_urlsafe(32)
    now = desk.clock()
    desk.store.forget_stale(
        used_before=now - policy.idle,
        started_before=now - max(policy.lifetime, limits.window),
    )
    desk.store.add_session(SessionRecord(_digest(session_id), username, now, now))
    return session_id


_TOUCH_EVERY = timedelta(minutes=1)
"""A session's last use is written at most this often (not at every page)."""


def session_director(desk: Desk, session_id: str, policy: SessionPolicy) -> str | None:
    """The director of a session still running; an expired session is ended."""
    id_hash = _digest(session_id)
    found = desk.store.session(id_hash)
    if found is None:
        return None
    now = desk.clock()
    if now - found.last_seen > policy.idle or now - found.created_at > policy.lifetime:
        desk.store.end_session(id_hash)
        return None
    if now - found.last_seen > _TOUCH_EVERY:
        desk.store.touch_session(id_hash, now)
    return found.username


def end_session(desk: Desk, session_id: str) -> None:
    desk.store.end_session(_digest(session_id))


def end_all_sessions(desk: Desk, username: str) -> int:
    """Sign the director out everywhere; how many sessions ended."""
    return desk.store.end_sessions(username)


def create_api_token(desk: Desk, username: str) -> tuple[ApiTokenRecord, str]:
    """A new API token of the director: its record and the token, to show once."""
    directors.check_may_manage(username)
    if desk.store.director(username) is None:
        raise CommandError(f"no director {username!r}")
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    return desk.store.add_api_token(username, _digest(token), desk.clock()), token


def api_tokens(desk: Desk, username: str) -> Sequence[ApiTokenRecord]:
    return desk.store.api_tokens(username)


def revoke_api_token(desk: Desk, username: str, token_id: int) -> None:
    """Revoke one of the director's tokens; :class:`CommandError` if they have no such one."""
    if not desk.store.revoke_api_token(username, token_id):
        raise CommandError(f"{username} has no API token {token_id}")


def api_token_director(desk: Desk, token: str) -> str | None:
    """The director whose token this is, unless it was revoked."""
    if not token.startswith(TOKEN_PREFIX):
        return None
    found = desk.store.api_token(_digest(token))
    return None if found is None else found.username
