"""What the write API's routes share, for individual and team events alike: the error shape
and its statuses, and the changes an undo or redo took or brought back.

:mod:`fairpair.web.api_write` (individual events) and :mod:`fairpair.web.team_api` (team
events) answer with the same rights and the same errors: 401, 404 (not the caller's event),
409, 400 for a command that does not fit the event, 422 naming the body field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from fastapi import HTTPException
from pydantic import BaseModel, Field

from fairpair.service import double_events as de
from fairpair.service import events as ev
from fairpair.service import team_events as te
from fairpair.service.errors import (
    CommandError,
    DuplicatePlayerError,
    FieldErrors,
    FilledBoardError,
    PairingInProgressError,
)
from fairpair.storage import ConcurrencyError, EventExistsError, LogRecord, UnknownEventError


class Problem(BaseModel):
    """An error: a message, or one entry per field that is wrong."""

    detail: str | list[dict[str, Any]]


def error_responses(*statuses: tuple[int, str]) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of write routes: each status with what it means there."""
    return {status: {"model": Problem, "description": text} for status, text in statuses}


def field_error(loc: Sequence[str | int], message: str) -> HTTPException:
    """A 422 naming the body field at ``loc``, in the shape of FastAPI's validation errors."""
    return HTTPException(422, [{"loc": ["body", *loc], "msg": message, "type": "value_error"}])


@contextmanager
def answers(field: Sequence[str | int] | None = None) -> Iterator[None]:
    """The service's refusals as JSON errors; a refusal of the command as a whole names
    ``field`` (422) when the command has one field it is about, else it is a 400."""
    try:
        yield
    except FieldErrors as error:
        raise HTTPException(
            422,
            [
                {"loc": ["body", *(field or ()), name], "msg": message, "type": "value_error"}
                for name, message in error.errors.items()
            ],
        ) from None
    except UnknownEventError as error:
        raise HTTPException(404, str(error)) from None
    except (
        ConcurrencyError,
        FilledBoardError,
        DuplicatePlayerError,
        PairingInProgressError,
    ) as error:
        raise HTTPException(409, str(error)) from None
    except EventExistsError as error:
        raise field_error(["name"], str(error)) from None
    except CommandError as error:
        if field is not None:
            raise field_error(field, str(error)) from None
        raise HTTPException(400, str(error)) from None


class EventOut(BaseModel):
    """An event as it stands after the change."""

    id: int
    name: str
    system: str
    owner: str | None
    version: int
    rounds_paired: int
    total_rounds: int | None
    players: int


def event_out(event: ev.Event | de.DoubleEvent) -> EventOut:
    """An individual or Double-Swiss event after a change, as the write routes answer."""
    t = event.tournament
    return EventOut(
        id=event.id,
        name=event.info.name,
        system=event.info.system,
        owner=event.info.owner,
        version=event.version,
        rounds_paired=len(t.rounds),
        total_rounds=t.total_rounds,
        players=len(t.players),
    )


class ChangeOut(BaseModel):
    """One change of the audit log."""

    seq: int = Field(description="Its number in the audit log.")
    action: str = Field(description="E.g. results.entered, round.paired.")
    description: str = Field(description="What it was, in an arbiter's words.")


def walked(
    desk: ev.Desk,
    event: ev.Event | te.TeamEvent | de.DoubleEvent,
    taken: Sequence[LogRecord],
    describe: Callable[[LogRecord, Sequence[LogRecord]], str],
) -> dict[str, Any]:
    """After an undo or redo: the changes ``taken`` (latest first) and what undo and redo
    would take or bring back now, each in words (``describe``, given the log from the
    earliest of them on, read from the log's end)."""
    undo_next, redo_next = ev.undo_targets(desk, event.id, event.version)
    shown = [*taken, *(r for r in (undo_next, redo_next) if r is not None)]
    first = min((r.seq for r in shown), default=event.version)
    log = ev.log_since(desk, event.id, first, event.version)

    def change(record: LogRecord) -> ChangeOut:
        return ChangeOut(seq=record.seq, action=record.action, description=describe(record, log))

    return {
        "changes": [change(r) for r in taken],
        "undo_next": None if undo_next is None else change(undo_next),
        "redo_next": None if redo_next is None else change(redo_next),
    }
