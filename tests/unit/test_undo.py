"""Undo and redo of any change on the in-memory store: records are added, never removed, and
the snapshot is always the replay of the records in effect."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest

from fairpair.core import Player, Tournament
from fairpair.service import actions, directors
from fairpair.service import events as ev
from fairpair.service import knockout_events as ko
from fairpair.service import players as pl
from fairpair.service.errors import CommandError
from fairpair.storage import ConcurrencyError, DirectorRecord, LogRecord, MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def swiss(d: ev.Desk) -> ev.Event:
    """A five-round Dutch Swiss of six players with round 1 played."""
    from fairpair.service.settings import EventSettings, System

    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for i, name in enumerate(NAMES):
        ev.register_player(d, event.id, name, rating=2000 - 50 * i)
    event, pairing = ev.pair_round(d, event.id)
    return ev.enter_results(d, event.id, [(b, "1-0") for b in range(1, len(pairing.boards) + 1)])


def paired(d: ev.Desk) -> ev.Event:
    """The Swiss with round 2 paired and no result in yet."""
    event, _ = ev.pair_round(d, swiss(d).id)
    return event


def withdrawn(d: ev.Desk) -> ev.Event:
    """The Swiss with Dee withdrawn from round 2, not yet paired."""
    return ev.withdraw(d, swiss(d).id, "dee")


def registered(d: ev.Desk) -> ev.Event:
    """A Swiss with its players registered, round 1 not yet paired."""
    from fairpair.service.settings import EventSettings, System

    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    for i, name in enumerate(NAMES):
        event, _ = ev.register_player(d, event.id, name, rating=2000 - 50 * i)
    return event


def finished(d: ev.Desk) -> ev.Event:
    """A one-round Swiss of six players, played: ready for the cut."""
    from fairpair.service.settings import EventSettings, System

    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=1))
    for i, name in enumerate(NAMES):
        ev.register_player(d, event.id, name, rating=2000 - 50 * i)
    ev.pair_round(d, event.id)
    return ev.enter_results(d, event.id, [(b, "1-0") for b in (1, 2, 3)])


def cut(d: ev.Desk) -> ev.Event:
    """That Swiss cut to its top four."""
    return ko.cut(d, finished(d).id, top=4)


def checking_in(d: ev.Desk) -> ev.Event:
    """The Swiss with check-in open for round 2, Ann checked in."""
    event = pl.open_check_in(d, swiss(d).id)
    return pl.check_in(d, event.id, "ann")


def reporting(d: ev.Desk) -> ev.Event:
    """The Swiss with round 2 paired and players allowed to report their results."""
    return pl.switch_reporting(d, paired(d).id, on=True)


def rated(d: ev.Desk) -> ev.Event:
    """The registered Swiss with Ann's FIDE ID, and a rating list that rates her anew."""
    import io

    from fairpair.service import rating_lists as rl

    event = registered(d)
    event = ev.edit_player(d, event.id, "ann", {"fide_id": "1503014"})
    data = b"<playerslist><player><fideid>1503014</fideid><name>Ann</name><rating>2100</rating>"
    data += b"<title>IM</title></player></playerslist>"
    rl.import_list(d, io.BytesIO(data), "list.xml", "FIDE", rl.ListFormat.XML)
    return event


def without(log: list[LogRecord], *seqs: int) -> Tournament:
    """What the log leads to without the records named."""
    return actions.replay((r.action, r.payload) for r in log if r.seq not in seqs)


Change = Callable[[ev.Desk, int], object]

