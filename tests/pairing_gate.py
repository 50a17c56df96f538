"""A pairing held in the middle, deterministically: the Dutch system made to report two
of three brackets and then wait until the test lets it go on (no sleeping and hoping)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from fairpair.core import Pairing, Tournament
from fairpair.pairing import registry
from fairpair.pairing.dutch import pair_dutch
from fairpair.pairing.progress import report

WAIT = 30.0
"""The longest a test waits for another thread (a busy machine), never a sleep."""


@contextmanager
def held_dutch(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[threading.Event, threading.Event]]:
    """The Dutch system made to stop after its second bracket report until the test lets it
    go on: (reached, go)."""
    reached, go = threading.Event(), threading.Event()

    def held(tournament: Tournament) -> Pairing:
        report(0, 3, "bracket")
        report(1, 3, "bracket")
        reached.set()
        if not go.wait(WAIT):
            raise AssertionError("the test never let the pairing go on")
        return pair_dutch(tournament)

    monkeypatch.setitem(registry.SYSTEMS, "dutch", lambda _seed: held)
    try:
        yield reached, go
    finally:
        go.set()


def wait_for(check: Callable[[], bool]) -> None:
    """Until ``check()`` holds (what another thread writes), at most :data:`WAIT` seconds."""
    gate = threading.Event()
    for _ in range(int(WAIT * 20)):
        if check():
            return
        gate.wait(0.05)
    raise AssertionError("the other thread never got there")
