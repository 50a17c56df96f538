from __future__ import annotations

from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher

from fairpair.service import directors


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
