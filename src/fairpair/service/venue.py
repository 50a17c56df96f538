"""The venue screen's state: the round clock the director runs and the announcement line.

Both are kept with the event's settings (so every screen and every app server shows the same)
and changed by one logged command each (``clock.set``, ``announcement.set``). Undo passes
over them, as it passes over who runs the event: taking back a wrong result must not stop
the clock; the director sets the clock or the line again instead.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from fairpair.service.errors import CommandError, FieldErrors

__all__ = [
    "ANNOUNCEMENT_MAX",
    "CLOCK_MAX_MINUTES",
    "ClockStep",
    "RoundClock",
    "Venue",
    "announcement_text",
    "clock_after",
    "clock_minutes",
    "clock_words",
    "time_text",
]

CLOCK_MAX_MINUTES = 24 * 60
"""The longest round a clock counts down (a day)."""
ANNOUNCEMENT_MAX = 200
"""The longest announcement: one line on a TV across the hall."""
DEFAULT_MINUTES = 50
"""A clock started without a length: a card-game round."""


class ClockStep(Enum):
    """What the director does to the round clock."""

    START = "start"
    PAUSE = "pause"
    RESET = "reset"


@dataclass(frozen=True, slots=True)
class RoundClock:
    """A count-down of ``seconds``, running since ``started_at`` (None: stopped) after
    ``used`` seconds already run before the last pause."""

    seconds: int
    started_at: datetime | None = None
    used: int = 0

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def left(self, now: datetime) -> int:
        """Whole seconds left at ``now`` (never below zero)."""
        run = self.used
        if self.started_at is not None:
            run += int((now - self.started_at).total_seconds())
        return max(0, self.seconds - run)

    def to_data(self) -> dict[str, Any]:
        started = None if self.started_at is None else self.started_at.isoformat()
        return {"seconds": self.seconds, "started_at": started, "used": self.used}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> RoundClock:
        started = data["started_at"]
        return cls(
            seconds=int(data["seconds"]),
            started_at=None if started is None else datetime.fromisoformat(started),
            used=int(data["used"]),
        )


@dataclass(frozen=True, slots=True)
class Venue:
    """What the venue screen shows beside the pairings."""

    clock: RoundClock | None = None
    announcement: str = ""

    def to_data(self) -> dict[str, Any]:
        clock = None if self.clock is None else self.clock.to_data()
        return {"clock": clock, "announcement": self.announcement}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Venue:
        clock = data.get("clock")
        return cls(
            clock=None if clock is None else RoundClock.from_data(clock),
            announcement=data.get("announcement", ""),
        )

    def after(self, action: str, payload: Mapping[str, Any]) -> Venue:
        """The venue after a logged ``clock.set`` or ``announcement.set``."""
        if action == CLOCK_SET:
            return dataclasses.replace(self, clock=RoundClock.from_data(payload["clock"]))
        if action == ANNOUNCEMENT_SET:
            return dataclasses.replace(self, announcement=payload["text"])
        return self


CLOCK_SET = "clock.set"
ANNOUNCEMENT_SET = "announcement.set"
ACTIONS = frozenset({CLOCK_SET, ANNOUNCEMENT_SET})
"""The log's actions that change only the venue screen."""


def clock_minutes(text: str | int | None) -> int | None:
    """A round's length in whole minutes as typed (empty: None), or :class:`FieldErrors`
    naming ``minutes``."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    try:
        minutes = int(text.strip()) if isinstance(text, str) else int(text)
    except ValueError:
        raise FieldErrors({"minutes": f"{text!r} is not a whole number of minutes"}) from None
    if not 1 <= minutes <= CLOCK_MAX_MINUTES:
        raise FieldErrors({"minutes": f"a round lasts 1 to {CLOCK_MAX_MINUTES} minutes"})
    return minutes


def clock_after(
    clock: RoundClock | None, step: ClockStep, minutes: int | None, now: datetime
) -> RoundClock:
    """The clock after the director's ``step`` at ``now``: start (again, from where it was
    paused; with ``minutes``, a new length), pause (the time run is kept), reset (stopped, the
    whole length left; ``minutes`` a new one)."""
    seconds = minutes * 60 if minutes is not None else None
    if step is ClockStep.START:
        if clock is None:
            return RoundClock(seconds or DEFAULT_MINUTES * 60, now)
        if clock.running and seconds is None:
            raise CommandError("the round clock is already running")
        used = clock.used if clock.started_at is None else clock.seconds - clock.left(now)
        if seconds is not None and clock.running:
            used = 0  # a running clock given a new length starts that length afresh
        return RoundClock(seconds or clock.seconds, now, used)
    if step is ClockStep.PAUSE:
        if clock is None or not clock.running:
            raise CommandError("the round clock is not running")
        return RoundClock(clock.seconds, None, clock.seconds - clock.left(now))
    length = seconds or (DEFAULT_MINUTES * 60 if clock is None else clock.seconds)
    return RoundClock(length)


def clock_words(payload: Mapping[str, Any]) -> str:
    """A ``clock.set`` record in the log's words."""
    clock = RoundClock.from_data(payload["clock"])
    length = f"{clock.seconds // 60} min"
    if payload["step"] == ClockStep.START.value:
        return f"started the round clock ({length}, {time_text(clock.seconds - clock.used)} left)"
    if payload["step"] == ClockStep.PAUSE.value:
        return f"paused the round clock ({time_text(clock.seconds - clock.used)} left)"
    return f"reset the round clock to {length}"


def time_text(seconds: int) -> str:
    """Time left as a clock shows it: ``42:05``, ``1:02:05`` from an hour."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def announcement_text(text: str) -> str:
    """The announcement as shown: one line, spaces collapsed (empty: none); a line too long
    is :class:`FieldErrors` naming ``announcement``."""
    line = " ".join(text.split())
    if len(line) > ANNOUNCEMENT_MAX:
        raise FieldErrors(
            {"announcement": f"{len(line)} characters; a line takes {ANNOUNCEMENT_MAX} at most"}
        )
    return line