CHANGES: dict[str, tuple[Callable[[ev.Desk], ev.Event], Change]] = {
    "player.registered": (
        swiss,
        lambda d, e: ev.register_player(d, e, "Late, Lucy", missed_points=[5]),
    ),
    "players.imported": (
        swiss,
        lambda d, e: ev.import_players(d, e, [Player(1, "Gus"), Player(2, "Hal")]),
    ),
    "player.edited": (swiss, lambda d, e: ev.edit_player(d, e, "cy", {"rating": 2222})),
    "ratings.updated": (rated, lambda d, e: _update_ratings(d, e)),
    "round.paired": (swiss, ev.pair_round),
    "round.unpaired": (paired, ev.undo_last_pairing),
    "results.entered": (paired, lambda d, e: ev.enter_results(d, e, [(1, "1-0"), (2, "=")])),
    "result.corrected": (swiss, lambda d, e: ev.correct_results(d, e, 1, [(1, "0-1")])),
    "bye.granted": (swiss, lambda d, e: ev.grant_bye(d, e, "bob", 2, "half")),
    "player.withdrawn": (swiss, lambda d, e: ev.withdraw(d, e, "dee")),
    "player.returned": (withdrawn, lambda d, e: ev.return_player(d, e, "dee")),
    "player.removed": (registered, lambda d, e: ev.remove_player(d, e, "bob")),
    "board.set": (paired, lambda d, e: ev.set_manual_board(d, e, "1", "2")),
    "pairs.forbidden": (swiss, lambda d, e: ev.forbid_pairs(d, e, ["ann", "bob"])),
    "stage.cut": (finished, lambda d, e: ko.cut(d, e, top=4)),
    "knockout.games": (cut, lambda d, e: ko.record_match(d, e, 1, [("1-0", None)])),
    "player.codes.issued": (swiss, lambda d, e: pl.issue_codes(d, e)),
    "checkin.opened": (swiss, pl.open_check_in),
    "checkin.closed": (checking_in, pl.close_check_in),
    "player.checked.in": (checking_in, lambda d, e: pl.check_in(d, e, "bob")),
    "checkin.missing": (checking_in, lambda d, e: pl.mark_missing(d, e, "absent")),
    "reporting.switched": (swiss, lambda d, e: pl.switch_reporting(d, e, on=True)),
    "result.reported": (
        reporting,
        lambda d, e: pl.report_result(
            d, e, ev.load(d, e).tournament.rounds[-1].games[0].white, 1, "1-0"
        ),
    ),
    "event.edited": (
        swiss,
        lambda d, e: ev.edit_event(d, e, {"name": "Open 2026", "city": "Lyon", "round_dates": []}),
    ),
}


def _update_ratings(d: ev.Desk, event_id: int) -> object:
    from fairpair.service import rating_lists as rl

    return rl.update_ratings(d, event_id, "FIDE")


def test_every_change_of_a_director_is_covered() -> None:
    assert set(CHANGES) == set(actions.ACTIONS) - actions.KEPT


@pytest.mark.parametrize("action", sorted(CHANGES))
def test_undo_takes_a_change_back_and_redo_restores_it_exactly(action: str) -> None:
    d = desk()
    prepare, change = CHANGES[action]
    before = prepare(d)
    change(d, before.id)
    after = ev.load(d, before.id)
    made = ev.history(d, before.id)[-1]
    # The players' door (codes, check-in) lives beside the snapshot: compare both.
    assert made.action == action
    assert (after.tournament, pl.door(d, after)) != (before.tournament, pl.door(d, before))

    undone, taken = ev.undo(d, before.id)
    assert [r.seq for r in taken] == [made.seq]
    log = list(ev.history(d, before.id))
    assert (log[-1].action, dict(log[-1].payload)) == (
        actions.UNDONE,
        {"seq": made.seq, "action": action},
    )
    assert undone.tournament == without(log, made.seq, log[-1].seq)
    assert undone.tournament == before.tournament
    assert pl.door(d, undone) == pl.door(d, before)
    assert ev.load(d, before.id).tournament == undone.tournament
    assert undone.version == after.version + 1

    redone, again = ev.redo(d, before.id)
    assert [r.seq for r in again] == [made.seq]
    assert redone.tournament == after.tournament
    assert pl.door(d, redone) == pl.door(d, after)
    assert ev.rebuild(d, before.id).matched


