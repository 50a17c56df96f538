"""A pairing held in the middle, deterministically: a pairing system made to report two of
three steps and then wait until the test lets it go on (no sleeping and hoping). The Dutch
system for individual events, the team Swiss (C.04.6) and the Double-Swiss (C.04.5)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, MutableMapping
from contextlib import AbstractContextManager, contextmanager
from typing import Any

import pytest

from fairpair.pairing import registry
from fairpair.pairing.double_swiss import pair_double_swiss
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.progress import report
from fairpair.pairing.team_swiss import pair_team_swiss

WAIT = 30.0
"""The longest a test waits for another thread (a busy machine), never a sleep."""

Gate = tuple[threading.Event, threading.Event]
"""(reached, go): set when the held system has reported and waits; set to let it go on."""


@contextmanager
def _held(
    monkeypatch: pytest.MonkeyPatch,
    systems: MutableMapping[str, Any],
    name: str,
    engine: Callable[[Any], Any],
    make: Callable[[Callable[[Any], Any]], Any],
    what: str,
) -> Iterator[Gate]:
    """``systems[name]`` replaced (``make`` wraps a pairer as the registry's entry) by
    ``engine`` held after its second report of three ``what``."""
    reached, go = threading.Event(), threading.Event()

    def held(tournament: Any) -> Any:
        report(0, 3, what)
        report(1, 3, what)
        reached.set()
        if not go.wait(WAIT):
            raise AssertionError("the test never let the pairing go on")
        return engine(tournament)

    monkeypatch.setitem(systems, name, make(held))
    try:
        yield reached, go
    finally:
        go.set()


def held_dutch(monkeypatch: pytest.MonkeyPatch) -> AbstractContextManager[Gate]:
    """The Dutch system made to stop after its second bracket report until the test lets it
    go on: (reached, go)."""
    return _held(
        monkeypatch, registry.SYSTEMS, "dutch", pair_dutch, lambda p: lambda _seed: p, "bracket"
    )


_SCOREGROUP_SYSTEMS: dict[str, tuple[MutableMapping[str, Any], Callable[[Any], Any]]] = {
    "team-swiss": (registry.TEAM_SYSTEMS, pair_team_swiss),
    "double-swiss": (registry.DOUBLE_SWISS_SYSTEMS, pair_double_swiss),
}


def held_scoregroups(monkeypatch: pytest.MonkeyPatch, system: str) -> AbstractContextManager[Gate]:
    """The team Swiss or the Double-Swiss (``system``) made to stop after its second
    scoregroup report until the test lets it go on: (reached, go)."""
    systems, engine = _SCOREGROUP_SYSTEMS[system]
    return _held(monkeypatch, systems, system, engine, lambda p: lambda: p, "scoregroup")


def wait_for(check: Callable[[], bool]) -> None:
    """Until ``check()`` holds (what another thread writes), at most :data:`WAIT` seconds."""
    gate = threading.Event()
    for _ in range(int(WAIT * 20)):
        if check():
            return
        gate.wait(0.05)
    raise AssertionError("the other thread never got there")
