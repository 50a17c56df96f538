"""The store's sessions, API tokens and sign-in counters, on every backend: the counters stay
exact when several connections (as several server processes would) count at once."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

from fairpair.service import events as ev
from fairpair.service.settings import EventSettings, System
from fairpair.storage import EventStore, SessionRecord
from tests.integration.stores import ticking_clock

T0 = datetime(2026, 5, 1, 9, 0, tzinfo=UTC)
WINDOW = timedelta(minutes=15)


def test_sessions_are_found_touched_and_ended(store: EventStore) -> None:
    for id_hash, username in (("a1", "anna"), ("a2", "anna"), ("b1", "bruno")):
        store.add_session(SessionRecord(id_hash, username, T0, T0))
    assert store.session("a1") == SessionRecord("a1", "anna", T0, T0)
    store.touch_session("a1", T0 + timedelta(minutes=5))
    assert store.session("a1") == SessionRecord("a1", "anna", T0, T0 + timedelta(minutes=5))
    store.end_session("a1")
    assert store.session("a1") is None
    store.end_session("a1")  # ending an ended session: nothing happens
    assert store.end_sessions("anna") == 1
    assert store.session("a2") is None
    assert store.session("b1") is not None


def test_api_tokens_are_kept_by_hash_and_revoked_by_their_director(store: EventStore) -> None:
    first = store.add_api_token("anna", "hash-1", T0)
    second = store.add_api_token("anna", "hash-2", T0)
    store.add_api_token("bruno", "hash-3", T0)
    assert store.api_token("hash-1") == first and first.username == "anna"
    assert store.api_token("nope") is None
    assert [t.id for t in store.api_tokens("anna")] == [first.id, second.id]
    assert not store.revoke_api_token("bruno", first.id)  # not his
    assert store.revoke_api_token("anna", first.id)
    assert store.api_token("hash-1") is None
    assert [t.id for t in store.api_tokens("anna")] == [second.id]


def test_the_counter_counts_each_attempt_once_under_concurrency(
    open_store: Callable[[], EventStore],
) -> None:
    stores = [open_store() for _ in range(4)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        counts = list(
            pool.map(
                lambda i: stores[i % 4].count_attempt("username:anna", T0, WINDOW).count,
                range(40),
            )
        )
    assert sorted(counts) == list(range(1, 41))


def test_the_counter_window_starts_again_and_a_success_is_taken_back(
    store: EventStore,
) -> None:
    assert store.count_attempt("k", T0, WINDOW).count == 1
    second = store.count_attempt("k", T0 + timedelta(minutes=1), WINDOW)
    assert (second.count, second.window_start) == (2, T0)
    store.forget_attempt("k")
    assert store.count_attempt("k", T0 + timedelta(minutes=2), WINDOW).count == 2
    assert store.count_attempt("other", T0, WINDOW).count == 1
    later = T0 + WINDOW + timedelta(seconds=1)
    assert store.count_attempt("k", later, WINDOW) == type(second)(1, later)


def test_a_claim_code_is_taken_once_and_not_after_it_expires(store: EventStore) -> None:
    d = ev.Desk(store, ticking_clock(), "cli")
    first = ev.create_event(d, EventSettings("One", System.BERGER)).id
    second = ev.create_event(d, EventSettings("Two", System.BERGER)).id
    store.set_claim_code(first, "h1", T0 + timedelta(hours=1))
    store.set_claim_code(first, "h2", T0 + timedelta(hours=1))  # replaces h1
    store.set_claim_code(second, "h3", T0 + timedelta(hours=1))
    assert store.take_claim_code("h1", T0) is None
    assert store.take_claim_code("h2", T0) == first
    assert store.take_claim_code("h2", T0) is None  # used
    assert store.take_claim_code("h3", T0 + timedelta(hours=2)) is None  # expired
    assert store.take_claim_code("h3", T0) is None  # and gone


def test_what_can_no_longer_be_used_is_cleared(store: EventStore) -> None:
    hour = timedelta(hours=1)
    store.add_session(SessionRecord("idle", "anna", T0, T0))
    store.add_session(SessionRecord("old", "anna", T0 - 20 * hour, T0 + 2 * hour))
    store.add_session(SessionRecord("fresh", "anna", T0 + hour, T0 + 2 * hour))
    store.count_attempt("old window", T0 - 20 * hour, WINDOW)
    store.count_attempt("new window", T0 + hour, WINDOW)
    store.forget_stale(used_before=T0 + hour, started_before=T0 - 12 * hour)
    assert [store.session(k) is not None for k in ("idle", "old", "fresh")] == [
        False,
        False,
        True,
    ]
    # A cleared counter starts again at 1; the other goes on.
    assert store.count_attempt("old window", T0 - 20 * hour, WINDOW).count == 1
    assert store.count_attempt("new window", T0 + hour, WINDOW).count == 2