def test_repeated_undo_walks_back_and_a_round_loses_its_results_before_its_pairing() -> None:
    d = desk()
    event = paired(d)
    round_2 = event.tournament
    ev.grant_bye(d, event.id, "ann", 3, "half")
    ev.enter_results(d, event.id, [(1, "0-1")])
    states = [ev.load(d, event.id).tournament]
    steps = []
    while True:
        try:
            undone, taken = ev.undo(d, event.id)
        except CommandError as error:
            assert "nothing to undo" in str(error)
            break
        steps.append(taken[0].action)
        states.append(undone.tournament)
    assert steps == [
        "results.entered",
        "bye.granted",
        "round.paired",
        "results.entered",
        "round.paired",
        *["player.registered"] * len(NAMES),
    ]
    assert states[3] == round_2.before_round(2)
    assert states[-1] == actions.replay([(r.action, r.payload) for r in ev.history(d, 1)[:1]])
    assert not states[-1].players
    # ... and redo brings every change back, one after the other.
    for expected in reversed(states[:-1]):
        assert ev.redo(d, event.id)[0].tournament == expected
    with pytest.raises(CommandError, match="nothing to redo"):
        ev.redo(d, event.id)


def test_several_steps_are_one_transaction_and_too_many_write_nothing() -> None:
    d = desk()
    event = paired(d)
    ev.enter_results(d, event.id, [(1, "1-0")])
    one_by_one = desk()
    twin = paired(one_by_one)
    ev.enter_results(one_by_one, twin.id, [(1, "1-0")])
    for _ in range(3):
        ev.undo(one_by_one, twin.id)

    version = ev.load(d, event.id).version
    undone, taken = ev.undo(d, event.id, steps=3)
    assert [r.action for r in taken] == ["results.entered", "round.paired", "results.entered"]
    assert undone.version == version + 3
    assert undone.tournament == ev.load(one_by_one, twin.id).tournament
    assert ev.undo_history(ev.history(d, event.id)).undone_by == {
        r.seq: version + 1 + i for i, r in enumerate(taken)
    }
    with pytest.raises(CommandError, match=r"only 3 changes can be redone, not 5"):
        ev.redo(d, event.id, steps=5)
    with pytest.raises(CommandError, match=r"only 7 changes can be undone, not 8"):
        ev.undo(d, event.id, steps=8)
    with pytest.raises(CommandError, match="at least one"):
        ev.undo(d, event.id, steps=0)
    assert ev.load(d, event.id).version == version + 3
    redone, _ = ev.redo(d, event.id, steps=2)
    assert [g.result is None for g in redone.tournament.rounds[1].games] == [True] * 3
    redone, _ = ev.redo(d, event.id)
    assert redone.tournament.rounds[1].games[0].result is not None


def test_a_new_change_ends_what_redo_can_bring_back() -> None:
    d = desk()
    event = swiss(d)
    ev.grant_bye(d, event.id, "bob", 2, "half")  # the wrong player
    ev.undo(d, event.id)
    event = ev.grant_bye(d, event.id, "cy", 2, "half")
    with pytest.raises(CommandError, match="nothing to redo"):
        ev.redo(d, event.id)
    assert [b.player for b in event.tournament.requested_byes] == [3]
    assert ev.rebuild(d, event.id).matched


def test_the_creation_cannot_be_undone_and_a_change_of_director_is_passed_over() -> None:
    d = desk()
    from fairpair.service.settings import EventSettings, System

    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    with pytest.raises(CommandError, match="creation of the event, which cannot be undone"):
        ev.undo(d, event.id)
    ev.register_player(d, event.id, "Ann")
    d.store.add_director(DirectorRecord(d.actor, "$argon2id$unused", d.clock()))
    directors.give_event(d, event.id, d.actor)
    undone, taken = ev.undo(d, event.id)
    assert [r.action for r in taken] == ["player.registered"]
    assert undone.tournament.players == ()
    assert ev.load(d, event.id).info.owner == d.actor
    with pytest.raises(CommandError, match="nothing to undo"):
        ev.undo(d, event.id)
    assert ev.redo(d, event.id)[0].tournament.players[0].name == "Ann"


def test_undo_keeps_optimistic_locking() -> None:
    d = desk()
    event = swiss(d)
    ev.edit_player(d, event.id, "1", {"club": "Elsewhere"})  # another director saved first
    with pytest.raises(ConcurrencyError, match="reload"):
        ev.undo(d, event.id, expected_version=event.version)
    with pytest.raises(ConcurrencyError, match="reload"):
        ev.redo(d, event.id, expected_version=event.version)
    assert len(ev.history(d, event.id)) == event.version + 1


