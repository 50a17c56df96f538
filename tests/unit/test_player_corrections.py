"""Correcting the entry list: a player removed before he was ever paired, a duplicate
registration caught, a withdrawal refused past the last round or taken back."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fairpair.service import events as ev
from fairpair.service.errors import CommandError, DuplicatePlayerError
from fairpair.service.settings import EventSettings, System
from fairpair.storage import MemoryStore


def desk() -> ev.Desk:
    return ev.Desk(MemoryStore(), lambda: datetime(2026, 5, 1, 9, tzinfo=UTC), "arbiter")


def four(d: ev.Desk) -> ev.Event:
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=3))
    for name, rating in (("Ann", 2000), ("Bob", 1900), ("Cy", 1800), ("Dee", 1700)):
        event, _ = ev.register_player(d, event.id, name, rating=rating)
    return event


def test_a_player_never_paired_is_removed_and_the_next_ones_move_up() -> None:
    d = desk()
    event = four(d)
    ev.forbid_pairs(d, event.id, ["bob", "cy", "dee"])
    removed = ev.remove_player(d, event.id, "bob")
    t = removed.tournament
    assert [(p.id, p.name) for p in t.players] == [(1, "Ann"), (2, "Cy"), (3, "Dee")]
    assert t.forbidden[0].players == (2, 3)
    record = ev.history(d, event.id)[-1]
    assert record.action == "player.removed"
    assert ev.describe(record, t, ev.history(d, event.id)) == "removed 2 Bob (never paired)"
    assert ev.undo(d, event.id)[0].tournament.player(2).name == "Bob"


def test_a_player_who_was_paired_or_has_a_bye_cannot_be_removed() -> None:
    d = desk()
    event = four(d)
    ev.grant_bye(d, event.id, "dee", 1, "half")
    with pytest.raises(CommandError, match="bye requested for round 1"):
        ev.remove_player(d, event.id, "dee")
    ev.pair_round(d, event.id)
    version = ev.load(d, event.id).version
    with pytest.raises(CommandError, match=r"paired in round 1: .*cannot be removed; withdraw"):
        ev.remove_player(d, event.id, "ann")
    assert ev.load(d, event.id).version == version


def test_a_late_entrant_never_paired_is_removed_with_the_byes_of_his_missed_rounds() -> None:
    d = desk()
    event = four(d)
    ev.pair_round(d, event.id)
    event, late = ev.register_player(d, event.id, "Late, Lucy", missed_points=[5])
    event, later = ev.register_player(d, event.id, "Later, Leo")
    before = ev.load(d, event.id).tournament
    removed = ev.remove_player(d, event.id, "lucy").tournament
    assert not removed.has_player(late.id)
    assert [e.player for e in removed.late_entries] == [later.id]
    assert all(b.player != late.id for rnd in removed.rounds for b in rnd.byes)
    # Nobody else moves: start numbers are fixed once round 1 is paired.
    assert [p.id for p in removed.players] == [p.id for p in before.players if p.id != late.id]
    log = ev.history(d, event.id)
    assert ev.describe(log[-1], removed, log) == f"removed {late.id} Late, Lucy (never paired)"
    assert ev.undo(d, event.id)[0].tournament == before
    ev.redo(d, event.id)
    ev.enter_results(d, event.id, [(1, "1-0"), (2, "0-1")])
    paired, _ = ev.pair_round(d, event.id)  # five left: four from round 1 and Leo
    assert later.id in paired.tournament.rounds[1].participants()


def test_a_player_given_points_in_a_round_he_could_play_cannot_be_removed() -> None:
    d = desk()
    event = four(d)
    ev.withdraw(d, event.id, "dee", 1)
    ev.grant_bye(d, event.id, "cy", 1, "half")
    ev.pair_round(d, event.id)
    # Dee was absent (no points): never paired, so she goes; Cy's half point stays.
    assert ev.remove_player(d, event.id, "dee").tournament.player_ids == (1, 2, 3)
    version = ev.load(d, event.id).version
    with pytest.raises(CommandError, match=r"Cy has a bye with points in round 1: .*withdraw"):
        ev.remove_player(d, event.id, "cy")
    assert ev.load(d, event.id).version == version


@pytest.mark.parametrize(
    ("name", "fide_id", "match"),
    [("ANN", "", "same name"), ("Ánn ", "", "same name"), ("Zed", "1503014", "same FIDE ID")],
)
def test_a_duplicate_registration_asks_for_confirmation(
    name: str, fide_id: str, match: str
) -> None:
    d = desk()
    event = ev.create_event(d, EventSettings("Open", System.DUTCH, rounds=3))
    ev.register_player(d, event.id, "Ann", fide_id="1503014")
    with pytest.raises(DuplicatePlayerError, match=f"1 Ann is already registered \\({match}\\)"):
        ev.register_player(d, event.id, name, fide_id=fide_id)
    assert len(ev.load(d, event.id).tournament.players) == 1
    _, player = ev.register_player(d, event.id, name, fide_id=fide_id, duplicate_ok=True)
    assert player.id == 2


def test_a_withdrawal_after_the_last_round_is_refused() -> None:
    d = desk()
    event = four(d)
    with pytest.raises(CommandError, match="last round is round 3: there is no round 4"):
        ev.withdraw(d, event.id, "bob", 4)


def test_a_withdrawal_is_taken_back_until_a_round_it_affects_is_paired() -> None:
    d = desk()
    event = four(d)
    ev.withdraw(d, event.id, "bob", 2)
    back = ev.return_player(d, event.id, "bob")
    assert back.tournament.withdrawals == ()
    lines = [ev.describe(r, back.tournament) for r in ev.history(d, event.id)]
    assert lines[-1] == "took back the withdrawal of 2 Bob"
    with pytest.raises(CommandError, match="has not withdrawn"):
        ev.return_player(d, event.id, "bob")
    ev.withdraw(d, event.id, "dee", 1)
    ev.pair_round(d, event.id)
    with pytest.raises(CommandError, match="round 1 is already paired without him"):
        ev.return_player(d, event.id, "dee")
