"""Fixtures of the browser tests (pytest-playwright on Debian's Chromium, see browser.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import (
    CHROMIUM_ARGS,
    LiveServer,
    Screenshots,
    chromium_missing,
    chromium_path,
    live_server,
)
from tests.integration.stores import SQL_BACKENDS, database_url

# The machine running the tests may be busy (two cores, pytest-xdist): wait for the pages
# longer than Playwright's 5 s before calling a test failed. Auto-waiting, never sleeps.
expect.set_options(timeout=20_000)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options, on the system's Chromium instead of a download."""
    missing = chromium_missing()
    if missing is not None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(missing + " (CI must run the browser tests)", pytrace=False)
        pytest.skip(missing)
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": list(CHROMIUM_ARGS),
    }


@pytest.fixture
def screenshots(request: pytest.FixtureRequest) -> Screenshots:
    """Numbered screenshots under test-artifacts/screenshots/<test>/."""
    return Screenshots.for_test(request.node.name)


@pytest.fixture(params=SQL_BACKENDS)
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[LiveServer]:
    """The app on a fresh SQLite file, then on a fresh PostgreSQL schema (when configured)."""
    with database_url(request.param, tmp_path) as url, live_server(url) as running:
        yield running


@pytest.fixture
def sqlite_server(tmp_path: Path) -> Iterator[LiveServer]:
    """The app on a fresh SQLite file only (pages whose storage does not matter)."""
    with live_server(str(tmp_path / "events.sqlite3")) as running:
        yield running