def test_undo_last_pairing_is_a_change_that_undo_takes_back() -> None:
    d = desk()
    event = paired(d)
    unpaired = ev.undo_last_pairing(d, event.id)
    assert len(unpaired.tournament.rounds) == 1
    back, taken = ev.undo(d, event.id)
    assert [r.action for r in taken] == ["round.unpaired"]
    assert back.tournament == event.tournament


def test_a_log_whose_undo_records_do_not_fit_does_not_replay() -> None:
    d = desk()
    event = swiss(d)
    ev.grant_bye(d, event.id, "bob", 2, "half")
    ev.undo(d, event.id)
    log = [(r.action, dict(r.payload)) for r in ev.history(d, event.id)]
    bye, undone = len(log) - 1, len(log)
    assert actions.replay(log) == ev.load(d, event.id).tournament

    def forged(*records: tuple[str, dict[str, object]]) -> list[tuple[str, dict[str, object]]]:
        return log[:-1] + list(records)

    cases = [
        (
            forged((actions.UNDONE, {"seq": 2})),
            f"undoes #2, but the latest change in effect is #{bye}",
        ),
        (forged((actions.UNDONE, {"seq": 1})), "undoes #1"),
        (forged((actions.REDONE, {"seq": bye})), "there is no undone change"),
        (
            forged((actions.UNDONE, {"seq": bye, "action": "player.withdrawn"})),
            f"names #{bye} as player.withdrawn, but #{bye} is bye.granted",
        ),
        ([*log, (actions.UNDONE, {"seq": bye})], f"the latest change in effect is #{bye - 1}"),
        ([*log, (actions.REDONE, {"seq": undone})], f"the latest undone change is #{bye}"),
    ]
    for records, message in cases:
        with pytest.raises(CommandError, match=message):
            actions.replay(records)


def test_undo_and_redo_read_as_words_in_the_log() -> None:
    d = desk()
    event = swiss(d)
    ev.grant_bye(d, event.id, "bob", 2, "half")
    ev.undo(d, event.id)
    ev.redo(d, event.id)
    log = ev.history(d, event.id)
    t = ev.load(d, event.id).tournament
    bye = log[-3].seq
    assert ev.describe(log[-2], t, log) == f"undid #{bye}: half-point bye for 2 Bob in round 2"
    assert ev.describe(log[-1], t, log) == f"redid #{bye}: half-point bye for 2 Bob in round 2"
    assert ev.describe(log[-2], t) == f"undid #{bye}: bye.granted"
    assert ev.undo_history(log).undone_by == {}


def targets(d: ev.Desk, event_id: int) -> tuple[LogRecord | None, LogRecord | None]:
    """What undo and redo would take next, as the desk's buttons name them."""
    return ev.undo_targets(d, event_id, ev.load(d, event_id).version)


@pytest.mark.parametrize("action", sorted(CHANGES))
def test_the_next_undo_and_redo_are_named_in_a_few_words(action: str) -> None:
    d = desk()
    prepare, change = CHANGES[action]
    before = prepare(d)
    latest_before = ev.history(d, before.id)[-1]
    change(d, before.id)
    log = ev.history(d, before.id)
    made = log[-1]
    assert targets(d, before.id) == (made, None)
    t = ev.load(d, before.id).tournament
    words = ev.headline(made, t)
    assert words and words != action and len(words) <= 60

    ev.undo(d, before.id)
    log = ev.history(d, before.id)
    assert targets(d, before.id) == (latest_before, made)
    # The undone change keeps its words though it no longer shows in the snapshot.
    assert ev.headline(made, ev.load(d, before.id).tournament)
    ev.redo(d, before.id)
    assert targets(d, before.id) == (made, None)


def test_nothing_to_undo_after_the_creation() -> None:
    from fairpair.service.settings import EventSettings, System

    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=5))
    assert targets(d, event.id) == (None, None)
