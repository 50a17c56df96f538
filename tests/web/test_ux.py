"""What a director at the venue and a player on a phone stumbled on, walking through the app
in a browser: each test holds one fix in place."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.web.public_events import desk_of, dutch_event, running_app
from tests.web.test_public import PUBLIC_PAGES, Events, card_event, demo_event


@pytest.fixture(scope="module")
def events() -> Iterator[Events]:
    with running_app() as (app, client):
        desk = desk_of(app)
        yield Events(app, client, dutch_event(desk), demo_event(desk), card_event(desk))


# --- public pages ---------------------------------------------------------------------------


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_public_pages_answer_head_as_get_without_the_body(events: Events, path: str) -> None:
    """Uptime monitors and link checkers send HEAD."""
    got = events.client.get(path)
    head = events.client.head(path)
    assert head.status_code == 200 == got.status_code
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers.get("etag") == got.headers.get("etag")


def test_head_of_an_unknown_event_is_404(events: Events) -> None:
    assert events.client.head("/events/99").status_code == 404
