"""Directors: accounts whose passwords are kept as Argon2 hashes, and who runs which event.

An event is run by the director who created it; an event created from the command line has
no director until the organiser gives it one (``fairpair event owner``), or prints a one-time
claim code (``fairpair event claim-code``) that a director types on the desk; either is logged
as ``event.claimed``. No director can take an event without the organiser's word. Only its
director may change an event; :func:`event_of` answers "no such event" to anyone else, so that a
director cannot even learn that another's event exists by its number.

The owner may add staff (:func:`set_staff`): co-directors, who may do all the owner does but
give the event away or manage its staff, and assistants, who may enter and correct the
results of the current round of an individual event (and, once players check in, take their
check-in). Each route names the :class:`Right` it needs; :func:`access_of` is the one place
that decides, from the director's :class:`Role` on the event.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum
from functools import cache

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from fairpair.service import actions
from fairpair.service.errors import CommandError, FieldErrors
from fairpair.service.events import DEMO_ACCOUNT, Desk
from fairpair.service.sections import open_of
from fairpair.storage import (
    DirectorExistsError,
    DirectorRecord,
    EventInfo,
    NewRecord,
    StaffRecord,
    UnknownEventError,
)

__all__ = [
    "DEMO_ACCOUNT",
    "MIN_PASSWORD",
    "STAFF_ACTION",
    "Access",
    "NotYourEventError",
    "Right",
    "Role",
    "StaffMember",
    "access_of",
    "add_director",
    "check_match",
    "check_may_manage",
    "check_new_password",
    "check_password",
    "check_results_round",
    "claim_with_code",
    "event_of",
    "events_of",
    "give_event",
    "new_claim_code",
    "set_password",
    "set_staff",
    "staff_of",
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


class Right(Enum):
    """What a route or a command of an event needs of the director using it."""

    MANAGE = "manage"
    """Give the event away, add or remove staff: the owner only."""
    DIRECT = "direct"
    """Everything else a director does (players, pairing, settings, undo, the log, exports,
    printouts): the owner and co-directors. The default of every route."""
    RESULTS = "results"
    """Enter and correct the results of the current round: the whole staff."""
    CHECK_IN = "check-in"
    """Open and close check-in and check players in before a round: the whole staff (the
    players' codes, the self-reporting switch and turning those missing into absences or
    withdrawals stay DIRECT)."""


class Role(Enum):
    """Who a director is on an event, in the words the desk shows."""

    OWNER = "owner"
    CO_DIRECTOR = "co-director"
    ASSISTANT = "assistant"

    @property
    def rights(self) -> frozenset[Right]:
        """What this role may do on the event."""
        match self:
            case Role.OWNER:
                return frozenset(Right)
            case Role.CO_DIRECTOR:
                return frozenset(Right) - {Right.MANAGE}
            case Role.ASSISTANT:
                return frozenset({Right.RESULTS, Right.CHECK_IN})


STAFF_ROLES = (Role.CO_DIRECTOR, Role.ASSISTANT)
"""The roles the owner may give (there is one owner, given by the organiser)."""

STAFF_ACTION = actions.STAFF
"""The log's action for a change of staff."""


@dataclass(frozen=True, slots=True)
class Access:
    """A director's way into one event: its row and the director's role on it."""

    info: EventInfo
    role: Role

    def may(self, right: Right) -> bool:
        return right in self.role.rights


@dataclass(frozen=True, slots=True)
class StaffMember:
    """One of the event's staff, as the desk, the CLI and the API list them."""

    username: str
    role: Role


def _own_role(desk: Desk, info: EventInfo, username: str) -> Role | None:
    if info.owner is not None and info.owner == username:
        return Role.OWNER
    if info.owner is None:
        return None  # an event without an owner has no staff either: the organiser gives it
    found = desk.store.staff_role(info.id, username)
    return None if found is None else Role(found)


def _open(info: EventInfo) -> int | None:
    """The id of the open whose section this event is, when that is another event."""
    root = open_of(info)
    return None if root == info.id else root


def _role(desk: Desk, info: EventInfo, username: str) -> Role | None:
    """The director's role on the event: their own, or else their role on the open whose
    section it is (an open's staff runs all its sections)."""
    role = _own_role(desk, info, username)
    root = _open(info)
    if role is None and root is not None:
        try:
            role = _own_role(desk, desk.store.event(root), username)
        except UnknownEventError:
            return None
    return role


