from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from argon2 import PasswordHasher
from fastapi import FastAPI

from fairpair.service import directors
from fairpair.web.config import WebConfig
from tests.web.desk_client import Browser, running


@pytest.fixture(autouse=True)
def cheap_password_hashes(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Argon2 at its smallest parameters: the same code, a fraction of the CPU per sign-in
    (tests that check the stored hash use the real parameters themselves)."""
    monkeypatch.setattr(
        directors, "_hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )
    directors._decoy_hash.cache_clear()
    yield
    directors._decoy_hash.cache_clear()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[FastAPI, Browser]]:
    """The desk on SQLite, with the director anna signed up and signed in (a test module
    may define a ``site`` of its own)."""
    with running(WebConfig(store=str(tmp_path / "events.sqlite3"), signup=True)) as (app, client):
        anna = Browser(client)
        anna.sign_up("anna", "anna's password")
        yield app, anna
