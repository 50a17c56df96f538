"""An in-memory event store: the fake that service tests run against."""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from fairpair.formats.rating_lists import RatedPlayer, name_keys
from fairpair.storage.base import (
    CHECKPOINT_EVERY,
    RATING_BATCH,
    SNAPSHOT_FORMAT,
    ApiTokenRecord,
    Attempts,
    Checkpoint,
    ClaimError,
    ConcurrencyError,
    DirectorExistsError,
    DirectorRecord,
    EventExistsError,
    EventInfo,
    LogRecord,
    NewRecord,
    PairingBusyError,
    PairingRun,
    RatingListInfo,
    SessionRecord,
    Snapshot,
    StaffRecord,
    StoredEvent,
    UnknownEventError,
    Voided,
    checkpoints_kept,
)

__all__ = ["MemoryStore"]


class MemoryStore:
    """Events in dictionaries; snapshots are immutable, payloads are deep-copied."""

    def __init__(self, *, checkpoint_every: int = CHECKPOINT_EVERY) -> None:
        self.checkpoint_every = checkpoint_every
        self._info: dict[int, EventInfo] = {}
        self._snapshots: dict[int, Snapshot] = {}
        self._logs: dict[int, list[LogRecord]] = {}
        self._checkpoints: dict[int, list[tuple[int, Checkpoint]]] = {}
        """Per event, (format, checkpoint) by sequence number."""
        self._directors: dict[str, DirectorRecord] = {}
        self._sessions: dict[str, SessionRecord] = {}
        self._tokens: dict[str, ApiTokenRecord] = {}
        self._counters: dict[str, Attempts] = {}
        self._token_ids = 0
        self._claim_codes: dict[int, tuple[str, datetime]] = {}
        self._staff: dict[tuple[int, str], StaffRecord] = {}
        self._lists: dict[str, tuple[RatingListInfo, list[RatedPlayer]]] = {}
        self._secrets: dict[str, str] = {}
        self._list_ids = 0
        self._pairing_runs: dict[int, PairingRun] = {}
        self._lock = threading.Lock()
        """Makes each write one step for concurrent callers, like a transaction."""

    def create_event(
        self,
        name: str,
        system: str,
        settings: Mapping[str, Any],
        record: NewRecord,
        snapshot: Snapshot,
        owner: str | None = None,
    ) -> EventInfo:
        with self._lock:
            if any(info.name == name for info in self._info.values()):
                raise EventExistsError(f"an event named {name!r} already exists")
            event_id = max(self._info, default=0) + 1
            info = EventInfo(
                id=event_id,
                name=name,
                system=system,
                version=1,
                created_at=record.at,
                updated_at=record.at,
                settings=copy.deepcopy(dict(settings)),
                owner=owner,
            )
            self._info[event_id] = info
            self._snapshots[event_id] = snapshot
            self._logs[event_id] = [_stored(event_id, 1, record)]
            return info

    def events(self) -> Sequence[EventInfo]:
        return [self._info[k] for k in sorted(self._info)]

    def event(self, event_id: int) -> EventInfo:
        try:
            return self._info[event_id]
        except KeyError:
            raise UnknownEventError(f"no event with id {event_id}") from None

    def load(self, event_id: int) -> StoredEvent:
        return StoredEvent(self.event(event_id), self._snapshots[event_id])

    def append(
        self,
        event_id: int,
        expected_version: int,
        record: NewRecord,
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        return self.append_many(event_id, expected_version, (record,), snapshot, settings, voided)

    def append_many(
        self,
        event_id: int,
        expected_version: int,
        records: Sequence[NewRecord],
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
        voided: Voided = (),
    ) -> EventInfo:
        if not records:
            raise ValueError("nothing to append")
        with self._lock:
            info = self.event(event_id)
            if info.version != expected_version:
                raise ConcurrencyError(info.name, expected_version, info.version)
            info = self._with_settings(info, settings)
            seq = info.version
            for record in records:
                seq += 1
                self._logs[event_id].append(_stored(event_id, seq, record))
            info = replace(info, version=seq, updated_at=records[-1].at)
            self._info[event_id] = info
            self._snapshots[event_id] = snapshot
            held = [
                (form, kept)
                for form, kept in self._checkpoints.get(event_id, ())
                if not any(first <= kept.seq < last for first, last in voided)
            ]
            if seq // self.checkpoint_every > expected_version // self.checkpoint_every:
                kept = Checkpoint(event_id, seq, copy.deepcopy(dict(info.settings)), snapshot)
                held.append((SNAPSHOT_FORMAT, kept))
                worth = checkpoints_kept(
                    [c.seq for form, c in held if form == SNAPSHOT_FORMAT], self.checkpoint_every
                )
                held = [(f, c) for f, c in held if f != SNAPSHOT_FORMAT or c.seq in worth]
            self._checkpoints[event_id] = held
            return info

    def claim_event(
        self,
        event_id: int,
        expected_version: int,
        owner: str,
        record: NewRecord,
        *,
        replace_owner: bool = False,
    ) -> EventInfo:
        with self._lock:
            info = self.event(event_id)
            if info.owner is not None and not replace_owner:
                raise ClaimError(f"event {info.name!r} is run by {info.owner}")
            if info.version != expected_version:
                raise ConcurrencyError(info.name, expected_version, info.version)
            seq = info.version + 1
            self._logs[event_id].append(_stored(event_id, seq, record))
            info = replace(info, version=seq, updated_at=record.at, owner=owner)
            self._info[event_id] = info
            self._staff.pop((event_id, owner), None)
            return info

    def set_staff(
        self,
        event_id: int,
        expected_version: int,
        username: str,
        role: str | None,
        record: NewRecord,
    ) -> EventInfo:
        with self._lock:
            info = self.event(event_id)
            if info.version != expected_version:
                raise ConcurrencyError(info.name, expected_version, info.version)
            seq = info.version + 1
            self._logs[event_id].append(_stored(event_id, seq, record))
            if role is None:
                self._staff.pop((event_id, username), None)
            else:
                found = self._staff.get((event_id, username))
                added = record.at if found is None else found.added_at
                self._staff[event_id, username] = StaffRecord(event_id, username, role, added)
            info = replace(info, version=seq, updated_at=record.at)
            self._info[event_id] = info
            return info

    def staff(self, event_id: int) -> Sequence[StaffRecord]:
        self.event(event_id)
        return sorted((s for s in self._staff.values() if s.event_id == event_id), key=_username)

    def staff_role(self, event_id: int, username: str) -> str | None:
        found = self._staff.get((event_id, username))
        return None if found is None else found.role

    def staff_events(self, username: str) -> Sequence[StaffRecord]:
        return sorted((s for s in self._staff.values() if s.username == username), key=_event)

    def log(self, event_id: int) -> Sequence[LogRecord]:
        self.event(event_id)
        return list(self._logs[event_id])

    def records(self, event_id: int, first: int, last: int) -> Sequence[LogRecord]:
        self.event(event_id)
        # Record n is at index n - 1: the log is append-only and numbered from 1.
        return self._logs[event_id][max(first, 1) - 1 : max(last, 0)]

    def checkpoint(self, event_id: int, at_most: int) -> Checkpoint | None:
        self.event(event_id)
        found = [
            kept
            for form, kept in self._checkpoints.get(event_id, ())
            if form == SNAPSHOT_FORMAT and kept.seq <= at_most
        ]
        return max(found, key=_seq, default=None)

    def replace_snapshot(
        self,
        event_id: int,
        expected_version: int,
        snapshot: Snapshot,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        with self._lock:
            info = self.event(event_id)
            if info.version != expected_version:
                raise ConcurrencyError(info.name, expected_version, info.version)
            self._info[event_id] = self._with_settings(info, settings)
            self._snapshots[event_id] = snapshot
            self._checkpoints.pop(event_id, None)

    def _with_settings(self, info: EventInfo, settings: Mapping[str, Any] | None) -> EventInfo:
        """The row with new settings and the name they give (checked to be free)."""
        if settings is None:
            return info
        name = settings["name"]
        if any(other.name == name and other.id != info.id for other in self._info.values()):
            raise EventExistsError(f"an event named {name!r} already exists")
        return replace(info, name=name, settings=copy.deepcopy(dict(settings)))

    def add_director(self, director: DirectorRecord) -> None:
        with self._lock:
            if director.username in self._directors:
                raise DirectorExistsError(f"the username {director.username!r} is taken")
            self._directors[director.username] = director

    def director(self, username: str) -> DirectorRecord | None:
        return self._directors.get(username)

    def set_password_hash(self, username: str, password_hash: str) -> None:
        with self._lock:
            found = self._directors.get(username)
            if found is not None:
                self._directors[username] = replace(found, password_hash=password_hash)

    def add_session(self, session: SessionRecord) -> None:
        with self._lock:
            self._sessions[session.id_hash] = session

    def session(self, id_hash: str) -> SessionRecord | None:
        return self._sessions.get(id_hash)

    def touch_session(self, id_hash: str, at: datetime) -> None:
        with self._lock:
            found = self._sessions.get(id_hash)
            if found is not None:
                self._sessions[id_hash] = replace(found, last_seen=at)

    def end_session(self, id_hash: str) -> None:
        with self._lock:
            self._sessions.pop(id_hash, None)

    def end_sessions(self, username: str) -> int:
        with self._lock:
            ended = [k for k, v in self._sessions.items() if v.username == username]
            for key in ended:
                del self._sessions[key]
            return len(ended)

    def forget_stale(self, used_before: datetime, started_before: datetime) -> None:
        with self._lock:
            self._sessions = {
                k: v
                for k, v in self._sessions.items()
                if v.last_seen >= used_before and v.created_at >= started_before
            }
            self._counters = {
                k: v for k, v in self._counters.items() if v.window_start >= started_before
            }
            self._claim_codes = {k: v for k, v in self._claim_codes.items() if v[1] >= used_before}

    def add_api_token(self, username: str, token_hash: str, at: datetime) -> ApiTokenRecord:
        with self._lock:
            self._token_ids += 1  # never reused, as the SQL store's
            record = ApiTokenRecord(self._token_ids, username, at)
            self._tokens[token_hash] = record
            return record

    def api_token(self, token_hash: str) -> ApiTokenRecord | None:
        return self._tokens.get(token_hash)

    def api_tokens(self, username: str) -> Sequence[ApiTokenRecord]:
        return sorted((t for t in self._tokens.values() if t.username == username), key=_id)

    def revoke_api_token(self, username: str, token_id: int) -> bool:
        with self._lock:
            for key, token in self._tokens.items():
                if token.username == username and token.id == token_id:
                    del self._tokens[key]
                    return True
            return False

    def count_attempt(self, key: str, at: datetime, window: timedelta) -> Attempts:
        with self._lock:
            found = self._counters.get(key)
            if found is None or found.window_start <= at - window:
                found = Attempts(1, at)
            else:
                found = replace(found, count=found.count + 1)
            self._counters[key] = found
            return found

    def forget_attempt(self, key: str) -> None:
        with self._lock:
            found = self._counters.get(key)
            if found is not None and found.count > 0:
                self._counters[key] = replace(found, count=found.count - 1)

    def shared_secret(self, name: str, made: str, at: datetime) -> str:
        with self._lock:
            return self._secrets.setdefault(name, made)

    def set_claim_code(self, event_id: int, code_hash: str, expires_at: datetime) -> None:
        with self._lock:
            self.event(event_id)
            self._claim_codes[event_id] = (code_hash, expires_at)

    def take_claim_code(self, code_hash: str, at: datetime) -> int | None:
        with self._lock:
            for event_id, (stored, expires_at) in self._claim_codes.items():
                if stored == code_hash:
                    del self._claim_codes[event_id]
                    return event_id if expires_at > at else None
            return None

    def begin_pairing(self, run: PairingRun) -> None:
        with self._lock:
            if run.event_id not in self._info:
                raise UnknownEventError(f"no event with id {run.event_id}")
            found = self._pairing_runs.get(run.event_id)
            if found is not None and found.running(run.started_at):
                raise PairingBusyError(found)
            self._pairing_runs[run.event_id] = run

    def beat_pairing(
        self, event_id: int, token: str, done: int, total: int, what: str, lease_until: datetime
    ) -> bool:
        with self._lock:
            found = self._pairing_runs.get(event_id)
            if found is None or found.token != token or found.error is not None:
                return False
            self._pairing_runs[event_id] = replace(
                found, done=done, total=total, what=what, lease_until=lease_until
            )
            return True

    def end_pairing(self, event_id: int, token: str, error: str | None = None) -> None:
        with self._lock:
            found = self._pairing_runs.get(event_id)
            if found is None or found.token != token:
                return
            if error is None:
                del self._pairing_runs[event_id]
            else:
                self._pairing_runs[event_id] = replace(found, error=error)

    def pairing_run(self, event_id: int) -> PairingRun | None:
        with self._lock:
            return self._pairing_runs.get(event_id)

    def replace_rating_list(
        self,
        name: str,
        kind: str,
        source: str,
        players: Iterable[RatedPlayer],
        at: datetime,
        progress: Callable[[int], None] | None = None,
    ) -> RatingListInfo:
        read: list[RatedPlayer] = []
        for player in players:
            read.append(player)
            if progress is not None and len(read) % RATING_BATCH == 0:
                progress(len(read))
        if progress is not None:
            progress(len(read))
        with self._lock:
            self._list_ids += 1
            info = RatingListInfo(self._list_ids, name, kind, source, at, len(read))
            self._lists[name] = (info, read)
        return info

    def rating_lists(self) -> Sequence[RatingListInfo]:
        return [info for _, (info, _) in sorted(self._lists.items())]

    def remove_rating_list(self, list_id: int) -> bool:
        with self._lock:
            for name, (info, _) in list(self._lists.items()):
                if info.id == list_id:
                    del self._lists[name]
                    return True
        return False

    def _list(self, list_id: int) -> list[RatedPlayer]:
        for info, players in self._lists.values():
            if info.id == list_id:
                return players
        return []

    def search_rating_list(self, list_id: int, key: str, limit: int) -> Sequence[RatedPlayer]:
        if not key:
            return []
        players = self._list(list_id)
        if key.isdecimal():
            ranked = sorted((p.ident, i) for i, p in enumerate(players) if p.ident.startswith(key))
            return [players[i] for _, i in ranked[:limit]]
        found: dict[str, RatedPlayer] = {}
        for side in (0, 1):
            keyed = sorted(
                (keys[side], i)
                for i, p in enumerate(players)
                if (keys := name_keys(p.name))[side].startswith(key)
            )
            for _, i in keyed[:limit]:
                found.setdefault(players[i].ident, players[i])
        return list(found.values())[:limit]

    def rated_players(self, list_id: int, fide_ids: Collection[str]) -> Mapping[str, RatedPlayer]:
        wanted = set(fide_ids)
        found: dict[str, RatedPlayer] = {}
        for player in self._list(list_id):
            if player.fide_id in wanted:
                found.setdefault(player.fide_id, player)
        return found

    def rated_player(self, list_id: int, ident: str) -> RatedPlayer | None:
        return next((p for p in self._list(list_id) if p.ident == ident), None)

    def close(self) -> None:
        """Nothing to release."""


def _seq(checkpoint: Checkpoint) -> int:
    return checkpoint.seq


def _id(token: ApiTokenRecord) -> int:
    return token.id


def _username(member: StaffRecord) -> str:
    return member.username


def _event(member: StaffRecord) -> int:
    return member.event_id


def _stored(event_id: int, seq: int, record: NewRecord) -> LogRecord:
    return LogRecord(
        event_id=event_id,
        seq=seq,
        at=record.at,
        actor=record.actor,
        action=record.action,
        payload=copy.deepcopy(dict(record.payload)),
    )
