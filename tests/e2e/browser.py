"""What the browser tests share: Debian's Chromium, the app served for real, screenshots.

The browser is the system's Chromium (``/usr/bin/chromium``, Debian's package; another path
in ``FAIRPAIR_TEST_CHROMIUM``), never one Playwright downloads. The app runs with uvicorn in a
background thread on a free port of 127.0.0.1, on a fresh SQLite file or PostgreSQL schema
(:func:`tests.integration.stores.database_url`). Screenshots of each page go to
``test-artifacts/screenshots/<test>/<step>.png`` at the top of the repository.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import Page

from fairpair.storage import EventStore, open_store
from fairpair.web.app import create_app
from fairpair.web.config import WebConfig
from tests.web.desk_client import served

CHROMIUM_ENV = "FAIRPAIR_TEST_CHROMIUM"
CHROMIUM_ARGS = (
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox cannot start
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",  # small /dev/shm in containers
)
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"


def chromium_path() -> str:
    """Debian's Chromium, or the one named in ``FAIRPAIR_TEST_CHROMIUM``."""
    return os.environ.get(CHROMIUM_ENV) or "/usr/bin/chromium"


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None when the browser is there."""
    path = chromium_path()
    if os.access(path, os.X_OK):
        return None
    return (
        f"no Chromium at {path}: install Debian's (apt-get install chromium; scripts/test "
        f"does it in CI) or name another in {CHROMIUM_ENV}"
    )


@dataclass(frozen=True)
class LiveServer:
    """The app answering on ``url``, over the store at ``store``."""

    url: str
    store: str

    def open_store(self) -> EventStore:
        """A connection of the test's own to the server's store, to read back what it did."""
        return open_store(self.store)


@contextmanager
def live_server(store: str) -> Iterator[LiveServer]:
    """Serve the app over ``store`` with uvicorn in a thread until the block ends."""
    app = create_app(WebConfig(store=store, demo=False, signup=True))
    with served(app, f"the app on {store}") as url:
        yield LiveServer(url, store)


@dataclass
class Screenshots:
    """Saves numbered screenshots of one test's pages under its own folder."""

    folder: Path
    taken: list[Path] = field(default_factory=list)

    @classmethod
    def for_test(cls, node_name: str) -> Screenshots:
        name = re.sub(r"[^A-Za-z0-9_.-]+", "-", node_name).strip("-")
        folder = SCREENSHOTS / name
        shutil.rmtree(folder, ignore_errors=True)  # only this test's pictures of a past run
        folder.mkdir(parents=True, exist_ok=True)
        return cls(folder)

    def shoot(self, page: Page, step: str) -> Path:
        """Save what ``page`` shows now as ``<n>-<step>.png``."""
        slug = re.sub(r"[^A-Za-z0-9_.-]+", "-", step).strip("-")
        path = self.folder / f"{len(self.taken) + 1:03d}-{slug}.png"
        page.screenshot(path=str(path), full_page=True)
        self.taken.append(path)
        return path