def events_of(desk: Desk, username: str) -> Sequence[tuple[EventInfo, Role]]:
    """The events a director runs or helps with, and their role on each, the one changed
    last first."""
    helped = {s.event_id: Role(s.role) for s in desk.store.staff_events(username)}
    found: list[tuple[EventInfo, Role]] = []
    for info in desk.store.events():
        root = _open(info)
        if info.owner is not None and info.owner == username:
            found.append((info, Role.OWNER))
        elif info.owner is not None and info.id in helped:
            found.append((info, helped[info.id]))
        elif info.owner is not None and root is not None and root in helped:
            found.append((info, helped[root]))  # a section of an open they help with
    return sorted(found, key=lambda e: (e[0].updated_at, e[0].id), reverse=True)


def access_of(desk: Desk, event_id: int, username: str, right: Right = Right.DIRECT) -> Access:
    """The director's access to the event if their role gives them ``right``;
    :class:`NotYourEventError` otherwise, the words of an event that does not exist, so that
    neither a stranger nor an assistant trying a director's page learns anything."""
    info = desk.store.event(event_id)
    role = _role(desk, info, username)
    if role is None or right not in role.rights:
        raise NotYourEventError(f"no event with id {event_id}")
    return Access(info, role)


def event_of(desk: Desk, event_id: int, username: str, right: Right = Right.DIRECT) -> EventInfo:
    """The event if ``username``'s role on it gives them ``right`` (by default: if they
    direct it); :class:`NotYourEventError` otherwise."""
    return access_of(desk, event_id, username, right).info


def check_results_round(access: Access, number: int, current: int) -> None:
    """:class:`CommandError` if the director may not enter results of round ``number`` when
    ``current`` is the last round paired: an assistant enters the current round's only (a
    correction of an earlier round changes standings and pairings already made)."""
    if access.may(Right.DIRECT) or number == current:
        return
    raise CommandError(
        f"an assistant enters results of the current round only (round {current}); "
        f"ask a director to correct round {number}"
    )


def check_match(access: Access, number: int, playing: bool) -> None:
    """:class:`CommandError` if the director may not record the games of knockout match
    ``number``: an assistant records those of matches being played only (the knockout's
    "current round"); correcting a decided match moves players through the bracket."""
    if access.may(Right.DIRECT) or playing:
        return
    raise CommandError(
        f"an assistant enters the games of matches being played; ask a director to correct "
        f"match {number}"
    )


def staff_of(desk: Desk, event_id: int) -> Sequence[StaffMember]:
    """The event's staff (the owner not among them), by username."""
    return [_member(s) for s in desk.store.staff(event_id)]


def _member(record: StaffRecord) -> StaffMember:
    return StaffMember(record.username, Role(record.role))


def set_staff(desk: Desk, event_id: int, username: str, role: Role | str | None) -> EventInfo:
    """Make ``username`` a co-director or an assistant of the event, change their role, or
    (``role`` None) take them off the staff; one ``event.staff`` record by the acting
    director. The caller has checked that the actor may (:data:`Right.MANAGE`: the owner, on
    the desk and the API; the organiser, from the command line, as for giving the event).
    :class:`FieldErrors` names the ``username`` or ``role`` that cannot be used, and
    nothing changes."""
    check_may_manage(desk.actor)
    given = _staff_role(role)
    name = _normal(username)
    info = desk.store.event(event_id)
    if info.owner is None:
        raise CommandError(
            "the event has no owner yet: give it to a director first (fairpair event owner)"
        )
    if not name:
        raise FieldErrors({"username": "the username of a director is needed"})
    if name == info.owner:
        raise FieldErrors({"username": f"{name} owns the event"})
    if name == DEMO_ACCOUNT:
        raise FieldErrors({"username": "the demo account's password is public: choose another"})
    if desk.store.director(name) is None:
        raise FieldErrors({"username": f"no director {name!r}: they sign up on the desk first"})
    found = desk.store.staff_role(event_id, name)
    previous = None if found is None else Role(found)
    if given is None and previous is None:
        raise FieldErrors({"username": f"{name} is not on the event's staff"})
    if given is not None and given is previous:
        raise FieldErrors({"username": f"{name} is already {given.value} of the event"})
    payload = {
        "username": name,
        "role": None if given is None else given.value,
        "previous": None if previous is None else previous.value,
    }
    record = NewRecord(desk.clock(), desk.actor, STAFF_ACTION, payload)
    return desk.store.set_staff(event_id, info.version, name, payload["role"], record)


def _staff_role(role: Role | str | None) -> Role | None:
    if role is None or isinstance(role, Role):
        if role is Role.OWNER:
            raise FieldErrors({"role": "co-director or assistant"})
        return role
    try:
        found = Role(role.strip().lower())
    except ValueError:
        found = None
    if found not in STAFF_ROLES:
        raise FieldErrors({"role": "co-director or assistant"})
    return found


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
