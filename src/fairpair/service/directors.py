"""Directors: accounts whose passwords are kept as Argon2 hashes, and who runs which event.

An event is run by the director who created it; an event created from the command line has
no director until the organiser gives it one (``fairpair event owner``), or prints a one-time
claim code (``fairpair event claim-code``) that a director types on the desk; either is logged
as ``event.claimed``. No director can take an event without the organiser's word. Only its
director may change an event; :func:`event_of` answers "no such event" to anyone else, so that a
director cannot even learn that another's event exists by its number.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from datetime import timedelta
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import DEMO_ACCOUNT, Desk
from fairpair.storage import (
    DirectorExistsError,
    DirectorRecord,
    EventInfo,
    NewRecord,
    UnknownEventError,
)

__all__ = [
    "DEMO_ACCOUNT",
    "MIN_PASSWORD",
    "NotYourEventError",
    "add_director",
    "check_may_manage",
    "check_new_password",
    "check_password",
    "claim_with_code",
    "event_of",
    "events_of",
    "give_event",
    "new_claim_code",
    "set_password",
    "valid_username",
]

MIN_PASSWORD = 8
"""The shortest password a new account may have (the demo director's is shorter)."""

_USERNAME = re.compile(r"[a-z0-9][a-z0-9_.-]{1,39}")

_hasher = PasswordHasher()
"""Argon2id with the library's current recommended parameters; a stored hash made with
weaker ones is replaced at the next successful sign-in."""


class NotYourEventError(UnknownEventError):
    """The event is run by another director (reported as an unknown event)."""


def _normal(username: str) -> str:
    return username.strip().lower()


def valid_username(username: str) -> str | None:
    """What is wrong with a username, or ``None`` if it can be used."""
    if not _USERNAME.fullmatch(_normal(username)):
        return "2 to 40 letters, digits, '.', '_' or '-', starting with a letter or digit"
    return None


def add_director(
    desk: Desk,
    username: str,
    password: str,
    *,
    min_length: int = MIN_PASSWORD,
) -> DirectorRecord:
    """Create a director's account (usernames are not case-sensitive); :class:`FieldErrors`
    names the ``username`` or ``password`` that cannot be used."""
    errors: dict[str, str] = {}
    problem = valid_username(username)
    if problem is not None:
        errors["username"] = problem
    if len(password) < min_length:
        errors["password"] = f"at least {min_length} characters"
    if errors:
        raise FieldErrors(errors)
    # Hashed before the name is looked up, so a taken name answers as slowly as a free one.
    record = DirectorRecord(_normal(username), _hasher.hash(password), desk.clock())
    try:
        desk.store.add_director(record)
    except DirectorExistsError:
        raise FieldErrors({"username": TAKEN}) from None
    return record


TAKEN = "this username cannot be used; choose another"


def check_may_manage(username: str) -> None:
    """:class:`CommandError` for the demo account, whose password is public: it may not
    change its password, make API tokens or be given events."""
    if username == DEMO_ACCOUNT:
        raise CommandError("the demo account can only run the demo event")


def check_new_password(username: str, password: str) -> None:
    """:class:`FieldErrors` (field ``password``) if ``password`` cannot be a new password."""
    check_may_manage(username)
    if len(password) < MIN_PASSWORD:
        raise FieldErrors({"password": f"at least {MIN_PASSWORD} characters"})


def set_password(desk: Desk, username: str, password: str) -> None:
    """Give a director a new password and end all their sessions (a password change is
    what a director does when the old one may be known)."""
    check_new_password(username, password)
    if desk.store.director(_normal(username)) is None:
        raise CommandError(f"no director {username!r}")
    desk.store.set_password_hash(_normal(username), _hasher.hash(password))
    desk.store.end_sessions(_normal(username))


@cache
def _decoy_hash() -> str:
    return _hasher.hash("a password no director has")


def check_password(desk: Desk, username: str, password: str) -> str | None:
    """The director's username if the password is theirs, else ``None``, taking as long for
    an unknown username as for a wrong password so neither is revealed."""
    found = desk.store.director(_normal(username)) if not valid_username(username) else None
    stored = found.password_hash if found is not None else _decoy_hash()
    try:
        _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return None
    if found is None:
        return None
    if _hasher.check_needs_rehash(stored):
        desk.store.set_password_hash(found.username, _hasher.hash(password))
    return found.username


def events_of(desk: Desk, username: str) -> Sequence[EventInfo]:
    """The events a director runs, the one changed last first."""
    mine = [e for e in desk.store.events() if e.owner == username]
    return sorted(mine, key=lambda e: (e.updated_at, e.id), reverse=True)


def event_of(desk: Desk, event_id: int, username: str) -> EventInfo:
    """The event if ``username`` runs it; :class:`NotYourEventError` otherwise."""
    info = desk.store.event(event_id)
    if info.owner != username:
        raise NotYourEventError(f"no event with id {event_id}")
    return info


def give_event(desk: Desk, event_id: int, username: str) -> EventInfo:
    """Make ``username`` run the event (the organiser's command: ``fairpair event owner``),
    whoever ran it before; logged as ``event.claimed``."""
    check_may_manage(username)
    if desk.store.director(_normal(username)) is None:
        raise CommandError(f"no director {username!r}: add one with `fairpair director add`")
    info = desk.store.event(event_id)
    owner = _normal(username)
    if info.owner == owner:
        return info
    payload = {"owner": owner, "previous": info.owner}
    record = NewRecord(desk.clock(), desk.actor, "event.claimed", payload)
    return desk.store.claim_event(event_id, info.version, owner, record, replace_owner=True)


CLAIM_CODE_HOURS = 24
"""How long a claim code can be used."""
_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Letters and digits that cannot be misread for one another (no I/1, O/0)."""


def _code_hash(code: str) -> str:
    typed = "".join(c for c in code.upper() if c.isalnum())
    return hashlib.sha256(typed.encode()).hexdigest()


def new_claim_code(desk: Desk, event_id: int, hours: int = CLAIM_CODE_HOURS) -> str:
    """A one-time code for the event (the organiser hands it to the director who is to run
    it), valid ``hours`` hours; any earlier code of the event stops working. Kept hashed:
    16 random characters (80 bits) leave nothing to guess, so a fast hash is enough."""
    if hours < 1:
        raise CommandError("a claim code is valid for at least one hour")
    desk.store.event(event_id)
    raw = "".join(secrets.choice(_CODE_ALPHABET) for _ in range(16))
    code = "-".join(raw[i : i + 4] for i in range(0, 16, 4))
    desk.store.set_claim_code(event_id, _code_hash(code), desk.clock() + timedelta(hours=hours))
    return code


def claim_with_code(desk: Desk, code: str) -> EventInfo:
    """Make the acting director run the event the code is for; the code is used up.
    :class:`CommandError` for a code that is wrong, used or expired (the same words)."""
    check_may_manage(desk.actor)
    event_id = desk.store.take_claim_code(_code_hash(code), desk.clock())
    if event_id is None:
        raise CommandError("this claim code is wrong, used or expired; ask the organiser")
    info = desk.store.event(event_id)
    if info.owner == desk.actor:
        return info
    record = NewRecord(
        desk.clock(), desk.actor, "event.claimed", {"owner": desk.actor, "previous": info.owner}
    )
    return desk.store.claim_event(event_id, info.version, desk.actor, record, replace_owner=True)
