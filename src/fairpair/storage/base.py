"""The event store's interface: an append-only log per event and a cached snapshot.

Every change to an event is one :class:`LogRecord`. The store keeps, beside the log, the
snapshot the log leads to (so that reads need not replay) and a version number equal to the
sequence number of the last record. Appending names the version the caller started from;
if another director appended in between, :class:`ConcurrencyError` is raised and nothing is
written. Implementations: :mod:`fairpair.storage.memory` (a fake for tests) and
:mod:`fairpair.storage.sql` (SQLite and PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from fairpair.formats.rating_lists import RatedPlayer

if TYPE_CHECKING:
    from fairpair.core import TeamTournament, Tournament
    from fairpair.core.double_swiss import DoubleSwissTournament

__all__ = [
    "CHECKPOINT_EVERY",
    "SNAPSHOT_FORMAT",
    "ApiTokenRecord",
    "Attempts",
    "Checkpoint",
    "ClaimError",
    "ConcurrencyError",
    "DirectorExistsError",
    "DirectorRecord",
    "EventExistsError",
    "EventInfo",
    "EventStore",
    "LogRecord",
    "NewRecord",
    "PairingBusyError",
    "PairingRun",
    "RatedPlayer",
    "RatingListInfo",
    "SessionRecord",
    "Snapshot",
    "StaffRecord",
    "StoreError",
    "StoredEvent",
    "UnknownEventError",
    "Voided",
    "checkpoints_kept",
]


Snapshot: TypeAlias = "Tournament | TeamTournament | DoubleSwissTournament"
"""What the log of an event leads to: an individual, a team or a Double-Swiss event (for the
type checker: a store serving an individual event does not load the others' core modules)."""


class StoreError(Exception):
    """Base class of what the store reports to the director."""


class ConcurrencyError(StoreError):
    """Someone else changed the event since it was read; nothing was written."""

    def __init__(self, event: str, expected: int, found: int | None) -> None:
        seen = "" if found is None else f" (now at version {found})"
        super().__init__(
            f"event {event!r} was changed by someone else since version {expected}{seen}; "
            "nothing was saved: reload the event and run the command again"
        )
        self.expected = expected
        self.found = found


class UnknownEventError(StoreError):
    """No event has that name or id."""


class EventExistsError(StoreError):
    """An event with that name is already stored."""


class DirectorExistsError(StoreError):
    """A director with that username is already stored."""


class ClaimError(StoreError):
    """The event already has a director; only an event without one can be taken over."""


@dataclass(frozen=True, slots=True)
class NewRecord:
    """A change to append: when (UTC), who, what, and the data needed to replay it."""

    at: datetime
    actor: str
    action: str
    payload: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class LogRecord:
    """A stored change: its event, its place in the log (1, 2, ...) and its content."""

    event_id: int
    seq: int
    at: datetime
    actor: str
    action: str
    payload: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event's row: its name, pairing system, version and organiser's settings."""

    id: int
    name: str
    system: str
    version: int
    created_at: datetime
    updated_at: datetime
    settings: Mapping[str, Any] = field(default_factory=dict)
    owner: str | None = None
    """The username of the director who runs the event; ``None`` for an event created from
    the command line, which any director may take over."""


@dataclass(frozen=True, slots=True)
class DirectorRecord:
    """A director's account: the username and the password's hash (never the password)."""

    username: str
    password_hash: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class StaffRecord:
    """A director who helps run an event that another owns, and in which role (the words
    of :class:`fairpair.service.directors.Role`: ``co-director`` or ``assistant``)."""

    event_id: int
    username: str
    role: str
    added_at: datetime


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A signed-in session of the desk: the SHA-256 of its random id (the cookie holds the
    id), whose it is, when it began and when it was last used."""

    id_hash: str
    username: str
    created_at: datetime
    last_seen: datetime


@dataclass(frozen=True, slots=True)
class ApiTokenRecord:
    """A director's API token (the token itself is shown once and never stored)."""

    id: int
    username: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Attempts:
    """A sign-in counter after one more attempt: how many in the window that began at
    ``window_start``."""

    count: int
    window_start: datetime


@dataclass(frozen=True, slots=True)
class RatingListInfo:
    """An imported rating list: its name (``FIDE 2026-11``), kind (``fide`` or
    ``national``), the file it came from, when, and how many players it holds."""

    id: int
    name: str
    kind: str
    source: str
    imported_at: datetime
    players: int


@dataclass(frozen=True, slots=True)
class PairingRun:
    """The marker of a round being paired (in the background on the desk, or by any door):
    at most one per event, kept in the database so that every app server sees it.

    The server pairing it renews ``lease_until`` while it works (with how far it has got:
    ``done`` of ``total`` ``what``); a server that died mid-pairing stops renewing, and once
    the lease has run out another pairing may start. ``token`` tells the holder's marker
    from a later one. A pairing that failed leaves its marker with ``error`` (what the desk
    shows), which blocks nothing."""

    event_id: int
    round: int
    token: str
    actor: str
    started_at: datetime
    lease_until: datetime
    done: int = 0
    total: int = 0
    what: str = ""
    error: str | None = None

    def running(self, at: datetime) -> bool:
        """Whether the pairing is still under way at ``at`` (not failed, lease not run out)."""
        return self.error is None and self.lease_until > at


class PairingBusyError(StoreError):
    """A round of the event is already being paired; nothing was started."""

    def __init__(self, run: PairingRun) -> None:
        super().__init__(
            f"round {run.round} is being paired (started by {run.actor} at "
            f"{run.started_at:%H:%M:%S} UTC); wait until it is done"
        )
        self.run = run


RATING_BATCH = 10_000
"""Players written per statement while a rating list is imported."""


CHECKPOINT_EVERY = 25
"""Records between two checkpoints of an event: an undo replays at most about this many
records after the checkpoint it starts from (benchmarks/bench_undo.py measured 10, 25, 50)."""

SNAPSHOT_FORMAT = 1
"""The form of the snapshots kept in checkpoints. Raise it whenever a snapshot class gains,
loses or changes a field, its JSON changes, or an action replays differently: a checkpoint of
another form is passed over (undo then replays the whole log) and new ones replace it."""


Voided = Sequence[tuple[int, int]]
"""Ranges ``[first, last)`` of record numbers: the checkpoints at those records that an append
makes useless to every later undo and redo (see :meth:`EventStore.append`)."""


def checkpoints_kept(seqs: Collection[int], every: int) -> set[int]:
    """Which of an event's checkpoints (the records they are at, the newest just written) are
    worth keeping for undo and redo: the newest four, then fewer the further back, one per
    ``2**(k-1)`` multiples of ``every`` among those ``2**k`` to ``2**(k+1)`` multiples back.

    An undo or redo whose earliest change taken is ``d`` records back replays those ``d``
    records whatever it starts from (and a director rarely reaches far back); the nearest
    checkpoint kept below them is at most about ``d + every`` records further back (half
    that, mostly), where keeping them all would give ``every``. The count grows with the
    logarithm of the log's length: 8 at 500 records, 12 at 2,000, 17 at 10,000 (every 25).
    A checkpoint dropped stays dropped, since its spacing only grows with its age."""
    if not seqs:
        return set()
    newest = max(seqs) // every
    kept = set()
    for seq in seqs:
        multiple = seq // every
        spacing = 1 << max((newest - multiple).bit_length() - 2, 0)
        if multiple % spacing == 0:
            kept.add(seq)
    return kept


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """An event as its log stood at record ``seq``: the settings of its row and its snapshot,
    kept so that undo and redo replay from here instead of from the first record."""

    event_id: int
    seq: int
    settings: Mapping[str, Any]
    snapshot: Snapshot


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event with its cached snapshot, as of ``info.version``."""

    info: EventInfo
    tournament: Snapshot


class EventStore(Protocol):
    """Where events live. Each method is one transaction."""

    def create_event(
        self,
        name: str,
        system: str,
        settings: Mapping[str, Any],
        record: NewRecord,
        snapshot: Snapshot,
        owner: str | None = None,
    ) -> EventInfo:
        """Store a new event whose log starts with ``record`` (version 1), run by ``owner``."""
        ...

    def claim_event(
        self,
        event_id: int,
        expected_version: int,
        owner: str,
        record: NewRecord,
        *,
        replace_owner: bool = False,
    ) -> EventInfo:
        """Give an event without a director (any event with ``replace_owner``) to ``owner``
        and log ``record`` (the snapshot stays; the new owner is no longer staff of it);
        :class:`ClaimError` if it has a director, :class:`ConcurrencyError` if it is no
        longer at ``expected_version``. Nothing is written on failure."""
        ...

    def set_staff(
        self,
        event_id: int,
        expected_version: int,
        username: str,
        role: str | None,
        record: NewRecord,
    ) -> EventInfo:
        """Make ``username`` staff of the event in ``role`` (a new member or a new role), or
        no longer staff (``role`` None), and log ``record``, in one transaction;
        :class:`ConcurrencyError` if the event is no longer at ``expected_version``."""
        ...

    def staff(self, event_id: int) -> Sequence[StaffRecord]:
        """The event's staff, by username."""
        ...

    def staff_role(self, event_id: int, username: str) -> str | None:
        """The role of ``username`` on the event, if they are staff of it."""
        ...

    def staff_events(self, username: str) -> Sequence[StaffRecord]:
        """Every event ``username`` is staff of, by event id."""
        ...

    def events(self) -> Sequence[EventInfo]:
        """Every event, oldest first."""
        ...

    def event(self, event_id: int) -> EventInfo:
        """One event's row; :class:`UnknownEventError` if there is none."""
        ...

    def load(self, event_id: int) -> StoredEvent:
        """The event and its cached snapshot."""
        ...

    def append(
        self,
        event_id: int,
        expected_version: int,
        record: NewRecord,
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        """Append one record and replace the snapshot, if the event is still at
        ``expected_version``; otherwise raise :class:`ConcurrencyError` and write nothing.

        ``settings``: the event's settings as the record leaves them (an edit of the event),
        which replace the row's, its name (``settings["name"]``) included;
        :class:`EventExistsError` if another event has that name. ``voided``: the checkpoints
        the record makes useless (a change after undos: the changes undone can no longer be
        redone), deleted in the same transaction."""
        ...

    def append_many(
        self,
        event_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        """Append several records (at least one) in one transaction, as :meth:`append` does
        one: the version moves by their number, or nothing is written. A checkpoint is kept
        with them when the version passes a multiple of ``checkpoint_every``, and the older
        ones :func:`checkpoints_kept` leaves out are deleted with it."""
        ...

    def log(self, event_id: int) -> Sequence[LogRecord]:
        """The event's records in order."""
        ...

    def records(self, event_id: int, first: int, last: int) -> Sequence[LogRecord]:
        """The event's records from sequence number ``first`` to ``last`` (both included), in
        order: a part of the log, for readers that need only its end."""
        ...

    def checkpoint(self, event_id: int, at_most: int) -> Checkpoint | None:
        """The event's latest checkpoint at record ``at_most`` or before, of the current
        :data:`SNAPSHOT_FORMAT`; ``None`` if there is none.

        :meth:`append_many` keeps one, in its transaction, each time the version passes a
        multiple of the store's ``checkpoint_every``: the settings and the snapshot it
        stores, at the version it leaves. :meth:`replace_snapshot` drops them all (a rebuild
        found the snapshot wrong, so the checkpoints may be too)."""
        ...

    def replace_snapshot(
        self,
        event_id: int,
        expected_version: int,
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        """Replace the cached snapshot (after a rebuild from the log), and the settings if
        given, as :meth:`append` does; the log is untouched, the checkpoints dropped."""
        ...

    def add_director(self, director: DirectorRecord) -> None:
        """Store a new director; :class:`DirectorExistsError` if the username is taken."""
        ...

    def director(self, username: str) -> DirectorRecord | None:
        """The director with that username (exactly), if any."""
        ...

    def set_password_hash(self, username: str, password_hash: str) -> None:
        """Replace a director's password hash (a rehash with stronger parameters)."""
        ...

    def add_session(self, session: SessionRecord) -> None:
        """Store a new signed-in session."""
        ...

    def session(self, id_hash: str) -> SessionRecord | None:
        """The session with that id hash, if it has not ended."""
        ...

    def touch_session(self, id_hash: str, at: datetime) -> None:
        """Note that the session was used at ``at``."""
        ...

    def end_session(self, id_hash: str) -> None:
        """End one session (nothing happens if it has ended)."""
        ...

    def end_sessions(self, username: str) -> int:
        """End every session of a director; how many there were."""
        ...

    def forget_stale(self, used_before: datetime, started_before: datetime) -> None:
        """Delete what can no longer be used: sessions last used before ``used_before`` or
        begun before ``started_before``, sign-in counters whose window began before
        ``started_before``, and expired claim codes."""
        ...

    def add_api_token(self, username: str, token_hash: str, at: datetime) -> ApiTokenRecord:
        """Store the hash of a new API token of a director."""
        ...

    def api_token(self, token_hash: str) -> ApiTokenRecord | None:
        """The token with that hash, unless it was revoked."""
        ...

    def api_tokens(self, username: str) -> Sequence[ApiTokenRecord]:
        """A director's tokens, oldest first."""
        ...

    def revoke_api_token(self, username: str, token_id: int) -> bool:
        """Revoke one of the director's tokens; ``False`` if they have none with that id."""
        ...

    def count_attempt(self, key: str, at: datetime, window: timedelta) -> Attempts:
        """Count one more sign-in attempt under ``key`` in one atomic step: a window older
        than ``window`` starts again at ``at`` with this attempt. Concurrent callers (threads
        or processes) each see a different count."""
        ...

    def forget_attempt(self, key: str) -> None:
        """Take back one attempt counted under ``key`` (it succeeded)."""
        ...

    def shared_secret(self, name: str, made: str, at: datetime) -> str:
        """The secret kept under ``name``; the first caller's ``made`` if there is none yet.
        Concurrent callers (threads or processes) all get the same one."""
        ...

    def set_claim_code(self, event_id: int, code_hash: str, expires_at: datetime) -> None:
        """Keep the hash of a new claim code of the event (replacing one not yet used)."""
        ...

    def take_claim_code(self, code_hash: str, at: datetime) -> int | None:
        """The event of a claim code that has not expired at ``at``, the code deleted in the
        same step (so it opens one claim only); ``None`` if there is no such code."""
        ...

    # --- rounds being paired -----------------------------------------------------------------

    def begin_pairing(self, run: PairingRun) -> None:
        """Put up the marker ``run`` (its ``started_at`` is now) in one atomic step, unless
        the event has one that is still running then: :class:`PairingBusyError` with that
        one, and nothing written. A failed or expired marker is replaced.
        :class:`UnknownEventError` if there is no such event."""
        ...

    def beat_pairing(
        self, event_id: int, token: str, done: int, total: int, what: str, lease_until: datetime
    ) -> bool:
        """Renew the lease of the marker ``token`` and note how far its pairing has got;
        ``False`` (nothing written) if the marker is no longer that one."""
        ...

    def end_pairing(self, event_id: int, token: str, error: str | None = None) -> None:
        """Take down the marker ``token`` (a success), or keep it with ``error`` (a failure,
        which blocks nothing); nothing happens if the marker is no longer that one."""
        ...

    def pairing_run(self, event_id: int) -> PairingRun | None:
        """The event's marker (running, expired or failed), if it has one."""
        ...

    # --- rating lists ---------------------------------------------------------------------

    def replace_rating_list(
        self,
        name: str,
        kind: str,
        source: str,
        players: Iterable[RatedPlayer],
        at: datetime,
        progress: Callable[[int], None] | None = None,
    ) -> RatingListInfo:
        """Store the list ``players`` (read as it is written, in batches) under ``name``, in
        place of the list of that name if there is one. Until the last player is written the
        list is not seen and the old one stays; if reading ``players`` raises, nothing of the
        new list is kept and the error goes on. ``progress`` is called with the number of
        players written so far."""
        ...

    def rating_lists(self) -> Sequence[RatingListInfo]:
        """The imported lists, by name."""
        ...

    def remove_rating_list(self, list_id: int) -> bool:
        """Delete a list and its players; ``False`` if there is no such list."""
        ...

    def search_rating_list(self, list_id: int, key: str, limit: int) -> Sequence[RatedPlayer]:
        """Players of the list whose ID starts with ``key`` (all digits), or whose name key
        (surname first or first names first, see
        :func:`fairpair.formats.rating_lists.name_keys`) starts with ``key``: surname
        matches first, each in key order, at most ``limit``."""
        ...

    def rated_players(self, list_id: int, fide_ids: Collection[str]) -> Mapping[str, RatedPlayer]:
        """The players of the list with these FIDE IDs, by FIDE ID (one each)."""
        ...

    def rated_player(self, list_id: int, ident: str) -> RatedPlayer | None:
        """The player with that ID (the list's own: FIDE ID or national ID), if any."""
        ...

    def close(self) -> None:
        """Release connections."""
        ...
