"""Undo and redo interleaved with a director's commands, on the in-memory store.

A model keeps the snapshot after each change in effect: undo must lead back to the one
before, redo forward again, a refused command must change nothing, and the stored snapshot
must always be the replay of the records in effect.
"""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fairpair.core import Tournament
from fairpair.service import actions
from fairpair.service import events as ev
from fairpair.service.errors import CommandError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import MemoryStore
from tests.strategies import DirectorCommand, director_commands


def run(d: ev.Desk, event_id: int, command: DirectorCommand) -> None:
    name, number, text = command
    match name:
        case "register":
            ev.register_player(d, event_id, text)
        case "pair":
            ev.pair_round(d, event_id)
        case "result":
            ev.enter_results(d, event_id, [(number, text)])
        case "finish":
            rounds = ev.load(d, event_id).tournament.rounds
            games = rounds[-1].games if rounds else ()
            empty = [b for b, g in enumerate(games, 1) if g.result is None]
            ev.enter_results(d, event_id, [(b, text) for b in empty])
        case "correct":
            last = len(ev.load(d, event_id).tournament.rounds)
            ev.correct_results(d, event_id, max(last, 1), [(number, text)])
        case "bye":
            ev.grant_bye(d, event_id, str(number), None, text)
        case "withdraw":
            ev.withdraw(d, event_id, str(number))
        case "edit":
            ev.edit_player(d, event_id, str(number), {"club": text})
        case "board":
            ev.set_manual_board(d, event_id, str(number), text)
        case "forbid":
            ev.forbid_pairs(d, event_id, [str(number), text])
        case "unpair":
            ev.undo_last_pairing(d, event_id)
        case "undo":
            ev.undo(d, event_id, number)
        case "redo":
            ev.redo(d, event_id, number)
        case _:
            raise AssertionError(name)


def replay_in_effect(d: ev.Desk, event_id: int) -> Tournament:
    """The replay of only the records in effect: no undo or redo record, no undone change."""
    log = ev.history(d, event_id)
    kept = set(ev.undo_history(log).in_effect)
    return actions.replay((r.action, r.payload) for r in log if r.seq in kept)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(director_commands(), st.integers(1, 40), st.integers(1, 6))
def test_undo_and_redo_follow_the_changes_and_the_snapshot_is_the_log_in_effect(
    commands: list[DirectorCommand], back: int, every: int
) -> None:
    # A checkpoint every few records: undo and redo replay from one (issue #20).
    store = MemoryStore(checkpoint_every=every)
    d = ev.Desk(store, lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=4))
    states = [event.tournament]  # the snapshot after each change in effect, creation first
    undone: list[Tournament] = []  # what redo brings back, the next one last
    for name in ("Ann", "Bob", "Cy", "Dee", "Eve"):
        states.append(ev.register_player(d, event.id, name)[0].tournament)
    for command in commands:
        version = ev.load(d, event.id).version
        kind, steps, _ = command
        try:
            run(d, event.id, command)
        except CommandError:
            after = ev.load(d, event.id)
            assert (after.version, after.tournament) == (version, states[-1])
            if kind == "undo":
                assert steps > len(states) - 1
            if kind == "redo":
                assert steps > len(undone)
            continue
        if kind == "undo":
            for _ in range(steps):
                undone.append(states.pop())
        elif kind == "redo":
            for _ in range(steps):
                states.append(undone.pop())
        else:
            states.append(ev.load(d, event.id).tournament)
            undone.clear()
        stored = ev.load(d, event.id).tournament
        assert stored == states[-1]
        assert stored == replay_in_effect(d, event.id)

    # Undo k changes, then redo k: the same snapshot again.
    k = min(back, len(states) - 1)
    before = ev.load(d, event.id).tournament
    if k:
        assert ev.undo(d, event.id, k)[0].tournament == states[-1 - k]
        assert ev.redo(d, event.id, k)[0].tournament == before
    assert ev.rebuild(d, event.id).matched
