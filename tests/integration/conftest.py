from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from fairpair.storage import EventStore
from tests.integration.stores import BACKENDS, store_factory


@pytest.fixture(params=BACKENDS)
def open_store(
    request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Callable[[], EventStore]]:
    """Opens connections to one fresh store of each kind in turn."""
    with store_factory(request.param, tmp_path) as factory:
        yield factory


@pytest.fixture
def store(open_store: Callable[[], EventStore]) -> EventStore:
    return open_store()
